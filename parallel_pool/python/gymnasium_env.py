"""GymnasiumEnvPool: the pool as a real `gymnasium.vector.VectorEnv`."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from parallel_pool.python.pool import FiveTuplePool, PoolBase
from parallel_pool.python.spec import EnvSpec


class GymnasiumEnvPool(FiveTuplePool, gymnasium.vector.VectorEnv):
    """`reset() -> (obs, info)`, `step(a) -> (obs, reward, terminated, truncated, info)`.

    Works under gymnasium's vector wrappers (NormalizeObservation,
    RecordEpisodeStatistics, ...): it has num_envs, single_observation_space,
    single_action_space, np_random_seed and metadata["autoreset_mode"] (all three
    of gymnasium's modes), and reset() takes options={"reset_mask": mask}.
    """

    def __init__(self, spec: EnvSpec) -> None:
        PoolBase.__init__(self, spec)
        self.single_observation_space = spec.observation_space
        self.single_action_space = spec.action_space
        self.observation_space = batch_space(self.single_observation_space, self.batch_size)
        self.action_space = batch_space(self.single_action_space, self.batch_size)
        if self.same_step:
            mode = AutoresetMode.SAME_STEP
        elif spec.config.autoreset_mode == "disabled":
            mode = AutoresetMode.DISABLED
        else:
            mode = AutoresetMode.NEXT_STEP
        self.metadata = {"autoreset_mode": mode, "render_modes": ["rgb_array"] if self._pool_cls._renders else []}
        self.closed = False
        # reset_mask returns every env's row: keep the latest ones (sync mode,
        # one row per env; a full batch is kept without a copy).
        self._keeps_last_rows = not self.is_async and spec.config.max_num_players == 1

    def reset(
        self,
        env_id: Any = None,
        *,
        seed: int | list[int] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Any, dict[str, Any]]:
        """Resets the envs `env_id` (default: all) and returns their first (obs, info).

        `options={"reset_mask": mask}` (gymnasium's vector API): resets the
        envs where the bool array `mask` of shape (num_envs,) is True and
        returns every env's row, the others' last results unchanged.
        """
        if seed is not None:
            raise ValueError("seed: parallel_pool seeds its envs once, at construction; pass seed= to make_gymnasium()")
        if options:
            unknown = sorted(set(options) - {"reset_mask"})
            if unknown:
                raise ValueError(f"options: unknown keys {unknown}; reset() takes only 'reset_mask'")
            if env_id is not None:
                raise ValueError("env_id and options['reset_mask'] both say which envs to reset; pass one of them")
            return self._reset_masked(options["reset_mask"])
        out = self._reset_raw(env_id)
        return self._obs(out), self._info(out)

    def _reset_masked(self, mask: Any) -> tuple[Any, dict[str, Any]]:
        # gymnasium's SyncVectorEnv contract: TypeError for a mask that is not
        # a bool ndarray, ValueError for a wrong shape or no True value.
        self._check_open()
        what = "options['reset_mask']"
        if not isinstance(mask, np.ndarray):
            raise TypeError(f"{what}: expected a numpy array of bool, got {type(mask).__name__}")
        if mask.shape != (self.num_envs,):
            raise ValueError(f"{what}: expected shape ({self.num_envs},), got {mask.shape}")
        if mask.dtype != np.bool_:
            raise TypeError(f"{what}: expected dtype bool, got {mask.dtype}")
        if not mask.any():
            raise ValueError(f"{what}: no env selected (every value is False)")
        if not self._keeps_last_rows:
            why = "async mode (batch_size < num_envs)" if self.is_async else "max_num_players > 1"
            raise ValueError(
                f"{what}: returns one row per env, which {why} has not; reset those envs with reset(env_id) instead"
            )
        never = self._never_run(mask)
        if never.size:
            raise ValueError(
                f"{what}: envs {never.tolist()} have never been reset, so they have no observation to return; "
                "reset() all envs first, or include them in the mask"
            )
        self._reset_raw(np.flatnonzero(mask).astype(np.int32))
        self._base, self._base_missing = self._fold()
        self._partials.clear()
        return self._obs(self._base), self._info(self._base)

    def close(self, **kwargs: Any) -> None:
        PoolBase.close(self)
        self.closed = True
