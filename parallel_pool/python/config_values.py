"""Config values coerced to the C++ types of a task's defaults, with errors naming the key.

What make(), make_spec() and the other entries were given (and a task's registered
defaults) becomes the values its C++ spec takes: each one converted to its default's
type (bools, int32s, floats, str without NUL, dicts, lists of numbers and of str) by the rules
of checks.py, EnvPool's common keys that are not ours (`env_seed`,
`gym_reset_return_info`) taken with EnvPool's meaning, and a value pybind11 could not
convert traced to its key. The registry (parallel_pool/registration.py) assembles the
config and calls these; like checks.py, this module knows the spec format only.
"""

from __future__ import annotations

from typing import Any

from parallel_pool.python.checks import check_bool, check_int

# autoreset_mode, lower-cased with "-" as "_" -> the C++ spec's name: gymnasium's AutoresetMode
# values ("NextStep", "SameStep") lower-case to "nextstep" and "samestep".
_AUTORESET_MODES = {
    "next_step": "next_step",
    "nextstep": "next_step",
    "same_step": "same_step",
    "samestep": "same_step",
    "disabled": "disabled",
}


def unconvertible(spec_cls: Any, config: dict[str, Any], changed: dict[str, Any]) -> str:
    """The message for a config the C++ spec could not take: which key's value, and its C++ type."""
    defaults = spec_cls.default_config()
    for key in changed:
        trial = dict(defaults, **{key: config[key]})
        try:
            spec_cls.cpp_spec(tuple(trial.values()))
        except TypeError as error:
            if "incompatible constructor arguments" in str(error):
                return f"{key}: {config[key]!r} does not convert to the C++ type of its default {defaults[key]!r}"
        except Exception:  # another key's check failed: not this key's type
            pass
    return f"a config value does not convert to its C++ type: {', '.join(changed)}"


def envpool_common_keys(kwargs: dict[str, Any]) -> dict[str, Any]:
    """EnvPool's common config keys that are not ours, with EnvPool's meaning.

    `gym_reset_return_info=True`: reset() returns (obs, info), as it always
    does here. `env_seed=[...]`: one seed per env, the same as `seed=[...]`.
    """
    kwargs = dict(kwargs)
    if "gym_reset_return_info" in kwargs:
        if not check_bool("gym_reset_return_info", kwargs.pop("gym_reset_return_info")):
            raise ValueError(
                "gym_reset_return_info: False asks for reset() returning obs alone (EnvPool before 0.7), "
                "which the gym 0.26 / gymnasium API this pool implements does not allow: reset() always "
                "returns (obs, info); drop the argument and write `obs, info = env.reset()`"
            )
    if "env_seed" in kwargs:
        seeds = kwargs.pop("env_seed")
        if not _is_sequence(seeds):
            raise TypeError(f"env_seed: expected a list with one seed per env, got {type(seeds).__name__} {seeds!r}")
        seeds = list(seeds)
        if seeds:  # EnvPool's default [] means "use seed"
            seed = kwargs.get("seed")
            if _is_sequence(seed):
                raise ValueError("env_seed: a seed list was given as seed= too; pass one of them")
            kwargs["seed"] = seeds
    return kwargs


def check_config(config: dict[str, Any], defaults: dict[str, Any]) -> None:
    """Coerces each value to its C++ type in place, with messages naming the argument.

    Only types (and the int32 range every C++ int has) are checked here: the
    limits of every key are the C++ spec's (core/env_spec.h and each family's
    Validate), which raise a ValueError naming the key.
    """
    seed = config["seed"]
    if _is_sequence(seed):
        seeds = [check_int("seed", s) for s in list(seed)]
        config["env_seeds"] = seeds
        config["seed"] = seeds[0] if seeds else 0
    else:
        config["seed"] = check_int("seed", seed)
        config["env_seeds"] = []
    mode = config["autoreset_mode"]
    mode_name = getattr(mode, "value", mode)  # gymnasium's AutoresetMode enum too
    if not isinstance(mode_name, str):
        raise TypeError(f"autoreset_mode: expected a str, got {type(mode).__name__} {mode!r}")
    check_str("autoreset_mode", mode_name)
    mode_name = mode_name.lower().replace("-", "_")
    config["autoreset_mode"] = _AUTORESET_MODES.get(mode_name, mode_name)
    for key, default in defaults.items():
        if key not in ("seed", "env_seeds", "autoreset_mode"):
            config[key] = coerce(key, config[key], default)


def coerce(key: str, value: Any, default: Any) -> Any:
    """One config value coerced to the C++ type of its `default`; errors start with `key`
    (per-env values pass `key[i]`)."""
    if isinstance(default, bool):
        return check_bool(key, value)
    if isinstance(default, int):
        return check_int(key, value)
    if isinstance(default, float):
        if isinstance(value, bool) or (not isinstance(value, (int, float)) and not hasattr(value, "__float__")):
            raise TypeError(f"{key}: expected a float, got {type(value).__name__} {value!r}")
        try:
            return float(value)
        except (TypeError, ValueError):  # an ndarray of several values, a str subclass, ...
            raise TypeError(f"{key}: expected a float, got {type(value).__name__} {value!r}") from None
    if isinstance(default, str):
        check_str(key, value)
        return value
    if isinstance(default, dict):
        return _check_mapping(key, value, default)
    if isinstance(default, list):
        if isinstance(value, (str, bytes, dict)) or not hasattr(value, "__iter__"):
            raise TypeError(f"{key}: expected a list, got {type(value).__name__} {value!r}")
        items = list(value)
        if default and isinstance(default[0], float):  # MuJoCo's (low, high) ranges
            try:
                items = [float(x) for x in items]
            except (TypeError, ValueError):
                raise TypeError(f"{key}: expected a list of numbers, got {value!r}") from None
        elif default and isinstance(default[0], str):  # names (the kitchen's tasks_to_complete)
            for item in items:
                check_str(key, item)
        return items
    return value


def check_str(key: str, value: Any) -> None:
    """A str config value. No NUL: it cannot be in a path or a name, and C++ would cut a
    message quoting the value at it (the fuzzer's task="\\x00" gave "no ROM at .../roms/")."""
    if not isinstance(value, str):
        raise TypeError(f"{key}: expected a str, got {type(value).__name__} {value!r}")
    if "\0" in value:
        raise ValueError(f"{key}: expected a str without NUL characters, got {value!r}")


def _check_mapping(key: str, value: Any, default: dict[Any, Any]) -> dict[Any, Any]:
    """A dict config value (e.g. ViZDoom's reward_config): keys of the default's key type
    (str unless the default's keys are ints), values numbers or sequences of numbers."""
    if not hasattr(value, "items"):
        raise TypeError(f"{key}: expected a dict, got {type(value).__name__} {value!r}")
    int_keys = bool(default) and all(isinstance(k, int) for k in default)
    # The shape of a value (a number, or a tuple of n), as the default's values have it.
    like = next(iter(default.values())) if default else None
    out: dict[Any, Any] = {}
    for k, v in value.items():
        if int_keys:
            k = check_int(f"{key} key", k)
        else:
            check_str(f"{key} key", k)
        try:
            out[k] = tuple(float(x) for x in v) if hasattr(v, "__iter__") else float(v)
        except (TypeError, ValueError):
            raise TypeError(f"{key}[{k!r}]: expected a number or a sequence of numbers, got {v!r}") from None
        if like is not None and (isinstance(like, tuple) != isinstance(out[k], tuple) or _len(like) != _len(out[k])):
            want = f"a tuple of {len(like)} numbers" if isinstance(like, tuple) else "a number"
            raise TypeError(f"{key}[{k!r}]: expected {want} (as the default's values), got {v!r}")
    return out


def _len(value: Any) -> int:
    return len(value) if isinstance(value, tuple) else 1


def _is_sequence(value: Any) -> bool:
    """A list, a tuple, or an array of at least one dimension (a numpy scalar is not one)."""
    if isinstance(value, (list, tuple)):
        return True
    return hasattr(value, "__array__") and getattr(value, "ndim", 1) > 0
