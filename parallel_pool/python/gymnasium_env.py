"""GymnasiumEnvPool: the pool as a real `gymnasium.vector.VectorEnv`."""

from __future__ import annotations

from typing import Any

import gymnasium
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from parallel_pool.python.pool import FiveTuplePool, PoolBase
from parallel_pool.python.spec import EnvSpec


class GymnasiumEnvPool(FiveTuplePool, gymnasium.vector.VectorEnv):
    """`reset() -> (obs, info)`, `step(a) -> (obs, reward, terminated, truncated, info)`.

    Works under gymnasium's vector wrappers (NormalizeObservation,
    RecordEpisodeStatistics, ...): it has num_envs, single_observation_space,
    single_action_space and metadata["autoreset_mode"].
    """

    def __init__(self, spec: EnvSpec) -> None:
        PoolBase.__init__(self, spec)
        self.single_observation_space = spec.observation_space
        self.single_action_space = spec.action_space
        self.observation_space = batch_space(self.single_observation_space, self.batch_size)
        self.action_space = batch_space(self.single_action_space, self.batch_size)
        mode = AutoresetMode.SAME_STEP if self.same_step else AutoresetMode.NEXT_STEP
        self.metadata = {"autoreset_mode": mode, "render_modes": []}
        self.render_mode = None
        self.closed = False

    def reset(
        self,
        *,
        seed: int | list[int] | None = None,
        options: dict[str, Any] | None = None,
        env_id: Any = None,
    ) -> tuple[Any, dict[str, Any]]:
        if seed is not None:
            raise ValueError("seed: parallel_pool seeds its envs once, at construction; pass seed= to make_gymnasium()")
        out = self._reset_raw(env_id)
        return self._obs(out), self._info(out)

    def close(self, **kwargs: Any) -> None:
        PoolBase.close(self)
        self.closed = True
