"""The targets of parallel_pool/xla that need jax: declared only when the
interpreter has it (@local_jax, third_party/jax/jax_configure.bzl), so a
build without jax skips them instead of failing."""

load("@local_jax//:defs.bzl", "JAX_FOUND")
load("//third_party/python:pybind_extension.bzl", "pybind_extension")
load("//third_party/python:pytest.bzl", "py_pytest")

def xla_module(name):
    """`<name>.so`, the FFI handlers, built against jaxlib's headers (nothing when jax is absent)."""
    if not JAX_FOUND:
        return
    pybind_extension(
        name = name,
        srcs = [name + ".cc"],
        deps = [
            "//parallel_pool/core",
            "@local_jax//:ffi_headers",
        ],
    )

def xla_test(name, deps = [], **kwargs):
    """A py_pytest of `<name>.py` (nothing when jax is absent: it would only fail on the import)."""
    if not JAX_FOUND:
        return
    py_pytest(name = name, src = name + ".py", deps = deps, **kwargs)

def xla_data():
    """What the xla py_library ships: the module, when there is one."""
    return [":xla_ext.so"] if JAX_FOUND else []
