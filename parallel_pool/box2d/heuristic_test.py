"""gymnasium's own heuristic controllers score alike on ours and on gymnasium's envs.

For LunarLander (both action types) and BipedalWalker, 50 seeded episodes in a row
(the first after reset(seed=...), the others after reset() without a seed, as a pool's
autoreset gives them) are driven by gymnasium's heuristic, on a one-env pool and on
gymnasium's env. The issue's criterion is a mean return within 10%; since the family
runs gymnasium's episodes bit for bit, every episode's return must in fact be equal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.envs.box2d.bipedal_walker import BipedalWalkerHeuristics
from gymnasium.envs.box2d.lunar_lander import heuristic

import parallel_pool

EPISODES = 50
SEED = 2024


def lander_controller(ref: Any) -> Callable[[np.ndarray], Any]:
    return lambda obs: heuristic(ref, obs)


def walker_controller(ref: Any) -> Callable[[np.ndarray], Any]:
    walker = BipedalWalkerHeuristics()
    return lambda obs: np.asarray(walker.step_heuristic(obs), dtype=np.float32)


def gymnasium_returns(task_id: str, make_controller: Callable[[Any], Callable]) -> list[float]:
    ref = gymnasium.make(task_id)
    returns = []
    obs, _ = ref.reset(seed=SEED)
    for _ in range(EPISODES):
        act, total, done = make_controller(ref), 0.0, False
        while not done:
            obs, reward, terminated, truncated, _ = ref.step(act(obs))
            total += float(reward)
            done = terminated or truncated
        returns.append(total)
        obs, _ = ref.reset()
    return returns


def pool_returns(task_id: str, make_controller: Callable[[Any], Callable]) -> list[float]:
    env = parallel_pool.make_vec(task_id, num_envs=1, seed=SEED)
    ref = gymnasium.make(task_id)  # only for what the heuristic reads of its env (continuous)
    returns = []
    obs, _ = env.reset()
    for _ in range(EPISODES):
        act, total, done = make_controller(ref), 0.0, False
        while not done:
            action = act(obs[0])
            obs, reward, terminated, truncated, _ = env.step(np.asarray(action)[None])
            total += float(reward[0])
            done = bool(terminated[0] or truncated[0])
        returns.append(total)
        obs, _, _, _, _ = env.step(np.asarray(action)[None])  # the next-step autoreset
    return returns


@pytest.mark.parametrize(
    ("task_id", "controller"),
    [
        ("LunarLander-v3", lander_controller),
        ("LunarLanderContinuous-v3", lander_controller),
        ("BipedalWalker-v3", walker_controller),
    ],
)
def test_heuristic_scores_alike(task_id: str, controller: Callable[[Any], Callable]) -> None:
    ours = pool_returns(task_id, controller)
    ref = gymnasium_returns(task_id, controller)
    assert abs(np.mean(ours) - np.mean(ref)) < 0.1 * abs(np.mean(ref)), (np.mean(ours), np.mean(ref))
    assert ours == ref
