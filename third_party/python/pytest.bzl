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
