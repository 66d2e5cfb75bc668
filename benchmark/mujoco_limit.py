"""The physical limit of a MuJoCo pool: what MuJoCo alone can do on this machine.

    python benchmark/mujoco_limit.py [--tasks Ant-v5 HalfCheetah-v5] [--seconds 2.0]

A MuJoCo env step is `frame_skip` calls of mj_step plus a little bookkeeping,
so no pool can step more than

    limit = threads x (mj_step/s of one thread) / frame_skip   env steps/s.

This measures the mj_step rate on gymnasium's own model and data (the same
libmujoco parallel_pool runs), under the same kind of load as
benchmark/run.py: uniformly random actions, one `mj_step(nstep=frame_skip)`
per env step, restarting the episode where the env would (unhealthy, or 1000
steps). Only the mj_step calls are timed. Two figures:

  * nominal: threads x the rate of one thread running alone;
  * measured: the summed rate of `threads` processes running at once. Where
    cores share a physical core or the host is oversubscribed (the 2-vCPU CI
    machine gives about 1.1 cores of throughput), this is the real ceiling.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import multiprocessing
import os
import time
from typing import Any

import numpy as np


def is_mujoco(task: str) -> bool:
    import gymnasium

    try:
        entry = str(gymnasium.spec(task).entry_point)
    except gymnasium.error.Error:
        return False
    return entry.startswith("gymnasium.envs.mujoco")


def _unhealthy(env: Any) -> bool:
    return bool(getattr(env, "_terminate_when_unhealthy", False)) and not env.is_healthy


def mj_step_rate(task: str, seconds: float = 2.0) -> tuple[float, int]:
    """(single-thread mj_step calls per second, frame_skip) for `task`."""
    import gymnasium
    import mujoco

    env = gymnasium.make(task).unwrapped
    env.reset(seed=0)
    model, data, frame_skip = env.model, env.data, env.frame_skip
    rng = np.random.default_rng(0)
    low, high = env.action_space.low.astype(np.float64), env.action_space.high.astype(np.float64)
    actions = rng.uniform(low, high, (4096, *low.shape))
    timed, frames, steps = 0.0, 0, 0
    while timed < seconds:
        data.ctrl[:] = actions[steps % len(actions)]
        start = time.perf_counter()
        mujoco.mj_step(model, data, nstep=frame_skip)
        timed += time.perf_counter() - start
        mujoco.mj_rnePostConstraint(model, data)
        frames += frame_skip
        steps += 1
        if steps % 1000 == 0 or _unhealthy(env):
            env.reset()
    env.close()
    return frames / timed, frame_skip


def _rate_only(task: str, seconds: float) -> float:
    return mj_step_rate(task, seconds)[0]


def concurrent_rate(task: str, threads: int, seconds: float = 2.0) -> float:
    """Summed mj_step/s of `threads` processes stepping `task` at the same time."""
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(threads, mp_context=context) as pool:
        list(pool.map(_rate_only, [task] * threads, [0.2] * threads))  # start every worker first
        return sum(pool.map(_rate_only, [task] * threads, [seconds] * threads))


def limits(task: str, threads: int, seconds: float = 2.0) -> tuple[float, float]:
    """The most env steps/s `threads` threads can run, threads x mj_step/s / frame_skip:
    (nominal: one thread's rate scaled, measured: `threads` processes at once), measured now."""
    rate, frame_skip = mj_step_rate(task, seconds)
    together = rate if threads == 1 else concurrent_rate(task, threads, seconds)
    return threads * rate / frame_skip, together / frame_skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tasks", nargs="+", default=["Ant-v5", "HalfCheetah-v5"])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    n = args.threads
    print(
        f"| task | frame_skip | mj_step/s, 1 thread | limit, 1 thread | limit, {n} threads nominal "
        f"| mj_step/s, {n} at once | limit, {n} threads measured |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for task in args.tasks:
        rate, frame_skip = mj_step_rate(task, args.seconds)
        together = concurrent_rate(task, n, args.seconds)
        print(
            f"| {task} | {frame_skip} | {rate:,.0f} | {rate / frame_skip:,.0f} | {n * rate / frame_skip:,.0f} "
            f"| {together:,.0f} | {together / frame_skip:,.0f} |"
        )


if __name__ == "__main__":
    main()
