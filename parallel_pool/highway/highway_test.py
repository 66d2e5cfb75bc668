"""The highway env, exactly: transitions, truncation, spaces, config checks, seeding, flavours."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium import spaces

import parallel_pool

# The task ids. (A template is outside the package, so `import parallel_pool`
# does not register it; in a family, this import finds them registered.)
from parallel_pool.highway import registration  # noqa: F401

TASK = "Highway-v0"
LEFT, STAY, RIGHT = 0, 1, 2


def test_registered() -> None:
    assert TASK in parallel_pool.list_all_envs()


def test_exact_transitions() -> None:
    # length=1: every episode starts on cell 0, so every value is known.
    env = parallel_pool.make_vec(TASK, num_envs=3, length=1, step_cost=0.25)
    obs, info = env.reset()
    assert obs.dtype == np.float32
    np.testing.assert_array_equal(obs, [[0.0], [0.0], [0.0]])
    np.testing.assert_array_equal(info["start"], [0, 0, 0])

    # Stepping with the env ids given: the info also has EnvPool's elapsed_step (make_vec's
    # plain step(actions) gives only the task's keys, as gymnasium's SyncVectorEnv).
    obs, reward, terminated, truncated, info = env.step(np.array([LEFT, STAY, RIGHT]), env.all_env_ids)
    np.testing.assert_array_equal(obs, [[0.0], [0.0], [1.0]])  # left of cell 0 is cell 0
    np.testing.assert_array_equal(reward, [-0.25, -0.25, 1.0])
    np.testing.assert_array_equal(terminated, [False, False, True])
    np.testing.assert_array_equal(truncated, [False, False, False])
    np.testing.assert_array_equal(info["elapsed_step"], [1, 1, 1])

    # Env 2 ended its episode: its next step is the reset (next_step autoreset).
    obs, reward, terminated, truncated, info = env.step(np.array([RIGHT, RIGHT, RIGHT]), env.all_env_ids)
    np.testing.assert_array_equal(obs, [[1.0], [1.0], [0.0]])
    np.testing.assert_array_equal(reward, [1.0, 1.0, 0.0])
    np.testing.assert_array_equal(terminated, [True, True, False])
    np.testing.assert_array_equal(info["elapsed_step"], [2, 2, 0])


def test_truncation_at_max_episode_steps() -> None:
    env = parallel_pool.make_vec(TASK, num_envs=2, max_episode_steps=2)
    env.reset()
    _, _, terminated, truncated, _ = env.step(np.array([STAY, STAY]))
    np.testing.assert_array_equal(truncated, [False, False])
    _, _, terminated, truncated, _ = env.step(np.array([STAY, STAY]))
    np.testing.assert_array_equal(terminated, [False, False])
    np.testing.assert_array_equal(truncated, [True, True])


def test_spaces_follow_the_config() -> None:
    env = parallel_pool.make_vec(TASK, num_envs=2, length=7)
    assert env.single_observation_space == spaces.Box(0.0, 7.0, (1,), np.float32)
    assert env.single_action_space == spaces.Discrete(3)


@pytest.mark.parametrize(
    ("config", "message"),
    [({"length": 0}, "length: expected an int >= 1"), ({"step_cost": -1.0}, "step_cost: expected a float >= 0")],
)
def test_validate_names_the_key(config: dict[str, float], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parallel_pool.make_vec(TASK, **config)


def starts(seed: int) -> np.ndarray:
    env = parallel_pool.make_vec(TASK, num_envs=64, seed=seed)
    obs, info = env.reset()
    np.testing.assert_array_equal(obs[:, 0], info["start"])
    return info["start"]


def test_seeded_starts() -> None:
    a, b, c = starts(0), starts(0), starts(1)
    np.testing.assert_array_equal(a, b)
    assert not np.array_equal(a, c)
    assert set(a.tolist()) == {0, 1, 2, 3, 4}  # the registered length=5: cells 0..4


def test_reset_seed_starts_as_a_new_pool() -> None:
    """reset(seed=s) re-seeds what the env's construction seeded (gen_; more: Env::Reseed)."""
    env = parallel_pool.make_vec(TASK, num_envs=64, seed=5)
    env.reset()
    _, info = env.reset(seed=0)
    np.testing.assert_array_equal(info["start"], starts(0))


@pytest.mark.parametrize("env_type", ["gym", "gymnasium", "dm"])
def test_every_flavour(env_type: str) -> None:
    env = parallel_pool.make(TASK, env_type=env_type, num_envs=2, length=1)
    env.reset()
    result = env.step(np.array([RIGHT, STAY]))
    if env_type == "dm":
        obs, reward = result.observation.obs, result.reward
    else:
        obs, reward = result[0], result[1]
    np.testing.assert_array_equal(obs, [[1.0], [0.0]])
    np.testing.assert_array_equal(reward, np.array([1.0, -0.1], dtype=np.float32))  # EnvPool's float32
