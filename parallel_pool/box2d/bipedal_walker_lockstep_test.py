"""BipedalWalker against gymnasium 1.4 on PyPI's Box2D 2.3.10 wheel, bit for bit.

Nothing is synced: env i of a pool made with seed=s must run exactly the
episodes of gymnasium's env after reset(seed=s + i) (the terrain with its
stumps, pits and stairs, the clouds' draws, the push, the physics and the
lidar of every step, the float32 fuel cost), and its later episodes those of
gymnasium's reset() without a seed, in a world that, as gymnasium's, lives
across episodes (so that an episode depends on the env's earlier ones:
test_an_env_s_past_shapes_its_later_episodes_as_in_gymnasium). Observations
(float32) and rewards (float64 of gymnasium's float32) are compared bit for
bit, terminated and truncated exactly: random actions (falls, -100), small
ones and none (the walker stands until the time limit), for both ids, across
episode ends and after reset(seed=...).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import gymnasium
import numpy as np
import pytest

import parallel_pool
from parallel_pool.box2d.testing.lockstep import assert_same_bits, step_in_lockstep

IDS = ["BipedalWalker-v3", "BipedalWalkerHardcore-v3"]
NUM_ENVS = 3
EPISODES = 3  # per env
MAX_STEPS = 250  # a short limit, so that standing still ends too (truncated)
FELL = -100

Policy = Callable[[np.random.Generator], np.ndarray]


def random_policy(rng: np.random.Generator) -> np.ndarray:
    return rng.uniform(-1, 1, 4).astype(np.float32)


def gentle_policy(rng: np.random.Generator) -> np.ndarray:
    return rng.uniform(-0.2, 0.2, 4).astype(np.float32)


def still_policy(rng: np.random.Generator) -> np.ndarray:
    return np.zeros(4, dtype=np.float32)


POLICIES: list[Policy] = [random_policy, still_policy, gentle_policy]


def run_lockstep(task_id: str, seed: int, reseed: int | None = None) -> Counter[str]:
    env = parallel_pool.make_vec(task_id, num_envs=NUM_ENVS, seed=seed, max_episode_steps=MAX_STEPS)
    refs = [gymnasium.make(task_id, max_episode_steps=MAX_STEPS) for _ in range(NUM_ENVS)]
    if reseed is None:
        obs, _ = env.reset()
    else:
        env.reset()
        for _ in range(5):  # some steps, so the reseed restarts a running episode
            env.step(np.zeros((NUM_ENVS, 4), dtype=np.float32))
        obs, _ = env.reset(seed=reseed)
    for i, ref in enumerate(refs):
        if reseed is not None:
            # The same past as the pool's env: gymnasium's world outlives episodes, and
            # its later episodes depend on the bodies the earlier ones freed.
            ref.reset(seed=seed + i)
            for _ in range(5):
                ref.step(np.zeros(4, dtype=np.float32))
        first_seed = seed if reseed is None else reseed
        assert_same_bits(obs[i], ref.reset(seed=first_seed + i)[0], f"{task_id} env {i} reset")
    rng = np.random.default_rng(seed)

    def choose(i: int, obs_i: np.ndarray, episode: int) -> np.ndarray:
        return POLICIES[(i + episode) % len(POLICIES)](rng)

    def ending(reward: float, truncated: bool) -> str:
        return "truncated" if truncated else "fell" if reward == FELL else "terminated"

    endings = step_in_lockstep(env, refs, obs, choose, EPISODES, ending, f"{task_id} seed {seed}")
    env.close()
    return endings


@pytest.mark.parametrize("task_id", IDS)
def test_episodes_equal_gymnasiums(task_id: str) -> None:
    endings = run_lockstep(task_id, seed=21)
    assert endings["fell"] >= 1 and endings["truncated"] >= 1, endings


@pytest.mark.parametrize("task_id", IDS)
def test_reset_with_a_seed_restarts_as_gymnasiums(task_id: str) -> None:
    run_lockstep(task_id, seed=4, reseed=1000)


def test_an_env_s_past_shapes_its_later_episodes_as_in_gymnasium() -> None:
    """gymnasium's own envs, reset with one seed after different pasts, part in a later
    episode (the world reuses the freed bodies' broad-phase proxies). Ours run both
    pasts' episodes exactly as gymnasium's do, so they part at the same step too."""

    def episodes(make_past: bool, pool: bool) -> list[np.ndarray]:
        env = parallel_pool.make_vec("BipedalWalker-v3", seed=4) if pool else gymnasium.make("BipedalWalker-v3")
        zeros = np.zeros((1, 4) if pool else 4, dtype=np.float32)
        if make_past:
            env.reset() if pool else env.reset(seed=4)
            for _ in range(5):
                env.step(zeros)
        obs = [env.reset(seed=1000)[0].reshape(-1)]
        rng = np.random.default_rng(1)
        ends = 0
        while ends < 2:
            action = rng.uniform(-0.3, 0.3, 4).astype(np.float32)
            o, _, term, trunc, _ = env.step(action[None] if pool else action)
            obs.append(np.asarray(o).reshape(-1))
            if np.any(term) or np.any(trunc):
                ends += 1  # the next episode: the pool's autoreset step, gymnasium's reset()
                obs.append((env.step(zeros)[0] if pool else env.reset()[0]).reshape(-1))
        return obs

    for make_past in (False, True):
        ours, theirs = episodes(make_past, pool=True), episodes(make_past, pool=False)
        assert len(ours) == len(theirs)
        for t, (a, b) in enumerate(zip(ours, theirs, strict=True)):
            assert_same_bits(a, b, f"past {make_past} step {t}")
    fresh, after_a_past = episodes(False, pool=False), episodes(True, pool=False)
    assert any(not np.array_equal(a, b) for a, b in zip(fresh, after_a_past, strict=False))


@pytest.mark.parametrize("seed", [0, 1, 12345, 2**31 - 17])
def test_first_observations_over_many_seeds(seed: int) -> None:
    """The terrains (hardcore: obstacles) of 12 envs at once: env i is gymnasium's reset(seed=seed + i)."""
    for task_id in IDS:
        env = parallel_pool.make_vec(task_id, num_envs=12, seed=seed)
        obs, _ = env.reset()
        for i in range(12):
            assert_same_bits(obs[i], gymnasium.make(task_id).reset(seed=seed + i)[0], f"{task_id} seed {seed} env {i}")
        env.close()
