"""Repository rule: XLA's typed FFI headers from the installed jaxlib, if any.

Nothing is downloaded. The interpreter (python_configure.bzl's find_python:
$PYTHON_BIN_PATH, else the project venv, else `python3` on PATH) is asked for
`jax.ffi.include_dir()`, the folder of headers jaxlib ships for custom calls
(`xla/ffi/api/{api.h,ffi.h,c_api.h}`: header-only, nothing to link).

jax is optional. Without it (or without those headers) the rule still
succeeds and says so in `defs.bzl`, and parallel_pool/xla declares no C++
target: the rest of the build and its tests never need jax.

The repository exposes
  defs.bzl      JAX_FOUND (bool) and JAX_VERSION (string, "" when absent)
  :ffi_headers  the headers (only when JAX_FOUND)
"""

load("//third_party/python:python_configure.bzl", "find_python")

_QUERY = """
import os, sys
try:
    import jax, jax.ffi
except Exception as error:  # not installed, or broken: both mean "no XLA module"
    sys.exit("cannot import jax.ffi: %s" % error)
include = jax.ffi.include_dir()
if not os.path.isfile(os.path.join(include, "xla", "ffi", "api", "ffi.h")):
    sys.exit("jax %s ships no xla/ffi/api/ffi.h under %s" % (jax.__version__, include))
print(jax.__version__)
print(os.path.realpath(include))
"""

_BUILD_FOUND = """
package(default_visibility = ["//visibility:public"])

cc_library(
    name = "ffi_headers",
    hdrs = glob(["include/xla/ffi/api/*.h"]),
    includes = ["include"],
)
"""

def _jax_configure_impl(ctx):
    python, origin = find_python(ctx)
    result = ctx.execute([python, "-c", _QUERY])
    if result.return_code == 0:
        version, include = result.stdout.strip().splitlines()
        ctx.symlink(include, "include")
        ctx.file("BUILD", _BUILD_FOUND)
        ctx.file("defs.bzl", "JAX_FOUND = True\nJAX_VERSION = \"%s\"\n" % version)
    else:
        reason = result.stderr.strip().splitlines()
        # Said once per fetch, so a contributor who expected env.xla() learns why it is missing.
        print("jax_configure: no XLA module for %s (%s): %s" % (
            python,
            origin,
            reason[-1] if reason else "no output",
        ))
        ctx.file("BUILD", "")
        ctx.file("defs.bzl", "JAX_FOUND = False\nJAX_VERSION = \"\"\n")
    ctx.file("WORKSPACE", "workspace(name = \"%s\")\n" % ctx.name)

jax_configure = repository_rule(
    implementation = _jax_configure_impl,
    environ = ["PYTHON_BIN_PATH", "HOME", "PATH"],
    local = True,
)
