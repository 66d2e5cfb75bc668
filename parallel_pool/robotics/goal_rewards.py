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


def pool_reward_type(pool: Any) -> str:
    """The pool's reward_type; a ValueError where its envs have different ones (per-env config)."""
    reward_type = pool.config["reward_type"]
    if isinstance(reward_type, list):
        if len(set(reward_type)) > 1:
            raise ValueError(
                f"compute_reward: the pool's envs have different reward types {reward_type}; relabel each "
                "env's transitions with parallel_pool.robotics.goal_rewards.maze_reward(reward_type, ...)"
            )
        reward_type = reward_type[0]
    return str(reward_type)


def maze_compute_reward(self: Any, achieved_goal: Any, desired_goal: Any, info: Any = None) -> Any:
    """gymnasium-robotics' MazeEnv.compute_reward for this pool's reward_type (`info` is unused,
    as there). One goal pair or a batch of them."""
    return maze_reward(pool_reward_type(self), achieved_goal, desired_goal)
