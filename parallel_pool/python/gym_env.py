"""GymEnvPool: the pool with the gym 0.26 API (and gym spaces when gym is installed)."""

from __future__ import annotations

import contextlib
import io
from typing import Any

from parallel_pool.python.pool import FiveTuplePool, PoolBase
from parallel_pool.python.spec import EnvSpec

try:  # gym is optional: without it the class is a plain object with the same API.
    # gym prints a deprecation notice on import; `import parallel_pool` must
    # stay quiet for the many users who never call make_gym().
    with contextlib.redirect_stderr(io.StringIO()):
        import gym

    _GymBase: type = gym.Env
except ImportError:  # pragma: no cover - depends on the environment
    gym = None
    _GymBase = object


class GymEnvPool(FiveTuplePool, _GymBase):  # type: ignore[misc, valid-type]
    """`reset() -> (obs, info)`, `step(a) -> (obs, reward, terminated, truncated, info)`."""

    def __init__(self, spec: EnvSpec) -> None:
        PoolBase.__init__(self, spec)
        self.metadata: dict[str, Any] = {"render_modes": ["rgb_array"] if self._pool_cls._renders else []}
        if gym is not None:
            self.observation_space = spec.gym_observation_space
            self.action_space = spec.gym_action_space
        else:
            self.observation_space = spec.observation_space
            self.action_space = spec.action_space

    def reset(self, env_id: Any = None, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        if kwargs.get("seed") is not None:
            raise ValueError("seed: parallel_pool seeds its envs once, at construction; pass seed= to make_gym()")
        out = self._reset_raw(env_id)
        return self._obs(out), self._info(out)
