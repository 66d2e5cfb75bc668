"""DMEnvPool: the pool as a `dm_env.Environment` returning batched TimeSteps."""

from __future__ import annotations

from typing import Any

import dm_env

from parallel_pool.python.pool import PoolBase
from parallel_pool.python.spec import EnvSpec, nested_namedtuple


class DMEnvPool(PoolBase, dm_env.Environment):
    """`reset()` / `step(a)` return `dm_env.TimeStep` objects whose fields are batched.

    `timestep.observation` is a namedtuple of the obs fields and the info
    fields (env_id, players.env_id, elapsed_step, ...), nested as in EnvPool
    (`timestep.observation.players.env_id`).
    `step_type` is an int array (0 FIRST, 1 MID, 2 LAST); `discount` is 0 where
    the episode terminated (not where it was truncated).
    """

    def __init__(self, spec: EnvSpec, cpp_pool: Any = None) -> None:
        PoolBase.__init__(self, spec, cpp_pool)
        roles = spec.field_roles()
        fields = [(roles[k].name, i) for i, k in enumerate(self._pool._state_keys) if roles[k].observed]
        self._obs_fields = [i for _, i in fields]
        # EnvPool's layout: `observation.players.env_id`, nested at the dotted name.
        self._state = nested_namedtuple("State", [n for n, _ in fields])

    def _timestep(self, out: tuple) -> dm_env.TimeStep:
        return dm_env.TimeStep(
            step_type=out[self._step_type_i],
            reward=self._reward(out),
            discount=out[self._discount_i],
            observation=self._state([out[i] for i in self._obs_fields]),
        )

    def _traced_result(self, out: tuple) -> dm_env.TimeStep:
        return self._timestep(out)

    def reset(self, env_id: Any = None, seed: Any = None) -> dm_env.TimeStep:
        """Resets the envs `env_id` (default: all); `seed` re-seeds them first, as in
        the gymnasium flavour (an int s: env i gets s + i; a list: one per env)."""
        return self._timestep(self._reset_raw(env_id, seed))

    def step(self, action: Any, env_id: Any = None) -> dm_env.TimeStep:
        """Steps the envs `env_id` (default: all, or the last batch in async mode).

        `action` and the errors are as for `GymnasiumEnvPool.step`. Returns a TimeStep
        whose fields have one row per env: `reward` float32 (EnvPool's), `discount` float32,
        `step_type` int32, `observation` the namedtuple of obs and info fields.
        """
        return self._timestep(self._step_raw(action, env_id))

    def send(self, action: Any, env_id: Any = None) -> None:
        """Starts stepping the envs `env_id`; returns at once (collect with `recv()`)."""
        self._send_raw(action, env_id)

    def recv(self, timeout: float | None = None) -> dm_env.TimeStep:
        """The next `batch_size` results as a TimeStep (async mode: the envs that finished first).

        `timeout` as for the gym flavours' recv(): TimeoutError if no batch is ready in
        time, and nothing is lost."""
        return self._timestep(self._recv_raw(timeout))

    def observation_spec(self) -> Any:
        """dm_env specs of one env's observation: a namedtuple of the obs and info fields."""
        return self.env_spec.observation_spec()

    def action_spec(self) -> Any:
        """The dm_env spec of one env's action (a dict of specs for several action fields)."""
        return self.env_spec.action_spec()
