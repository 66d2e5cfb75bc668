"""The Bazel side of env families: their targets, and the list of them.

  env_family     the targets every family has, declared once in its BUILD.
  family_test    a test of one family (env_family's `tests`, or one with its
                 own size, env or args).
  env_families   a repository rule (WORKSPACE) that lists the families and
                 their facts (each family's family_facts.bzl), so
                 //parallel_pool depends on every one and the tooling's
                 targets (the sanitizer smoke) cover every one, with no
                 hand-kept list.
"""

load("@rules_cc//cc:defs.bzl", "cc_library")
load("//third_party/python:pybind_extension.bzl", "pybind_extension")
load("//third_party/python:pytest.bzl", "py_pytest")

def env_family(
        name,
        hdrs,
        deps = [],
        copts = [],
        linkopts = [],
        data = [],
        tests = [],
        test_size = "medium",
        ext_srcs = [],
        ext_deps = [],
        py_srcs = [],
        py_deps = [],
        registration_srcs = [],
        test_deps = []):
    """Declares the family `name` in its own package.

    Targets:
      <name>_env        cc_library of the env headers
      <name>_ext.so     the Python module, from <name>_ext.cc
      <name>            py_library: __init__.py and the module
      registration      py_library: registration.py, and family_facts.bzl (the
                        tooling's facts of the family, read by Python too)
      <test>            one family_test per name in `tests` (<test>.py)
      sources           filegroup of the package's BUILD, headers, .cc and .py
                        files (what tools/new_family.py copies of a template)

    Naming: the package directory, `name`, the module source `<name>_ext.cc`
    and its `PYBIND11_MODULE(<name>_ext, m)` must all be the family's name:
    Python imports `parallel_pool.<name>.<name>_ext`, and //parallel_pool
    finds the family as //parallel_pool/<name> and :registration.

    Args:
      name: the family (its package directory's name).
      hdrs: the env headers.
      deps: extra C++ deps of the envs (third-party libraries, shared code).
      copts: extra compiler flags for the module (it compiles the headers).
      linkopts: extra linker flags for the module.
      data: run-time files the family needs.
      tests: pytest files (without .py). Each sees the package's API and this
        family only, so it neither waits for the other families to build nor
        fails when one of them is broken. A test that needs more (another
        size, env, args, a variant of a file) is a family_test of its own.
      test_size: Bazel size of those tests.
      ext_srcs: more sources of the module than <name>_ext.cc (a family that
        compiles its envs in several translation units).
      ext_deps: C++ deps of the module only (bindings the envs do not need).
      py_srcs: more Python files of the family's py_library.
      py_deps: Python deps of the family's py_library (shared packages its
        __init__.py imports; a template: its parent package, //templates).
      registration_srcs: more Python files of the registration py_library
        (what registration.py imports; importing them loads no module).
      test_deps: more deps of each test (test-only helpers).
    """
    cc_library(
        name = name + "_env",
        hdrs = hdrs,
        deps = ["//parallel_pool/core"] + deps,
    )
    pybind_extension(
        name = name + "_ext",
        srcs = [name + "_ext.cc"] + ext_srcs,
        copts = copts,
        linkopts = linkopts,
        deps = [
            ":" + name + "_env",
            "//parallel_pool/core:py_env_pool",
        ] + ext_deps,
    )
    native.py_library(
        name = name,
        srcs = ["__init__.py"] + py_srcs,
        data = [":" + name + "_ext.so"] + data,
        deps = ["//parallel_pool/python"] + py_deps,
    )
    native.py_library(
        name = "registration",
        srcs = ["registration.py"] + registration_srcs,
        data = ["family_facts.bzl"],
        deps = ["//parallel_pool:registration"],
    )
    native.exports_files(["family_facts.bzl"])
    native.filegroup(
        name = "sources",
        srcs = native.glob(["BUILD", "*.h", "*.cc", "*.py", "*.bzl"]),
    )
    for test in tests:
        family_test(
            name = test,
            family = name,
            size = test_size,
            deps = test_deps,
        )

def family_test(name, family, src = None, deps = [], size = "medium", long_twin = False, **kwargs):
    """A pytest file of the family `family`, run against the package's API and
    that family only (see env_family's `tests`).

    Args:
      name: the test target.
      family: the family (the package this is declared in).
      src: the pytest file; `<name>.py` by default. Several targets may run
        one file (with other `env` or `args`).
      deps: more deps (test-only helpers).
      size: Bazel size.
      long_twin: also declare `<stem>_long_test` (tagged manual and long, so
        `//...` leaves it to `make test-long`): the same file with
        PARALLEL_POOL_TEST_DEPTH=long, every seed of every id
        (parallel_pool/python/testing/depth.py).
      **kwargs: more py_test attributes (env, args, ...).
    """
    test_src = src if src else name + ".py"
    test_deps = [
        ":" + family,
        ":registration",
        "//parallel_pool:api",
    ] + deps
    py_pytest(
        name = name,
        src = test_src,
        size = size,
        deps = test_deps,
        **kwargs
    )
    if long_twin:
        if not name.endswith("_test"):
            fail("long_twin: %s does not end in _test" % name)
        long_kwargs = dict(kwargs)
        long_env = dict(long_kwargs.pop("env", {}))
        long_env["PARALLEL_POOL_TEST_DEPTH"] = "long"
        py_pytest(
            name = name[:-len("_test")] + "_long_test",
            src = test_src,
            size = "enormous",
            deps = test_deps,
            env = long_env,
            tags = long_kwargs.pop("tags", []) + ["manual", "long"],
            **long_kwargs
        )

def _env_families_impl(ctx):
    package = ctx.path(Label("//parallel_pool:BUILD")).dirname
    families = []
    for child in package.readdir():
        has_build = child.get_child("BUILD").exists or child.get_child("BUILD.bazel").exists
        if has_build and child.get_child("registration.py").exists:
            families.append(child.basename)

            # Watched: deleting the family refetches this rule.
            ctx.path(Label("//parallel_pool/%s:registration.py" % child.basename))
            ctx.path(Label("//parallel_pool/%s:family_facts.bzl" % child.basename))
    families = sorted(families)
    ctx.file("BUILD", "")

    # Each family's FACTS, loaded from its own folder.
    loads = "".join([
        "load(\"@//parallel_pool/%s:family_facts.bzl\", %s_facts = \"FACTS\")\n" % (family, family)
        for family in families
    ])
    ctx.file(
        "families.bzl",
        "# Generated by env_families (//parallel_pool:family.bzl).\n" + loads +
        "FAMILIES = [\n%s]\n" % "".join(["    \"%s\",\n" % family for family in families]) +
        "FAMILY_FACTS = {\n%s}\n" % "".join(["    \"%s\": %s_facts,\n" % (f, f) for f in families]),
    )

# The families: the package directories of parallel_pool with a BUILD and a
# registration.py, the rule parallel_pool/entry.py follows in Python. Bazel
# does not watch directory listings: a family added while a Bazel server runs
# joins //parallel_pool when the server restarts (it goes after 10 idle
# minutes; `make test` ends with `bazel shutdown`) or after
# `bazel sync --configure`. The family's own tests do not wait for that: they
# depend on the family directly.
env_families = repository_rule(
    implementation = _env_families_impl,
    local = True,
    configure = True,
)
