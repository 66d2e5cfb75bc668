"""pybind_extension: a Python extension module built from C++ with pybind11."""

def pybind_extension(name, srcs, deps = [], copts = [], linkopts = [], **kwargs):
    """Builds `<name>.so`, importable as the module `name` from its package.

    The module is self-contained (linkstatic) and exports only its init
    symbol (-fvisibility=hidden), as pybind11 recommends.
    """
    native.cc_binary(
        name = name + ".so",
        srcs = srcs,
        copts = ["-fvisibility=hidden"] + copts,
        linkopts = linkopts,
        linkshared = 1,
        linkstatic = 1,
        deps = deps + ["@local_python//:pybind11", "@local_python//:numpy_headers"],
        **kwargs
    )
