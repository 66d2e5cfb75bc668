"""Repository rule: Box2D 2.4.1, from Debian's `box2d` source package.

Nothing is downloaded here and no Box2D code is in this repository.
tools/setup.sh fetches the source package's upstream tarball
(box2d_2.4.1.orig.tar.gz, checksum-checked) with `apt-get source` into
$HOME/.cache/parallel_pool/third_party/; this rule finds that tarball (or the
one named by $PARALLEL_POOL_BOX2D_SOURCE), extracts it and compiles it with
//third_party/box2d:box2d.BUILD. Debian's own patches (its unit-test runner,
reproducible docs) do not touch the library, so the upstream sources are
Debian's library as it builds it.
"""

load("//third_party:extract.bzl", "extract_tarball")

_VERSION = "2.4.1"
_TARBALL = "box2d_%s.orig.tar.gz" % _VERSION

def _box2d_configure_impl(ctx):
    tarball = ctx.os.environ.get("PARALLEL_POOL_BOX2D_SOURCE")
    if not tarball:
        home = ctx.os.environ.get("HOME", "")
        tarball = "%s/.cache/parallel_pool/third_party/%s" % (home, _TARBALL)
    path = ctx.path(tarball)
    if not path.exists:
        fail(("box2d_configure: %s not found. Run tools/setup.sh (it fetches Debian's " +
              "box2d %s source with apt-get source), or point PARALLEL_POOL_BOX2D_SOURCE at it.") %
             (tarball, _VERSION))
    extract_tarball(ctx, path, "box2d-%s" % _VERSION)
    ctx.symlink(ctx.attr.build_file, "BUILD")
    ctx.file("WORKSPACE", "workspace(name = \"%s\")\n" % ctx.name)

box2d_configure = repository_rule(
    implementation = _box2d_configure_impl,
    attrs = {"build_file": attr.label(default = "//third_party/box2d:box2d.BUILD")},
    environ = ["PARALLEL_POOL_BOX2D_SOURCE", "HOME"],
)
