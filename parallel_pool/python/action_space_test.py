"""Every registered id's action space can be sampled, and a sample steps a pool.

gymnasium's random-agent loop, its video-recording examples and SB3's env
checker all start from `env.action_space.sample()`: a space whose bounds are
the float64 range raises OverflowError there, which ViZDoom's did.
"""

from __future__ import annotations

import sys

import numpy as np
import pytest
from gymnasium import spaces

import parallel_pool
from parallel_pool.registration import registry

IDS = parallel_pool.list_all_envs()


def _boxes(space: spaces.Space) -> list[spaces.Box]:
    if isinstance(space, spaces.Dict):
        return [box for sub in space.spaces.values() for box in _boxes(sub)]
    return [space] if isinstance(space, spaces.Box) else []


@pytest.mark.parametrize("task_id", IDS)
def test_the_action_space_is_bounded_and_samples(task_id: str) -> None:
    space = parallel_pool.make_spec(task_id).action_space
    for box in _boxes(space):
        assert np.all(np.isfinite(box.low)) and np.all(np.isfinite(box.high)), (task_id, box)
    space.seed(0)
    for _ in range(3):
        assert space.contains(space.sample()), task_id


# One id of each family: the sample of the batched space steps a pool.
ONE_PER_FAMILY = {registry.family(task_id): task_id for task_id in reversed(IDS)}


@pytest.mark.parametrize("task_id", sorted(ONE_PER_FAMILY.values()))
def test_a_sample_steps_a_pool(task_id: str) -> None:
    env = parallel_pool.make_gymnasium(task_id, num_envs=2, seed=0)
    env.action_space.seed(0)
    env.reset()
    for _ in range(3):
        env.step(env.action_space.sample())
    env.close()


if __name__ == "__main__":
    raise SystemExit(pytest.main([__file__, *sys.argv[1:]]))
