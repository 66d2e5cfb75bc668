"""One runner per way of stepping N envs; each returns env steps per second.

Every runner steps its envs with pre-drawn uniformly random actions for one
window of `seconds` (wall clock) after a warm-up of WARMUP x `seconds`, and
counts env steps (one per env per batched step). Construction and the first
reset are not timed. benchmark/mujoco_limit.py times its windows the same way.

A dm_control suite task (CheetahRun-v1, ...) is stepped by dm_control's own loop
(dm_control_single) and by gymnasium's vector envs over benchmark/dm_control_gym.py's
wrapper of dm_control's env.
"""

from __future__ import annotations

import contextlib
import functools
import io
import time
from collections.abc import Callable
from typing import Any

import numpy as np

Runner = Callable[[str, int, float], float]
WARMUP = 0.1  # the warm-up before each window, as a share of the window
CHECK_EVERY = 8  # calls between reads of the clock


def pre_drawn_actions(space: Any, batch: int, n: int = 64) -> list[np.ndarray]:
    """n pre-drawn batched actions in the dtype the env declares, cycled by every runner
    (and replayed by benchmark/mujoco_limit.py)."""
    space.seed(0)
    return [np.stack([space.sample() for _ in range(batch)]) for _ in range(n)]


def _window(step: Callable[[np.ndarray], object], actions: list[np.ndarray], seconds: float) -> tuple[int, float]:
    """(calls, elapsed s): `step` called over the actions until `seconds` have passed on the
    wall clock, read every CHECK_EVERY calls."""
    calls, start = 0, time.perf_counter()
    deadline = start + seconds
    while True:
        for i in range(calls, calls + CHECK_EVERY):
            step(actions[i % len(actions)])
        calls += CHECK_EVERY
        now = time.perf_counter()
        if now >= deadline:
            return calls, now - start


def _timed(
    step: Callable[[np.ndarray], object], actions: list[np.ndarray], envs_per_step: int, seconds: float
) -> float:
    """Env steps/s of `step` over one window of `seconds`, after a warm-up of WARMUP x seconds."""
    _window(step, actions, WARMUP * seconds)
    calls, elapsed = _window(step, actions, seconds)
    return calls * envs_per_step / elapsed


ATARI_FRAME_SKIP = 4  # the atari family's default: Atari figures are frames/s = steps/s x 4


def atari_rom(task: str) -> str | None:
    """The ROM of an atari-family id (Pong-v5 -> pong), or None."""
    try:
        from parallel_pool.atari.registration import ROMS, task_id
    except ImportError:
        return None
    return {task_id(rom): rom for rom in ROMS}.get(task)


# Our ids whose gymnasium env has another name. gymnasium 1.4 ships only Taxi-v4, whose
# change from v3 touched only the non-default is_rainy / fickle_passenger variants.
GYMNASIUM_IDS = {"Taxi-v3": "Taxi-v4"}
NOT_BENCHMARKED = ("template",)  # families that are examples, not envs anyone trains on


@functools.cache
def _dm_control_ids() -> dict[str, tuple[str, str]]:
    """Every dm_control suite task by its id (dm_control's ALL_TASKS, named as the dm_control
    family names them, registered or not yet); {} without dm_control."""
    from dm_control_gym import suite

    try:
        tasks = suite().ALL_TASKS
    except ImportError:
        return {}
    try:
        from parallel_pool.dm_control.registration import task_id
    except ImportError:  # no parallel_pool (benchmark/mujoco_limit.py alone): the same names, EnvPool's

        def task_id(domain: str, task: str) -> str:
            return "".join(part[:1].upper() + part[1:] for part in f"{domain}_{task}".split("_")) + "-v1"

    return {task_id(domain, task): (domain, task) for domain, task in tasks}


def dm_control_task(task: str) -> tuple[str, str] | None:
    """(domain, task) of a dm_control suite id (CheetahRun-v1 -> ("cheetah", "run")), or None."""
    return _dm_control_ids().get(task)


def registered(task: str) -> bool:
    """Whether parallel_pool registers `task` (a family being ported may not yet)."""
    import parallel_pool

    return task in parallel_pool.list_all_envs()


def family(task: str) -> str:
    """The parallel_pool family (its package under parallel_pool/) that registers `task`;
    if the registry cannot say, the family it belongs to (dm_control, atari) or gymnasium's
    package of the same env."""
    try:
        from parallel_pool.registration import registry

        return str(registry._entry(task).import_path.split(".")[1])
    except (ImportError, AttributeError, IndexError, ValueError):
        pass
    if dm_control_task(task) is not None:
        return "dm_control"
    if atari_rom(task) is not None:
        return "atari"
    import gymnasium

    entry = str(gymnasium.spec(GYMNASIUM_IDS.get(task, task)).entry_point)
    return entry.removeprefix("gymnasium.envs.").split(".")[0].split(":")[0]


def families() -> set[str]:
    """Every registered family but the examples."""
    import parallel_pool

    return {family(task) for task in parallel_pool.list_all_envs()} - set(NOT_BENCHMARKED)


def _gymnasium_env(task: str) -> Any:
    """gymnasium.make(task); for a dm_control id, dm_control's env in benchmark/dm_control_gym.py's
    thin wrapper; for an Atari id, ale_py's env with the preprocessing the atari family
    applies by default: no sticky actions, AtariPreprocessing (up to 30 no-ops, frame
    skip 4 with max-pooling, 84x84 grayscale) and a stack of 4 frames."""
    import gymnasium

    dm = dm_control_task(task)
    if dm is not None:
        from dm_control_gym import DMControlEnv

        return DMControlEnv(*dm)
    if atari_rom(task) is None:
        return gymnasium.make(GYMNASIUM_IDS.get(task, task))
    import ale_py

    gymnasium.register_envs(ale_py)
    env = gymnasium.make(f"ALE/{task}", frameskip=1, repeat_action_probability=0.0)
    env = gymnasium.wrappers.AtariPreprocessing(env, noop_max=30, frame_skip=ATARI_FRAME_SKIP, screen_size=84)
    return gymnasium.wrappers.FrameStackObservation(env, 4)


def gymnasium_single(task: str, num_envs: int, seconds: float) -> float:
    """One plain gymnasium env (num_envs must be 1): the Python baseline."""
    env = _gymnasium_env(task)
    env.reset(seed=0)
    actions = [a[0] for a in pre_drawn_actions(env.action_space, 1)]

    def step(a: Any) -> None:
        _, _, term, trunc, _ = env.step(a)
        if term or trunc:
            env.reset()

    return _timed(step, actions, 1, seconds)


def dm_control_single(task: str, num_envs: int, seconds: float) -> float:
    """dm_control's own Python loop (num_envs must be 1): `suite.load(domain, task,
    task_kwargs={"random": 0})` stepped with the pre-drawn actions, reset at each LAST step."""
    from dm_control_gym import action_box, load

    dm = dm_control_task(task)
    if dm is None:
        raise ValueError(f"{task} is not a dm_control suite task")
    env = load(*dm, seed=0)
    env.reset()
    actions = [a[0] for a in pre_drawn_actions(action_box(env.action_spec()), 1)]

    def step(a: np.ndarray) -> None:
        if env.step(a).last():
            env.reset()

    try:
        return _timed(step, actions, 1, seconds)
    finally:
        env.close()


def _gymnasium_vector(cls_name: str) -> Runner:
    def run(task: str, num_envs: int, seconds: float) -> float:
        import gymnasium

        cls = getattr(gymnasium.vector, cls_name)
        env = cls([lambda: _gymnasium_env(task) for _ in range(num_envs)])
        env.reset(seed=0)
        try:
            return _timed(env.step, pre_drawn_actions(env.single_action_space, num_envs), num_envs, seconds)
        finally:
            env.close()

    run.__doc__ = f"gymnasium.vector.{cls_name}"
    return run


gymnasium_sync = _gymnasium_vector("SyncVectorEnv")
gymnasium_async = _gymnasium_vector("AsyncVectorEnv")


def _pool_sync(module: Any) -> Runner:
    def run(task: str, num_envs: int, seconds: float) -> float:
        env = module.make_gymnasium(task, num_envs=num_envs, seed=0)
        env.reset()
        return _timed(env.step, pre_drawn_actions(env.single_action_space, num_envs), num_envs, seconds)

    return run


def _pool_async(module: Any) -> Runner:
    """num_envs envs, batches of num_envs // 2: the caller works on one half
    while the workers step the other (EnvPool's recommended use)."""

    def run(task: str, num_envs: int, seconds: float) -> float:
        batch = max(1, num_envs // 2)
        env = module.make_gymnasium(task, num_envs=num_envs, batch_size=batch, seed=0)
        env.async_reset()
        ids = [None]

        def step(a: np.ndarray) -> None:
            if ids[0] is not None:
                env.send(a, ids[0])
            ids[0] = env.recv()[4]["env_id"]

        return _timed(step, pre_drawn_actions(env.single_action_space, batch), batch, seconds)

    return run


def _import_envpool() -> Any:
    with contextlib.redirect_stderr(io.StringIO()):
        import envpool
    return envpool


def envpool_sync(task: str, num_envs: int, seconds: float) -> float:
    return _pool_sync(_import_envpool())(task, num_envs, seconds)


def envpool_async(task: str, num_envs: int, seconds: float) -> float:
    return _pool_async(_import_envpool())(task, num_envs, seconds)


def parallel_pool_sync(task: str, num_envs: int, seconds: float) -> float:
    import parallel_pool

    return _pool_sync(parallel_pool)(task, num_envs, seconds)


def parallel_pool_async(task: str, num_envs: int, seconds: float) -> float:
    import parallel_pool

    return _pool_async(parallel_pool)(task, num_envs, seconds)


def _ale_vector(asynchronous: bool) -> Runner:
    """ale_py's own C++ vector env (AtariVectorEnv, threads), configured as the atari
    family's defaults (it clips rewards by default; we do not)."""

    def run(task: str, num_envs: int, seconds: float) -> float:
        from ale_py.vector_env import AtariVectorEnv

        rom = atari_rom(task)
        if rom is None:
            raise ValueError(f"{task} is not an Atari game")

        batch = max(1, num_envs // 2) if asynchronous else num_envs
        env = AtariVectorEnv(
            game=rom,
            num_envs=num_envs,
            batch_size=batch,
            repeat_action_probability=0.0,
            reward_clipping=False,
            noop_max=30,
            use_fire_reset=True,
        )
        env.reset(seed=0)
        actions = [a.astype(np.int32) for a in pre_drawn_actions(env.single_action_space, batch)]
        try:
            return _timed(env.step, actions, batch, seconds)
        finally:
            env.close()

    return run


ale_vector_sync = _ale_vector(asynchronous=False)
ale_vector_async = _ale_vector(asynchronous=True)
