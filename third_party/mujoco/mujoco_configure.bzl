"""Repository rule: MuJoCo from the installed `mujoco` wheel, at the version requirements-dev.txt pins.

Nothing is downloaded. The version is pinned in one place, the `mujoco==X.Y.Z`
line of requirements-dev.txt (moving MuJoCo is a one-line change there, plus
the tests). The interpreter (python_configure.bzl's find_python:
$PYTHON_BIN_PATH, else the project venv, else `python3` on PATH) reports where
its `mujoco` package lives; that package ships the headers and
`libmujoco.so.X.Y.Z`, which are symlinked here. That is the very library
gymnasium's and dm_control's envs run, so our physics is bit-identical to
theirs.

The repository exposes
  :mujoco   the headers and the library, with PARALLEL_POOL_MUJOCO_VERSION
            defined as the pinned version in MuJoCo's mjVERSION_HEADER form
            (3.17.0 -> 3017000), so the C++ checks its headers against the
            pin. The wheel ships no unversioned `libmujoco.so`, so the link
            names the file, and an rpath to the wheel's directory lets the
            extension load it without LD_LIBRARY_PATH, from bazel-bin, from
            runfiles and from the source tree after `make develop`. `make
            wheel`'s auditwheel repair follows that rpath and grafts the
            library into the wheel.
"""

load("//third_party/python:python_configure.bzl", "SETUP_HINT", "find_python")

_QUERY = """
import importlib.metadata, importlib.util, os, sys
try:
    version = importlib.metadata.version("mujoco")
except importlib.metadata.PackageNotFoundError:
    sys.exit("mujoco is not installed")
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
    defines = ["PARALLEL_POOL_MUJOCO_VERSION={version_number}"],
    includes = ["include"],
    linkopts = ["-Wl,-rpath,{libdir}"],
)
"""

def _pinned_version(ctx):
    for line in ctx.read(ctx.attr.requirements).splitlines():
        line = line.split("#")[0].strip()
        if line.startswith("mujoco=="):
            return line[len("mujoco=="):].strip()
    fail("mujoco_configure: requirements-dev.txt has no mujoco==X.Y.Z line")

def _mujoco_configure_impl(ctx):
    pinned = _pinned_version(ctx)
    python, origin = find_python(ctx)
    result = ctx.execute([python, "-c", _QUERY])
    if result.return_code != 0:
        fail(("mujoco_configure: %s (%s) cannot report MuJoCo (%s; " +
              "requirements-dev.txt pins mujoco==%s). %s") %
             (python, origin, result.stderr.strip(), pinned, SETUP_HINT))
    version, package_dir = result.stdout.strip().splitlines()
    if version != pinned:
        fail("mujoco_configure: mujoco %s is installed; requirements-dev.txt pins %s. %s" %
             (version, pinned, SETUP_HINT))
    library = package_dir + "/libmujoco.so." + version
    if not ctx.path(library).exists:
        fail("mujoco_configure: %s is missing (a leftover mujoco-core install? %s)" %
             (library, SETUP_HINT))
    major, minor, patch = [int(part) for part in version.split(".")]
    ctx.symlink(package_dir + "/include", "include")
    ctx.symlink(library, "lib/libmujoco.so." + version)
    ctx.file("BUILD", _BUILD
        .replace("{version_number}", str(major * 1000000 + minor * 1000 + patch))
        .replace("{version}", version)
        .replace("{libdir}", package_dir))
    ctx.file("WORKSPACE", "workspace(name = \"%s\")\n" % ctx.name)

mujoco_configure = repository_rule(
    implementation = _mujoco_configure_impl,
    attrs = {"requirements": attr.label(default = "//:requirements-dev.txt", allow_single_file = True)},
    environ = ["PYTHON_BIN_PATH", "HOME", "PATH"],
    local = True,
)
