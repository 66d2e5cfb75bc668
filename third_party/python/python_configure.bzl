"""Repository rule: the local Python interpreter, its headers, pybind11, numpy.

Nothing is downloaded. `find_python` picks the interpreter, first match wins:
  1. $PYTHON_BIN_PATH, when set: an explicit choice beats every default (the
     Makefile passes its $(VENV)'s python, so `make VENV=...` is honoured);
  2. the project venv that `make setup` creates,
     $HOME/.cache/parallel_pool/venv/bin/python, when it exists: so a plain
     `bazel build` / `bazel test //...` works as typed after set-up, with
     no environment variable to know;
  3. the `python3` on PATH (a machine set up by other means).
The venv comes before PATH because the `python3` on PATH is usually the
system one, without numpy or pybind11 (the venv holds requirements-dev.txt
only: it does not see the system's site-packages).

The repository exposes
  :python_headers   Python.h and friends
  :pybind11         pybind11's headers (+ Python headers)
  :numpy_headers    numpy's C headers
  :python_toolchain a py_runtime toolchain running that same interpreter, so
                    py_test sees the packages installed for it (gymnasium...).

For a wheel of another CPython (tools/wheel_python.sh), WHEEL_PYTHON_ROOT names
a Debian chroot and WHEEL_PYTHON the interpreter inside it (with numpy and
pybind11): the headers are then that interpreter's, read under the chroot's
root; find_python's interpreter still runs everything else.

Bazel re-runs the rule when PYTHON_BIN_PATH, HOME, PATH or those two change, when its
server restarts, and on `bazel sync --configure`: after creating the venv
with a server already running, the next build picks it up (a failed rule is
never cached).
"""

# Where `make setup` (tools/setup.sh) puts the venv, relative to $HOME.
PROJECT_VENV_PYTHON = ".cache/parallel_pool/venv/bin/python"

# What to tell a contributor whose interpreter cannot build the project.
SETUP_HINT = ("Run `make setup` once (it creates the project venv " +
              "~/.cache/parallel_pool/venv with requirements-dev.txt, which " +
              "Bazel then finds by itself), or point PYTHON_BIN_PATH at an " +
              "interpreter that has requirements-dev.txt installed.")

def find_python(ctx):
    """The interpreter to build and test with, and how it was found.

    Shared by every repository rule that asks Python something (e.g.
    //third_party/mujoco:mujoco_configure.bzl), so they all agree.

    Args:
      ctx: the repository_ctx.

    Returns:
      (path, origin): the interpreter's path, and a phrase saying where it
      came from, for error messages.
    """
    explicit = ctx.os.environ.get("PYTHON_BIN_PATH")
    if explicit:
        return explicit, "$PYTHON_BIN_PATH"
    home = ctx.os.environ.get("HOME")
    if home:
        venv_python = ctx.path(home + "/" + PROJECT_VENV_PYTHON)
        if venv_python.exists:
            return str(venv_python), "the project venv"
    on_path = ctx.which("python3")
    if on_path:
        return str(on_path), "python3 on PATH"
    fail("python_configure: no Python interpreter found (no $PYTHON_BIN_PATH, " +
         "no ~/%s, no python3 on PATH). %s" % (PROJECT_VENV_PYTHON, SETUP_HINT))

_QUERY = """
import os, sysconfig, pybind11, numpy, sys
include = sysconfig.get_paths()["include"]
print(sys.executable)
print(include)
print(pybind11.get_include())
print(numpy.get_include())
# Debian's Python: include/pythonX.Y/pyconfig.h includes
# <MULTIARCH/pythonX.Y/pyconfig.h>, a folder beside it ('' where none).
multiarch = sysconfig.get_config_var("MULTIARCH") or ""
beside = os.path.join(os.path.dirname(include), multiarch, os.path.basename(include))
print(os.path.join(multiarch, os.path.basename(include)) if multiarch and os.path.isdir(beside) else "")
print(beside)
"""

_BUILD = """
load("@bazel_tools//tools/python:toolchain.bzl", "py_runtime_pair")

package(default_visibility = ["//visibility:public"])

cc_library(
    name = "python_headers",
    hdrs = glob(["python_include/**/*.h", "python_multiarch/**/*.h"]),
    # python_multiarch: Debian's platform pyconfig.h (see _QUERY), which a
    # toolchain with its own system headers (the wheel's zig) would not find.
    includes = ["python_include", "python_multiarch"],
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
    # The launcher script py_binary / py_test write runs with this too: Bazel
    # 4's default, "#!/usr/bin/env python", finds nothing where only python3
    # is installed (Debian 13, a Debian 12 without python-is-python3).
    stub_shebang = "#!{interpreter}",
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

def _query_headers(ctx):
    """(lines of _QUERY's answer with host paths, the interpreter for py_runtime)."""
    python, origin = find_python(ctx)
    root = ctx.os.environ.get("WHEEL_PYTHON_ROOT", "")
    if not root:
        command = [python, "-c", _QUERY]
    else:
        # The modules of another CPython's wheel (tools/wheel_python.sh): that
        # interpreter lives in a Debian chroot, whose glibc may be newer than
        # the host's, so it answers from inside; its paths are then read from
        # here under the chroot's root. Tests still run on the host's python.
        target = ctx.os.environ.get("WHEEL_PYTHON", "")
        if not target:
            fail("python_configure: WHEEL_PYTHON_ROOT is set but WHEEL_PYTHON (the interpreter " +
                 "inside it, with numpy and pybind11) is not")
        command = ["chroot", root, target, "-c", _QUERY]
        origin = "%s in the chroot %s ($WHEEL_PYTHON_ROOT)" % (target, root)
    result = ctx.execute(command)
    if result.return_code != 0:
        error = result.stderr.strip().splitlines()
        fail("python_configure: %s (%s) cannot build parallel_pool: it lacks " % (command[-3], origin) +
             "numpy or pybind11 (%s). %s" % (error[-1] if error else "no output", SETUP_HINT))
    lines = [line.strip() for line in result.stdout.strip().split("\n")]
    if root:
        lines = [lines[0]] + [(root + line if line.startswith("/") else line) for line in lines[1:]]
    return lines, python

def _python_configure_impl(ctx):
    lines, interpreter = _query_headers(ctx)
    python_include, pybind11_include, numpy_include = lines[1:4]
    multiarch, multiarch_dir = (lines[4], lines[5]) if len(lines) >= 6 else ("", "")
    ctx.symlink(python_include, "python_include")
    if multiarch:
        ctx.symlink(multiarch_dir, "python_multiarch/" + multiarch)
    else:
        ctx.file("python_multiarch/README", "No platform pyconfig.h folder for this interpreter.\n")
    ctx.symlink(pybind11_include, "pybind11_include")
    ctx.symlink(numpy_include, "numpy_include")
    ctx.file("BUILD", _BUILD.replace("{interpreter}", interpreter))
    ctx.file("WORKSPACE", "workspace(name = \"%s\")\n" % ctx.name)

python_configure = repository_rule(
    implementation = _python_configure_impl,
    environ = ["PYTHON_BIN_PATH", "HOME", "PATH", "WHEEL_PYTHON_ROOT", "WHEEL_PYTHON"],
    local = True,
)
