"""Repository rule: MuJoCo 4.0.0 from the installed `mujoco-core` wheel.

Nothing is downloaded. The interpreter (python_configure.bzl's find_python:
$PYTHON_BIN_PATH, else the project venv, else `python3` on PATH) reports
where the `mujoco` package of `mujoco-core` lives; its headers and
`libmujoco.so.4.0.0` are symlinked here. That is the very library
gymnasium's MuJoCo envs run, so our physics is bit-identical to theirs.

The repository exposes
  :mujoco   the headers and the library. The wheel ships no unversioned
            `libmujoco.so`, so the link names the file (-l:libmujoco.so.4.0.0),
            and an rpath to the wheel's directory lets the extension load it
            without LD_LIBRARY_PATH, from bazel-bin, from runfiles and from the
            source tree after `make develop`. `make wheel`'s auditwheel
            repair follows that rpath and grafts the library into the wheel.
"""

load("//third_party/python:python_configure.bzl", "SETUP_HINT", "find_python")

_VERSION = "4.0.0"

_QUERY = """
import importlib.metadata, importlib.util, os, sys
try:
    version = importlib.metadata.version("mujoco-core")
except importlib.metadata.PackageNotFoundError:
    sys.exit("mujoco-core is not installed")
spec = importlib.util.find_spec("mujoco")
if spec is None or not spec.submodule_search_locations:
    sys.exit("the mujoco package is not importable")
print(version)
print(os.path.realpath(spec.submodule_search_locations[0]))
"""

_BUILD = """
package(default_visibility = ["//visibility:public"])

cc_library(
    name = "mujoco",
    srcs = ["lib/libmujoco.so.{version}"],
    hdrs = glob(["include/mujoco/*.h"]),
    includes = ["include"],
    linkopts = ["-Wl,-rpath,{libdir}"],
)
"""

def _mujoco_configure_impl(ctx):
    python, origin = find_python(ctx)
    result = ctx.execute([python, "-c", _QUERY])
    if result.return_code != 0:
        fail(("mujoco_configure: %s (%s) cannot report MuJoCo (%s; " +
              "requirements-dev.txt pins mujoco==%s). %s") %
             (python, origin, result.stderr.strip(), _VERSION, SETUP_HINT))
    version, package_dir = result.stdout.strip().splitlines()
    if version != _VERSION:
        fail("mujoco_configure: mujoco-core %s is installed; parallel_pool needs %s" %
             (version, _VERSION))
    library = package_dir + "/libmujoco.so." + _VERSION
    if not ctx.path(library).exists:
        fail("mujoco_configure: %s is missing" % library)
    ctx.symlink(package_dir + "/include", "include")
    ctx.symlink(library, "lib/libmujoco.so." + _VERSION)
    ctx.file("BUILD", _BUILD.replace("{version}", _VERSION).replace("{libdir}", package_dir))
    ctx.file("WORKSPACE", "workspace(name = \"%s\")\n" % ctx.name)

mujoco_configure = repository_rule(
    implementation = _mujoco_configure_impl,
    environ = ["PYTHON_BIN_PATH", "HOME", "PATH"],
    local = True,
)
