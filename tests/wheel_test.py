"""The repaired wheel installs into a fresh venv and runs an example from outside the tree."""

from __future__ import annotations

import pathlib
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_wheel_installs_and_runs_an_example(tmp_path: pathlib.Path) -> None:
    wheels = sorted((ROOT / "wheelhouse").glob("parallel_pool-*manylinux*.whl"))
    assert len(wheels) == 1, f"expected one manylinux wheel in wheelhouse/, found {wheels}"
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(wheels[0])],
        check=True,
    )
    # Run from an empty directory, so only the installed package can be imported.
    workdir = tmp_path / "elsewhere"
    workdir.mkdir()
    example = shutil.copy(ROOT / "examples" / "basic_step.py", workdir)
    result = subprocess.run([str(python), example], cwd=workdir, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert "parallel_pool imported from" in result.stdout
    assert str(ROOT) not in result.stdout  # the installed copy, not the source tree
    assert "episodes finished" in result.stdout


if __name__ == "__main__":
    raise SystemExit(pytest.main([__file__, "-v"]))
