"""Runs one fuzz case (fuzz_cases.py) in this process and checks its properties.

The properties (docs/reliability.md, "Fuzzing"):
  - a rejected config or call raises ValueError or TypeError whose message
    names the argument at fault (a config key the case passed; 'action',
    'env_id', 'players.env_id', 'seed', 'options', 'reset_mask'); a call the
    pool's state does not allow (recv() with nothing running, any call after
    close()) raises RuntimeError saying so;
  - a valid call succeeds: validity is decided here, independently of the
    pool, by numpy's casting rules and the declared specs, and the pool's
    state (envs in flight, finished episodes) is tracked by a model;
  - an accepted call returns arrays of the declared shapes and dtypes, rows
    for the envs expected (in order, in sync mode), a reset row at step 0;
  - closing the pool leaves no thread, child process or file descriptor behind.
Crashes and hangs are the supervisor's to see (fuzz_worker.py, fuzz_driver.py).
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import parallel_pool
from reliability import fuzz_cases

# The wall time one ("run", n) of valid calls may take. A pool that renders every step in
# software (from_pixels under swrast) steps in about 0.3 s: a run of 1000 such steps took 6
# minutes, and dm_control's 50 cases 21 of a 30-minute fuzz-long (the other families'
# 11,000 cases shared the rest).
RUN_BUDGET_S = 20.0

# RuntimeErrors a call may raise because of the pool's state, not its arguments.
_STATE_ERRORS = ("pool closed", "recv(): ", "env_id: none given")
_ENV_ERROR = re.compile(r"^env \d+: ")
# EnvPool's info keys, which SyncVectorEnv's calls of the gymnasium flavour leave out.
POOL_KEYS = {"env_id", "players", "elapsed_step"}
# A family whose env raises on an unstable simulation (dm_control's PhysicsError).
_UNSTABLE_FAMILIES = ("dm_control",)
# "gymnasium" is the VectorEnv contract (make_vec), which the oracle models; EnvPool's
# make_gymnasium shares the gym flavour's layout, which "gym" fuzzes.
_MAKERS = {"gymnasium": "make_vec", "gym": "make_gym", "dm": "make_dm"}


class Violation(Exception):
    """A property does not hold; the message says which and how."""


class StopCase(Exception):
    """The model lost track of the pool's state (after an env error): the case ends there."""


# ----------------------------------------------------------------- values


def value(recipe: Any, num_envs: int = 1) -> Any:
    """A config value from its recipe: tags become the objects they stand for."""
    if isinstance(recipe, tuple) and recipe and isinstance(recipe[0], str):
        tag, *rest = recipe
        if tag == "float":
            return float(rest[0])
        if tag == "dict":
            return dict(rest[0])
        if tag == "object":
            return object()
        if tag == "ndarray":
            return np.array(rest[0], dtype=rest[1])
        if tag == "np_bool":
            return np.bool_(rest[0])
        if tag == "list":
            return list(rest[0])
        if tag == "rel":
            return num_envs + rest[0] if isinstance(num_envs, int) else rest[0]
        if tag == "quarters":
            return max(1, num_envs * rest[0] // 4) if isinstance(num_envs, int) else rest[0]
        if tag == "seeds":
            return list(range(max(0, _int_or(num_envs, 1) + rest[0])))
        if tag == "per_env":  # one value per env (num_envs + delta of them), from recipes in turn
            recipes, delta = rest
            count = max(0, _int_or(num_envs, 1) + delta)
            return [value(recipes[i % len(recipes)], num_envs) for i in range(min(count, 4096))]
        if tag == "seed_array":
            return np.arange(min(_int_or(num_envs, 1), 4096)).astype(rest[0])
    if isinstance(recipe, tuple):
        return tuple(value(v, num_envs) for v in recipe)
    return recipe


_INT32 = (-(2**31), 2**31 - 1)


class BadSeed:
    """seed_outcome's answer for a seed reset() must refuse."""


BAD_SEED = BadSeed()


def seed_value(recipe: Any, num_envs: int) -> Any:
    """The reset(seed=...) argument a recipe (fuzz_cases.reset_seeds) stands for."""
    if isinstance(recipe, tuple) and recipe and recipe[0] == "per_env":
        _, d, form = recipe
        seeds: list[Any] = list(range(7, 7 + max(0, num_envs + d)))
        if form == "tuple":
            return tuple(seeds)
        if form in ("int64", "uint32"):
            return np.array(seeds, dtype=form)
        if form == "2d":
            return np.array(seeds, dtype=np.int64)[None]
        if seeds:
            last = {"with_none": None, "big": 2**31, "float": 1.0, "str": "1", "bool": True}.get(form, seeds[-1])
            seeds[-1] = last
        return seeds
    if isinstance(recipe, tuple) and recipe and recipe[0] == "np_seed":
        kind = recipe[1]
        if kind == "0d":
            return np.array(5)
        if kind == "0d_float":
            return np.array(5.0)
        return np.dtype(kind).type(5)
    return value(recipe)


def seed_outcome(seed: Any, targets: np.ndarray, num_envs: int) -> list[int | None] | BadSeed | None:
    """What reset(env_id=targets, seed=seed) must do (docs/api.md): the new seed of each env
    reset (None: it keeps its stream), None for no seed at all, or BAD_SEED for a seed to refuse
    (a ValueError or TypeError naming `seed`)."""
    if seed is None:
        return None
    if isinstance(seed, np.ndarray) and seed.ndim == 0:
        seed = seed.item()
    if isinstance(seed, (bool, np.bool_)):
        return BAD_SEED
    if isinstance(seed, (int, np.integer)):
        chosen: list[int | None] = [int(seed) + int(i) for i in targets]
    elif isinstance(seed, (list, tuple, np.ndarray)):
        entries = list(seed)
        if len(entries) != num_envs:
            return BAD_SEED
        for e in entries:
            if e is not None and (isinstance(e, (bool, np.bool_)) or not isinstance(e, (int, np.integer))):
                return BAD_SEED
        chosen = [None if entries[i] is None else int(entries[i]) for i in targets]
    else:
        return BAD_SEED
    # Only the envs reset take (and so check) their seed.
    if any(c is not None and not _INT32[0] <= c <= _INT32[1] for c in chosen):
        return BAD_SEED
    return chosen


def same_obs(a: Any, b: Any) -> bool:
    """Whether two observations (arrays, dicts or namedtuples of arrays) are equal, NaN included."""
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(same_obs(a[k], b[k]) for k in a)
    if isinstance(a, tuple):
        return isinstance(b, tuple) and len(a) == len(b) and all(same_obs(x, y) for x, y in zip(a, b, strict=True))
    a, b = np.asarray(a), np.asarray(b)
    return a.shape == b.shape and np.array_equal(a, b, equal_nan=a.dtype.kind == "f")


def _int_or(x: Any, default: int) -> int:
    return x if isinstance(x, int) and not isinstance(x, bool) and 0 < x <= 2**20 else default


def config_of(case: dict[str, Any]) -> dict[str, Any]:
    raw = case["config"]
    num_envs = raw.get("num_envs", 1)
    return {k: value(v, num_envs) for k, v in raw.items()}


def make_only(case: dict[str, Any]) -> bool:
    """A config whose steps would take hours (frame_skip=2**31-1): make and close only."""
    for key, v in case["config"].items():
        if key in fuzz_cases.COSTLY_INT_KEYS and isinstance(v, int) and v > 1000:
            return True
    return False


def names(message: str, *what: str) -> bool:
    return any(w in message for w in what)


# ------------------------------------------------------------------ model


class Model:
    """What the pool's state allows next: envs in flight, finished episodes, closed."""

    def __init__(self, env: Any, flavour: str) -> None:
        self.n = env.num_envs
        self.batch = env.batch_size
        self.is_async = self.batch < self.n
        self.flavour = flavour
        config = env.spec.config
        self.disabled = config.autoreset_mode == "disabled"
        self.same_step = config.autoreset_mode == "same_step"
        self.flying = np.zeros(self.n, dtype=bool)  # sent, not yet received
        self.count = 0  # of flying envs
        self.order: list[np.ndarray] = []  # sync mode: the ids sent since the last recv, in order
        self.last_ids: np.ndarray | None = None if self.is_async else np.arange(self.n)
        self.alive = np.zeros(self.n, dtype=bool)  # an episode is running
        # Whether an episode runs is unknown: a step row that came back from reset()
        # (gym and gymnasium's reset() return no terminated/truncated).
        self.unknown = np.zeros(self.n, dtype=bool)
        self.has_row = np.zeros(self.n, dtype=bool)  # returned a result (reset_mask needs it)
        self.resetting: set[int] = set()  # their next row is a reset's
        self.closed = False
        self.keeps_rows = flavour == "gymnasium" and not self.is_async
        # reset() / step() of every env here give SyncVectorEnv's info: no env_id,
        # players, elapsed_step (recv() and calls given env_id keep them).
        self.gymnasium_info = self.keeps_rows and env.spec.config.max_num_players == 1
        spec = env.spec
        self.obs_specs = [(k, k.split(":", 1)[-1], spec.state_array_spec[k]) for k in spec.obs_keys]
        self.single_obs = spec.obs_keys == ["obs"]

    def free(self) -> np.ndarray:
        """Envs a send may name."""
        mask = ~self.flying
        if self.disabled:
            mask &= self.alive & ~self.unknown
        return np.flatnonzero(mask)

    def not_in_flight(self) -> np.ndarray:
        return np.flatnonzero(~self.flying)

    def sendable(self, ids: np.ndarray, reset: bool) -> bool:
        if ids.size == 0 or ids.min() < 0 or ids.max() >= self.n:
            return False
        seen = np.zeros(self.n, dtype=bool)
        seen[ids] = True
        if int(seen.sum()) != ids.size or self.flying[ids].any():
            return False
        return reset or not self.disabled or bool(self.alive[ids].all())

    def uncertain(self, ids: np.ndarray | None, reset: bool) -> bool:
        """Whether the pool may refuse a send the model cannot judge (see `unknown`)."""
        if ids is None or reset or not self.disabled:
            return False
        return bool(self.unknown[ids[(ids >= 0) & (ids < self.n)]].any())

    def receivable(self, extra: int = 0) -> bool:
        pending = self.count + extra
        return pending > 0 and (not self.is_async or pending >= self.batch)

    def rows_due(self) -> int:
        return self.count if not self.is_async else self.batch

    def send(self, ids: np.ndarray) -> None:
        self.flying[ids] = True
        self.count += ids.size
        if not self.is_async:
            self.order.append(ids)


# ---------------------------------------------------------------- actions


def _action_specs(env: Any) -> dict[str, Any]:
    return env.spec.action_array_spec


def valid_fields(env: Any, rows: int, rng: np.random.Generator) -> dict[str, np.ndarray]:
    out = {}
    for key, s in _action_specs(env).items():
        shape = (rows, *s.shape)
        if s.dtype.kind in "iu":
            low, high = (s.low, s.high) if s.has_bounds else (0, 1)
            out[key] = rng.integers(np.asarray(low, dtype=np.int64), np.asarray(high, dtype=np.int64) + 1, size=shape)
            out[key] = out[key].astype(s.dtype)
        elif s.dtype.kind == "b":
            out[key] = rng.random(shape) < 0.5
        else:
            low = np.broadcast_to(np.asarray(s.low, dtype=np.float64), s.shape)
            high = np.broadcast_to(np.asarray(s.high, dtype=np.float64), s.shape)
            finite = np.isfinite(low) & np.isfinite(high)
            span = np.where(finite, high - low, 2.0)
            base = np.where(finite, low, -1.0)
            out[key] = (base + span * rng.random(shape)).astype(s.dtype)
    return out


def _form(arr: np.ndarray, form: str) -> Any:
    """A valid array passed another way (each must be accepted)."""
    if form == "list":
        return arr.tolist()
    if form == "noncontig":
        return np.repeat(arr, 2, axis=0)[::2] if arr.ndim else arr
    if form == "readonly":
        arr = arr.copy()
        arr.flags.writeable = False
        return arr
    if form == "fortran":
        return np.asfortranarray(arr)
    if form == "castable":
        if arr.dtype.kind in "iu":
            return arr.astype(np.int64 if arr.size == 0 or arr.min() < 0 or arr.max() > 255 else np.uint8)
        if arr.dtype.kind == "f":
            return arr.astype(np.float32 if arr.dtype == np.float64 else np.float64)
        return arr
    if form == "big_endian":
        return arr.astype(arr.dtype.newbyteorder(">"))
    if form == "tuple":
        return tuple(arr.tolist())
    if form == "int64":
        return arr.astype(np.int64)
    if form == "uint8":
        return arr.astype(np.uint8) if arr.size and arr.min() >= 0 and arr.max() < 256 else arr
    return arr


def _with_value(arr: np.ndarray, kind: str, spec: Any) -> Any:
    """`arr` with its first element replaced by an edge value (the dtype follows numpy)."""
    if arr.size == 0:
        return arr
    if kind in ("low-1", "high+1"):
        if not spec.has_bounds:
            return arr
        bound = np.asarray(spec.low if kind == "low-1" else spec.high, dtype=np.float64).flat[0]
        edge = bound - 1 if kind == "low-1" else bound + 1
        out = arr.astype(np.int64 if arr.dtype.kind in "iu" else arr.dtype)
        out.flat[0] = edge
        return out
    edges: dict[str, Any] = {
        "int32_min": np.int64(-(2**31)),
        "int32_max": np.int64(2**31 - 1),
        "2**31": np.int64(2**31),
        "2**40": np.int64(2**40),
        "2**63": np.uint64(2**63),
        "nan": np.nan,
        "nan_one": np.nan,
        "inf": np.inf,
        "-inf": -np.inf,
        "1e308": 1e308,
        "-1e308": -1e308,
        "subnormal": 5e-324,
        "-0.0": -0.0,
    }
    if kind == "2**70":
        values = arr.tolist()
        flat = values
        while isinstance(flat, list) and flat and isinstance(flat[0], list):
            flat = flat[0]
        flat[0] = 2**70
        return values
    edge = edges[kind]
    dtype = np.result_type(arr.dtype, np.asarray(edge).dtype)
    out = arr.astype(dtype)
    out.flat[0] = edge
    if kind in ("nan", "inf", "-inf"):
        out.flat[:] = edge
    return out


def _shape(arr: np.ndarray, kind: str) -> Any:
    if kind == "extra_dim":
        return arr[..., None]
    if kind == "drop_dim":
        return arr[0] if arr.shape[0] else arr[None]
    if kind == "transpose":
        return arr.T if arr.ndim >= 2 else arr[None]
    if kind == "scalar":
        return arr.flat[0].item() if arr.size else 0
    if kind == "0d":
        return np.array(arr.flat[0]) if arr.size else np.array(0)
    return arr.reshape(-1)


def _dtype(arr: np.ndarray, dtype: str) -> Any:
    if dtype == "str":
        return arr.astype(str)
    if dtype == "object":
        return arr.astype(object)
    return arr.astype(dtype)


def _other(kind: str, arr: np.ndarray) -> Any:
    if kind == "none":
        return None
    if kind == "str":
        return "0"
    if kind == "bytes":
        return b"\x00\x01"
    if kind == "ragged":
        return [[0], [0, 1]] if arr.ndim <= 1 or not arr.shape[0] else [arr[0].tolist(), []]
    if kind == "set":
        return {0}
    if kind == "generator":
        return (x for x in arr.tolist())
    return []


def build_action(recipe: tuple, env: Any, rows: int, rng: np.random.Generator, ids: Any) -> Any:
    """The action object a recipe stands for (a single array, or a dict for several fields)."""
    fields = valid_fields(env, rows, rng)
    keys = list(fields)
    kind = recipe[0]
    # One field is mutated (the first), the others stay valid.
    first = keys[0]
    arr = fields[first]
    spec = _action_specs(env)[first]
    if kind == "valid":
        fields = {k: _form(a, recipe[1]) for k, a in fields.items()}
    elif kind == "rows":
        n = max(0, rows + recipe[1])
        if n == rows:
            n = rows + 1
        fields[first] = valid_fields(env, n, rng)[first]
    elif kind == "shape":
        fields[first] = _shape(arr, recipe[1])
    elif kind == "dtype":
        fields[first] = _dtype(arr, recipe[1])
    elif kind == "value":
        fields[first] = _with_value(arr, recipe[1], spec)
    elif kind == "other":
        fields[first] = _other(recipe[1], arr)
    elif kind == "dict":
        action: dict[str, Any] = dict(fields)
        if recipe[1] == "missing":
            action.pop(first)
        elif recipe[1] == "extra":
            action["not_an_action_key"] = 1
        elif recipe[1] == "env_id":
            action["env_id"] = ids
        elif recipe[1] == "env_id_bad":
            action["env_id"] = "0"
        elif recipe[1] == "players":
            action["players.env_id"] = ids
        return action
    if len(keys) == 1:
        return fields[first]
    return fields


def field_ok(obj: Any, spec: Any, rows: int, unit_dims: bool = False) -> bool:
    """Whether the pool must accept `obj` for one action field (numpy's same_kind casting,
    the declared shape, integers that fit, no NaN, discrete values in bounds). `unit_dims`:
    EnvPool's entries also take one row per env whose shape differs from the declared one
    by dimensions of size 1 after the rows (make_vec's pools refuse them, as gymnasium's)."""
    if isinstance(obj, np.ndarray):
        arr = obj
    else:
        try:
            arr = np.asarray(obj)
        except (ValueError, TypeError):
            return False
    if arr.dtype.kind not in "biuf" or not np.can_cast(arr.dtype, spec.dtype, "same_kind"):
        return False
    if arr.shape != (rows, *spec.shape):
        if not (unit_dims and arr.ndim and arr.shape[0] == rows):
            return False
        if [d for d in arr.shape[1:] if d != 1] != [d for d in spec.shape if d != 1]:
            return False
    if arr.dtype.kind in "iu" and spec.dtype.kind in "iu" and arr.size:
        info = np.iinfo(spec.dtype)
        if int(arr.min()) < info.min or int(arr.max()) > info.max:
            return False
    with np.errstate(all="ignore"):
        cast = arr.astype(spec.dtype)
    if spec.dtype.kind == "f" and np.isnan(cast).any():
        return False
    if spec.dtype.kind in "iu" and spec.has_bounds and cast.size:
        low = np.broadcast_to(np.asarray(spec.low), spec.shape)
        high = np.broadcast_to(np.asarray(spec.high), spec.shape)
        if (cast < low).any() or (cast > high).any():
            return False
    return True


def extreme_floats(action: Any) -> bool:
    """Infinite or huge float actions: a simulation may go unstable (an env error)."""
    values = action.values() if isinstance(action, dict) else [action]
    for v in values:
        try:
            arr = np.asarray(v, dtype=np.float64)
        except (ValueError, TypeError):
            continue
        with np.errstate(all="ignore"):
            if not np.isfinite(arr).all() or (arr.size and not (np.abs(arr) < 1e6).all()):
                return True
    return False


# ---------------------------------------------------------------- env ids


def _pick(model: Model, rng: np.random.Generator, k: int | None = None) -> np.ndarray:
    pool = model.free()
    if model.is_async and model.last_ids is not None:
        is_free = np.zeros(model.n, dtype=bool)
        is_free[pool] = True
        preferred = model.last_ids[is_free[model.last_ids]]
        if preferred.size and k is None:
            return preferred
    if pool.size == 0:
        return pool
    if k is None:
        k = pool.size if not model.is_async else int(rng.integers(1, pool.size + 1))
    return np.sort(rng.choice(pool, size=min(k, pool.size), replace=False))


def build_ids(recipe: Any, model: Model, rng: np.random.Generator) -> tuple[Any, np.ndarray | None, bool]:
    """(the env_id argument, the ids it means if valid, whether it is valid)."""
    if recipe is None:
        if model.is_async:
            ids = model.last_ids
            return None, ids, ids is not None
        return None, np.arange(model.n), True
    kind = recipe[0]
    if kind in ("valid", "subset", "repeat"):
        ids = _pick(model, rng, None if kind == "valid" else recipe[1] if kind == "subset" else None)
        if kind == "repeat" and ids.size:
            ids = np.concatenate([ids, ids[:1]])
        arg = _form(ids.astype(np.int32), recipe[-1])
        return arg, ids, True  # the model decides (empty, repeated, in flight)
    if kind == "scalar":
        ids = _pick(model, rng, 1)
        i = int(ids[0]) if ids.size else 0
        arg = {"int": i, "np_int32": np.int32(i), "np_uint64": np.uint64(i), "0d": np.array(i)}[recipe[1]]
        return arg, np.array([i]), True
    if kind == "empty":
        return (np.zeros(0, dtype=np.int32) if recipe[1] == "c" else []), np.zeros(0, dtype=np.int64), True
    if kind == "out_of_range":
        bad = model.n if recipe[1] == "num_envs" else recipe[1]
        if abs(bad) >= 2**63:
            return [bad], None, False  # a Python int numpy keeps as an object
        return np.array([bad], dtype=np.int64), None, False
    if kind == "in_flight":
        if model.count:
            first = np.flatnonzero(model.flying)[:1]
            return first.astype(np.int32), first, True
        return np.zeros(1, dtype=np.int32), np.zeros(1, dtype=np.int64), True
    bad = {
        "float": 0.5,
        "float_array": np.zeros(1),
        "str": "0",
        "bytes": b"0",
        "bool": True,
        "np_bool": np.bool_(False),
        "2d": np.zeros((1, 1), dtype=np.int32),
        "object": np.array([0], dtype=object),
        "none_in_list": [None],
        "dict": {},
    }[recipe[1]]
    return bad, None, False


# ------------------------------------------------------------------ checks


def check_batch(env: Any, model: Model, out: Any, ids: np.ndarray | None, rows: int, reset_only: bool) -> np.ndarray:
    """Checks one result batch; returns its env ids."""
    obs_specs = model.obs_specs
    if model.flavour == "dm":
        obs_fields = out.observation._asdict()
        env_ids = obs_fields["env_id"]
        _check_array("step_type", out.step_type, np.int32, (rows,))
        _check_array("reward", out.reward, np.float32, (rows,))  # EnvPool's
        _check_array("discount", out.discount, np.float32, (rows,))
        if ((out.step_type < 0) | (out.step_type > 2)).any():
            raise Violation(f"step_type: values {out.step_type.tolist()} outside 0, 1, 2")
        done = out.step_type == 2
        first = out.step_type == 0
        obs = {key: obs_fields[name.replace(".", "_")] for key, name, _ in obs_specs}
        elapsed = obs_fields["elapsed_step"]
    else:
        if reset_only:
            ob, info = out
            reward = terminated = truncated = None
        else:
            ob, reward, terminated, truncated, info = out
            # float64 behind make_vec (SyncVectorEnv's), float32 in EnvPool's gym flavour.
            _check_array("reward", reward, np.float64 if model.flavour == "gymnasium" else np.float32, (rows,))
            _check_array("terminated", terminated, np.bool_, (rows,))
            _check_array("truncated", truncated, np.bool_, (rows,))
        if "env_id" not in info and model.flavour == "gymnasium":
            # SyncVectorEnv's info (reset() / step() of every env): the rows are every
            # env in order; the bookkeeping checks below run on recv() and env_id calls.
            if not model.gymnasium_info or ids is None or not np.array_equal(ids, np.arange(model.n)):
                raise Violation(f"info without env_id for rows {None if ids is None else ids.tolist()}")
            if POOL_KEYS & set(info):
                raise Violation(f"info has {sorted(POOL_KEYS & set(info))} but no env_id")
            env_ids, elapsed = ids.astype(np.int32), None
        else:
            env_ids = info["env_id"]
            elapsed = info["elapsed_step"]
            _check_array("info['players']['env_id']", info["players"]["env_id"], np.int32, (rows,))
        obs = {"obs": ob} if model.single_obs else {key: ob[name] for key, name, _ in obs_specs}
        done = (
            np.zeros(rows, dtype=bool)
            if terminated is None
            else np.asarray(terminated, dtype=bool) | np.asarray(truncated, dtype=bool)
        )
        first = None if elapsed is None else elapsed == 0
        if model.flavour == "gymnasium":
            _check_masks(info, rows)
        if model.same_step and not reset_only:
            _check_finals(model, info, done, rows)
    _check_array("env_id", env_ids, np.int32, (rows,))
    if elapsed is not None:
        _check_array("elapsed_step", elapsed, np.int32, (rows,))
    for key, _, s in obs_specs:
        _check_array(key, obs[key], s.dtype, (rows, *s.shape))
    got_ids = np.asarray(env_ids, dtype=np.int64)
    if rows and (got_ids.min() < 0 or got_ids.max() >= model.n):
        raise Violation(f"env_id: rows {got_ids.tolist()} are not envs of {model.n}")
    if np.bincount(got_ids, minlength=1).max(initial=0) > 1:
        raise Violation(f"env_id: rows {got_ids.tolist()} name an env twice")
    if ids is not None and not np.array_equal(got_ids, ids):
        raise Violation(f"env_id: rows {got_ids.tolist()}, expected {ids.tolist()}")
    if elapsed is None or first is None:
        return got_ids
    if (elapsed < 0).any():
        raise Violation(f"elapsed_step: negative {elapsed.tolist()}")
    if model.resetting:
        for row, env_id in enumerate(got_ids.tolist()):
            if env_id in model.resetting and (not first[row] or done[row]):
                raise Violation(f"env {env_id}: its reset row has elapsed_step {elapsed[row]}, done {done[row]}")
    return got_ids


def _check_masks(info: dict[str, Any], rows: int) -> None:
    """gymnasium's vector info: every key has its `_key` bool mask, here every row True."""
    for key in info:
        if key.startswith("_") or key in ("final_obs", "final_info"):
            continue
        mask = info.get("_" + key)
        if mask is None:
            raise Violation(f"info[{key!r}] has no '_{key}' mask")
        _check_array(f"info['_{key}']", mask, np.bool_, (rows,))
        if not mask.all():
            raise Violation(f"info['_{key}']: {mask.tolist()}, every row reported")
    if "players" in info:
        _check_array("info['players']['_env_id']", info["players"]["_env_id"], np.bool_, (rows,))


def _check_finals(model: Model, info: dict[str, Any], done: np.ndarray, rows: int) -> None:
    """Same-step autoreset's final observations: gymnasium's layout (an object array, keys only
    on a step where some env ended) or gym's (arrays of every row, every step)."""
    if model.flavour == "gymnasium" and not done.any():
        if "final_obs" in info or "final_info" in info:
            raise Violation("info has final_obs / final_info on a step where no env ended")
        return
    _check_array("info['_final_obs']", info["_final_obs"], np.bool_, (rows,))
    if not np.array_equal(info["_final_obs"], done):
        raise Violation(f"info['_final_obs'] {info['_final_obs'].tolist()}, done {done.tolist()}")
    final = info["final_obs"]
    if model.flavour == "gym":
        for key, name, s in model.obs_specs:
            got = final if model.single_obs else final[name]
            _check_array(f"final_obs[{key}]", got, s.dtype, (rows, *s.shape))
        return
    _check_array("info['final_obs']", final, object, (rows,))
    for row in range(rows):
        if not done[row]:
            if final[row] is not None:
                raise Violation(f"final_obs[{row}]: an env that did not end has {_short(final[row])}")
            continue
        for key, name, s in model.obs_specs:
            got = final[row] if model.single_obs else final[row][name]
            if s.shape == () and isinstance(got, np.generic):
                got = np.asarray(got)  # a scalar observation's row is a numpy scalar (Taxi's int)
            _check_array(f"final_obs[{row}][{key}]", got, s.dtype, tuple(s.shape))
    final_info = info["final_info"]
    if "_env_id" in final_info and not np.array_equal(final_info["_env_id"], done):
        raise Violation(f"final_info['_env_id'] {final_info['_env_id'].tolist()}, done {done.tolist()}")


def _check_array(name: str, arr: Any, dtype: Any, shape: tuple) -> None:
    if not isinstance(arr, np.ndarray):
        raise Violation(f"{name}: a {type(arr).__name__}, not an ndarray")
    if arr.dtype != np.dtype(dtype) or arr.shape != tuple(shape):
        raise Violation(f"{name}: {arr.dtype}{arr.shape}, declared {np.dtype(dtype)}{tuple(shape)}")


# ------------------------------------------------------------------ leaks


def _children() -> list[int]:
    kids: list[int] = []
    for task in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{task}/children") as f:
                kids += [int(p) for p in f.read().split()]
        except OSError:
            pass
    return kids


def resources() -> tuple[int, int, int]:
    """(threads, live child processes, open file descriptors) of this process."""
    live = 0
    for pid in _children():
        try:
            with open(f"/proc/{pid}/stat") as f:
                live += f.read().rsplit(")", 1)[1].split()[0] != "Z"
        except OSError:
            pass
    return len(os.listdir("/proc/self/task")), live, len(os.listdir("/proc/self/fd"))


# ------------------------------------------------------------------ runner


class CaseRunner:
    """Runs the calls of one case against one pool, checking each."""

    def __init__(self, case: dict[str, Any], progress: Callable[[int], None]) -> None:
        self.case = case
        self.progress = progress
        self.family = next((f for f, tasks in fuzz_cases.FAMILIES.items() if case["task"] in tasks), "")
        self.rng = np.random.default_rng(case["seed"])
        self.calls = 0
        self.reset_now: set[int] = set()
        self.env: Any = None
        self.model: Model | None = None

    # ------------------------------------------------------------ outcome

    def expect_rejection(self, error: BaseException, *what: str) -> None:
        if not isinstance(error, (ValueError, TypeError)):
            raise Violation(f"rejected with {type(error).__name__} (not ValueError/TypeError): {error}")
        if not names(str(error), *what):
            raise Violation(f"{type(error).__name__} does not name {' or '.join(what)}: {error}")

    def allowed_env_error(self, error: BaseException, action: Any) -> bool:
        if not isinstance(error, RuntimeError) or not _ENV_ERROR.match(str(error)):
            return False
        if self.family not in _UNSTABLE_FAMILIES:
            return False
        return action is None or extreme_floats(action) or self.unstable_config()

    def unstable_config(self) -> bool:
        return any(k not in fuzz_cases.COMMON_KEYS for k in self.case["config"])

    # -------------------------------------------------------------- make

    def make(self) -> bool:
        config = config_of(self.case)
        maker = getattr(parallel_pool, _MAKERS[self.case["flavour"]])
        self.calls += 1
        self.progress(self.calls)
        try:
            self.env = maker(self.case["task"], **config)
        except (ValueError, TypeError) as error:
            self.expect_rejection(error, *config)
            return False
        except MemoryError as error:
            # A valid config too large for this machine (the worker's address space is
            # capped): the error must say so, not just "std::bad_alloc".
            if "bytes" in str(error) or "out of memory" in str(error):
                return False
            raise Violation(f"make raised an unexplained MemoryError: {error}") from error
        except RuntimeError as error:
            if _ENV_ERROR.match(str(error)) and self.unstable_config():
                return False  # an env that could not be built from a family key's value
            if str(error).startswith("num_threads: could not start") and "num_threads" in config:
                return False  # more threads than the capped address space holds stacks for
            raise Violation(f"make raised RuntimeError: {error}") from error
        env = self.env
        self.model = Model(env, self.case["flavour"])
        if env.num_envs != config.get("num_envs", 1):
            raise Violation(f"num_envs: {env.num_envs}, asked {config.get('num_envs', 1)}")
        if not 1 <= env.batch_size <= env.num_envs:
            raise Violation(f"batch_size: {env.batch_size} outside [1, {env.num_envs}]")
        return True

    # -------------------------------------------------------------- calls

    def run(self) -> None:
        if not self.make():
            return
        try:
            if not make_only(self.case):
                for recipe in self.case["calls"]:
                    self.call(recipe)
        except StopCase:
            pass
        finally:
            if self.env is not None:
                self.env.close()

    def tick(self) -> None:
        self.calls += 1
        self.progress(self.calls)

    def call(self, recipe: tuple) -> None:
        op = recipe[0]
        if op == "run":
            deadline = time.monotonic() + RUN_BUDGET_S
            for _ in range(recipe[1]):
                if (self.model is not None and self.model.closed) or time.monotonic() > deadline:
                    break
                self.valid_call()
            return
        self.tick()
        getattr(self, f"op_{op}")(*recipe[1:])

    def closed_call(self, fn: Callable[[], Any]) -> bool:
        """After close(): every call raises RuntimeError 'pool closed'."""
        assert self.model is not None
        if not self.model.closed:
            return False
        try:
            fn()
        except RuntimeError as error:
            if "pool closed" not in str(error):
                raise Violation(f"a closed pool raised {error!r}") from error
            return True
        except (ValueError, TypeError):
            return True  # the arguments were checked first
        raise Violation("a call on a closed pool returned")

    # A send (step/send/reset) of `ids`: what the model expects, then the call.
    def op_step(self, action_recipe: tuple, id_recipe: Any, send_only: bool = False) -> None:
        model = self.model
        assert model is not None
        arg, ids, ids_ok = build_ids(id_recipe, model, self.rng)
        rows = ids.size if ids is not None else 1
        action = build_action(action_recipe, self.env, rows, self.rng, arg)
        dict_ids = isinstance(action, dict) and "env_id" in action and arg is None
        if dict_ids:
            arg_from_dict = action["env_id"]
            if isinstance(arg_from_dict, str):
                ids, ids_ok = None, False
        fn = (lambda: self.env.send(action, arg)) if send_only else (lambda: self.env.step(action, arg))
        if self.closed_call(fn):
            return
        self.checked_send(fn, action, arg, ids, ids_ok, reset=False, recv=not send_only)

    def op_send(self, action_recipe: tuple, id_recipe: Any) -> None:
        self.op_step(action_recipe, id_recipe, send_only=True)

    def checked_send(
        self,
        fn: Callable[[], Any],
        action: Any,
        arg: Any,
        ids: np.ndarray | None,
        ids_ok: bool,
        reset: bool,
        recv: bool,
    ) -> None:
        model = self.model
        assert model is not None
        specs = _action_specs(self.env)
        problems: list[str] = []
        if ids is None or not ids_ok:
            problems.append("env_id")
        elif not model.sendable(ids, reset):
            problems.append("env_id")
        if not reset:
            rows = 0 if ids is None else ids.size
            if isinstance(action, dict):
                if any(k not in action for k in specs):
                    problems.append("action")
                fields = {k: action.get(k) for k in specs}
                players = action.get("players.env_id")
                if players is not None and (ids is None or not np.array_equal(np.atleast_1d(players), ids)):
                    problems.append("players.env_id")
            elif len(specs) != 1:
                problems.append("action")
                fields = {}
            else:
                fields = {next(iter(specs)): action}
            for key, obj in fields.items():
                unit_dims = self.case["flavour"] != "gymnasium"  # EnvPool's entries reshape them
                if key in specs and not field_ok(obj, specs[key], rows, unit_dims):
                    problems.append("action")
        state_error = arg is None and ids is None and model.is_async
        try:
            out = fn()
        except RuntimeError as error:
            message = str(error)
            if state_error and "env_id" in message:
                return
            if self.allowed_env_error(error, action):
                if not problems:
                    self.after_send(ids, reset, recv, out=None)
                return
            if problems:
                raise Violation(f"invalid {problems} rejected with RuntimeError: {message}") from error
            if recv and "recv()" in message and not model.receivable(extra=ids.size if ids is not None else 0):
                self.after_send(ids, reset, recv=False, out=None)
                return
            raise Violation(f"a valid call raised RuntimeError: {message}") from error
        except (ValueError, TypeError) as error:
            if not problems:
                if self.env_rejected_action(error, action):
                    return
                if model.uncertain(ids, reset) and names(str(error), "env_id"):
                    return
                raise Violation(f"a valid call was rejected: {type(error).__name__}: {error}") from error
            # With env ids the model cannot count (invalid), the action's rows are
            # unknown: the pool may name either.
            also = ["action"] if "players.env_id" in problems or (ids is None and not reset) else []
            self.expect_rejection(error, *problems, *also)
            return
        if problems:
            raise Violation(f"invalid {sorted(set(problems))} accepted (env_id={arg!r}, action={_short(action)})")
        if state_error:
            raise Violation("step() without env_id before any recv() in async mode was accepted")
        self.after_send(ids, reset, recv, out)

    def env_rejected_action(self, error: BaseException, action: Any) -> bool:
        """An env's own check of an action the specs allow (an 'env <id>: action...' ValueError)."""
        return isinstance(error, ValueError) and bool(_ENV_ERROR.match(str(error))) and "action" in str(error)

    def after_send(self, ids: np.ndarray | None, reset: bool, recv: bool, out: Any) -> None:
        model = self.model
        assert model is not None and ids is not None
        model.send(ids)
        if reset:
            model.resetting |= set(ids.tolist())
        if recv:
            self.after_recv(out)

    def after_recv(self, out: Any, reset_only: bool = False) -> None:
        """Takes the due rows off the model; checks `out` (None: the call raised an env error)."""
        model = self.model
        assert model is not None
        rows = model.rows_due()
        expected = np.concatenate(model.order) if not model.is_async and model.order else None
        if out is None:
            # An env error: the batch was taken, but which envs it held (async) and
            # whether the failed env's episode runs are unknown. The case ends here.
            raise StopCase
        got = check_batch(self.env, model, out, expected, rows, reset_only)
        if model.is_async and not model.flying[got].all():
            raise Violation(f"recv() returned envs {got.tolist()} not in flight {np.flatnonzero(model.flying)}")
        gone = set(got.tolist())
        model.flying[got] = False
        model.count -= got.size
        model.order = []
        model.last_ids = got if model.is_async else np.arange(model.n)
        model.has_row[got] = True
        self.reset_now = model.resetting & gone
        model.resetting -= gone
        done = self.done_of(out, reset_only, got.size)
        model.alive[got] = ~done
        model.unknown[got] = False
        if reset_only and self.case["flavour"] != "dm":
            stepped = np.array([i for i in got.tolist() if i not in self.reset_now], dtype=np.int64)
            model.unknown[stepped] = True

    def done_of(self, out: Any, reset_only: bool, rows: int) -> np.ndarray:
        if self.case["flavour"] == "dm":
            return np.asarray(out.step_type) == 2
        if reset_only:
            return np.zeros(rows, dtype=bool)
        return np.asarray(out[2]) | np.asarray(out[3])

    def op_recv(self) -> None:
        model = self.model
        assert model is not None
        if self.closed_call(self.env.recv):
            return
        ok = model.receivable()
        try:
            out = self.env.recv()
        except RuntimeError as error:
            if not ok and "recv()" in str(error):
                return
            if ok and self.allowed_env_error(error, None):
                self.after_recv(None)
                return
            raise Violation(f"recv() raised {error!r} (due: {ok})") from error
        if not ok:
            raise Violation(f"recv() with {model.count} envs in flight (batch {model.batch}) returned")
        self.after_recv(out)

    def op_recv_timeout(self, timeout: Any) -> None:
        """recv(timeout=...): the batch as recv() gives it, or TimeoutError with the model
        unchanged (the batch is kept for a later recv); a bad timeout is refused, naming it,
        before anything else is looked at."""
        model = self.model
        assert model is not None
        fn = lambda: self.env.recv(timeout=timeout)  # noqa: E731
        if self.closed_call(fn):
            return
        valid = timeout is None or (
            isinstance(timeout, (int, float)) and not isinstance(timeout, bool) and 0 <= timeout < float("inf")
        )
        ok = model.receivable()
        try:
            out = fn()
        except TimeoutError as error:
            if not (valid and ok):
                raise Violation(f"recv(timeout={timeout!r}) timed out (valid: {valid}, due: {ok})") from error
            return
        except (ValueError, TypeError) as error:
            if valid:
                raise Violation(f"a valid recv(timeout={timeout!r}) was rejected: {error}") from error
            self.expect_rejection(error, "timeout")
            return
        except RuntimeError as error:
            if valid and not ok and "recv()" in str(error):
                return
            if valid and ok and self.allowed_env_error(error, None):
                self.after_recv(None)
                return
            raise Violation(f"recv(timeout={timeout!r}) raised {error!r} (due: {ok})") from error
        if not valid:
            raise Violation(f"recv(timeout={timeout!r}) returned")
        if not ok:
            raise Violation(f"recv() with {model.count} envs in flight (batch {model.batch}) returned")
        self.after_recv(out)

    def op_async_reset(self) -> None:
        model = self.model
        assert model is not None
        ids = np.arange(model.n)
        if self.closed_call(self.env.async_reset):
            return
        self.checked_send(self.env.async_reset, None, None, ids, True, reset=True, recv=False)

    def op_reset(self, id_recipe: Any) -> None:
        model = self.model
        assert model is not None
        arg, ids, ok = build_ids(id_recipe, model, self.rng)
        if id_recipe is None:
            ids, ok = np.arange(model.n), True
        if self.closed_call(lambda: self.env.reset(arg)):
            return
        self.checked_reset(lambda: self.env.reset(arg), ids, ok)

    def checked_reset(
        self,
        fn: Callable[[], Any],
        ids: np.ndarray | None,
        ids_ok: bool,
        seed: Any = None,
    ) -> Any:
        """A reset of `ids` (with reset(seed=seed)): what the model expects, then the call.
        Returns its result, None if it raised."""
        model = self.model
        assert model is not None
        ids_valid = ids is not None and ids_ok and model.sendable(ids, reset=True)
        chosen = seed_outcome(seed, ids, model.n) if ids_valid else None
        valid = ids_valid and chosen is not BAD_SEED
        # With env ids to refuse, whether the seed they would get is refused first is the pool's.
        at_fault = ("seed",) if ids_valid else ("env_id", "seed") if seed is not None else ("env_id",)
        seeds_before = self.np_random_seed()
        try:
            out = fn()
        except RuntimeError as error:
            if valid and "recv()" in str(error) and not model.receivable(extra=ids.size):
                self.after_send(ids, reset=True, recv=False, out=None)
                self.check_seeds(seeds_before, ids, chosen)
                return None
            if valid and self.allowed_env_error(error, None):
                self.after_send(ids, reset=True, recv=True, out=None)
                return None
            raise Violation(f"reset raised {error!r}") from error
        except (ValueError, TypeError) as error:
            if valid:
                raise Violation(f"a valid reset was rejected: {type(error).__name__}: {error}") from error
            self.expect_rejection(error, *at_fault)
            if self.np_random_seed() != seeds_before:
                changed = f"{seeds_before} -> {self.np_random_seed()}"
                raise Violation(f"a refused reset changed np_random_seed: {changed}") from error
            return None
        if not valid:
            raise Violation(f"reset of env ids {ids!r} with seed {_short(seed)} accepted")
        model.send(ids)
        model.resetting |= set(ids.tolist())
        self.after_recv(out, reset_only=self.case["flavour"] != "dm")
        self.check_seeds(seeds_before, ids, chosen)
        return out

    def np_random_seed(self) -> tuple[int, ...] | None:
        return tuple(self.env.np_random_seed) if self.case["flavour"] == "gymnasium" else None

    def check_seeds(self, before: tuple[int, ...] | None, ids: np.ndarray, chosen: Any) -> None:
        """gymnasium's np_random_seed: the envs reset with a seed have theirs, the others keep theirs."""
        if before is None:
            return
        want = list(before)
        for env, new in zip(ids.tolist(), chosen or [], strict=False):
            if new is not None:
                want[env] = new
        if list(self.np_random_seed() or ()) != want:
            raise Violation(f"np_random_seed {self.np_random_seed()}, expected {tuple(want)}")

    def op_reset_seed(self, seed_recipe: Any, id_recipe: Any = None) -> None:
        model = self.model
        assert model is not None
        arg, ids, ok = build_ids(id_recipe, model, self.rng)
        if id_recipe is None:
            ids, ok = np.arange(model.n), True
        seed = seed_value(seed_recipe, model.n)
        fn = lambda: self.env.reset(arg, seed=seed)  # noqa: E731
        if self.closed_call(fn):
            return
        out = self.checked_reset(fn, ids, ok, seed)
        # The same seed again: the same first observations (sync mode, every env reset).
        chosen = seed_outcome(seed, np.arange(model.n), model.n)
        if out is None or id_recipe is not None or model.is_async or not isinstance(chosen, list):
            return
        if None in chosen or model.count:
            return
        self.tick()
        again = self.checked_reset(fn, np.arange(model.n), True, seed)
        if again is not None and not same_obs(self.obs_of(out), self.obs_of(again)):
            raise Violation(f"reset(seed={_short(seed)}) twice gave different observations")

    def obs_of(self, out: Any) -> Any:
        return out.observation if self.case["flavour"] == "dm" else out[0]

    def op_reset_mask(self, kind: str) -> None:
        model = self.model
        assert model is not None
        n = model.n
        mask = self.rng.random(n) < 0.5
        if kind == "valid" and not mask.any():
            mask[int(self.rng.integers(n))] = True
        obj: Any = {
            "valid": mask,
            "all": np.ones(n, dtype=bool),
            "none": np.zeros(n, dtype=bool),
            "int": mask.astype(np.int32),
            "list": mask.tolist(),
            "short": mask[:-1],
            "2d": mask[None],
            "with_env_id": mask,
        }[kind]
        env_id = 0 if kind == "with_env_id" else None
        fn = lambda: self.env.reset(env_id, options={"reset_mask": obj})  # noqa: E731
        if self.closed_call(fn):
            return
        ids = np.flatnonzero(mask) if kind in ("valid", "all") else None
        if kind == "all":
            ids = np.arange(n)
        valid = (
            ids is not None
            and model.keeps_rows
            and model.sendable(ids, reset=True)
            and not model.count
            and bool((model.has_row | np.isin(np.arange(n), ids)).all())
        )
        try:
            out = fn()
        except (ValueError, TypeError) as error:
            if valid:
                raise Violation(f"a valid reset_mask was rejected: {error}") from error
            self.expect_rejection(error, "reset_mask", "env_id")
            return
        except RuntimeError as error:
            raise Violation(f"reset(options=reset_mask) raised {error!r}") from error
        if not valid:
            raise Violation(f"reset_mask {kind} accepted")
        # Every env's row comes back; the masked ones are reset rows.
        ob, info = out
        spec = self.env.spec
        for key in spec.obs_keys:
            s = spec.state_array_spec[key]
            got = ob if key == "obs" else ob[key.split(":", 1)[1]]
            _check_array(key, got, s.dtype, (n, *s.shape))
        if POOL_KEYS & set(info):  # SyncVectorEnv's info: the task's own keys only
            raise Violation(f"reset_mask: info has EnvPool's {sorted(POOL_KEYS & set(info))}")
        model.alive[ids] = True
        model.has_row[ids] = True

    def op_reset_options(self, kind: str) -> None:
        options = {"unknown": {"not_an_option": 1}, "empty": {}, "none": None}[kind]
        if kind == "unknown":
            try:
                self.env.reset(options=options)
            except (ValueError, TypeError) as error:
                self.expect_rejection(error, "options")
                return
            except RuntimeError as error:
                if self.model is not None and self.model.closed:
                    return
                raise Violation(f"reset(options=unknown) raised {error!r}") from error
            raise Violation("reset(options={'not_an_option': 1}) accepted")
        model = self.model
        assert model is not None
        if self.closed_call(lambda: self.env.reset(options=options)):
            return
        self.checked_reset(lambda: self.env.reset(options=options), np.arange(model.n), True)

    def op_render(self, id_recipe: Any, camera_recipe: Any) -> None:
        """render(env_ids, camera_id): frames of the envs named, none of them running."""
        model = self.model
        assert model is not None
        camera = value(camera_recipe)
        gymnasium_frames = id_recipe is None and self.case["flavour"] == "gymnasium"
        if gymnasium_frames:  # VectorEnv.render(): a tuple of every env's frame
            arg, ids, ok = None, np.arange(model.n), True
        elif id_recipe is None:  # render_env_id's frame
            arg, ids, ok = None, np.array([config_of(self.case).get("render_env_id", 0)]), True
        else:
            arg, ids, ok = build_ids(id_recipe, model, self.rng)
        fn = lambda: self.env.render(arg, camera_id=camera)  # noqa: E731
        if self.closed_call(fn):
            return
        mode = self.env.render_mode
        ids_valid = ids is not None and ok and model.sendable(ids, reset=True)
        try:
            frames = fn()
        except RuntimeError as error:
            message = str(error)
            if mode is None and "render_mode" in message:
                return
            if mode is not None and ids_valid and _ENV_ERROR.match(message) and "render" in message:
                return  # an env that cannot draw here (no EGL, ...): named, the pool goes on
            raise Violation(f"render() raised {error!r}") from error
        except (ValueError, TypeError) as error:
            if mode is None:
                raise Violation(f"render() without render_mode raised {error!r}") from error
            if ids_valid and camera is None:
                raise Violation(f"a valid render() was rejected: {type(error).__name__}: {error}") from error
            self.expect_rejection(
                error, *(("env_id",) if not ids_valid else ()), *(("camera_id",) if camera is not None else ())
            )
            return
        if mode is None:
            raise Violation("render() without render_mode returned")
        if not ids_valid:
            raise Violation(f"render() of invalid env ids {_short(arg)} returned")
        if gymnasium_frames:
            if not isinstance(frames, tuple) or len(frames) != model.n:
                raise Violation(f"gymnasium render() returned {_short(frames)}, not a tuple of {model.n} frames")
            frames = np.stack(frames)
        if not isinstance(frames, np.ndarray) or frames.dtype != np.uint8 or frames.ndim != 4:
            raise Violation(f"render() returned {_short(frames)}")
        if frames.shape[0] != ids.size or frames.shape[3] != 3 or 0 in frames.shape:
            raise Violation(f"render() of {ids.size} envs returned frames of shape {frames.shape}")

    def op_attrs(self) -> None:
        env = self.env
        repr(env)
        len(env)
        _ = env.spec, env.config, env.num_envs, env.all_env_ids
        if self.case["flavour"] == "dm":
            env.observation_spec()
            env.action_spec()
        else:
            _ = env.observation_space, env.action_space
        if self.case["flavour"] == "gymnasium":
            if len(env.np_random_seed) != env.num_envs:
                raise Violation(f"np_random_seed: {len(env.np_random_seed)} seeds for {env.num_envs} envs")
            _ = env.single_observation_space, env.single_action_space

    def op_close(self) -> None:
        self.env.close()
        assert self.model is not None
        self.model.closed = True

    # ---------------------------------------------------- valid sequences

    def valid_call(self) -> None:
        """One call the model says is valid (with random resets), checked like the others."""
        model = self.model
        assert model is not None
        self.tick()
        rng = self.rng
        r = rng.random()
        if not model.is_async:
            if model.count:
                self.op_recv()
            elif (model.disabled and not model.alive.any()) or r < 0.03:
                self.op_reset(None)
            elif r < 0.08:
                ids = np.sort(rng.choice(model.n, size=int(rng.integers(1, model.n + 1)), replace=False))
                if model.keeps_rows and model.has_row.all() and r < 0.05:
                    self.op_reset_mask("valid")
                else:
                    self.checked_reset(lambda: self.env.reset(ids.astype(np.int32)), ids, True)
            elif r < 0.12:
                ids = _pick(model, rng, int(rng.integers(1, model.n + 1)))
                if ids.size:
                    action = build_action(("valid", "c"), self.env, ids.size, rng, None)
                    fn = lambda: self.env.send(action, ids)  # noqa: E731
                    self.checked_send(fn, action, ids, ids, True, reset=False, recv=False)
            else:
                ids = model.free() if model.disabled else np.arange(model.n)
                if ids.size == 0:
                    self.op_reset(None)
                    return
                action = build_action(("valid", "c"), self.env, ids.size, rng, None)
                arg = None if ids.size == model.n else ids
                self.checked_send(lambda: self.env.step(action, arg), action, arg, ids, True, reset=False, recv=True)
            return
        free = model.free()
        dead_mask = ~model.flying
        dead_mask[free] = False
        dead = np.flatnonzero(dead_mask)
        if model.count >= model.batch and (r < 0.5 or (free.size == 0 and dead.size == 0)):
            self.op_recv()
        elif dead.size and (free.size == 0 or r < 0.7):
            ids = dead if model.count + dead.size >= model.batch else model.not_in_flight()
            self.checked_reset(lambda: self.env.reset(ids.astype(np.int32)), ids, True)
        elif not model.count and r < 0.55:
            self.op_async_reset()
        elif free.size:
            ids = _pick(model, rng)
            action = build_action(("valid", "c"), self.env, ids.size, rng, None)
            if model.count + ids.size >= model.batch and r < 0.75:
                fn = lambda: self.env.step(action, ids)  # noqa: E731
                self.checked_send(fn, action, ids, ids, True, reset=False, recv=True)
            else:
                fn = lambda: self.env.send(action, ids)  # noqa: E731
                self.checked_send(fn, action, ids, ids, True, reset=False, recv=False)
        elif model.count >= model.batch:
            self.op_recv()


def _short(obj: Any) -> str:
    text = repr(obj)
    return text if len(text) < 200 else text[:200] + "..."


# Families that draw with OpenGL (render(), dm_control's pixel observations).
_GL_FAMILIES = ("mujoco", "dm_control")
# Whether this process has made an OpenGL context: the driver then starts threads
# of its own for the rest of the process (Mesa's llvmpipe rasterizer threads, its
# disk cache and work queues), not the pool's.
_gl_started = False


def _draws_with_gl(case: dict[str, Any]) -> bool:
    family = next((f for f, tasks in fuzz_cases.FAMILIES.items() if case["task"] in tasks), "")
    config = case["config"]
    return family in _GL_FAMILIES and (config.get("render_mode") is not None or bool(config.get("from_pixels")))


def run_case(case: dict[str, Any], progress: Callable[[int], None] = lambda _: None) -> int:
    """Runs `case`; returns the number of calls made. Raises Violation."""
    global _gl_started
    runner = CaseRunner(case, progress)
    before = resources()
    try:
        runner.run()
    except Violation as error:
        raise Violation(f"call {runner.calls}: {error}") from None
    after = resources()
    if after != before and not _gl_started and _draws_with_gl(case) and after[1:] == before[1:]:
        _gl_started = True  # the driver's threads, once per process
        return runner.calls
    if after != before:
        # A vizdoom engine may take a moment to exit after close(): look again.
        import time

        for _ in range(50):
            time.sleep(0.02)
            after = resources()
            if after == before:
                break
        else:
            raise Violation(f"close() left (threads, children, fds) {after}, before make {before}")
    return runner.calls
