"""Repository rule: files of installed Debian -dev packages, and nothing else.

Nothing is downloaded. Each repository symlinks the few files or folders it
names (tools/setup.sh installs their packages) and gets its BUILD file, so a
target sees exactly those: never the rest of /usr/include, whose glibc
headers would shadow zig's glibc 2.28 ones in the manylinux build
(third_party/zig). Both builds, gcc and zig, use the same files.
"""

def _debian_files_impl(ctx):
    for target, candidates in ctx.attr.files.items():
        found = [path for path in candidates if ctx.path(path).exists]
        if not found:
            fail(("debian_files(%s): none of %s exists; install the Debian package %s " +
                  "(tools/setup.sh does).") % (ctx.name, candidates, ctx.attr.package))
        ctx.symlink(found[0], target)
    ctx.symlink(ctx.attr.build_file, "BUILD")
    ctx.file("WORKSPACE", "workspace(name = \"%s\")\n" % ctx.name)

debian_files = repository_rule(
    implementation = _debian_files_impl,
    attrs = {
        "build_file": attr.label(mandatory = True, allow_single_file = True),
        # Path in the repository -> where it may be on the machine (the first
        # that exists is used).
        "files": attr.string_list_dict(mandatory = True),
        "package": attr.string(mandatory = True, doc = "the Debian package, for the error message"),
    },
    local = True,
)
