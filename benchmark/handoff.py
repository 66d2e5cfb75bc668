"""What a thread hand-off costs, and why a cheap sync step runs inline.

For each num_envs, times one batched CartPole step two ways:
  step()          the pool's adaptive path (inline when the batch is cheap)
  send() + recv() always through the action queue: a worker (or the caller,
                  helping) picks the envs up
The difference is the hand-off cost that kInlineBudgetNs
(parallel_pool/core/inline_run.h) weighs against the batch's work.

    PYTHONPATH=. python benchmark/handoff.py [--task CartPole-v1] [--num-envs 1 8 64 512]
(after `make develop`, or with parallel_pool installed)

`make bench` (benchmark/run.py) runs it too and docs/performance.md shows its table.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np

import parallel_pool


def per_call_us(fn: Callable[[], object], calls: int) -> float:
    for _ in range(50):
        fn()
    start = time.perf_counter()
    for _ in range(calls):
        fn()
    return (time.perf_counter() - start) / calls * 1e6


def measure(task: str, n: int) -> tuple[float, float]:
    """(step() us, send()+recv() us) per batched call of n envs."""
    env = parallel_pool.make_gymnasium(task, num_envs=n, seed=0)
    env.reset()
    action = np.zeros((n, *env.single_action_space.shape), dtype=env.single_action_space.dtype)
    calls = max(200, 200000 // n)

    def queued() -> None:
        env.send(action)
        env.recv()

    return per_call_us(lambda: env.step(action), calls), per_call_us(queued, calls)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--task", default="CartPole-v1")
    parser.add_argument("--num-envs", nargs="+", type=int, default=[1, 8, 64, 512])
    args = parser.parse_args()
    print("| num_envs | step() us | send()+recv() us | hand-off cost us |\n|---:|---:|---:|---:|")
    for n in args.num_envs:
        inline, handed = measure(args.task, n)
        print(f"| {n} | {inline:.1f} | {handed:.1f} | {handed - inline:+.1f} |")


if __name__ == "__main__":
    main()
