"""Every registered id's action space can be sampled, and a sample steps a pool.

gymnasium's random-agent loop, its video-recording examples and SB3's env
checker all start from `env.action_space.sample()`: a space whose bounds are
the float64 range raises OverflowError there, which ViZDoom's did.
"""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from gymnasium import spaces

import parallel_pool
from parallel_pool.registration import registry

IDS = parallel_pool.list_all_envs()
# The config an id needs from its user (VizdoomCustom-v1 runs a cfg of yours):
# Basic-v1's files.
USER_CONFIG = {
    "VizdoomCustom-v1": lambda: {
        key: getattr(parallel_pool.make_spec("Basic-v1").config, key) for key in ("cfg_path", "wad_path")
    },
}


def _config(task_id: str) -> dict:
    return USER_CONFIG[task_id]() if task_id in USER_CONFIG else {}


def _boxes(space: spaces.Space) -> list[spaces.Box]:
    if isinstance(space, spaces.Dict):
        return [box for sub in space.spaces.values() for box in _boxes(sub)]
    return [space] if isinstance(space, spaces.Box) else []


@pytest.mark.parametrize("task_id", IDS)
def test_the_action_space_is_bounded_and_samples(task_id: str) -> None:
    space = parallel_pool.make_spec(task_id, **_config(task_id)).action_space
    for box in _boxes(space):
        assert np.all(np.isfinite(box.low)) and np.all(np.isfinite(box.high)), (task_id, box)
    space.seed(0)
    for _ in range(3):
        assert space.contains(space.sample()), task_id


# One id of each family: the sample of the batched space steps a pool.
ONE_PER_FAMILY = {registry.family(task_id): task_id for task_id in reversed(IDS)}

# In a process of its own, as each family's tests run: once dm_control's specs have
# imported scipy, its OpenBLAS's fork handler can hang a ViZDoom engine's start in
# the same process (docs/wheel.md).
STEP_SAMPLES = """
import sys
import parallel_pool
env = parallel_pool.make_vec(sys.argv[1], num_envs=2, seed=0)
env.action_space.seed(0)
env.reset()
for _ in range(3):
    env.step(env.action_space.sample())
env.close()
print("stepped")
"""


@pytest.mark.parametrize("task_id", sorted(ONE_PER_FAMILY.values()))
def test_a_sample_steps_a_pool(task_id: str) -> None:
    assert task_id not in USER_CONFIG
    run = subprocess.run(
        [sys.executable, "-c", STEP_SAMPLES, task_id], capture_output=True, text=True, timeout=120, check=False
    )
    assert run.returncode == 0 and run.stdout.split()[-1:] == ["stepped"], run.stderr[-3000:]
