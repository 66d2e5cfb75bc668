"""Unpacking an sdist inside a repository rule."""

def extract_tarball(ctx, path, strip_prefix):
    """Unpacks the .tar.gz at `path` into the repository, without `strip_prefix`.

    With the system's tar rather than ctx.extract: Debian 13's Bazel 4.2.3
    fails in ctx.extract (NoClassDefFoundError for commons-io's Charsets,
    against Debian's newer commons-compress), while tar works everywhere.
    """
    result = ctx.execute([
        "tar",
        "--extract",
        "--gzip",
        "--file",
        str(path),
        "--strip-components=1",
        "--wildcards",
        strip_prefix + "/*",
    ])
    if result.return_code != 0:
        fail("cannot unpack %s: %s" % (path, result.stderr))
