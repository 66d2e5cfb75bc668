"""LunarLander against gymnasium 1.4 on PyPI's Box2D 2.3.10 wheel, bit for bit.

Nothing is synced: env i of a pool made with seed=s must run exactly the
episodes of gymnasium's env after reset(seed=s + i) (terrain, initial push,
wind phases, every step's engine dispersion, the physics of every step,
contacts, crashes and landings), and its later episodes those of gymnasium's
reset() without a seed. Observations (float32) and rewards (float64) are
compared bit for bit, terminated and truncated exactly, on gymnasium's
heuristic lander (which lands: the +100 ending, when the lander sleeps), a
noisy one and random actions (crashes and flights off the screen), with and
without wind, for every id. The -v2 ids run the same env as -v3 (EnvPool's
one env for both; gymnasium 1.4 has no -v2), so their reference is -v3.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.envs.box2d.lunar_lander import heuristic

import parallel_pool
from parallel_pool.box2d.testing.lockstep import assert_same_bits, step_in_lockstep

IDS = ["LunarLander-v3", "LunarLanderContinuous-v3", "LunarLander-v2", "LunarLanderContinuous-v2"]
CONFIGS = {
    "default": {},
    "wind": {"enable_wind": True},
    "moon": {"gravity": -1.62, "enable_wind": True, "wind_power": 5.0, "turbulence_power": 0.4},
}
NUM_ENVS = 3
EPISODES = 3  # per env
# Gymnasium's own ending rewards, to see that each ending was reached.
CRASH, LANDED = -100, 100

Policy = Callable[[np.random.Generator, Any, np.ndarray], Any]


def reference_id(task_id: str) -> str:
    return task_id.replace("-v2", "-v3")


def continuous(task_id: str) -> bool:
    return "Continuous" in task_id


def heuristic_policy(rng: np.random.Generator, ref: Any, obs: np.ndarray) -> Any:
    return heuristic(ref, obs)


def noisy_policy(rng: np.random.Generator, ref: Any, obs: np.ndarray) -> Any:
    if rng.random() < 0.3:
        return random_policy(rng, ref, obs)
    return heuristic(ref, obs)


def random_policy(rng: np.random.Generator, ref: Any, obs: np.ndarray) -> Any:
    if ref.unwrapped.continuous:
        return rng.uniform(-1, 1, 2)
    return int(rng.integers(0, 4))


POLICIES: list[Policy] = [heuristic_policy, noisy_policy, random_policy]


def as_action(task_id: str, action: Any) -> Any:
    """One env's action as both sides take it: float32 [2] or an int."""
    return np.asarray(action, dtype=np.float32) if continuous(task_id) else int(action)


def run_lockstep(task_id: str, config: dict[str, Any], seed: int, reseed: int | None = None) -> Counter[str]:
    """Runs EPISODES episodes per env against the references; returns how they ended."""
    env = parallel_pool.make_vec(task_id, num_envs=NUM_ENVS, seed=seed, **config)
    refs = [gymnasium.make(reference_id(task_id), **config) for _ in range(NUM_ENVS)]
    first_seed = seed if reseed is None else reseed
    if reseed is None:
        obs, _ = env.reset()
    else:
        env.reset()
        for _ in range(5):  # some steps, so the reseed restarts a running episode
            env.step(np.stack([env.single_action_space.sample() for _ in range(NUM_ENVS)]))
        obs, _ = env.reset(seed=reseed)
    for i, ref in enumerate(refs):
        ref_obs, _ = ref.reset(seed=first_seed + i)
        assert_same_bits(obs[i], ref_obs, f"{task_id} env {i} reset")
    rng = np.random.default_rng(seed)

    def choose(i: int, obs_i: np.ndarray, episode: int) -> Any:
        return as_action(task_id, POLICIES[(i + episode) % len(POLICIES)](rng, refs[i], obs_i))

    def ending(reward: float, truncated: bool) -> str:
        return "truncated" if truncated else {CRASH: "crashed", LANDED: "landed"}.get(reward, "?")

    endings = step_in_lockstep(env, refs, obs, choose, EPISODES, ending, f"{task_id} {config} seed {seed}")
    env.close()
    return endings


@pytest.mark.parametrize("config", list(CONFIGS))
@pytest.mark.parametrize("task_id", IDS)
def test_episodes_equal_gymnasiums(task_id: str, config: str) -> None:
    endings = run_lockstep(task_id, CONFIGS[config], seed=10)
    # The heuristic lands; random actions crash or fly off (both -100).
    assert endings["landed"] >= 1 and endings["crashed"] >= 1, endings


@pytest.mark.parametrize("task_id", ["LunarLander-v3", "LunarLanderContinuous-v3"])
def test_reset_with_a_seed_restarts_as_gymnasiums(task_id: str) -> None:
    run_lockstep(task_id, {"enable_wind": True}, seed=3, reseed=77)


@pytest.mark.parametrize("seed", [0, 1, 12345, 2**31 - 17])
def test_first_observations_over_many_seeds(seed: int) -> None:
    """Terrain, push and wind of 16 envs at once: each env i is gymnasium's reset(seed=seed + i)."""
    for task_id in ("LunarLander-v3", "LunarLanderContinuous-v3"):
        env = parallel_pool.make_vec(task_id, num_envs=16, seed=seed, enable_wind=True)
        obs, _ = env.reset()
        for i in range(16):
            ref_obs, _ = gymnasium.make(task_id, enable_wind=True).reset(seed=seed + i)
            assert_same_bits(obs[i], ref_obs, f"{task_id} seed {seed} env {i}")
        env.close()
