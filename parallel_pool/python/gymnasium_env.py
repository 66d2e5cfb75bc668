"""GymnasiumEnvPool: the pool as a real `gymnasium.vector.VectorEnv`."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from parallel_pool.python.pool import PoolBase
from parallel_pool.python.spec import EnvSpec


class GymnasiumEnvPool(PoolBase, gymnasium.vector.VectorEnv):
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

    def step(self, action: Any, env_id: Any = None) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict]:
        out = self._step_raw(action, env_id)
        return (
            self._obs(out),
            out[self._reward_i],
            out[self._terminated_i],
            out[self._truncated_i],
            self._info(out),
        )

    def send(self, action: Any, env_id: Any = None) -> None:
        self._send_raw(action, env_id)

    def recv(self) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict]:
        out = self._recv_raw()
        return (
            self._obs(out),
            out[self._reward_i],
            out[self._terminated_i],
            out[self._truncated_i],
            self._info(out),
        )

    def close(self, **kwargs: Any) -> None:
        PoolBase.close(self)
        self.closed = True
