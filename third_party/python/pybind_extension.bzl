"""pybind_extension: a Python extension module built from C++ with pybind11."""

def pybind_extension(name, srcs, deps = [], copts = [], linkopts = [], **kwargs):
    """Builds `<name>.so`, importable as the module `name` from its package.

    The module is self-contained (linkstatic) and exports only its init
    symbol (-fvisibility=hidden), as pybind11 recommends.

    In the manylinux build each module links its own copy of libc++ (and of
    its exception runtime), so it must not share pybind11's internals with
    the other modules: a C++ exception raised in one module would reach the
    translator registered by another, whose runtime cannot recognise it
    ("Caught an unknown exception!" instead of a ValueError). There each
    module gets its own internals, under its own PYBIND11_BUILD_ABI. With
    gcc the modules share libstdc++.so and pybind11's default applies.
    """
    native.cc_binary(
        name = name + ".so",
        srcs = srcs,
        copts = ["-fvisibility=hidden"] + select({
            "//third_party/zig:static_cxx_runtime": [
                "-DPYBIND11_BUILD_ABI='\"_libcpp_static_%s\"'" % name,
            ],
            "//conditions:default": [],
        }) + copts,
        linkopts = linkopts,
        linkshared = 1,
        linkstatic = 1,
        deps = deps + ["@local_python//:pybind11", "@local_python//:numpy_headers"],
        **kwargs
    )
