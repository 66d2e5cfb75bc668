"""The fuzz runner: executes one fuzz case (fuzz_cases.py) against a pool in this process.

It makes the pool of the case's config, then makes each call of the case: its
recipes made concrete (fuzz_inputs.py), what the pool's state allows known from
a model (fuzz_model.py) that it updates after every call, and every outcome
checked by the oracle (fuzz_oracle.py), which raises Violation. run_case is the
entry of the worker process (fuzz_worker.py), which reports the calls made to
its supervisor (fuzz_driver.py).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np

import parallel_pool
from reliability import fuzz_cases
from reliability.fuzz_inputs import action_specs, build_action, build_ids, config_of, pick, seed_value, value
from reliability.fuzz_model import Model
from reliability.fuzz_oracle import (
    BAD_SEED,
    ENV_ERROR,
    POOL_KEYS,
    Violation,
    allowed_env_error,
    check_array,
    check_batch,
    check_released,
    env_rejected_action,
    expect_rejection,
    field_ok,
    names,
    resources,
    same_obs,
    seed_outcome,
    short,
    unstable_config,
)

# The wall time one ("run", n) of valid calls may take. A pool that renders every step in
# software (from_pixels under swrast) steps in about 0.3 s: a run of 1000 such steps took 6
# minutes, and dm_control's 50 cases 21 of a 30-minute fuzz-long (the other families'
# 11,000 cases shared the rest).
RUN_BUDGET_S = 20.0

# "gymnasium" is the VectorEnv contract (make_vec), which the oracle models; EnvPool's
# make_gymnasium shares the gym flavour's layout, which "gym" fuzzes.
_MAKERS = {"gymnasium": "make_vec", "gym": "make_gym", "dm": "make_dm"}


class StopCase(Exception):
    """The model lost track of the pool's state (after an env error): the case ends there."""


def make_only(case: dict[str, Any]) -> bool:
    """A config whose steps would take hours (frame_skip=2**31-1): make and close only."""
    for key, v in case["config"].items():
        if key in fuzz_cases.COSTLY_INT_KEYS and isinstance(v, int) and v > 1000:
            return True
    return False


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

    def allowed_env_error(self, error: BaseException, action: Any) -> bool:
        """Whether the oracle allows this env error, for this case's family and config."""
        return allowed_env_error(error, action, self.family, self.case["config"])

    # -------------------------------------------------------------- make

    def make(self) -> bool:
        config = config_of(self.case)
        maker = getattr(parallel_pool, _MAKERS[self.case["flavour"]])
        self.calls += 1
        self.progress(self.calls)
        try:
            self.env = maker(self.case["task"], **config)
        except (ValueError, TypeError) as error:
            expect_rejection(error, *config)
            return False
        except MemoryError as error:
            # A valid config too large for this machine (the worker's address space is
            # capped): the error must say so, not just "std::bad_alloc".
            if "bytes" in str(error) or "out of memory" in str(error):
                return False
            raise Violation(f"make raised an unexplained MemoryError: {error}") from error
        except RuntimeError as error:
            if ENV_ERROR.match(str(error)) and unstable_config(self.case["config"]):
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
        specs = action_specs(self.env)
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
                if env_rejected_action(error):
                    return
                if model.uncertain(ids, reset) and names(str(error), "env_id"):
                    return
                raise Violation(f"a valid call was rejected: {type(error).__name__}: {error}") from error
            # With env ids the model cannot count (invalid), the action's rows are
            # unknown: the pool may name either.
            also = ["action"] if "players.env_id" in problems or (ids is None and not reset) else []
            expect_rejection(error, *problems, *also)
            return
        if problems:
            raise Violation(f"invalid {sorted(set(problems))} accepted (env_id={arg!r}, action={short(action)})")
        if state_error:
            raise Violation("step() without env_id before any recv() in async mode was accepted")
        self.after_send(ids, reset, recv, out)

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
            expect_rejection(error, "timeout")
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
            expect_rejection(error, *at_fault)
            if self.np_random_seed() != seeds_before:
                changed = f"{seeds_before} -> {self.np_random_seed()}"
                raise Violation(f"a refused reset changed np_random_seed: {changed}") from error
            return None
        if not valid:
            raise Violation(f"reset of env ids {ids!r} with seed {short(seed)} accepted")
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
            raise Violation(f"reset(seed={short(seed)}) twice gave different observations")

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
            expect_rejection(error, "reset_mask", "env_id")
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
            check_array(key, got, s.dtype, (n, *s.shape))
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
                expect_rejection(error, "options")
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
            if mode is not None and ids_valid and ENV_ERROR.match(message) and "render" in message:
                return  # an env that cannot draw here (no EGL, ...): named, the pool goes on
            raise Violation(f"render() raised {error!r}") from error
        except (ValueError, TypeError) as error:
            if mode is None:
                raise Violation(f"render() without render_mode raised {error!r}") from error
            if ids_valid and camera is None:
                raise Violation(f"a valid render() was rejected: {type(error).__name__}: {error}") from error
            expect_rejection(
                error, *(("env_id",) if not ids_valid else ()), *(("camera_id",) if camera is not None else ())
            )
            return
        if mode is None:
            raise Violation("render() without render_mode returned")
        if not ids_valid:
            raise Violation(f"render() of invalid env ids {short(arg)} returned")
        if gymnasium_frames:
            if not isinstance(frames, tuple) or len(frames) != model.n:
                raise Violation(f"gymnasium render() returned {short(frames)}, not a tuple of {model.n} frames")
            frames = np.stack(frames)
        if not isinstance(frames, np.ndarray) or frames.dtype != np.uint8 or frames.ndim != 4:
            raise Violation(f"render() returned {short(frames)}")
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
                ids = pick(model, rng, int(rng.integers(1, model.n + 1)))
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
            ids = pick(model, rng)
            action = build_action(("valid", "c"), self.env, ids.size, rng, None)
            if model.count + ids.size >= model.batch and r < 0.75:
                fn = lambda: self.env.step(action, ids)  # noqa: E731
                self.checked_send(fn, action, ids, ids, True, reset=False, recv=True)
            else:
                fn = lambda: self.env.send(action, ids)  # noqa: E731
                self.checked_send(fn, action, ids, ids, True, reset=False, recv=False)
        elif model.count >= model.batch:
            self.op_recv()


def run_case(case: dict[str, Any], progress: Callable[[int], None] = lambda _: None) -> int:
    """Runs `case`; returns the number of calls made. Raises Violation."""
    runner = CaseRunner(case, progress)
    before = resources()
    try:
        runner.run()
    except Violation as error:
        raise Violation(f"call {runner.calls}: {error}") from None
    check_released(case, before)
    return runner.calls
