"""GymEnvPool: the pool with the gym 0.26 API (and gym spaces when gym is installed)."""

from __future__ import annotations

import contextlib
import importlib
import io
from typing import Any

import gymnasium

from parallel_pool.python.pool import FiveTuplePool, PoolBase
from parallel_pool.python.spec import EnvSpec

try:  # gym is optional: without it the pool has gymnasium's spaces and the same API.
    # gym prints a deprecation notice on import; `import parallel_pool` must
    # stay quiet for the many users who never call make_gym().
    with contextlib.redirect_stderr(io.StringIO()):
        gym: Any = importlib.import_module("gym")

    # A gym.Env for gym's code, and a gymnasium.Env and VectorEnv instance as EnvPool's
    # make_gym pool is one (gymnasium.Wrapper takes it).
    _GYM_BASES: tuple[type, ...] = (gym.Env, gymnasium.vector.VectorEnv, gymnasium.Env)
except ImportError:  # pragma: no cover - depends on the environment
    gym = None
    _GYM_BASES = (gymnasium.vector.VectorEnv, gymnasium.Env)


class GymEnvPool(FiveTuplePool, *_GYM_BASES):  # type: ignore[misc]
    """`reset() -> (obs, info)`, `step(a) -> (obs, reward, terminated, truncated, info)`.

    EnvPool's names keep EnvPool's meaning: `observation_space` and `action_space`
    are one env's spaces (gym's classes when gym is installed), as are
    `single_observation_space` and `single_action_space`; rewards are float32.
    """

    is_vector_env = True

    def __init__(self, spec: EnvSpec, cpp_pool: Any = None) -> None:
        PoolBase.__init__(self, spec, cpp_pool)
        self.metadata: dict[str, Any] = self._render_metadata()
        if gym is not None:
            self.observation_space = spec.gym_observation_space
            self.action_space = spec.gym_action_space
        else:
            self.observation_space = spec.observation_space
            self.action_space = spec.action_space
        self.single_observation_space = self.observation_space
        self.single_action_space = self.action_space

    def reset(
        self, env_id: Any = None, seed: Any = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Resets the envs `env_id` (default: all) and returns their first (obs, info).

        `seed`: an int s re-seeds env i with s + i, a list gives one seed (or None)
        per env of the pool; each env reset then runs as env i of a new pool made
        with that seed. Without it, the envs' streams go on.
        """
        if options:
            raise ValueError(f"options: the gym flavour's reset() takes none, got {sorted(options)}")
        out = self._reset_raw(env_id, seed)
        return self._obs(out), self._info(out)
