"""compute_reward of the goal envs, as gymnasium-robotics' envs give it for HER relabelling.

`pool.compute_reward(achieved_goal, desired_goal, info)` takes one goal pair or a batch
(the last axis is the goal's), as the reference's `env.unwrapped.compute_reward` does,
and returns what it returns: the same NumPy operations on the same dtypes, so the
values are equal bit for bit (robotics_test.py compares them on random batches).
"""

from __future__ import annotations

from typing import Any

import numpy as np

# Within this distance of the goal counts as reaching it (the mazes' 0.45).
MAZE_GOAL_RADIUS = 0.45


def maze_reward(reward_type: str, achieved_goal: Any, desired_goal: Any) -> Any:
    """The mazes' reward: dense exp(-distance), sparse 1.0 within the goal radius, else 0.0."""
    distance = np.linalg.norm(np.asarray(achieved_goal) - np.asarray(desired_goal), axis=-1)
    if reward_type == "dense":
        return np.exp(-distance)
    return (distance <= MAZE_GOAL_RADIUS).astype(np.float64)


def fetch_reward(reward_type: str, distance_threshold: float, achieved_goal: Any, desired_goal: Any) -> Any:
    """Fetch's reward: dense -distance; sparse -1.0 beyond the threshold, else -0.0 (float32)."""
    distance = np.linalg.norm(np.asarray(achieved_goal) - np.asarray(desired_goal), axis=-1)
    if reward_type == "sparse":
        return -(distance > distance_threshold).astype(np.float32)
    return -distance


def pool_value(pool: Any, key: str) -> Any:
    """The pool's config value of `key`; a ValueError where its envs have different ones
    (per-env config), since one call relabels transitions of any env."""
    value = pool.config[key]
    if isinstance(value, list):
        if len(set(value)) > 1:
            raise ValueError(
                f"compute_reward: the pool's envs have different values of {key} {value}; relabel each "
                "env's transitions with parallel_pool.robotics.goal_rewards' functions"
            )
        value = value[0]
    return value


def maze_compute_reward(self: Any, achieved_goal: Any, desired_goal: Any, info: Any = None) -> Any:
    """gymnasium-robotics' MazeEnv.compute_reward for this pool's reward_type (`info` is unused,
    as there). One goal pair or a batch of them."""
    return maze_reward(str(pool_value(self, "reward_type")), achieved_goal, desired_goal)


def fetch_compute_reward(self: Any, achieved_goal: Any, desired_goal: Any, info: Any = None) -> Any:
    """gymnasium-robotics' MujocoFetchEnv.compute_reward for this pool's reward_type and
    distance_threshold (`info` is unused, as there). One goal pair or a batch of them."""
    return fetch_reward(
        str(pool_value(self, "reward_type")),
        float(pool_value(self, "distance_threshold")),
        achieved_goal,
        desired_goal,
    )
