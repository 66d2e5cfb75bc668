"""Runs gymnasium's own vector and vector-wrapper tests with our pool as the vector env under test.

gymnasium ships its tests in its repository only. Bring the version we test against
onto the machine first (gymnasium's commit "Update to v1.4.0" for gymnasium 1.4.0),
for instance from a clone of gymnasium's repository (Farama-Foundation/Gymnasium) in
/tmp/Gymnasium:

    git -C /tmp/Gymnasium worktree add /tmp/gymnasium-1.4.0 95a790e199c1ea7befa2fca03ac9fc42001c908d

(from a bare mirror: `git archive 95a790e19 gymnasium tests pyproject.toml | tar -x -C /tmp/gymnasium-1.4.0`).
Then, with the built package importable (`make develop` links the extensions into the
source tree), from the repository root:

    python tools/gymnasium_vector_tests.py /tmp/gymnasium-1.4.0 [--json out.json] [pytest args ...]

gymnasium's RecordVideo tests need `moviepy` importable as well (else they fail with
DependencyNotInstalled before reaching the pool). tools/gymnasium_vector_tests.md has the last result.

It runs `tests/vector` and `tests/wrappers/vector` of that checkout under pytest with
this file as a plugin, which puts our pool in place of the vector env a test builds:

* `gymnasium.make_vec(id, ...)` of a task we register, without `wrappers=`, in any
  vectorization mode: `parallel_pool.make_vec(id, num_envs=..., ...)`. With
  `wrappers=` the sub-envs are gymnasium envs wrapped one by one, which a C++ pool
  cannot be, so it stays gymnasium's: that is the reference side of the wrapper
  equivalence tests.
* `SyncVectorEnv(env_fns)` / `AsyncVectorEnv(env_fns)` whose every thunk makes the same
  task of ours with gymnasium's default wrappers only (TimeLimit, OrderEnforcing,
  PassiveEnvChecker): our pool, its env i seeded with the seed the thunk reset sub-env i
  with (as gymnasium's `make_env` helper does), else with the pool's default.
  In the tests of `REFERENCE_SYNC`, which compare another vector env with
  `SyncVectorEnv`, `SyncVectorEnv` stays gymnasium's: it is the reference.

Every other construction (gymnasium's custom test envs, mixed tasks, custom workers)
is left alone, so each test is reported as having run our pool or not. The summary
counts the tests that built at least one pool ("applicable") and their outcomes; the
others ran on gymnasium's own vector envs only.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import gymnasium
import gymnasium.envs.registration as gym_registration
import gymnasium.vector
import pytest
from gymnasium import wrappers as gym_wrappers

# Tests that compare a vector env with SyncVectorEnv under the same seeds and actions:
# there SyncVectorEnv is the reference and is never swapped.
REFERENCE_SYNC = frozenset({"test_vector_env_equal"})

# The wrappers gymnasium.make puts on every env: a thunk that adds no other makes
# the plain task, which our pool runs (max_episode_steps is read from TimeLimit).
_DEFAULT_WRAPPERS = (gym_wrappers.TimeLimit, gym_wrappers.OrderEnforcing, gym_wrappers.PassiveEnvChecker)

# sync/async constructor keywords that only say how gymnasium runs its sub-envs.
_TRANSPORT_KWARGS = frozenset({"copy", "shared_memory", "context", "daemon", "max_concurrency"})

_ORIGINAL_SYNC = gymnasium.vector.SyncVectorEnv
_ORIGINAL_ASYNC = gymnasium.vector.AsyncVectorEnv
_ORIGINAL_MAKE_VEC = gym_registration.make_vec


class _State:
    """What the running test is, and which pools it built (for the report)."""

    test_name: str = ""
    swaps: list[str] = []  # the pools built (or tried: a failed make counts)
    declined: list[str] = []  # a task of ours that our pool could not stand in for, and why


def _our_ids() -> frozenset[str]:
    import parallel_pool

    return frozenset(parallel_pool.list_all_envs())


def _make_pool(task_id: str, num_envs: int, **kwargs: Any) -> Any:
    import parallel_pool

    _State.swaps.append(f"{task_id} x{num_envs}")
    return parallel_pool.make_vec(task_id, num_envs=num_envs, **kwargs)


def _config_from_env_kwargs(task_id: str, kwargs: dict[str, Any]) -> dict[str, Any]:
    """The env kwargs a test chose, as our config: those gymnasium registers for the id
    (FrozenLake-v1's map_name="4x4", ...) are its defaults, which our id has too."""
    registered = gymnasium.spec(task_id).kwargs
    return {
        k: v
        for k, v in kwargs.items()
        if not (k in registered and _same(registered[k], v)) and not (k == "render_mode" and v is None)
    }


def _same(a: Any, b: Any) -> bool:
    try:
        return bool(a == b)
    except ValueError:  # arrays
        return a is b


def _pool_from_thunks(env_fns: Sequence[Callable[[], Any]], kwargs: dict[str, Any]) -> Any | None:
    """Our pool for `SyncVectorEnv(env_fns, **kwargs)`, or None where it cannot stand in."""
    if not env_fns:
        return None
    ours = _our_ids()
    probes = []
    try:
        for fn in env_fns:
            probes.append(fn())
        described = [_describe(env, ours) for env in probes]
        seeds = [env.unwrapped.np_random_seed if env.unwrapped._np_random is not None else None for env in probes]
    finally:
        for env in probes:
            env.close()
    if all(d is None for d in described):
        return None  # not a task of ours
    if any(isinstance(d, str) for d in described):
        _State.declined.append(next(d for d in described if isinstance(d, str)))
        return None
    if any(d != described[0] for d in described):
        _State.declined.append("the thunks make different tasks (or configs); a pool runs one")
        return None
    extra = sorted(set(kwargs) - _TRANSPORT_KWARGS - {"autoreset_mode", "observation_mode"})
    if extra or kwargs.get("observation_mode", "same") != "same":
        _State.declined.append(f"vector env arguments a pool has not: {extra or 'observation_mode'}")
        return None
    task_id, env_kwargs, max_steps = described[0]
    config = _config_from_env_kwargs(task_id, dict(env_kwargs))
    if max_steps is not None:
        config["max_episode_steps"] = max_steps
    if "autoreset_mode" in kwargs:
        config["autoreset_mode"] = kwargs["autoreset_mode"]
    if all(isinstance(s, int) and s >= 0 for s in seeds):
        config["seed"] = seeds  # as each thunk seeded its sub-env
    return _make_pool(task_id, len(env_fns), **config)


def _describe(env: Any, ours: frozenset[str]) -> tuple[str, tuple, int | None] | str | None:
    """(task id, its kwargs, TimeLimit's steps) of a plain env of ours; None for another
    task; why not, for a task of ours with more than gymnasium's default wrappers."""
    spec = env.unwrapped.spec
    if spec is None or spec.id not in ours:
        return None
    max_steps = None
    layer = env
    while isinstance(layer, gymnasium.Wrapper):
        if type(layer) not in _DEFAULT_WRAPPERS:
            return f"{spec.id} wrapped in {type(layer).__name__} per sub-env"
        if isinstance(layer, gym_wrappers.TimeLimit):
            max_steps = layer._max_episode_steps
        layer = layer.env
    return spec.id, tuple(sorted(spec.kwargs.items(), key=lambda kv: kv[0])), max_steps


class SyncVectorEnv(_ORIGINAL_SYNC):
    """gymnasium's SyncVectorEnv, or our pool where it can stand in (see the module doc)."""

    def __new__(cls, env_fns: Sequence[Callable[[], Any]] = (), *args: Any, **kwargs: Any) -> Any:
        if not args and _State.test_name not in REFERENCE_SYNC:
            pool = _pool_from_thunks(list(env_fns), kwargs)
            if pool is not None:
                return pool
        return super().__new__(cls)


class AsyncVectorEnv(_ORIGINAL_ASYNC):
    """gymnasium's AsyncVectorEnv, or our pool where it can stand in (see the module doc)."""

    def __new__(cls, env_fns: Sequence[Callable[[], Any]] = (), *args: Any, **kwargs: Any) -> Any:
        if not args:
            pool = _pool_from_thunks(list(env_fns), kwargs)
            if pool is not None:
                return pool
        return super().__new__(cls)


def make_vec(
    id: Any,  # gymnasium's name
    num_envs: int = 1,
    vectorization_mode: Any = None,
    vector_kwargs: dict[str, Any] | None = None,
    wrappers: Sequence[Callable[[Any], Any]] | None = None,
    **kwargs: Any,
) -> Any:
    """gymnasium.make_vec, with our pool for a task of ours built without `wrappers`."""
    task_id = id.id if isinstance(id, gym_registration.EnvSpec) else id
    vector_kwargs = dict(vector_kwargs or {})
    if isinstance(task_id, str) and task_id in _our_ids():
        extra = sorted(set(vector_kwargs) - _TRANSPORT_KWARGS - {"autoreset_mode"})
        if wrappers:
            _State.declined.append(f"make_vec({task_id!r}, wrappers=...): gymnasium wrappers per sub-env")
        elif extra:
            _State.declined.append(f"make_vec({task_id!r}): vector_kwargs a pool has not: {extra}")
        else:
            config = _config_from_env_kwargs(task_id, kwargs)
            if "autoreset_mode" in vector_kwargs:
                config["autoreset_mode"] = vector_kwargs["autoreset_mode"]
            return _make_pool(task_id, num_envs, **config)
    return _ORIGINAL_MAKE_VEC(id, num_envs, vectorization_mode, vector_kwargs, wrappers, **kwargs)


def pytest_configure(config: pytest.Config) -> None:
    """Puts the swaps in place before gymnasium's test modules import the names."""
    gymnasium.vector.SyncVectorEnv = SyncVectorEnv
    gymnasium.vector.AsyncVectorEnv = AsyncVectorEnv
    gymnasium.make_vec = make_vec
    gym_registration.make_vec = make_vec
    config._pool_results = {}  # type: ignore[attr-defined]


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    _State.test_name = getattr(item, "originalname", item.name)
    _State.swaps = []
    _State.declined = []


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Any:
    outcome = yield
    report = outcome.get_result()
    results = item.config._pool_results  # type: ignore[attr-defined]
    entry = results.setdefault(item.nodeid, {"outcome": "passed", "pools": [], "declined": [], "message": ""})
    entry["pools"] = sorted(set(entry["pools"]) | set(_State.swaps))
    entry["declined"] = sorted(set(entry["declined"]) | set(_State.declined))
    if report.failed or (report.skipped and entry["outcome"] == "passed"):
        entry["outcome"] = "failed" if report.failed else "skipped"
        text = str(report.longrepr.reprcrash.message) if hasattr(report.longrepr, "reprcrash") else str(report.longrepr)
        entry["message"] = text.strip().splitlines()[0][:300] if text.strip() else ""


def pytest_sessionfinish(session: pytest.Session) -> None:
    results = session.config._pool_results  # type: ignore[attr-defined]
    path = session.config.getoption("pool_json", None)
    if path:
        Path(path).write_text(json.dumps(results, indent=1, sort_keys=True))
    applicable = {k: v for k, v in results.items() if v["pools"]}
    declined = {k: v for k, v in results.items() if not v["pools"] and v["declined"]}
    counts: dict[str, int] = {}
    for entry in applicable.values():
        counts[entry["outcome"]] = counts.get(entry["outcome"], 0) + 1
    print("\n=== tests that ran our pool ===")
    for name, entry in sorted(applicable.items()):
        print(f"{name}: {entry['outcome']}  [{entry['message']}]")
    print("\n=== tests of a task of ours that our pool could not stand in for (gymnasium's ran) ===")
    for name, entry in sorted(declined.items()):
        print(f"{name}: {entry['outcome']}  [{'; '.join(entry['declined'])}]")
    print(
        f"\n=== our pool: {len(applicable)} applicable tests (built a pool): "
        + ", ".join(f"{n} {o}" for o, n in sorted(counts.items()))
        + f"; {len(declined)} tests of our tasks it could not stand in for; "
        + f"{len(results) - len(applicable) - len(declined)} tests built no vector env of ours ==="
    )


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--pool-json", dest="pool_json", default=None, help="write each test's result here")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("checkout", type=Path, help="a checkout of gymnasium's repository (with tests/)")
    parser.add_argument("--json", default=None, help="write each test's outcome, pools and message here")
    args, pytest_args = parser.parse_known_args(argv)
    checkout = args.checkout.resolve()
    if not (checkout / "tests" / "vector").is_dir():
        parser.error(f"checkout: {checkout} has no tests/vector; see this file's docstring for the fetch step")
    # gymnasium's tests import `tests.*` from the checkout; gymnasium itself is the installed one.
    sys.path.insert(0, str(checkout))
    # Our package from this source tree (after `make develop`), unless one is importable already.
    sys.path.append(str(Path(__file__).resolve().parent.parent))
    targets = [str(checkout / "tests" / "vector"), str(checkout / "tests" / "wrappers" / "vector")]
    extra = ["--pool-json", args.json] if args.json else []
    plugin = sys.modules[__name__]
    return int(
        pytest.main(
            [*targets, "-p", "no:cacheprovider", "--rootdir", str(checkout), "-q", *extra, *pytest_args],
            plugins=[plugin],
        )
    )


if __name__ == "__main__":
    sys.exit(main())
