"""PoolBase: what the gym, gymnasium and dm_env flavours share.

The C++ pool returns one flat tuple of numpy arrays per batch (state fields
in declaration order, then the same-step "final" fields). Index positions
are worked out once here, so the step path does no key lookups.
"""

from __future__ import annotations

import atexit
import warnings
import weakref
from collections.abc import Callable
from typing import Any, ClassVar, NamedTuple

import numpy as np

from parallel_pool.python.checks import INT32_MAX, INT32_MIN, check_int, check_not_scalar, check_timeout, is_bool
from parallel_pool.python.render import RenderOptions
from parallel_pool.python.spec import EnvSpec, nested_dict

# Pools still open at interpreter exit are closed first, while the interpreter is whole
# (also those a reference cycle or a leak would keep): queued work is dropped, and no
# worker thread runs into the exit (docs/reliability.md).
_OPEN_POOLS: weakref.WeakSet[PoolBase] = weakref.WeakSet()


@atexit.register
def _close_open_pools() -> None:
    for pool in list(_OPEN_POOLS):
        pool.close()


# Partial batches kept for reset_mask before they are folded into one full batch.
_MAX_PARTIAL_BATCHES = 16


class XlaHooks(NamedTuple):
    """What parallel_pool.xla needs of a pool beyond its public attributes: the contract
    between this layer and the one above it, which PoolBase.xla() hands to the builder
    that parallel_pool.xla registers with `set_xla_builder`."""

    # Raises what any call on a closed pool raises; returns if the pool is open.
    check_open: Callable[[], None]
    # The address of the pool's C++ XLA port (core/xla_port.h), which the custom calls drive.
    port: Callable[[], int]
    # The keys of the flat result tuple: the state fields, then the same-step finals.
    result_keys: list[str]
    # The action fields, in the order the C++ pool takes them.
    action_keys: list[str]
    # action (an array, or a dict of them) -> (fields in action_keys order,
    # env_id given in a dict or None, players.env_id or None).
    action_fields: Callable[[Any], tuple[tuple, Any, Any]]
    # A flat result tuple of traced arrays -> what this flavour's recv() returns.
    result: Callable[[tuple], Any]


# The function behind PoolBase.xla(): (pool, its XlaHooks) -> what xla() returns. It lives
# in parallel_pool.xla, the layer above this one (it needs jax), which sets it on import;
# this layer never imports that one.
_xla_builder: Callable[[PoolBase, XlaHooks], Any] | None = None


def set_xla_builder(builder: Callable[[PoolBase, XlaHooks], Any]) -> None:
    """Makes `builder(pool, hooks)` what `pool.xla()` returns (parallel_pool.xla calls this)."""
    global _xla_builder
    _xla_builder = builder


def cpp_pool(pool: PoolBase) -> Any:
    """The object `pool` drives: its family's bound C++ pool (the contract written at
    core/py_env_pool.h's BindEnv), or the stand-in given as `cpp_pool=` when it was made.
    parallel_pool.distributed's actors call it directly."""
    return pool._pool


def renders(pool_cls: type[PoolBase]) -> bool:
    """Whether pools of `pool_cls` can draw frames (its family's C++ pool binds render())."""
    return bool(getattr(pool_cls._pool_cls, "_renders", False))


def set_render_options(pool: PoolBase, options: RenderOptions) -> None:
    """Gives `pool` make()'s rendering options, checked as far as its family can tell
    without rendering (a ValueError naming the key). The registry calls it once, right
    after it makes the pool."""
    pool._set_render_options(options)


def _id_array(ids: Any, what: str) -> np.ndarray:
    """`ids` (an int, a sequence or an array of ints) as a 1-D integer array; errors name `what`.

    Only the argument's form is checked here; the C++ pool owns the rules on the ids
    themselves (at least one, in range, once, idle: core/action_check.h, async_env_pool.h).
    """
    if is_bool(ids):
        raise TypeError(f"{what}: expected int or array of int, got bool")
    if not isinstance(ids, np.ndarray) or ids.ndim != 1:
        try:
            ids = np.atleast_1d(np.asarray(ids))
        except (ValueError, TypeError) as error:  # a ragged list, ...
            raise ValueError(f"{what}: expected a 1-D array of env ids ({error})") from None
        if ids.ndim != 1:
            raise ValueError(f"{what}: expected a 1-D array of env ids, got shape {ids.shape}")
    # Before the dtype check: np.asarray([]) is float64. The C++ pool refuses the
    # empty selection (its reset binding tells it from None, which means every env).
    if ids.size == 0:
        return np.zeros(0, dtype=np.int32)
    if ids.dtype.kind not in "iu":
        raise TypeError(f"{what}: expected integers, got dtype {ids.dtype}")
    return ids


class Config(dict):
    """A pool's config: a dict, as EnvPool's `env.config` is, whose keys also read as attributes."""

    def __getattr__(self, key: str) -> Any:
        try:
            return self[key]
        except KeyError:
            raise AttributeError(key) from None


class PoolBase:
    """A pool of `num_envs` C++ envs driven in batches.

    Sync mode (batch_size == num_envs): `step` advances the envs given (all
    by default) and returns their results in that order. Async mode
    (batch_size < num_envs): `send` starts envs, `recv` returns the first
    `batch_size` to finish, with `info["env_id"]` telling which.
    """

    _spec_cls: ClassVar[type[EnvSpec]]
    _pool_cls: ClassVar[type]
    # A scalar action: a TypeError (gymnasium's vector envs; its flavour sets this), or
    # EnvPool's shape error from the C++ pool (EnvPool's flavours).
    _scalar_action_is_type_error: ClassVar[bool] = False
    # The dtype rewards are handed out in: float32 in EnvPool's flavours, as EnvPool's;
    # None keeps the envs' float64 (gymnasium's vector contract, whose SyncVectorEnv
    # returns float64 rewards).
    _reward_dtype: ClassVar[type | None] = np.float32
    # EnvPool takes an action with extra dimensions of size 1 after the rows (its C++ pool
    # reads the values); gymnasium's vector envs refuse it (make_vec's pools set False).
    _reshapes_unit_dims: ClassVar[bool] = True

    def __init__(self, spec: EnvSpec, cpp_pool: Any = None) -> None:
        """A pool of `spec`'s envs. `cpp_pool`: the object to drive instead of a new C++ pool
        of the family's (parallel_pool.distributed passes its RemotePool, which answers
        the same calls)."""
        if not isinstance(spec, self._spec_cls):
            raise TypeError(f"spec: expected a {self._spec_cls.__name__}, got {type(spec).__name__}")
        # The pool's own spec. `spec` is the same object, unless gymnasium.make_vec
        # replaces it with gymnasium's EnvSpec of the id, as it does on every env it makes.
        self.env_spec = spec
        self.spec = spec
        self.config = Config({**spec.config._asdict(), **spec.per_env})  # per-env keys: every env's value
        if cpp_pool is not None:
            self._pool = cpp_pool
        elif spec.env_specs:
            self._pool = self._pool_cls(spec._cpp, [s._cpp for s in spec.env_specs])
        else:
            self._pool = self._pool_cls(spec._cpp)
        _OPEN_POOLS.add(self)
        self.num_envs: int = spec.config.num_envs
        self.batch_size: int = spec.config.batch_size
        self.is_async = self.batch_size < self.num_envs
        self._all_ids = np.arange(self.num_envs, dtype=np.int32)
        self._all_ids.flags.writeable = False
        self._last_ids: np.ndarray | None = None if self.is_async else self._all_ids
        self._action_keys = list(spec.action_array_spec)
        self._closed = False
        # Each env's seed: the pool's, until reset(seed=...) gives it another.
        env_seeds = spec.config.env_seeds
        self._seeds: list[int] = (
            [int(s) for s in env_seeds] if env_seeds else [int(spec.config.seed) + i for i in range(self.num_envs)]
        )
        # For reset(options={"reset_mask": ...}), which returns every env's row:
        # the last batch that covered every env (or a fold of several), the
        # envs it lacks, and the partial batches since.
        self._keeps_last_rows = False
        self._base: tuple | None = None
        self._base_missing: np.ndarray | None = None
        self._partials: list[tuple] = []
        self._render_options = RenderOptions()
        # "rgb_array" if the pool was made with render_mode="rgb_array", else None.
        self.render_mode: str | None = None

        keys: list[str] = list(self._pool._state_keys)
        where = {k: i for i, k in enumerate(keys)}
        self._reward_i = where["reward"]
        self._done_i = where["done"]
        self._terminated_i = where["terminated"]
        self._truncated_i = where["truncated"]
        self._discount_i = where["discount"]
        self._step_type_i = where["step_type"]
        self._env_id_i = where["info:env_id"]
        self._players_i = where["info:players.env_id"]
        self._elapsed_i = where["info:elapsed_step"]
        obs_keys = spec.obs_keys
        roles = spec.field_roles()
        self._single_obs_i = where["obs"] if obs_keys == ["obs"] else None
        self._obs_items = [(roles[k].name, where[k]) for k in obs_keys]
        # A Dict of Dicts (a goal env's goals by task: "achieved_goal.kettle").
        self._nested_obs = any("." in name for name, _ in self._obs_items)
        # The env's own info fields (EnvPool's env_id, players and elapsed_step, which
        # every env has, get their own layout in `info`).
        self._info_items = [(roles[k].name, where[k]) for k in keys if roles[k].role == "info"]
        # Same-step autoreset: the "final" copies follow the state fields.
        final_keys = list(self._pool._final_keys)
        self.same_step = bool(final_keys)
        base = len(keys)
        self._final_obs_items = [(roles[k].name, base + j) for j, k in enumerate(final_keys) if roles[k].role == "obs"]
        self._final_info_items = [
            (roles[k].name, base + j) for j, k in enumerate(final_keys) if roles[k].role in ("info", "pool_info")
        ]

    # ------------------------------------------------------------------ input

    def _action_fields(self, action: Any) -> tuple[tuple, Any, Any]:
        """(fields in declaration order, env_id from a dict, players.env_id)."""
        if isinstance(action, dict):
            missing = [k for k in self._action_keys if k not in action]
            if missing:
                raise ValueError(f"action: missing keys {missing}; this env takes {self._action_keys}")
            fields = tuple(action[k] for k in self._action_keys)
            return fields, action.get("env_id"), action.get("players.env_id")
        if len(self._action_keys) != 1:
            raise TypeError(f"action: this env takes a dict with keys {self._action_keys}")
        # An array of rows, the step path, costs one type check and one attribute read.
        if self._scalar_action_is_type_error and not (type(action) is np.ndarray and action.ndim):
            check_not_scalar(action)
        return (action,), None, None

    def _env_ids(self, env_id: Any) -> Any:
        if env_id is None:
            if self._last_ids is None:
                raise RuntimeError("env_id: none given and no batch received yet; call async_reset() and recv() first")
            return self._last_ids
        return _id_array(env_id, "env_id")

    def _players(self, players: Any, ids: Any) -> Any:
        """players.env_id: as given, else every player of every env in `ids` (one action row
        per player, env by env), as a multi-player env's observation rows come."""
        if players is not None:
            return _id_array(players, "players.env_id")
        if self.env_spec.config.max_num_players == 1:
            return None
        return np.repeat(np.asarray(ids), self.env_spec.config.max_num_players)

    # What a call on a closed pool raises: a RuntimeError (EnvPool's), which
    # the gymnasium flavour makes a gymnasium ClosedEnvironmentError too.
    _closed_error: type[Exception] = RuntimeError

    def _check_open(self) -> None:
        if self._closed:
            # The C++ pool's own message (core/async_env_pool.h), as its calls raise it.
            raise self._closed_error(self._pool._closed_message)

    # ---------------------------------------------------------------- batches

    def _without_unit_dims(self, fields: tuple, ids: Any, players: Any) -> tuple | None:
        """`fields` with extra (or missing) dimensions of size 1 after the rows dropped (or added)
        to make each the shape the C++ pool takes, as EnvPool takes the same data in either
        shape (its C++ pool reads the rows' values): (1, 1, 1) for one env of a (1,)-shaped
        space. None when no field could be reshaped so. Only called after the C++ pool
        refused the action, so the step path pays nothing for it."""
        if not self._reshapes_unit_dims:
            return None
        reshaped = []
        changed = False
        for field, spec in zip(fields, self.env_spec.action_array_spec.values(), strict=True):
            rows = len(players) if spec.per_player and players is not None else len(ids)
            expected = (rows, *spec.shape)
            try:
                value = np.asarray(field)
            except (ValueError, TypeError):  # ragged: the C++ pool's own error stands
                return None
            # One row per env still: only the dimensions after the rows may differ.
            if value.ndim and value.shape[0] == rows and value.shape != expected:
                if [d for d in value.shape[1:] if d != 1] == [d for d in spec.shape if d != 1]:
                    value = value.reshape(expected)
                    changed = True
            reshaped.append(value)
        return tuple(reshaped) if changed else None

    def _act(self, call: Callable[[tuple, Any, Any], Any], action: Any, env_id: Any) -> tuple[Any, Any]:
        """`call(fields, ids, players)` (the C++ pool's _send or _step) with `action` for `env_id`;
        returns (its result, the ids). A refused action is tried once more reshaped, where
        only unit dimensions differ (_without_unit_dims)."""
        self._check_open()
        fields, dict_ids, players = self._action_fields(action)
        ids = self._env_ids(env_id if env_id is not None else dict_ids)
        players = self._players(players, ids)
        try:
            return call(fields, ids, players), ids
        except ValueError:
            reshaped = self._without_unit_dims(fields, ids, players)
            if reshaped is None:
                raise
            return call(reshaped, ids, players), ids

    def _send_raw(self, action: Any, env_id: Any) -> None:
        self._act(self._pool._send, action, env_id)

    def _step_raw(self, action: Any, env_id: Any) -> tuple:
        out, ids = self._act(self._pool._step, action, env_id)
        if self.is_async:
            self._last_ids = out[self._env_id_i]
        if self._keeps_last_rows:
            self._keep(out, full=ids is self._all_ids)
        return out

    def _recv_raw(self, timeout: Any = None) -> tuple:
        self._check_open()
        out = self._pool._recv() if timeout is None else self._pool._recv(check_timeout(timeout))
        if self.is_async:
            self._last_ids = out[self._env_id_i]
        if self._keeps_last_rows:  # sync mode: send()/async_reset() + recv(), reset()
            ids = out[self._env_id_i]
            self._keep(out, full=len(ids) == self.num_envs and np.array_equal(ids, self._all_ids))
        return out

    def _reset_raw(self, env_id: Any, seed: Any = None) -> tuple:
        self._check_open()
        ids = None if env_id is None else self._env_ids(env_id)
        self._start_reset(ids, seed)
        return self._recv_raw()

    def _start_reset(self, ids: Any, seed: Any) -> None:
        """Queues the reset of `ids` (every env if None), re-seeding them as `seed` says."""
        targets = self._all_ids if ids is None else np.asarray(ids)
        seeds = self._reset_seeds(seed, targets)
        self._pool._reset(ids, seeds)
        if seeds is not None:
            for env, new in zip(targets.tolist(), seeds, strict=True):
                if new is not None:
                    self._seeds[env] = new

    def _reset_seeds(self, seed: Any, targets: np.ndarray) -> list[int | None] | None:
        """The new seed of each env in `targets` (None: it keeps its generator), from reset(seed=...).

        As gymnasium's vector envs: an int s gives env i the seed s + i (as make(seed=s) does),
        a list gives one seed (or None) per env of the pool; only the envs reset take theirs.
        """
        if seed is None:
            return None
        # The env ids first (the C++ pool's rule): a bad one is the fault, not the seed it would get.
        self._pool._check_env_ids(targets)
        if isinstance(seed, np.ndarray) and seed.ndim == 0:
            seed = seed.item()
        if is_bool(seed):
            raise TypeError("seed: expected an int, a list of one int (or None) per env, or None; got bool")
        if isinstance(seed, (int, np.integer)):
            chosen: list[int | None] = [int(seed) + int(i) for i in targets.tolist()]
        elif isinstance(seed, (list, tuple, np.ndarray)):
            per_env = list(seed)
            if len(per_env) != self.num_envs:
                raise ValueError(
                    f"seed: a list must have one seed per env of the pool ({self.num_envs}), got {len(per_env)}"
                )
            for s in per_env:
                if s is not None and (is_bool(s) or not isinstance(s, (int, np.integer))):
                    raise TypeError(f"seed: expected each entry to be an int or None, got {type(s).__name__} {s!r}")
            chosen = [None if per_env[i] is None else int(per_env[i]) for i in targets.tolist()]
        else:
            raise TypeError(
                f"seed: expected an int, a list of one int (or None) per env, or None; got {type(seed).__name__}"
            )
        # This layer owns the seeds' int32 range: it works them out (s + i), so its message
        # can name the env; the C++ binding only converts them.
        for env, s in zip(targets.tolist(), chosen, strict=True):
            if s is not None and not INT32_MIN <= s <= INT32_MAX:
                raise ValueError(f"seed: env {env} would get seed {s}, outside int32 [{INT32_MIN}, {INT32_MAX}]")
        return chosen

    # ---------------------------------------------------- every env's last row

    def _keep(self, out: tuple, full: bool) -> None:
        """Remembers `out` as the latest rows of its envs (sync mode, one player per env).

        A full batch (row i: env i) is kept as it is, without a copy; partial
        batches pile up until there are too many, then fold into a copy.
        """
        if full:
            self._base, self._base_missing = out, None
            if self._partials:
                self._partials.clear()
            return
        self._partials.append(out)
        if len(self._partials) > _MAX_PARTIAL_BATCHES:
            self._base, self._base_missing = self._fold()
            self._partials.clear()

    def _fold(self) -> tuple[tuple, np.ndarray | None]:
        """(one full batch of every env's latest row, mask of envs with no row yet or None)."""
        if self._base is None:
            like = self._partials[0]
            merged = tuple(np.zeros((self.num_envs, *a.shape[1:]), dtype=a.dtype) for a in like)
            missing: np.ndarray | None = np.ones(self.num_envs, dtype=np.bool_)
        else:
            merged = tuple(np.array(a, copy=True) for a in self._base)
            missing = None if self._base_missing is None else self._base_missing.copy()
        for out in self._partials:
            rows = out[self._env_id_i]
            for whole, part in zip(merged, out, strict=True):
                whole[rows] = part
            if missing is not None:
                missing[rows] = False
        if missing is not None and not missing.any():
            missing = None
        return merged, missing

    def _never_run(self, mask: np.ndarray) -> np.ndarray:
        """The ids of the envs outside `mask` that have returned no result yet."""
        if self._base is not None and self._base_missing is None:
            return np.zeros(0, dtype=np.int64)
        missing = ~mask if self._base is None else self._base_missing & ~mask
        for out in self._partials:
            missing[out[self._env_id_i]] = False
        return np.flatnonzero(missing)

    def async_reset(self, seed: Any = None) -> None:
        """Starts resetting every env (re-seeded first if `seed` is given, as in reset());
        collect the results with recv()."""
        self._check_open()
        self._start_reset(None, seed)

    # --------------------------------------------------------------- outputs

    def _reward(self, out: tuple) -> Any:
        """The batch's rewards in the flavour's dtype (a copy of a few bytes per env when cast)."""
        reward = out[self._reward_i]
        return reward if self._reward_dtype is None else reward.astype(self._reward_dtype)

    def _obs(self, out: tuple) -> Any:
        if self._single_obs_i is not None:
            return out[self._single_obs_i]
        return self._obs_dict(self._obs_items, out)

    def _obs_dict(self, items: list[tuple[str, int]], out: tuple, rows: Any = None) -> dict[str, Any]:
        """The Dict observation of the fields `items` (name, index into `out`), at `rows` (all: None)."""
        if rows is None and not self._nested_obs:  # the step path's common case
            return {name: out[i] for name, i in items}
        pairs = ((name, out[i] if rows is None else out[i][rows]) for name, i in items)
        return nested_dict(pairs) if self._nested_obs else dict(pairs)

    def _info(self, out: tuple) -> dict[str, Any]:
        info: dict[str, Any] = {
            "env_id": out[self._env_id_i],
            "players": {"env_id": out[self._players_i]},
            "elapsed_step": out[self._elapsed_i],
        }
        for name, i in self._info_items:
            info[name] = out[i]
        if self.same_step:
            done = out[self._done_i]
            finals = self._final_obs_items
            info["final_obs"] = out[finals[0][1]] if self._single_obs_i is not None else self._obs_dict(finals, out)
            info["_final_obs"] = done
            final = {n: out[i] for n, i in self._final_info_items}
            final_info = {
                "env_id": final.pop("env_id"),
                "players": {"env_id": final.pop("players.env_id")},
                "elapsed_step": final.pop("elapsed_step"),
            }
            final_info.update(final)
            info["final_info"] = final_info
            info["_final_info"] = done
        return info

    def _five_tuple(
        self, out: tuple, **info_options: Any
    ) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """`info_options`: passed to the flavour's `_info` (the gymnasium flavour's layout choices)."""
        return (
            self._obs(out),
            self._reward(out),
            out[self._terminated_i],
            out[self._truncated_i],
            self._info(out, **info_options),
        )

    # -------------------------------------------------------------- render

    @property
    def _renders(self) -> bool:
        """Whether this pool's envs can draw frames (a pool without a C++ pool of its own cannot)."""
        return bool(getattr(self._pool, "_renders", False))

    def _render_metadata(self) -> dict[str, Any]:
        """gymnasium's rendering keys of `metadata`, for the flavours that have one:
        render_modes, and render_fps where the task declares it."""
        metadata: dict[str, Any] = {"render_modes": ["rgb_array"] if self._renders else []}
        if self.env_spec.render_fps is not None:
            metadata["render_fps"] = self.env_spec.render_fps
        return metadata

    def _set_render_options(self, options: RenderOptions) -> None:
        """make()'s rendering options, checked (as far as the family can tell without rendering)."""
        if not 0 <= options.env_id < self.num_envs:
            raise ValueError(f"render_env_id: expected an env id in [0, {self.num_envs}), got {options.env_id}")
        if options.mode is not None or options != RenderOptions(options.mode, options.env_id):
            if not self._renders:
                keys = "render_width, render_height, render_camera_id"
                raise ValueError(f"{keys}: {type(self).__name__} does not render")
            self._pool._check_render(options.height, options.width, options.camera_id)
        self._render_options = options
        self.render_mode = options.mode

    def render(self, env_ids: Any = None, camera_id: int | None = None) -> np.ndarray:
        """The frames of the envs `env_ids` (default: render_env_id) as a uint8 array (n, height, width, 3).

        Each env renders its current state in a worker thread (EnvPool's
        render(); docs/rendering.md). `camera_id` overrides render_camera_id.
        """
        self._check_open()
        options = self._render_options
        if options.mode is None:
            raise RuntimeError("render(): this pool was made without render_mode; make it with render_mode='rgb_array'")
        if env_ids is None:
            ids: Any = np.array([options.env_id], dtype=np.int32)
        else:
            ids = self._env_ids(env_ids)
        camera_id = options.camera_id if camera_id is None else check_int("camera_id", camera_id)
        return self._pool._render(ids, options.height, options.width, camera_id)

    # ------------------------------------------------------------ attributes

    @property
    def all_env_ids(self) -> np.ndarray:
        """EnvPool's: every env id, `np.arange(num_envs, dtype=np.int32)`."""
        return self._all_ids

    def seed(self, seed: int | list[int] | None = None) -> None:
        """EnvPool's abandoned `seed()`: warns and changes nothing, as EnvPool's does. Seed a
        pool with make(..., seed=s), or re-seed envs with reset(seed=s)."""
        warnings.warn(
            "seed(): a pool's seeds are set by make(..., seed=...) and reset(seed=...); seed() changes nothing "
            "(as EnvPool's)",
            UserWarning,
            stacklevel=2,
        )

    @property
    def np_random_seed(self) -> tuple[int, ...]:
        """The seed each env's generator started from: the pool's, or the last one
        reset(seed=...) gave it (a tuple, as gymnasium's SyncVectorEnv reports it)."""
        return tuple(self._seeds)

    # ------------------------------------------------------------------ XLA

    def xla(self) -> Any:
        """EnvPool's XLA interface: `handle, recv, send, step = env.xla()`, for `jax.jit`.

        `send(handle, action, env_id=None)` returns a new handle; `recv(handle)` and
        `step(handle, action, env_id=None)` return `(handle, result)`, the result as this
        pool's `recv()` gives it, of jax arrays. Thread the handle through every call (a
        `lax.fori_loop` / `lax.scan` carry). Details: docs/api.md, "XLA".

        Raises:
          RuntimeError: jax is not installed, or this build has no XLA module.
          ValueError: a multi-player pool.
        """
        if _xla_builder is None:  # `import parallel_pool` imports parallel_pool.xla, which sets it
            raise RuntimeError("xla(): parallel_pool.xla is not loaded; import parallel_pool first")
        hooks = XlaHooks(
            check_open=self._check_open,
            port=lambda: int(self._pool._xla_port()),
            result_keys=list(self._pool._state_keys) + list(self._pool._final_keys),
            action_keys=list(self._action_keys),
            action_fields=self._action_fields,
            result=self._traced_result,
        )
        return _xla_builder(self, hooks)

    def _traced_result(self, out: tuple) -> Any:
        """recv()'s result from a flat tuple of traced arrays (env.xla()); each flavour's own."""
        return self._five_tuple(out)

    # ------------------------------------------------------------- lifecycle

    def close(self) -> None:
        """Stops the pool; idempotent. Work still queued is dropped, the worker threads
        finish the env they run and exit, and the envs are destroyed. A thread waiting in
        recv() or step() raises RuntimeError("pool closed ..."); so does every later call."""
        if not self._closed:
            self._closed = True
            self._pool._close()
            self._base = None
            self._partials.clear()

    def __len__(self) -> int:
        return self.num_envs

    def __repr__(self) -> str:
        cfg = self.config
        return (
            f"{type(self).__name__}(num_envs={cfg.num_envs}, batch_size={cfg.batch_size}, "
            f"num_threads={cfg.num_threads}, seed={cfg.seed})"
        )

    # gym.Env's own __str__ reads spec.id, which a pool's spec has not (EnvPool's
    # documented `print(env)` must work in every flavour).
    __str__ = __repr__


class FiveTuplePool(PoolBase):
    """The gym 0.26 / gymnasium results: `(obs, reward, terminated, truncated, info)`."""

    def step(self, action: Any, env_id: Any = None) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict]:
        """Steps the envs `env_id` and returns their results, in the order of `env_id`.

        Args:
          action: one row per env stepped: an array of shape `(len(env_id), *action_shape)`
            (int32 for a discrete action; other integer dtypes are cast if in range;
            float32 or float64 per the task's space), or a dict of such arrays for an
            env with several action fields.
          env_id: int array of env ids; default all envs (sync mode) or the envs of the
            last batch received (async mode).

        Returns:
          `(obs, reward, terminated, truncated, info)`, each with one row per env stepped
          (one per player with `max_num_players > 1`): `obs` of the observation
          space's shape and dtype (a dict of arrays for a Dict space), `reward` float32
          (EnvPool's; float64 in `make_vec`'s pools, as gymnasium's vector envs give it),
          `terminated` and `truncated` bool, `info` a dict
          of arrays (`env_id` int32, `elapsed_step` int32, `players` {"env_id"}, the
          task's own fields). The arrays are views of a batch buffer that is never
          written again.

        Raises:
          ValueError: an action of the wrong shape, a discrete action out of range, a
            NaN, an `env_id` out of range, repeated or still running.
          TypeError: an action dtype that same-kind casting forbids, a non-integer `env_id`.
          RuntimeError: an exception inside an env (its message starts with `env <id>:`),
            or a closed pool.
        """
        return self._five_tuple(self._step_raw(action, env_id))

    def send(self, action: Any, env_id: Any = None) -> None:
        """Starts stepping the envs `env_id` with `action` (as for `step`) and returns at once.

        Collect the results with `recv()`. Raises as `step` for bad input.
        """
        self._send_raw(action, env_id)

    def recv(self, timeout: float | None = None) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict]:
        """The next `batch_size` results, as `step` returns them.

        In async mode (`batch_size < num_envs`) the rows are the envs that finished
        first; `info["env_id"]` says which. `timeout`: seconds to wait for the batch
        (0: only if it is ready now); None waits as long as it takes.

        Raises:
          TimeoutError: no batch was ready within `timeout`. Nothing is lost: the envs
            go on running and the next recv() returns their batch.
          RuntimeError: nothing in flight, or fewer envs in flight than `batch_size`
            (it would wait forever); an exception inside an env; a closed pool.
          TypeError, ValueError: a `timeout` that is not None or a finite number >= 0.
        """
        return self._five_tuple(self._recv_raw(timeout))
