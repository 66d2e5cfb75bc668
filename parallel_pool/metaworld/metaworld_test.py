"""The metaworld family's ids, spaces, config errors and flavours."""

from __future__ import annotations

import numpy as np
import pytest

import parallel_pool
from parallel_pool.metaworld import registration


def test_ids_registered() -> None:
    """Every v3 task of metaworld 3.1.1 under EnvPool's id (EnvPool 1.2.5 registers the
    same 50), and MT10 and MT50 as one pool each."""
    ids = {t for t in parallel_pool.list_all_envs() if t.startswith("MetaWorld/")}
    assert set(registration.TASKS) == set(registration.MT50) and len(registration.TASKS) == 50
    assert ids == {registration.public_name(t) for t in registration.TASKS} | {"MetaWorld/MT10", "MetaWorld/MT50"}


def test_benchmark_pools() -> None:
    env = parallel_pool.make_gymnasium("MetaWorld/MT10", num_one_hot=10)
    assert env.config["task_name"] == list(registration.MT10)
    assert env.observation_space.shape == (49,)
    obs, info = env.reset()
    np.testing.assert_array_equal(obs[:, 39:], np.eye(10))
    assert info["task_id"].tolist() == [registration.MT50.index(t) for t in registration.MT10]
    with pytest.raises(ValueError, match=r"^num_envs: MetaWorld/MT10 runs one env per task, 10; got 4"):
        parallel_pool.make_gymnasium("MetaWorld/MT10", num_envs=4)
    with pytest.raises(ValueError, match=r"^task_name: MetaWorld/MT50 sets it"):
        parallel_pool.make_gymnasium("MetaWorld/MT50", task_name="reach-v3")


def test_spaces_are_envpools() -> None:
    env = parallel_pool.make_gymnasium("MetaWorld/Reach-v3", num_envs=2)
    assert env.observation_space.shape == (39,) and env.observation_space.dtype == np.float64
    assert np.all(np.isinf(env.observation_space.low))
    assert env.action_space.shape == (4,) and env.action_space.dtype == np.float32
    np.testing.assert_array_equal(env.action_space.low, -1)
    np.testing.assert_array_equal(env.action_space.high, 1)
    assert env.spec.config.max_episode_steps == 500
    assert env.spec.config.partially_observable is True


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"task_name": "fly-v3"}, "^task_name: expected one of metaworld's v3 tasks"),
        ({"benchmark": "MT7"}, "^benchmark: expected 'MT1', 'MT10' or 'MT50'"),
        ({"max_episode_steps": 501}, r"^max_episode_steps: must be in \[1, 500\]"),
        ({"num_goals": 0}, "^num_goals: must be >= 1"),
        ({"goal_index": 50}, r"^goal_index: must be -1 \(a goal drawn per episode\) or in \[0, num_goals\)"),
        ({"num_one_hot": 10, "one_hot_index": 10}, r"^one_hot_index: must be in \[0, num_one_hot\)"),
    ],
)
def test_config_errors(config: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parallel_pool.make_gymnasium("MetaWorld/Reach-v3", num_envs=1, **config)


def test_one_hot() -> None:
    env = parallel_pool.make_gymnasium("MetaWorld/Reach-v3", num_envs=2, num_one_hot=10, one_hot_index=3)
    assert env.observation_space.shape == (49,)
    obs, _ = env.reset()
    np.testing.assert_array_equal(obs[:, 39:], np.eye(10)[[3, 3]])


@pytest.mark.parametrize("flavour", ["gym", "gymnasium", "dm"])
def test_flavours_step(flavour: str) -> None:
    env = parallel_pool.make("MetaWorld/Reach-v3", env_type=flavour, num_envs=2, seed=1)
    env.reset()
    action = np.zeros((2, 4), np.float32)
    if flavour == "dm":
        step = env.step(action)
        assert step.observation.obs.shape == (2, 39)
    else:
        out = env.step(action)
        assert out[0].shape == (2, 39)
        assert out[-1]["task_id"].tolist() == [43, 43]
