"""Repository rule: metaworld 3.1.1's models (XML, meshes, textures), from its PyPI wheel.

Nothing is downloaded here and no metaworld file is in this repository.
tools/setup.sh fetches the wheel (metaworld-3.1.1-py3-none-any.whl,
checksum-checked) with pip into $HOME/.cache/parallel_pool/third_party/; this
rule finds it (or the one named by $PARALLEL_POOL_METAWORLD_WHEEL) and unpacks
its `metaworld/assets` folder, which the metaworld family's extension carries
as data (parallel_pool/metaworld/BUILD copies it beside the module, and the
wheel packs it: MIT, see NOTICE).

The wheel is unpacked with Python's zipfile: Debian 13's Bazel 4.2.3 fails in
ctx.extract (third_party/extract.bzl).
"""

_WHEEL = "metaworld-3.1.1-py3-none-any.whl"

_UNPACK = """
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel:
    members = [n for n in wheel.namelist() if n.startswith("metaworld/assets/") and not n.endswith("/")]
    members.append("metaworld-3.1.1.dist-info/licenses/LICENSE")
    for name in members:
        if name in wheel.namelist():
            wheel.extract(name, ".")
"""

_BUILD = """
package(default_visibility = ["//visibility:public"])

# metaworld's models: sawyer_xyz/*.xml (one per task), the objects, scene and
# textures they include.
filegroup(
    name = "assets",
    srcs = glob(["metaworld/assets/**"]),
)

exports_files(glob(["metaworld-3.1.1.dist-info/**"]))
"""

def _metaworld_configure_impl(ctx):
    wheel = ctx.os.environ.get("PARALLEL_POOL_METAWORLD_WHEEL")
    if not wheel:
        home = ctx.os.environ.get("HOME", "")
        wheel = "%s/.cache/parallel_pool/third_party/%s" % (home, _WHEEL)
    path = ctx.path(wheel)
    if not path.exists:
        fail(("metaworld_configure: %s not found. Run tools/setup.sh (it fetches PyPI's " +
              "metaworld 3.1.1 wheel with pip), or point PARALLEL_POOL_METAWORLD_WHEEL at it.") % wheel)
    result = ctx.execute(["python3", "-c", _UNPACK, str(path)])
    if result.return_code != 0:
        fail("metaworld_configure: cannot unpack %s: %s" % (path, result.stderr))
    ctx.file("BUILD", _BUILD)
    ctx.file("WORKSPACE", "workspace(name = \"%s\")\n" % ctx.name)

metaworld_configure = repository_rule(
    implementation = _metaworld_configure_impl,
    environ = ["PARALLEL_POOL_METAWORLD_WHEEL", "HOME"],
)
