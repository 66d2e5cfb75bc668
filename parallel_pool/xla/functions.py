"""env.xla(): a pool's send, recv and step as XLA custom calls, usable in `jax.jit`.

    handle, recv, send, step = env.xla()
    handle = send(handle, action, env_id)      # a new handle
    handle, result = recv(handle)              # result: what env.recv() returns
    handle, result = step(handle, action, env_id)

The handle is an opaque uint8 array that each call takes and returns: thread
it through (e.g. as a `lax.fori_loop` / `lax.scan` carry) so XLA runs the
calls in program order. The calls run on the CPU (the pool's buffers are host
memory); recv copies the batch into XLA's result buffers. Shapes are static:
recv returns `batch_size` rows, and send takes one action row per `env_id`
(all envs when `env_id` is None; in sync mode it must be all of them).

Input errors that tracing can see (a wrong shape, a dtype that same-kind
casting forbids, a bad `env_id` dtype) raise ValueError / TypeError when the
function is traced. Errors only the pool can see (a discrete action out of
range, an env id repeated or still running, an env that raised, a closed
pool) make the XLA call fail with the pool's message (jax raises it as a
JaxRuntimeError when the result is used).

Without `jax_enable_x64`, jax has no 64-bit types: 64-bit fields travel as
their 32-bit siblings (reward float64 -> float32, ...), converted in C++.

Only `env.xla()` imports this module (through this package's builder), so
`import parallel_pool` never imports jax. What it needs of a pool beyond the
public attributes comes as python/pool.py's XlaHooks.
"""

from __future__ import annotations

import functools
import inspect
import sys
import threading
from collections.abc import Callable
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.custom_batching import custom_vmap

from parallel_pool.python.pool import PoolBase, XlaHooks

# The custom-call targets, registered once per process for the CPU platform.
_TARGETS = {name: f"parallel_pool_{name}" for name in ("send", "recv", "step")}
_registered = False
_register_lock = threading.Lock()


class XlaFunctions(NamedTuple):
    """What `env.xla()` returns; unpacks as EnvPool's `(handle, recv, send, step)`."""

    handle: np.ndarray
    recv: Callable[..., Any]
    send: Callable[..., Any]
    step: Callable[..., Any]


def _register_targets() -> None:
    global _registered
    with _register_lock:
        if _registered:
            return
        try:
            import parallel_pool.xla.xla_ext as xla_ext
        except ImportError as error:
            raise RuntimeError(
                "xla(): this build of parallel_pool has no XLA module (parallel_pool/xla/xla_ext): jax "
                "was not installed for the interpreter it was built with. Install jax and rebuild "
                "(`make develop`)."
            ) from error
        for name, capsule in xla_ext.handlers().items():
            jax.ffi.register_ffi_target(_TARGETS[name], capsule, platform="cpu")
        _registered = True


def _canonical(dtype: np.dtype) -> np.dtype:
    """The dtype jax gives `dtype` now (64-bit types become 32-bit without jax_enable_x64)."""
    return np.dtype(jax.dtypes.canonicalize_dtype(dtype))


def make_xla(pool: PoolBase, hooks: XlaHooks) -> XlaFunctions:
    """The XLA functions of `pool`, reached through its `hooks` (see the module docstring)."""
    hooks.check_open()
    if pool.env_spec.config.max_num_players != 1:
        raise ValueError(
            "xla(): multi-player pools (max_num_players > 1) have a varying number of rows per "
            "batch, which XLA's fixed shapes cannot hold; use send/recv"
        )
    _register_targets()
    port = hooks.port()
    handle = np.frombuffer(port.to_bytes(8, sys.byteorder), dtype=np.uint8).copy()
    handle.flags.writeable = False
    functions = _Functions(pool, hooks, port)
    return XlaFunctions(
        handle,
        _refusing_vmap(functions.recv, "recv", pool.num_envs),
        _refusing_vmap(functions.send, "send", pool.num_envs),
        _refusing_vmap(functions.step, "step", pool.num_envs),
    )


def _refusing_vmap(function: Callable, name: str, num_envs: int) -> Callable:
    """`function`, which under `jax.vmap` raises a ValueError saying why and what to do.

    A pool is one batch of envs behind one handle: a vmapped call would have to run the
    same pool once per member, each on a handle the others change, so there is no
    batching rule to give. (Without this, jax raises a NotImplementedError about
    ffi_call's vmap_method, which says nothing to the user.)"""
    wrapped = custom_vmap(function)

    @wrapped.def_vmap
    def _rule(axis_size: int, in_batched: Any, *args: Any) -> Any:
        raise ValueError(
            f"xla(): {name} cannot be used under jax.vmap (a vmapped axis of size {axis_size}): "
            f"the pool already steps its {num_envs} envs as one batch behind one handle. Pass "
            f"every env's action in one call (one row per env_id) instead, or make one pool and "
            f"one xla() per member of the vmapped axis and call them in turn."
        )

    @functools.wraps(function)
    def call(*args: Any, **kwargs: Any) -> Any:
        # custom_vmap takes positional arguments only: bind the keywords first.
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        return wrapped(*bound.args)

    signature = inspect.signature(function)
    return call


class _Functions:
    """recv, send and step of one pool; everything static is worked out at trace time."""

    def __init__(self, pool: PoolBase, hooks: XlaHooks, port: int) -> None:
        self._pool = pool
        self._hooks = hooks
        # An int64 attribute of each call: which pool it drives.
        self._port = np.int64(port)
        self._result_keys = hooks.result_keys
        self._action_specs = [pool.env_spec.action_array_spec[k] for k in hooks.action_keys]
        # What this flavour's recv() makes of the flat batch: a TimeStep, or the five-tuple
        # (gymnasium's with its same-step finals as whole batches).
        self._convert: Callable[[tuple], Any] = hooks.result

    # ---------------------------------------------------------------- calls

    def recv(self, handle: Any) -> tuple[Any, Any]:
        """`(handle, result)`: the next batch, as `env.recv()` returns it (jax arrays)."""
        self._hooks.check_open()
        call = jax.ffi.ffi_call(
            _TARGETS["recv"],
            (self._handle_type(), *self._result_types()),
            has_side_effect=True,
            input_output_aliases={0: 0},
        )
        new_handle, *arrays = call(self._handle(handle), port=self._port)
        return new_handle, self._convert(tuple(arrays))

    def send(self, handle: Any, action: Any, env_id: Any = None) -> Any:
        """Starts stepping the envs `env_id` (default: all) with `action`; returns the new handle."""
        self._hooks.check_open()
        inputs = self._inputs(action, env_id)
        call = jax.ffi.ffi_call(
            _TARGETS["send"], self._handle_type(), has_side_effect=True, input_output_aliases={0: 0}
        )
        return call(self._handle(handle), *inputs, port=self._port)

    def step(self, handle: Any, action: Any, env_id: Any = None) -> tuple[Any, Any]:
        """send then recv, in one custom call: `(handle, result)`."""
        self._hooks.check_open()
        inputs = self._inputs(action, env_id)
        call = jax.ffi.ffi_call(
            _TARGETS["step"],
            (self._handle_type(), *self._result_types()),
            has_side_effect=True,
            input_output_aliases={0: 0},
        )
        new_handle, *arrays = call(self._handle(handle), *inputs, port=self._port)
        return new_handle, self._convert(tuple(arrays))

    # ---------------------------------------------------------------- types

    @staticmethod
    def _handle_type() -> jax.ShapeDtypeStruct:
        return jax.ShapeDtypeStruct((8,), jnp.uint8)

    @staticmethod
    def _handle(handle: Any) -> Any:
        handle = jnp.asarray(handle)
        if handle.shape != (8,) or handle.dtype != jnp.uint8:
            raise TypeError(
                f"handle: expected the uint8[8] handle that xla() returned, got {handle.dtype}{list(handle.shape)}"
            )
        return handle

    def _result_types(self) -> list[jax.ShapeDtypeStruct]:
        specs = self._pool.env_spec.state_array_spec
        rows = self._pool.batch_size
        return [jax.ShapeDtypeStruct((rows, *specs[k].shape), _canonical(specs[k].dtype)) for k in self._result_keys]

    def _inputs(self, action: Any, env_id: Any) -> list[Any]:
        """The action fields (cast, shape-checked), then env_id as int32."""
        pool = self._pool
        fields, dict_ids, players = self._hooks.action_fields(action)
        if players is not None:
            raise ValueError("action: players.env_id is not supported by xla() (single-player pools only)")
        ids = self._env_ids(env_id if env_id is not None else dict_ids)
        rows = ids.shape[0]
        if not pool.is_async and rows != pool.num_envs:
            raise ValueError(
                f"env_id: in sync mode (batch_size == num_envs) xla()'s send/step must step every env, "
                f"since recv returns a fixed {pool.num_envs} rows; got {rows} env ids"
            )
        inputs = []
        for spec, field in zip(self._action_specs, fields, strict=True):
            what = f"action[{spec.key}]"
            x = jnp.asarray(field)
            if not np.can_cast(x.dtype, spec.dtype, casting="same_kind"):
                raise TypeError(
                    f"{what}: dtype {x.dtype} cannot be cast to {spec.dtype} (same_kind casting); "
                    f"pass an array of {spec.dtype}"
                )
            expected = (rows, *spec.shape)
            if x.shape != expected:
                raise ValueError(f"{what}: expected shape {expected} (one row per env_id), got {x.shape}")
            inputs.append(x.astype(_canonical(spec.dtype)))
        inputs.append(ids)
        return inputs

    def _env_ids(self, env_id: Any) -> Any:
        if env_id is None:
            return jnp.asarray(self._pool.all_env_ids)
        ids = jnp.asarray(env_id)
        if ids.dtype == jnp.bool_ or not jnp.issubdtype(ids.dtype, jnp.integer):
            raise TypeError(f"env_id: expected integers, got dtype {ids.dtype}")
        if ids.ndim != 1:
            ids = ids.reshape(-1) if ids.ndim == 0 else ids
            if ids.ndim != 1:
                raise ValueError(f"env_id: expected a 1-D array of env ids, got shape {ids.shape}")
        return ids.astype(jnp.int32)
