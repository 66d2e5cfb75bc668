"""Config values given per env: `make("Pendulum-v1", num_envs=4, g=[9.81, 3.72, 1.62, 24.79])`.

A key whose value is one scalar (a number, a bool, a str) may instead be given as a
sequence of `num_envs` values: env i then runs as a pool of one env made with the i-th
value would. Each env gets a C++ spec of its own; the pool's spaces must not depend on
the key (checked), and keys that shape the pool itself are refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

# The pool's own keys: one value shapes the whole pool (its size, batching, threads,
# players, seeding, autoreset and frames), so none can differ between its envs. (A list of seeds
# is `seed=[...]`, not a per-env value.)
POOL_KEYS = frozenset(
    {
        "num_envs",
        "batch_size",
        "num_threads",
        "max_num_players",
        "thread_affinity_offset",
        "base_path",
        "autoreset_mode",
        # render() returns one frame size for every env
        "render_width",
        "render_height",
        "render_camera_id",
    }
)


def split(kwargs: dict[str, Any], defaults: dict[str, Any]) -> dict[str, list[Any]]:
    """The keys of `kwargs` given one value per env: a list, tuple or 1-D array of scalars
    where the key's default is a scalar. Raises ValueError for the pool's own keys."""
    per_env: dict[str, list[Any]] = {}
    for key, value in kwargs.items():
        default = defaults.get(key)
        if key in ("seed", "env_seeds") or not isinstance(default, (bool, int, float, str)):
            continue
        if isinstance(value, np.ndarray) and value.ndim == 1:
            values = value.tolist()
        elif isinstance(value, (list, tuple)):
            values = list(value)
        else:
            continue
        if any(isinstance(v, (list, tuple, np.ndarray)) for v in values):
            continue  # a value that is itself a sequence (a maze's rows), which the key's config alias reads
        if key in POOL_KEYS:
            raise ValueError(f"{key}: one value for the whole pool (it shapes the pool itself), got {value!r}")
        per_env[key] = values
    return per_env


def check_lengths(per_env: dict[str, list[Any]], num_envs: int) -> None:
    for key, values in per_env.items():
        if len(values) != num_envs:
            raise ValueError(f"{key}: expected one value per env (num_envs = {num_envs}), got {len(values)} values")


def env_specs(
    spec_cls: type,
    config: dict[str, Any],
    per_env: dict[str, list[Any]],
    coerce: Callable[[str, Any, Any], Any],
    defaults: dict[str, Any],
    base: Any,
) -> list[Any]:
    """One spec per env: `config` (already checked, with env 0's values) with env i's values,
    each checked as a scalar would be (errors name `key[i]`), and the same spaces as `base`'s."""
    specs = []
    for i in range(len(next(iter(per_env.values())))):
        env_config = dict(config)
        for key, values in per_env.items():
            values[i] = env_config[key] = coerce(f"{key}[{i}]", values[i], defaults[key])
        try:
            spec = spec_cls(tuple(env_config.values()))
        except (ValueError, TypeError) as error:
            raise type(error)(_indexed(str(error), per_env, i)) from None
        if not (
            _same(spec.state_array_spec, base.state_array_spec)
            and _same(spec.action_array_spec, base.action_array_spec)
        ):
            varied = [k for k, v in per_env.items() if v[i] != v[0]]
            raise ValueError(
                f"{', '.join(varied)}: env {i}'s value changes the observation or action spaces; "
                "every env of one pool must have the same spaces, so this key cannot differ per env"
            )
        specs.append(spec)
    return specs


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two {key: ArraySpec} declare the same arrays (bounds may be arrays)."""
    return a.keys() == b.keys() and all(
        len(x) == len(y) and all(np.array_equal(u, v) for u, v in zip(x, y)) for x, y in zip(a.values(), b.values())
    )


def _indexed(message: str, per_env: dict[str, list[Any]], i: int) -> str:
    """A C++ spec's message ("g: expected ...") for env i's value: "g[i]: expected ..."."""
    for key in per_env:
        if message.startswith(f"{key}:"):
            return f"{key}[{i}]" + message[len(key) :]
    return f"env {i} ({', '.join(f'{k}={v[i]!r}' for k, v in per_env.items())}): {message}"
