"""The fuzz oracle: what a call's outcome must satisfy (docs/reliability.md, "Fuzzing").

The properties:
  - a rejected config or call raises ValueError or TypeError whose message
    names the argument at fault (a config key the case passed; 'action',
    'env_id', 'players.env_id', 'seed', 'options', 'reset_mask'); a call the
    pool's state does not allow (recv() with nothing running, any call after
    close()) raises RuntimeError saying so;
  - a valid call succeeds: validity is decided here, independently of the
    pool, by numpy's casting rules and the declared specs, and the pool's
    state (envs in flight, finished episodes) is tracked by a model
    (fuzz_model.py);
  - an accepted call returns arrays of the declared shapes and dtypes, rows
    for the envs expected (in order, in sync mode), a reset row at step 0;
  - closing the pool leaves no thread, child process or file descriptor behind.
The runner (fuzz_runner.py) applies them call by call; a property that fails
raises Violation. Crashes and hangs are the supervisor's to see (fuzz_worker.py,
fuzz_driver.py).
"""

from __future__ import annotations

import os
import re
import time
from typing import Any

import numpy as np

from reliability import fuzz_cases
from reliability.fuzz_model import Model

# RuntimeErrors a call may raise because of the pool's state, not its arguments.
_STATE_ERRORS = ("pool closed", "recv(): ", "env_id: none given")
ENV_ERROR = re.compile(r"^env \d+: ")
# EnvPool's info keys, which SyncVectorEnv's calls of the gymnasium flavour leave out.
POOL_KEYS = {"env_id", "players", "elapsed_step"}
# A family whose env raises on an unstable simulation (dm_control's PhysicsError).
_UNSTABLE_FAMILIES = ("dm_control",)


class Violation(Exception):
    """A property does not hold; the message says which and how."""


# ----------------------------------------------------------------- errors


def names(message: str, *what: str) -> bool:
    return any(w in message for w in what)


def expect_rejection(error: BaseException, *what: str) -> None:
    """A refusal must be a ValueError or TypeError naming one of `what`."""
    if not isinstance(error, (ValueError, TypeError)):
        raise Violation(f"rejected with {type(error).__name__} (not ValueError/TypeError): {error}")
    if not names(str(error), *what):
        raise Violation(f"{type(error).__name__} does not name {' or '.join(what)}: {error}")


def unstable_config(config: dict[str, Any]) -> bool:
    """Whether a case's config sets a family key (which may make a simulation unstable)."""
    return any(k not in fuzz_cases.COMMON_KEYS for k in config)


def allowed_env_error(error: BaseException, action: Any, family: str, config: dict[str, Any]) -> bool:
    """An env error where the reference raises one too (dm_control's PhysicsError): from a
    reset or recv (`action` None), extreme float actions or a family key's value."""
    if not isinstance(error, RuntimeError) or not ENV_ERROR.match(str(error)):
        return False
    if family not in _UNSTABLE_FAMILIES:
        return False
    return action is None or extreme_floats(action) or unstable_config(config)


def env_rejected_action(error: BaseException) -> bool:
    """An env's own check of an action the specs allow (an 'env <id>: action...' ValueError)."""
    return isinstance(error, ValueError) and bool(ENV_ERROR.match(str(error))) and "action" in str(error)


# ------------------------------------------------------------------ seeds


_INT32 = (-(2**31), 2**31 - 1)


class BadSeed:
    """seed_outcome's answer for a seed reset() must refuse."""


BAD_SEED = BadSeed()


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


# ---------------------------------------------------------------- actions


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


# ---------------------------------------------------------------- results


def check_batch(env: Any, model: Model, out: Any, ids: np.ndarray | None, rows: int, reset_only: bool) -> np.ndarray:
    """Checks one result batch; returns its env ids."""
    obs_specs = model.obs_specs
    if model.flavour == "dm":
        obs_fields = out.observation._asdict()
        env_ids = obs_fields["env_id"]
        check_array("step_type", out.step_type, np.int32, (rows,))
        check_array("reward", out.reward, np.float32, (rows,))  # EnvPool's
        check_array("discount", out.discount, np.float32, (rows,))
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
            check_array("reward", reward, np.float64 if model.flavour == "gymnasium" else np.float32, (rows,))
            check_array("terminated", terminated, np.bool_, (rows,))
            check_array("truncated", truncated, np.bool_, (rows,))
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
            check_array("info['players']['env_id']", info["players"]["env_id"], np.int32, (rows,))
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
    check_array("env_id", env_ids, np.int32, (rows,))
    if elapsed is not None:
        check_array("elapsed_step", elapsed, np.int32, (rows,))
    for key, _, s in obs_specs:
        check_array(key, obs[key], s.dtype, (rows, *s.shape))
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
        check_array(f"info['_{key}']", mask, np.bool_, (rows,))
        if not mask.all():
            raise Violation(f"info['_{key}']: {mask.tolist()}, every row reported")
    if "players" in info:
        check_array("info['players']['_env_id']", info["players"]["_env_id"], np.bool_, (rows,))


def _check_finals(model: Model, info: dict[str, Any], done: np.ndarray, rows: int) -> None:
    """Same-step autoreset's final observations: gymnasium's layout (an object array, keys only
    on a step where some env ended) or gym's (arrays of every row, every step)."""
    if model.flavour == "gymnasium" and not done.any():
        if "final_obs" in info or "final_info" in info:
            raise Violation("info has final_obs / final_info on a step where no env ended")
        return
    check_array("info['_final_obs']", info["_final_obs"], np.bool_, (rows,))
    if not np.array_equal(info["_final_obs"], done):
        raise Violation(f"info['_final_obs'] {info['_final_obs'].tolist()}, done {done.tolist()}")
    final = info["final_obs"]
    if model.flavour == "gym":
        for key, name, s in model.obs_specs:
            got = final if model.single_obs else final[name]
            check_array(f"final_obs[{key}]", got, s.dtype, (rows, *s.shape))
        return
    check_array("info['final_obs']", final, object, (rows,))
    for row in range(rows):
        if not done[row]:
            if final[row] is not None:
                raise Violation(f"final_obs[{row}]: an env that did not end has {short(final[row])}")
            continue
        for key, name, s in model.obs_specs:
            got = final[row] if model.single_obs else final[row][name]
            if s.shape == () and isinstance(got, np.generic):
                got = np.asarray(got)  # a scalar observation's row is a numpy scalar (Taxi's int)
            check_array(f"final_obs[{row}][{key}]", got, s.dtype, tuple(s.shape))
    final_info = info["final_info"]
    if "_env_id" in final_info and not np.array_equal(final_info["_env_id"], done):
        raise Violation(f"final_info['_env_id'] {final_info['_env_id'].tolist()}, done {done.tolist()}")


def check_array(name: str, arr: Any, dtype: Any, shape: tuple) -> None:
    """`arr` must be an ndarray of the declared dtype and shape."""
    if not isinstance(arr, np.ndarray):
        raise Violation(f"{name}: a {type(arr).__name__}, not an ndarray")
    if arr.dtype != np.dtype(dtype) or arr.shape != tuple(shape):
        raise Violation(f"{name}: {arr.dtype}{arr.shape}, declared {np.dtype(dtype)}{tuple(shape)}")


def short(obj: Any) -> str:
    """repr(obj), cut at 200 characters (for messages)."""
    text = repr(obj)
    return text if len(text) < 200 else text[:200] + "..."


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


def check_released(case: dict[str, Any], before: tuple[int, int, int]) -> None:
    """After the case's pool was closed: no thread, child process or file descriptor
    more than `before` (resources() before make)."""
    global _gl_started
    after = resources()
    if after != before and not _gl_started and _draws_with_gl(case) and after[1:] == before[1:]:
        _gl_started = True  # the driver's threads, once per process
        return
    if after != before:
        # A vizdoom engine may take a moment to exit after close(): look again.
        for _ in range(50):
            time.sleep(0.02)
            after = resources()
            if after == before:
                break
        else:
            raise Violation(f"close() left (threads, children, fds) {after}, before make {before}")
