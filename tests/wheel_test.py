"""The repaired wheel: tagged for glibc 2.28, installed with its extras into an empty venv, it runs every family.

`make wheel-test` (run by `make test`) builds the wheel first. The venv gets
`parallel_pool[all]` from the wheel, with requirements-dev.txt as constraints
(the versions the repository tests with); everything runs from an empty
directory, so only the installed package can be imported.
"""

from __future__ import annotations

import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]

# One id of each family (each folder of parallel_pool/ with a registration.py),
# and what the id exercises beyond the family's module.
FAMILY_IDS = {
    "mujoco": "HalfCheetah-v5",  # libmujoco from the wheel, gymnasium's XML
    "atari": "Pong-v5",  # the ROM from ale-py (the atari extra)
    "classic_control": "CartPole-v1",
    "dm_control": "SwimmerSwimmer6-v1",  # a model dm_control builds in code (the dm_control extra)
    "template": "Template-v0",
    "template_single": "TemplateSingle-v0",
    "toy_text": "Taxi-v3",
    "vizdoom": "D1Basic-v1",  # the engine from vizdoom, the scenario from envpool-assets (vizdoom-dfp)
}
# More ids whose data comes from elsewhere: a dm_control XML file, a scenario
# of the vizdoom wheel.
OTHER_IDS = ("CheetahRun-v1", "Basic-v1")

# Run in the venv: make, reset and step one id; report as JSON.
_STEP_ONE_ID = """
import json, sys
import gymnasium
import numpy as np
import parallel_pool
from parallel_pool.registration import registry

def shapes(obs):
    return {k: shapes(v) for k, v in obs.items()} if isinstance(obs, dict) else list(np.shape(obs))

def space_shapes(space):
    if isinstance(space, gymnasium.spaces.Dict):
        return {k: space_shapes(v) for k, v in space.spaces.items()}
    return list(space.shape)

def actions(space, rng):
    if isinstance(space, gymnasium.spaces.Box):  # within [-1, 1]: some ids' bounds are the float64 range
        return rng.uniform(np.maximum(space.low, -1), np.minimum(space.high, 1)).astype(space.dtype)
    return space.sample()

task_id = sys.argv[1]
env = parallel_pool.make_gymnasium(task_id, num_envs=2, seed=0)
obs, _ = env.reset()
env.action_space.seed(0)
rng = np.random.default_rng(0)
rewards = []
for _ in range(5):
    obs, reward, terminated, truncated, _ = env.step(actions(env.action_space, rng))
    rewards.append(np.asarray(reward).tolist())
env.close()
with open("/proc/self/maps") as maps:  # which libmujoco got loaded, if any
    libmujoco = sorted({line.split()[-1] for line in maps if "libmujoco" in line})
print(json.dumps({
    "package": parallel_pool.__file__,
    "failed_families": registry.failed_families(),
    "obs_shapes": shapes(obs),
    "space_shapes": space_shapes(env.observation_space),  # batched: (num_envs, ...)
    "rewards": rewards,
    "libmujoco": libmujoco,
    "mujoco_imported": "mujoco" in sys.modules,
}))
"""


@pytest.fixture(scope="module")
def wheel() -> pathlib.Path:
    wheels = sorted((ROOT / "wheelhouse").glob("parallel_pool-*manylinux*.whl"))
    assert len(wheels) == 1, f"expected one manylinux wheel in wheelhouse/ (make wheel), found {wheels}"
    return wheels[0]


@pytest.fixture(scope="module")
def venv_python(wheel: pathlib.Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[pathlib.Path]:
    venv = tmp_path_factory.mktemp("wheel") / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    install = [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    subprocess.run([*install, f"{wheel}[all]", "-c", str(ROOT / "requirements-dev.txt")], check=True)
    yield python
    shutil.rmtree(venv)  # about 0.9 GB (dm-control, scipy, envpool-assets, ...): not left in /tmp


def _run_elsewhere(python: pathlib.Path, workdir: pathlib.Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Runs the venv's python in an empty folder, without this tree on any path."""
    workdir.mkdir()
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "PYTHONHOME")}
    return subprocess.run(
        [str(python), *args], cwd=workdir, env=env, capture_output=True, text=True, timeout=300, check=False
    )


def test_the_wheel_needs_glibc_2_28_at_most(wheel: pathlib.Path) -> None:
    assert "manylinux_2_28_x86_64" in wheel.name
    shown = subprocess.run(
        [sys.executable, "-m", "auditwheel", "show", str(wheel)], capture_output=True, text=True, check=True
    ).stdout
    tag = re.search(r'consistent with the following platform tag:\s*"manylinux_2_(\d+)_x86_64"', shown)
    assert tag, shown
    assert int(tag.group(1)) <= 28, shown


def test_the_wheel_carries_libmujoco_and_no_other_library(wheel: pathlib.Path) -> None:
    # Everything else is compiled in, with a static libc++: no libstdc++,
    # libgcc_s, Boost or zlib of the build machine's.
    with zipfile.ZipFile(wheel) as archive:
        grafted = [name for name in archive.namelist() if name.startswith("parallel_pool.libs/") and name[-1] != "/"]
    assert len(grafted) == 1 and re.fullmatch(r"parallel_pool\.libs/libmujoco-[0-9a-f]+\.so\.3\.17\.0", grafted[0]), (
        grafted
    )


def test_every_family_has_an_id_here() -> None:
    families = {path.parent.name for path in (ROOT / "parallel_pool").glob("*/registration.py")}
    assert set(FAMILY_IDS) == families


@pytest.mark.parametrize("task_id", [*FAMILY_IDS.values(), *OTHER_IDS])
def test_every_family_runs_from_the_installed_wheel(
    task_id: str, venv_python: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    # One process per id, as each family's own tests run. In one process,
    # dm_control's scipy (its OpenBLAS's fork handler) would hang a later
    # ViZDoom pool's engine start now and then (see docs/wheel.md).
    result = _run_elsewhere(venv_python, tmp_path / "elsewhere", "-c", _STEP_ONE_ID, task_id)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert str(ROOT) not in report["package"]  # the installed copy, not the source tree
    assert report["failed_families"] == {}
    assert report["obs_shapes"] == report["space_shapes"]
    assert [len(reward) for reward in report["rewards"]] == [2] * 5
    if task_id == FAMILY_IDS["mujoco"]:
        # The wheel's own libmujoco, without the mujoco package.
        assert report["libmujoco"] and all("parallel_pool.libs" in path for path in report["libmujoco"]), report
        assert not report["mujoco_imported"]


def test_an_example_runs_from_the_installed_wheel(venv_python: pathlib.Path, tmp_path: pathlib.Path) -> None:
    example = shutil.copy(ROOT / "examples" / "basic_step.py", tmp_path)
    result = _run_elsewhere(venv_python, tmp_path / "elsewhere", example)
    assert result.returncode == 0, result.stderr
    assert "parallel_pool imported from" in result.stdout
    assert str(ROOT) not in result.stdout
    assert "episodes finished" in result.stdout


if __name__ == "__main__":
    raise SystemExit(pytest.main([__file__, "-v"]))
