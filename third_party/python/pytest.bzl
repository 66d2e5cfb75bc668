"""py_pytest: a py_test that runs one pytest file with the local interpreter."""

# The test's main: pytest on the file beside it, with the test's arguments.
_RUNNER = """\"\"\"Runs {src} under pytest (written by py_pytest, third_party/python/pytest.bzl).\"\"\"
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.exit(pytest.main([os.path.join(HERE, "{src}"), "-q", *sys.argv[1:]]))
"""

def py_pytest(name, src, deps = [], data = [], size = "medium", **kwargs):
    """Runs the pytest file `src`, forwarding the test's arguments to pytest.

    The macro owns the test's main (a generated runner beside `src`), so a test
    file holds tests only, and every target takes pytest's options:
    `bazel test //pkg:x_test --test_arg=-k --test_arg=<name>`.
    """
    runner = name + "_pytest_main.py"
    native.genrule(
        name = name + "_pytest_main",
        outs = [runner],
        cmd = "cat > $@ <<'RUNNER'\n" + _RUNNER.format(src = src) + "RUNNER\n",
        testonly = True,
    )
    native.py_test(
        name = name,
        srcs = [src, runner],
        main = runner,
        deps = deps,
        data = data,
        size = size,
        python_version = "PY3",
        srcs_version = "PY3",
        **kwargs
    )

# The OpenBLAS core types a test of NumPy-exact numerics runs under, each forcing
# the kernel a CPU of that kind gets at run time (OPENBLAS_CORETYPE). Together
# they hold every rounding of OpenBLAS's x86-64 kernels that the families
# reproduce: ddot (the norms) sequential (Haswell, Sandybridge), fused
# (SkylakeX) or with two accumulators (Prescott); dgemm fused (Haswell,
# SkylakeX) or sequential (Sandybridge, Prescott). The Python side's copy,
# parallel_pool/python/testing/openblas.py, must name the same.
OPENBLAS_CORETYPES = ["Haswell", "SkylakeX", "Sandybridge", "Prescott"]

def openblas_coretype_tests(name, test_rule = py_pytest, env = {}, **kwargs):
    """One test per OPENBLAS_CORETYPES entry, `<name>_<coretype>_test`.

    Each is `test_rule(name = ..., env = env + {"OPENBLAS_CORETYPE": coretype},
    **kwargs)`, so every family's numerics are held under the same core types.

    Args:
      name: the targets' stem (`mujoco_lockstep`: `mujoco_lockstep_haswell_test`, ...).
      test_rule: the test macro (py_pytest, or a family's family_test).
      env: more environment of each test.
      **kwargs: the rest of test_rule's arguments (src, args, deps, ...).
    """
    for coretype in OPENBLAS_CORETYPES:
        test_env = dict(env)
        test_env["OPENBLAS_CORETYPE"] = coretype
        test_rule(
            name = "%s_%s_test" % (name, coretype.lower()),
            env = test_env,
            **kwargs
        )
