"""Repository rule: Box2D 2.3.2's C++ library, from PyPI's Box2D 2.3.2 sdist.

Nothing is downloaded here and no Box2D code is in this repository.
tools/setup.sh fetches the sdist (Box2D-2.3.2.tar.gz, checksum-checked) with
pip into $HOME/.cache/parallel_pool/third_party/; this rule finds it (or the
one named by $PARALLEL_POOL_BOX2D_SOURCE), extracts the C++ library under
Box2D/ (not the Python binding's SWIG files) and compiles it with
//third_party/box2d:box2d.BUILD.

Why 2.3.2: it is the Box2D inside gymnasium's reference, the pybox2d wheel
(Box2D 2.3.10 on PyPI; its C++ sources are the 2.3.2 sdist's, file for file,
as in box2d-py 2.3.8). Built from it, the box2d family runs gymnasium's
episodes bit for bit; on Box2D 2.4.1 (Debian's box2d), whose revolute-joint
limits are solved differently, the first observation already differs by up
to 2.3e-4 and episodes part after about 20 steps (docs/box2d.md).

Edits made here at extraction, none of which changes a computation:
- pybox2d's b2Settings.h defines USE_EXCEPTIONS, whose b2Assert raises a
  Python exception (it includes Python.h). The envs run on worker threads
  without the GIL, where that is not allowed, so the define is dropped and
  b2Assert is the C assert it is in upstream Box2D (compiled out with NDEBUG).
- Box2D counts its GJK and time-of-impact calls in global variables that
  nothing reads back (b2_gjkCalls, b2_toiCalls, ...). Envs on several threads
  would increment them at once, a data race (ThreadSanitizer reports it), so
  they become thread_local.
(Box2D's two lazily filled static tables, b2BlockAllocator's size lookup and
b2Contact's registers, are filled once before any worker uses Box2D by
parallel_pool/box2d/world.h.)
"""

load("//third_party:extract.bzl", "extract_tarball")

_VERSION = "2.3.2"
_TARBALL = "Box2D-%s.tar.gz" % _VERSION
# (file, text, replacement): the edits the docstring lists.
_EDITS = [
    ("Box2D/Common/b2Settings.h", "#define USE_EXCEPTIONS\n", ""),
    ("Box2D/Collision/b2Distance.cpp", "\nint32 b2_gjkCalls,", "\nthread_local int32 b2_gjkCalls,"),
    ("Box2D/Collision/b2TimeOfImpact.cpp", "\nfloat32 b2_toiTime,", "\nthread_local float32 b2_toiTime,"),
    ("Box2D/Collision/b2TimeOfImpact.cpp", "\nint32 b2_toiCalls,", "\nthread_local int32 b2_toiCalls,"),
    ("Box2D/Collision/b2TimeOfImpact.cpp", "\nint32 b2_toiRootIters,", "\nthread_local int32 b2_toiRootIters,"),
]

def _box2d_configure_impl(ctx):
    tarball = ctx.os.environ.get("PARALLEL_POOL_BOX2D_SOURCE")
    if not tarball:
        home = ctx.os.environ.get("HOME", "")
        tarball = "%s/.cache/parallel_pool/third_party/%s" % (home, _TARBALL)
    path = ctx.path(tarball)
    if not path.exists:
        fail(("box2d_configure: %s not found. Run tools/setup.sh (it fetches PyPI's Box2D %s " +
              "sdist with pip), or point PARALLEL_POOL_BOX2D_SOURCE at it.") % (tarball, _VERSION))
    extract_tarball(ctx, path, "Box2D-%s" % _VERSION)
    for path, text, replacement in _EDITS:
        source = ctx.read(path)
        if source.count(text) != 1:
            fail("box2d_configure: %s does not hold %r once, as the edit expects" % (path, text))
        ctx.file(path, source.replace(text, replacement))
    ctx.symlink(ctx.attr.build_file, "BUILD")
    ctx.file("WORKSPACE", "workspace(name = \"%s\")\n" % ctx.name)

box2d_configure = repository_rule(
    implementation = _box2d_configure_impl,
    attrs = {"build_file": attr.label(default = "//third_party/box2d:box2d.BUILD")},
    environ = ["PARALLEL_POOL_BOX2D_SOURCE", "HOME"],
)
