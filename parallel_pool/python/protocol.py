"""The pools' interfaces as typing Protocols, under the names EnvPool's users import.

`from envpool.python.protocol import EnvPool` (EnvPool's Stable-Baselines3
example, its tests) becomes `from parallel_pool.python.protocol import EnvPool`.
Every pool of `make`, `make_gym`, `make_gymnasium`, `make_dm` and `make_vec`
satisfies `EnvPool`; each flavour adds its own below. `CppPool` is the contract
between this layer and a family's bound C++ pool (core/py_env_pool.h's BindEnv),
which the flavours drive.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

import numpy as np


@runtime_checkable
class EnvSpec(Protocol):
    """A task's spec: its config and the spaces of one env (python/spec.py's EnvSpec)."""

    config: Any
    state_array_spec: dict[str, Any]
    action_array_spec: dict[str, Any]

    @property
    def observation_space(self) -> Any: ...
    @property
    def action_space(self) -> Any: ...
    @property
    def reward_threshold(self) -> float | None: ...
    def observation_spec(self) -> Any: ...
    def action_spec(self) -> Any: ...


@runtime_checkable
class EnvPool(Protocol):
    """What every pool has, in every flavour, with EnvPool's meaning."""

    spec: Any
    config: dict[str, Any]
    num_envs: int
    batch_size: int
    is_async: bool

    @property
    def all_env_ids(self) -> np.ndarray: ...
    def __len__(self) -> int: ...
    def seed(self, seed: int | list[int] | None = None) -> None: ...
    def send(self, action: Any, env_id: Any = None) -> None: ...
    def recv(self, timeout: float | None = None) -> Any: ...
    def async_reset(self, seed: Any = None) -> None: ...
    def step(self, action: Any, env_id: Any = None) -> Any: ...
    def reset(self, env_id: Any = None) -> Any: ...
    def render(self, env_ids: Any = None, camera_id: int | None = None) -> Any: ...
    def close(self) -> None: ...
    def xla(self) -> Any: ...


@runtime_checkable
class DMEnvPool(EnvPool, Protocol):
    """The dm_env flavour: batched `dm_env.TimeStep`s."""

    def observation_spec(self) -> Any: ...
    def action_spec(self) -> Any: ...


@runtime_checkable
class GymnasiumEnvPool(EnvPool, Protocol):
    """The gym and gymnasium flavours: `(obs, info)` and five-tuples; one env's spaces."""

    observation_space: Any
    action_space: Any
    single_observation_space: Any
    single_action_space: Any
    is_vector_env: bool


@runtime_checkable
class CppPool(Protocol):
    """A family's bound C++ pool, as the flavours drive it (or a stand-in answering the same
    calls, as parallel_pool.distributed's RemotePool does). Values come back as one flat
    tuple of arrays per batch: the state fields in `_state_keys` order, then the same-step
    final fields in `_final_keys` order."""

    _state_keys: list[str]
    _final_keys: list[str]
    _closed_message: str
    _in_flight: int

    def _send(self, fields: tuple, env_ids: Any, players: Any) -> None: ...
    def _step(self, fields: tuple, env_ids: Any, players: Any) -> tuple: ...
    def _recv(self, timeout: float = ...) -> tuple: ...
    def _reset(self, env_ids: Any, seeds: list[int | None] | None) -> None: ...
    def _check_env_ids(self, env_ids: Any) -> None: ...
    def _close(self) -> None: ...
