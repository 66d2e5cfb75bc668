"""The several_players env, exactly: the minimal test set every family starts from."""

from __future__ import annotations

import numpy as np
import pytest

import parallel_pool

# The task ids. (A template is outside the package, so `import parallel_pool`
# does not register it; in a family, this import finds them registered.)
from templates.several_players import registration  # noqa: F401

TASK = "SeveralPlayers-v0"


def rollout(seed: int, steps: int = 12, reseed_from: int | None = None) -> list[np.ndarray]:
    """With `reseed_from`: a pool made with that seed, played, then reset(seed=seed)."""
    env = parallel_pool.make_vec(TASK, num_envs=3, seed=seed if reseed_from is None else reseed_from)
    if reseed_from is None:
        obs, _ = env.reset()
    else:
        env.reset()
        env.step(np.ones(3, dtype=np.int32))
        obs, _ = env.reset(seed=seed)
    out = [obs]
    rng = np.random.default_rng(0)
    for _ in range(steps):
        obs, rew, term, trunc, _ = env.step(rng.integers(0, 10, size=3))
        out += [obs, rew, term, trunc]
    return out


def test_exact_transitions() -> None:
    env = parallel_pool.make_vec(TASK, num_envs=2, episode_length=2)
    obs, info = env.reset()
    np.testing.assert_array_equal(obs[:, :3], [[0, 0, 0], [1, 0, 0]])
    obs, rew, term, trunc, info = env.step(np.array([4, 9]))
    np.testing.assert_array_equal(obs[:, :3], [[0, 0, 1], [1, 0, 1]])
    np.testing.assert_array_equal(rew, [4.0, 9.0])
    np.testing.assert_array_equal(info["action_sum"], [4, 9])
    _, _, term, trunc, _ = env.step(np.array([0, 0]))
    np.testing.assert_array_equal(term, [True, True])
    np.testing.assert_array_equal(trunc, [False, False])


def test_determinism() -> None:
    a, b, c = rollout(0), rollout(0), rollout(1)
    for x, y in zip(a, b):
        np.testing.assert_array_equal(x, y)
    assert any(not np.array_equal(x, z) for x, z in zip(a, c))


def test_reset_seed_runs_as_a_new_pool() -> None:
    """reset(seed=s) re-seeds what the env's construction seeded (gen_; more: Env::Reseed)."""
    for x, y in zip(rollout(0, reseed_from=7), rollout(0)):
        np.testing.assert_array_equal(x, y)


@pytest.mark.parametrize("env_type", ["gym", "gymnasium", "dm"])
def test_every_flavour(env_type: str) -> None:
    """Each API returns the same exact transition in its own shape."""
    env = parallel_pool.make(TASK, env_type=env_type, num_envs=2)
    env.reset()
    out = env.step(np.array([1, 2]), np.array([0, 1]))  # env ids given: every flavour's info has env_id
    if env_type == "dm":
        obs, reward, ids = out.observation.obs, out.reward, out.observation.env_id
        np.testing.assert_array_equal(out.step_type, [1, 1])
        np.testing.assert_array_equal(out.discount, [1.0, 1.0])
    else:
        obs, reward, terminated, truncated, info = out
        ids = info["env_id"]
        np.testing.assert_array_equal(terminated, [False, False])
        np.testing.assert_array_equal(truncated, [False, False])
        np.testing.assert_array_equal(info["action_sum"], [1, 2])
    np.testing.assert_array_equal(ids, [0, 1])
    np.testing.assert_array_equal(obs[:, :3], [[0, 0, 1], [1, 0, 1]])  # env_id, player, elapsed_step
    np.testing.assert_array_equal(reward, [1.0, 2.0])
