"""PoolBase: what the gym, gymnasium and dm_env flavours share.

The C++ pool returns one flat tuple of numpy arrays per batch (state fields
in declaration order, then the same-step "final" fields). Index positions
are worked out once here, so the step path does no key lookups.
"""

from __future__ import annotations

import atexit
import weakref
from typing import Any, ClassVar

import numpy as np

from parallel_pool.python.spec import EnvSpec, obs_name

# What every call on a closed pool raises (the C++ pool says the same).
_CLOSED = "pool closed: close() was called on this pool; make a new one"

# Pools still open at interpreter exit are closed first, while the interpreter is whole
# (also those a reference cycle or a leak would keep): queued work is dropped, and no
# worker thread runs into the exit (docs/reliability.md).
_OPEN_POOLS: weakref.WeakSet[PoolBase] = weakref.WeakSet()


@atexit.register
def _close_open_pools() -> None:
    for pool in list(_OPEN_POOLS):
        pool.close()


# Info fields every env has; they get EnvPool's layout in `info`.
_COMMON_INFO = ("info:env_id", "info:players.env_id", "info:elapsed_step")
# Partial batches kept for reset_mask before they are folded into one full batch.
_MAX_PARTIAL_BATCHES = 16


def _id_array(ids: Any, what: str) -> np.ndarray:
    """`ids` (an int, a sequence or an array of ints) as a 1-D integer array; errors name `what`."""
    if isinstance(ids, (bool, np.bool_)):
        raise TypeError(f"{what}: expected int or array of int, got bool")
    if not isinstance(ids, np.ndarray) or ids.ndim != 1:
        try:
            ids = np.atleast_1d(np.asarray(ids))
        except (ValueError, TypeError) as error:  # a ragged list, ...
            raise ValueError(f"{what}: expected a 1-D array of env ids ({error})") from None
        if ids.ndim != 1:
            raise ValueError(f"{what}: expected a 1-D array of env ids, got shape {ids.shape}")
    # Before the dtype check: np.asarray([]) is float64. An empty selection would
    # mean "every env" to the C++ reset, so it is refused (as it is by send/step).
    if ids.size == 0:
        raise ValueError(f"{what}: no env given (an empty selection); leave it out to name every env")
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

    def __init__(self, spec: EnvSpec) -> None:
        if not isinstance(spec, self._spec_cls):
            raise TypeError(f"spec: expected a {self._spec_cls.__name__}, got {type(spec).__name__}")
        self.spec = spec
        self.config = Config(spec.config._asdict())
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
        # For reset(options={"reset_mask": ...}), which returns every env's row:
        # the last batch that covered every env (or a fold of several), the
        # envs it lacks, and the partial batches since.
        self._keeps_last_rows = False
        self._base: tuple | None = None
        self._base_missing: np.ndarray | None = None
        self._partials: list[tuple] = []

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
        self._single_obs_i = where["obs"] if obs_keys == ["obs"] else None
        self._obs_items = [(obs_name(k), where[k]) for k in obs_keys]
        self._info_items = [(obs_name(k), where[k]) for k in keys if k.startswith("info:") and k not in _COMMON_INFO]
        # Same-step autoreset: the "final" copies follow the state fields.
        final_keys = list(self._pool._final_keys)
        self.same_step = bool(final_keys)
        base = len(keys)
        self._final_obs_items = [(obs_name(k), base + j) for j, k in enumerate(final_keys) if not k.startswith("info:")]
        self._final_info_items = [(obs_name(k), base + j) for j, k in enumerate(final_keys) if k.startswith("info:")]

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
        if self.spec.config.max_num_players == 1:
            return None
        return np.repeat(np.asarray(ids), self.spec.config.max_num_players)

    def _check_open(self) -> None:
        if self._closed:
            raise RuntimeError(_CLOSED)

    # ---------------------------------------------------------------- batches

    def _send_raw(self, action: Any, env_id: Any) -> None:
        self._check_open()
        fields, dict_ids, players = self._action_fields(action)
        ids = self._env_ids(env_id if env_id is not None else dict_ids)
        self._pool._send(fields, ids, self._players(players, ids))

    def _step_raw(self, action: Any, env_id: Any) -> tuple:
        self._check_open()
        fields, dict_ids, players = self._action_fields(action)
        ids = self._env_ids(env_id if env_id is not None else dict_ids)
        out = self._pool._step(fields, ids, self._players(players, ids))
        if self.is_async:
            self._last_ids = out[self._env_id_i]
        if self._keeps_last_rows:
            self._keep(out, full=ids is self._all_ids)
        return out

    def _recv_raw(self) -> tuple:
        self._check_open()
        out = self._pool._recv()
        if self.is_async:
            self._last_ids = out[self._env_id_i]
        if self._keeps_last_rows:  # sync mode: send()/async_reset() + recv(), reset()
            ids = out[self._env_id_i]
            self._keep(out, full=len(ids) == self.num_envs and np.array_equal(ids, self._all_ids))
        return out

    def _reset_raw(self, env_id: Any) -> tuple:
        self._check_open()
        ids = None if env_id is None else self._env_ids(env_id)
        self._pool._reset(ids)
        return self._recv_raw()

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

    def async_reset(self) -> None:
        """Starts resetting every env; collect the results with recv()."""
        self._check_open()
        self._pool._reset(None)

    # --------------------------------------------------------------- outputs

    def _obs(self, out: tuple) -> Any:
        if self._single_obs_i is not None:
            return out[self._single_obs_i]
        return {name: out[i] for name, i in self._obs_items}

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
            info["final_obs"] = out[finals[0][1]] if self._single_obs_i is not None else {n: out[i] for n, i in finals}
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

    def _five_tuple(self, out: tuple) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        return (
            self._obs(out),
            out[self._reward_i],
            out[self._terminated_i],
            out[self._truncated_i],
            self._info(out),
        )

    # ------------------------------------------------------------ attributes

    @property
    def all_env_ids(self) -> np.ndarray:
        """EnvPool's: every env id, `np.arange(num_envs, dtype=np.int32)`."""
        return self._all_ids

    @property
    def np_random_seed(self) -> tuple[int, ...]:
        """The seed of each env (a tuple, as gymnasium's SyncVectorEnv reports it)."""
        seeds = self.config["env_seeds"]
        if seeds:
            return tuple(int(s) for s in seeds)
        return tuple(int(self.config["seed"]) + i for i in range(self.num_envs))

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


class FiveTuplePool(PoolBase):
    """The gym 0.26 / gymnasium results: `(obs, reward, terminated, truncated, info)`."""

    def step(self, action: Any, env_id: Any = None) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict]:
        """Steps the envs `env_id` (default: all, or the last batch in async mode)."""
        return self._five_tuple(self._step_raw(action, env_id))

    def send(self, action: Any, env_id: Any = None) -> None:
        """Starts stepping the envs `env_id`; collect the results with recv()."""
        self._send_raw(action, env_id)

    def recv(self) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict]:
        """The next batch of results."""
        return self._five_tuple(self._recv_raw())
