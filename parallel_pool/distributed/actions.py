"""The checks a local pool makes on actions and env ids, made once on the driver.

A distributed step spans several actors: a bad action found by one of them
would arrive after the others had stepped. So the driver checks everything
the C++ binding checks (py_env_pool.h: ToContiguous, CheckIntegersFit,
CheckValues; async_env_pool.h: Prepare) before sending anything, with the
same exception types and messages.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from parallel_pool.python.spec import ArraySpec


def _shape_string(shape: tuple[int, ...]) -> str:
    return "(" + ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"


def action_field(value: Any, spec: ArraySpec, rows: int) -> np.ndarray:
    """`value` as a C-contiguous array of spec's dtype and shape (rows, *spec.shape).

    TypeError for a dtype that same_kind casting forbids; ValueError for a wrong
    shape, an integer the cast would wrap, a discrete value out of its range, a NaN.
    """
    what = f"action[{spec.key}]"
    arr = np.asarray(value)
    if arr.dtype != spec.dtype:
        if not np.can_cast(arr.dtype, spec.dtype, casting="same_kind"):
            raise TypeError(
                f"{what}: dtype {arr.dtype} cannot be cast to {spec.dtype} (same_kind casting); "
                f"pass an array of {spec.dtype}"
            )
        if arr.dtype.kind in "iu" and spec.dtype.kind in "iu" and arr.size:
            info = np.iinfo(spec.dtype)
            low, high = arr.min(), arr.max()
            bad = low if low < info.min else high if high > info.max else None
            if bad is not None:
                raise ValueError(f"{what}: value {bad} is outside [{info.min}, {info.max}] of {spec.dtype}")
    arr = np.ascontiguousarray(arr, dtype=spec.dtype)
    expected = (rows, *spec.shape)
    if arr.shape != expected:
        raise ValueError(f"{what}: expected shape {_shape_string(expected)}, got {_shape_string(arr.shape)}")
    if spec.dtype.kind == "f":
        if np.isnan(arr).any():
            raise ValueError(f"{what}: contains NaN")
    elif spec.dtype.kind in "iu" and spec.has_bounds and arr.size:
        low = np.broadcast_to(np.asarray(spec.low, dtype=spec.dtype), spec.shape)
        high = np.broadcast_to(np.asarray(spec.high, dtype=spec.dtype), spec.shape)
        outside = (arr < low) | (arr > high)
        if outside.any():
            i = np.unravel_index(int(np.argmax(outside)), arr.shape)
            element = i[1:]
            raise ValueError(
                f"{what}: value {arr[i]} is outside [{low[element]}, {high[element]}]",
            )
    return arr


def check_env_ids_given(ids: np.ndarray) -> None:
    """The C++ pool's CheckEnvIdsGiven (core/action_check.h): at least one id."""
    if ids.size == 0:
        raise ValueError("env_id: no env given (an empty selection); leave it out to name every env")


def check_env_ids(ids: np.ndarray, num_envs: int) -> None:
    """The C++ pool's CheckEnvIdsInRange (core/action_check.h): at least one id, each in range."""
    check_env_ids_given(ids)
    outside = (ids < 0) | (ids >= num_envs)
    if outside.any():
        raise ValueError(f"env_id: {ids[np.argmax(outside)]} is outside [0, {num_envs})")


def env_ids(ids: Any, num_envs: int, running: np.ndarray) -> np.ndarray:
    """`ids` (an int array from PoolBase._env_ids) checked as the C++ pool checks them:
    in range, no repeats, none still running (`running[i] == 1`)."""
    ids = np.asarray(ids)
    check_env_ids(ids, num_envs)
    ids = ids.astype(np.int32, copy=False)
    seen = np.zeros(num_envs, dtype=np.int32)
    np.add.at(seen, ids, 1)
    if (seen > 1).any():
        raise ValueError(f"env_id: {int(np.argmax(seen > 1))} given twice")
    busy = running[ids] == 1
    if busy.any():
        raise ValueError(f"env_id: env {ids[np.argmax(busy)]} is still running; recv() its result first")
    return ids
