"""assets_dir: a package's copy of procgen's asset folder, beside its module.

The files come from @procgen_assets (procgen-mirror's wheel, under
procgen/data/assets/). This rule copies them into one folder of the package
that uses it (a tree artifact named `name`), so that the folder lies next to
the built extension in bazel-bin, in the tests' runfiles and, packed by
setup.py, in the wheel: the family finds its PNG files at <the module's
directory>/<name> wherever it runs.
"""

def _assets_dir_impl(ctx):
    out = ctx.actions.declare_directory(ctx.attr.name)
    prefix = "procgen/data/assets/"
    commands = []
    for f in ctx.files.srcs:
        relative = f.short_path.split(prefix, 1)[1]
        commands.append('mkdir -p "$(dirname "%s/%s")" && cp "%s" "%s/%s"' % (out.path, relative, f.path, out.path, relative))
    ctx.actions.run_shell(
        inputs = ctx.files.srcs,
        outputs = [out],
        command = " && ".join(commands) if commands else "true",
        mnemonic = "ProcgenAssets",
        progress_message = "Copying procgen's sprites into %s" % out.short_path,
    )
    return [DefaultInfo(files = depset([out]), runfiles = ctx.runfiles(files = [out]))]

assets_dir = rule(
    implementation = _assets_dir_impl,
    attrs = {"srcs": attr.label_list(allow_files = True)},
)
