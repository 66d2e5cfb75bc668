"""Who waits on whom: each thread's running time, run-queue wait and sleeps during a window.

    PYTHONPATH=. python benchmark/thread_time.py [--task Breakout-v5] [--num-envs 8]
        [--methods ours:async avec:async ours:sync avec:sync] [--seconds 5] [--rounds 3]

A pool is fast when its threads are busy with envs and never wait for each other or for a
core. `perf` shows what the threads run; this shows when they do not run. For each method
(ours: parallel_pool; avec: ale_py's AtariVectorEnv; envpool) in its sync mode (step() on
num_envs envs) or async mode (num_envs envs, batches of num_envs // 2, as
benchmark/run.py runs them), it steps for --seconds after a warm-up and reads, from
/proc/self/task/*/schedstat and status, every thread's

  run     seconds on a core (its share of the window: 100% = one core the whole window)
  queued  seconds runnable but waiting for a core (more runnable threads than cores)
  sleeps  voluntary context switches per env step (it waited for work or a batch)
  preempt involuntary context switches per env step (a core was taken from it)

The caller is the thread that runs Python; the others are the method's workers, sorted
by run time (threads that ran under 1% of the window are left out). Rounds interleave
the methods, so a change in the machine's load shows in every method alike.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from benchmark import runners

Stepper = tuple[Callable[[int], None], Callable[[], None], int]  # (step, close, envs per step)


def _thread_stats() -> dict[int, tuple[float, float, int, int]]:
    """{tid: (run s, queued s, voluntary switches, involuntary switches)} of this process."""
    stats = {}
    for tid in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{tid}/schedstat") as f:
                run_ns, wait_ns, _ = (int(x) for x in f.read().split())
            with open(f"/proc/self/task/{tid}/status") as f:
                fields = dict(line.split(":", 1) for line in f if ":" in line)
        except FileNotFoundError:  # the thread ended
            continue
        stats[int(tid)] = (
            run_ns / 1e9,
            wait_ns / 1e9,
            int(fields["voluntary_ctxt_switches"]),
            int(fields["nonvoluntary_ctxt_switches"]),
        )
    return stats


def _pool(module: Any, task: str, num_envs: int, mode: str) -> Stepper:
    """A pool of `module` (parallel_pool or envpool): step() in sync mode, else a
    recv()/send() loop over batches of num_envs // 2."""
    batch = num_envs if mode == "sync" else max(1, num_envs // 2)
    env = module.make_gymnasium(task, num_envs=num_envs, batch_size=batch, seed=0)
    actions = runners.pre_drawn_actions(env.single_action_space, batch)
    if mode == "sync":
        env.reset()
        return (lambda i: env.step(actions[i % len(actions)])), env.close, batch
    env.async_reset()
    ids = [env.recv()[4]["env_id"]]

    def step(i: int) -> None:
        env.send(actions[i % len(actions)], ids[0])
        ids[0] = env.recv()[4]["env_id"]

    return step, env.close, batch


def _ours(task: str, num_envs: int, mode: str) -> Stepper:
    import parallel_pool

    return _pool(parallel_pool, task, num_envs, mode)


def _envpool(task: str, num_envs: int, mode: str) -> Stepper:
    return _pool(runners._import_envpool(), task, num_envs, mode)


def _avec(task: str, num_envs: int, mode: str) -> Stepper:
    batch = num_envs if mode == "sync" else max(1, num_envs // 2)
    env = runners.ale_vector_env(task, num_envs, batch)
    actions = [a.astype(np.int32) for a in runners.pre_drawn_actions(env.single_action_space, batch)]
    return (lambda i: env.step(actions[i % len(actions)])), env.close, batch


MAKERS: dict[str, Callable[[str, int, str], Stepper]] = {"ours": _ours, "avec": _avec, "envpool": _envpool}


def measure(method: str, task: str, num_envs: int, seconds: float) -> dict[str, Any]:
    """One window of one method: its env steps/s and every busy thread's figures."""
    name, mode = method.split(":")
    step, close, per_step = MAKERS[name](task, num_envs, mode)
    try:
        deadline = time.perf_counter() + runners.WARMUP * seconds
        i = 0
        while time.perf_counter() < deadline:
            step(i)
            i += 1
        before, start, calls = _thread_stats(), time.perf_counter(), 0
        deadline = start + seconds
        while time.perf_counter() < deadline:
            step(calls)
            calls += 1
        wall = time.perf_counter() - start
        after = _thread_stats()
    finally:
        close()
    steps = calls * per_step
    main = os.getpid()
    threads = []
    for tid, (run, queued, vol, invol) in after.items():
        if tid not in before:
            continue
        b = before[tid]
        row = (run - b[0], queued - b[1], (vol - b[2]) / steps, (invol - b[3]) / steps)
        if tid == main or row[0] > 0.01 * wall:
            threads.append(("caller" if tid == main else "worker", *row))
    threads.sort(key=lambda t: (t[0] != "caller", -t[1]))
    return {"rate": steps / wall, "wall": wall, "threads": threads}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--task", default="Breakout-v5")
    parser.add_argument("--num-envs", type=int, default=8)
    parser.add_argument("--methods", nargs="+", default=["ours:async", "avec:async", "ours:sync", "avec:sync"])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    for r in range(args.rounds):
        for method in args.methods:
            m = measure(method, args.task, args.num_envs, args.seconds)
            print(f"round {r + 1} {method:12} {args.task} num_envs={args.num_envs}: {m['rate']:,.0f} env steps/s")
            for kind, run, queued, sleeps, preempt in m["threads"]:
                print(
                    f"    {kind:6} run {run / m['wall']:6.1%}  queued {queued / m['wall']:6.1%}"
                    f"  sleeps/step {sleeps:5.2f}  preempt/step {preempt:5.3f}"
                )
            total = sum(t[1] for t in m["threads"]) / m["wall"]
            print(f"    all    run {total:6.1%} of one core; env steps per CPU s {m['rate'] / total:,.0f}", flush=True)


if __name__ == "__main__":
    main()
