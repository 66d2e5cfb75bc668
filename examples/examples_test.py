"""Every example runs to completion against the built package."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

import pytest

HERE = pathlib.Path(__file__).resolve().parent
EXAMPLES = sorted(p for p in HERE.glob("*.py") if not p.name.endswith("_test.py"))


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_example_runs(example: pathlib.Path) -> None:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    result = subprocess.run([sys.executable, str(example)], env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip(), "an example should show what it did"


if __name__ == "__main__":
    raise SystemExit(pytest.main([__file__, "-v"]))
