"""GymnasiumEnvPool: EnvPool's gymnasium pool, what `make_gymnasium` and `make(env_type="gymnasium")` give.

Every name EnvPool defines keeps EnvPool's meaning, since real EnvPool clients
(Stable-Baselines3's VecAdapter, rl_games, Tianshou, CleanRL) read them so:
`observation_space` and `action_space` are ONE env's spaces, rewards are
float32, `info` is EnvPool's dict (`env_id`, `players`, `elapsed_step` and the
task's own keys, no `_key` masks), `render()` is EnvPool's batched array. As
EnvPool's, the pool is a `gymnasium.Env` (so `gymnasium.Wrapper` takes it) and a
`gymnasium.vector.VectorEnv` instance.

gymnasium's own `VectorEnv` contract (batched spaces, its info layout and render
tuple, `reset_mask` returning every env) is `VectorEnvPool`'s, behind gymnasium's
entry: `gymnasium.make_vec("parallel_pool/<id>")` or `parallel_pool.make_vec`.
docs/migrating.md has the table of both.
"""

from __future__ import annotations

from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode

from parallel_pool.python.pool import FiveTuplePool, PoolBase
from parallel_pool.python.spec import EnvSpec


class PoolClosedError(RuntimeError, gymnasium.error.ClosedEnvironmentError):
    """A call on a closed pool: EnvPool's RuntimeError and gymnasium's ClosedEnvironmentError
    (which gymnasium's AsyncVectorEnv raises), so code catching either keeps working."""


def autoreset_mode(pool: PoolBase) -> AutoresetMode:
    """gymnasium's name of the pool's autoreset mode (its `metadata["autoreset_mode"]`)."""
    if pool.same_step:
        return AutoresetMode.SAME_STEP
    if pool.env_spec.config.autoreset_mode == "disabled":
        return AutoresetMode.DISABLED
    return AutoresetMode.NEXT_STEP


def reset_mask_option(options: dict[str, Any] | None, env_id: Any) -> Any:
    """`options["reset_mask"]` of reset() (None: no mask given), in both entries.

    Raises:
      ValueError: an option other than reset_mask, or both `env_id` and a mask.
    """
    if not options:
        return None
    unknown = sorted(set(options) - {"reset_mask"})
    if unknown:
        raise ValueError(f"options: unknown keys {unknown}; reset() takes only 'reset_mask'")
    if env_id is not None:
        raise ValueError("env_id and options['reset_mask'] both say which envs to reset; pass one of them")
    return options["reset_mask"]


def check_reset_mask(mask: Any, num_envs: int) -> None:
    """A reset mask as gymnasium's SyncVectorEnv checks it, its messages word for word (code
    may match them): TypeError for a mask that is not a bool ndarray, ValueError for a
    wrong shape or no True value."""
    what = "options['reset_mask']"
    if not isinstance(mask, np.ndarray):
        raise TypeError(f"`{what}` must be a numpy array, got {type(mask)}")
    if mask.shape != (num_envs,):
        raise ValueError(f"`{what}` must have shape `({num_envs},)`, got {mask.shape}")
    if mask.dtype != np.bool_:
        raise TypeError(f"`{what}` must have `dtype=np.bool_`, got {mask.dtype}")
    if not mask.any():
        raise ValueError(f"`{what}` must contain a boolean array with at least one True value, got reset_mask={mask}")


# EnvPool's meaning for names gymnasium's bases type otherwise (spec, step, render,
# np_random_seed): the checker's misc errors on this line are that choice.
class GymnasiumEnvPool(FiveTuplePool, gymnasium.vector.VectorEnv, gymnasium.Env):  # type: ignore[misc]
    """`reset() -> (obs, info)`, `step(a) -> (obs, reward, terminated, truncated, info)`, EnvPool's way.

    Attributes:
      observation_space, action_space: one env's spaces (EnvPool's meaning).
      single_observation_space, single_action_space: the same spaces, under gymnasium's names.
      num_envs, batch_size, is_async, all_env_ids, config, spec: as EnvPool's.
      is_vector_env: True, as EnvPool's (older gymnasium wrappers read it).
    """

    _closed_error = PoolClosedError
    is_vector_env = True
    # The same task's pool with gymnasium's VectorEnv contract (python/api.py's py_env
    # makes both), which make_vec gives.
    vector_pool_cls: ClassVar[type]

    def __init__(self, spec: EnvSpec, cpp_pool: Any = None) -> None:
        PoolBase.__init__(self, spec, cpp_pool)
        self.single_observation_space = self.observation_space = spec.observation_space
        self.single_action_space = self.action_space = spec.action_space
        self.metadata = {"autoreset_mode": autoreset_mode(self), **self._render_metadata()}
        self.closed = False

    def reset(
        self,
        env_id: Any = None,
        *,
        seed: int | list[int] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Any, dict[str, Any]]:
        """Resets the envs `env_id` (default: all) and returns their first `(obs, info)`, a row each.

        `options={"reset_mask": mask}` (a bool array of num_envs) resets the envs where it is
        True and returns their rows, as EnvPool does. `seed`: an int s re-seeds env i with
        s + i, a list gives one seed (or None) per env; each env reset then runs as env i of
        a new pool made with that seed (EnvPool ignores it, with a warning). Without it, the
        envs' streams go on.

        Raises:
          ValueError: a bad `seed`, an unknown option, a mask of the wrong shape or with no
            True, both `env_id` and a mask.
          TypeError: a mask that is not a bool numpy array, a seed that is not an int.
        """
        mask = reset_mask_option(options, env_id)
        if mask is not None:  # EnvPool's reading: the envs it selects, reset and returned
            check_reset_mask(mask, self.num_envs)
            env_id = np.flatnonzero(mask).astype(np.int32)
        out = self._reset_raw(env_id, seed)
        return self._obs(out), self._info(out)

    def close(self, **kwargs: Any) -> None:
        """Stops the pool (PoolBase.close); gymnasium's keyword arguments are accepted and unused."""
        PoolBase.close(self)
        self.closed = True
