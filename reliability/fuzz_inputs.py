"""The inputs of a fuzz case: its recipes (fuzz_cases.py) made concrete against the pool.

A case holds recipes, not objects, so that it stays valid for any config and
hypothesis shrinks it freely. Here they become what the calls are given: config
values (tags such as ("rel", d) resolved against num_envs), reset seeds, actions
of the pool's declared layout (valid ones in several forms, broken ones) and
env_id arguments chosen from the pool's state (fuzz_model.py). Whether the pool
must accept them is the oracle's to say (fuzz_oracle.py).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from reliability.fuzz_model import Model

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


def _int_or(x: Any, default: int) -> int:
    return x if isinstance(x, int) and not isinstance(x, bool) and 0 < x <= 2**20 else default


def config_of(case: dict[str, Any]) -> dict[str, Any]:
    raw = case["config"]
    num_envs = raw.get("num_envs", 1)
    return {k: value(v, num_envs) for k, v in raw.items()}


# ---------------------------------------------------------------- actions


def action_specs(env: Any) -> dict[str, Any]:
    """The pool's action fields and their specs."""
    return env.spec.action_array_spec


def valid_fields(env: Any, rows: int, rng: np.random.Generator) -> dict[str, np.ndarray]:
    out: dict[str, np.ndarray] = {}
    for key, s in action_specs(env).items():
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
    spec = action_specs(env)[first]
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


# ---------------------------------------------------------------- env ids


def pick(model: Model, rng: np.random.Generator, k: int | None = None) -> np.ndarray:
    """`k` envs a send may name, at random (by default: every free env in sync mode; in async
    mode the free envs of the last batch received, else a random number of free envs)."""
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
        ids = pick(model, rng, None if kind == "valid" else recipe[1] if kind == "subset" else None)
        if kind == "repeat" and ids.size:
            ids = np.concatenate([ids, ids[:1]])
        arg = _form(ids.astype(np.int32), recipe[-1])
        return arg, ids, True  # the model decides (empty, repeated, in flight)
    if kind == "scalar":
        ids = pick(model, rng, 1)
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
