"""Repository rule: the local Python interpreter, its headers, pybind11, numpy.

Nothing is downloaded. The interpreter is $PYTHON_BIN_PATH when set, else the
`python3` on PATH; the repository exposes
  :python_headers   Python.h and friends
  :pybind11         pybind11's headers (+ Python headers)
  :numpy_headers    numpy's C headers
  :python_toolchain a py_runtime toolchain running that same interpreter, so
                    py_test sees the packages installed for it (gymnasium...).
"""

_QUERY = """
import sysconfig, pybind11, numpy, sys
print(sys.executable)
print(sysconfig.get_paths()["include"])
print(pybind11.get_include())
print(numpy.get_include())
"""

_BUILD = """
load("@bazel_tools//tools/python:toolchain.bzl", "py_runtime_pair")

package(default_visibility = ["//visibility:public"])

cc_library(
    name = "python_headers",
    hdrs = glob(["python_include/**/*.h"]),
    includes = ["python_include"],
)

cc_library(
    name = "pybind11",
    hdrs = glob(["pybind11_include/**/*.h"]),
    includes = ["pybind11_include"],
    deps = [":python_headers"],
)

cc_library(
    name = "numpy_headers",
    hdrs = glob(["numpy_include/**/*.h"]),
    includes = ["numpy_include"],
    deps = [":python_headers"],
)

py_runtime(
    name = "python3_runtime",
    interpreter_path = "{interpreter}",
    python_version = "PY3",
)

py_runtime_pair(
    name = "runtime_pair",
    py3_runtime = ":python3_runtime",
)

toolchain(
    name = "python_toolchain",
    toolchain = ":runtime_pair",
    toolchain_type = "@bazel_tools//tools/python:toolchain_type",
)
"""

def _python_configure_impl(ctx):
    python = ctx.os.environ.get("PYTHON_BIN_PATH") or ctx.which("python3")
    if not python:
        fail("python_configure: no python3 on PATH and PYTHON_BIN_PATH unset")
    result = ctx.execute([python, "-c", _QUERY])
    if result.return_code != 0:
        fail("python_configure: %s could not report its include paths " % python +
             "(are pybind11 and numpy installed for it?):\n" + result.stderr)
    interpreter, python_include, pybind11_include, numpy_include = (
        result.stdout.strip().splitlines()
    )
    ctx.symlink(python_include, "python_include")
    ctx.symlink(pybind11_include, "pybind11_include")
    ctx.symlink(numpy_include, "numpy_include")
    ctx.file("BUILD", _BUILD.replace("{interpreter}", interpreter))
    ctx.file("WORKSPACE", "workspace(name = \"%s\")\n" % ctx.name)

python_configure = repository_rule(
    implementation = _python_configure_impl,
    environ = ["PYTHON_BIN_PATH", "PATH"],
    local = True,
)
