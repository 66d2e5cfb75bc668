"""The argument checks of the Python layer, each rule stated once.

The Python layer owns the types of arguments and the int32 range of the ints
it hands to C++ (pybind11's own conversion error names no argument); the C++
core owns the invariants of a pool (env ids in range and idle, action values,
config limits), which it raises as ValueErrors naming the key.
"""

from __future__ import annotations

from typing import Any

import numpy as np

# A C++ int (config values, seeds, render sizes): int32.
INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1


def is_bool(value: Any) -> bool:
    """Whether `value` is a Python or a numpy bool. (Not by type name: numpy 2 names
    its bool type "bool", no longer "bool_".)"""
    return isinstance(value, (bool, np.bool_))


def check_bool(key: str, value: Any) -> bool:
    """`value` as a bool; a TypeError naming `key` for anything but a Python or numpy bool."""
    if not is_bool(value):
        raise TypeError(f"{key}: expected a bool, got {type(value).__name__} {value!r}")
    return bool(value)


def check_int(key: str, value: Any) -> int:
    """`value` (an int, a numpy integer, anything with `__index__`, not a bool) as an int32.

    Raises:
      TypeError: not an int (the message names `key`).
      ValueError: outside int32.
    """
    if is_bool(value) or not hasattr(value, "__index__"):
        raise TypeError(f"{key}: expected an int, got {type(value).__name__} {value!r}")
    try:
        number = int(value)
    except TypeError:  # an ndarray of several values has __index__ too, and refuses
        raise TypeError(f"{key}: expected an int, got {type(value).__name__} {value!r}") from None
    if not INT32_MIN <= number <= INT32_MAX:
        raise ValueError(f"{key}: {number} is outside int32 [{INT32_MIN}, {INT32_MAX}]")
    return number


def check_not_scalar(action: Any) -> None:
    """A vector env takes one action per env: gymnasium's SyncVectorEnv and AsyncVectorEnv
    raise TypeError for a scalar (their message is kept, for code that matches it)."""
    if isinstance(action, np.ndarray):  # the step path: one attribute read, no np.ndim call
        if action.ndim:
            return
    elif isinstance(action, (dict, list, tuple)) or np.ndim(action):
        return
    raise TypeError(
        f"action: expected one action per env, got the scalar {action!r} "
        f"(Unable to iterate over the following elements: {action})"
    )


def check_timeout(timeout: Any) -> float | None:
    """recv()'s `timeout`: None (wait as long as it takes) or a number of seconds >= 0.

    Raises:
      TypeError: not None, an int or a float (a bool neither).
      ValueError: negative, NaN or infinite (infinity: pass None).
    """
    if timeout is None:
        return None
    if is_bool(timeout) or not isinstance(timeout, (int, float, np.integer, np.floating)):
        raise TypeError(f"timeout: expected None or a number of seconds, got {type(timeout).__name__} {timeout!r}")
    seconds = float(timeout)
    if not (seconds >= 0 and np.isfinite(seconds)):
        raise ValueError(f"timeout: expected a finite number of seconds >= 0 (None: no timeout), got {timeout!r}")
    return seconds
