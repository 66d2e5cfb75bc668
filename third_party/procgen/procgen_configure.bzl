"""Repository rule: procgen 0.10.7's sprites and backgrounds, from PyPI's procgen-mirror wheel.

Nothing is downloaded here and no procgen file is in this repository.
tools/setup.sh fetches the wheel (procgen_mirror-0.10.7-cp311-...whl,
checksum-checked) with pip into $HOME/.cache/parallel_pool/third_party/; this
rule finds it (or the one named by $PARALLEL_POOL_PROCGEN_WHEEL) and unpacks
its `procgen/data/assets` folder (PNG files only: not procgen's library or its
Qt), which the procgen family's extension carries as data
(parallel_pool/procgen/BUILD copies it beside the module, and the wheel packs
it; the assets' licences: NOTICE).

The wheel is unpacked with Python's zipfile: Debian 13's Bazel 4.2.3 fails in
ctx.extract (third_party/extract.bzl).
"""

_WHEEL = "procgen_mirror-0.10.7-cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64.whl"

_UNPACK = """
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel:
    for name in wheel.namelist():
        if name.startswith("procgen/data/assets/") and name.endswith(".png"):
            wheel.extract(name, ".")
"""

_BUILD = """
package(default_visibility = ["//visibility:public"])

# procgen's sprites (kenney/, misc_assets/, ...) and backgrounds (*_backgrounds/).
filegroup(
    name = "assets",
    srcs = glob(["procgen/data/assets/**"]),
)
"""

def _procgen_configure_impl(ctx):
    wheel = ctx.os.environ.get("PARALLEL_POOL_PROCGEN_WHEEL")
    if not wheel:
        home = ctx.os.environ.get("HOME", "")
        wheel = "%s/.cache/parallel_pool/third_party/%s" % (home, _WHEEL)
    path = ctx.path(wheel)
    if not path.exists:
        fail(("procgen_configure: %s not found. Run tools/setup.sh (it fetches PyPI's " +
              "procgen-mirror 0.10.7 wheel with pip), or point PARALLEL_POOL_PROCGEN_WHEEL at it.") % wheel)
    result = ctx.execute(["python3", "-c", _UNPACK, str(path)])
    if result.return_code != 0:
        fail("procgen_configure: cannot unpack %s: %s" % (path, result.stderr))
    ctx.file("BUILD", _BUILD)
    ctx.file("WORKSPACE", "workspace(name = \"%s\")\n" % ctx.name)

procgen_configure = repository_rule(
    implementation = _procgen_configure_impl,
    environ = ["PARALLEL_POOL_PROCGEN_WHEEL", "HOME"],
)
