"""What an EnvPool client sees of a pool, as JSON: the same code reads EnvPool's pools and ours.

It imports neither package: envpool_names_test runs it on EnvPool 1.2.5 in a child
process (by path, so that the child never imports parallel_pool: two MuJoCo
libraries must not meet in one process) and on parallel_pool in the test itself.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np


def describe(space: Any) -> Any:
    """What clients read of a space: its kind, shape and dtype (a Dict's, key by key)."""
    if isinstance(space, (gymnasium.spaces.Dict, dict)):
        return {key: describe(value) for key, value in space.items()}
    return [type(space).__name__, list(space.shape), str(space.dtype)]


def zero_action(space: Any, n: int) -> Any:
    """A valid batch of `n` actions of `space` (zeros: in range for every space here)."""
    if isinstance(space, gymnasium.spaces.Dict):
        return {key: zero_action(value, n) for key, value in space.items()}
    return np.zeros((n, *space.shape), dtype=space.dtype)


def facts(module: Any, task_id: str) -> dict[str, Any]:
    """What a client reads of `module`'s pools of `task_id` (`module`: envpool or parallel_pool)."""
    env = module.make_gymnasium(task_id, num_envs=2, seed=3)
    out: dict[str, Any] = {
        name: describe(getattr(env, name))
        for name in ("observation_space", "action_space", "single_observation_space", "single_action_space")
    }
    out["num_envs"] = [env.num_envs, len(env), env.config["num_envs"]]
    out["is_vector_env"] = env.is_vector_env
    out["is_gymnasium_env"] = isinstance(env, gymnasium.Env)
    out["is_vector_env_instance"] = isinstance(env, gymnasium.vector.VectorEnv)
    out["all_env_ids"] = [env.all_env_ids.tolist(), str(env.all_env_ids.dtype)]
    _, info = env.reset()
    out["info_has"] = sorted({"env_id", "players", "elapsed_step"} & set(info))
    result = env.step(zero_action(env.action_space, 2))
    out["step_dtypes"] = [str(result[i].dtype) for i in (1, 2, 3)]
    env.close()
    dm = module.make_dm(task_id, num_envs=2, seed=3)
    spec = dm.action_spec()
    if not isinstance(spec, dict):
        out["dm_action_spec"] = [type(spec).__name__, list(spec.shape), str(spec.dtype)]
        # dm_env broadcasts a scalar bound over the shape: compare the bounds as it reads them.
        out["dm_action_bounds"] = [
            np.broadcast_to(getattr(spec, b, np.nan), spec.shape).tolist() for b in ("minimum", "maximum")
        ]
        dm.reset()
        out["dm_reward_dtype"] = str(dm.step(np.zeros((2, *spec.shape), dtype=spec.dtype)).reward.dtype)
    dm.close()
    return out
