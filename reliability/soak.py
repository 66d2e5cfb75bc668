"""Soak: a long async run per task, watching memory, threads and file descriptors (`make soak`).

    python -m reliability.soak                      # 10^7 CartPole-v1 steps, 10^6 Pong-v5 steps
    python -m reliability.soak --scale 0.01         # the same, 100x shorter

Each run is async (batch_size < num_envs, send/recv) and resets random subsets
of the envs it receives as it goes (`reset(env_id)`, which queues their resets
and receives the next batch). Every `--sample-seconds` it records this
process's RSS (VmRSS, /proc/self/status), thread count (/proc/self/task) and
open file descriptors (/proc/self/fd). After a warm-up (the first tenth of the
steps) it passes when RSS grows by less than 1% and the thread and fd counts
never change.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

import numpy as np

import parallel_pool

# task, env steps, pool config: async, a worker per core.
RUNS: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("CartPole-v1", 10**7, {"num_envs": 64, "batch_size": 32, "num_threads": 2}),
    ("Pong-v5", 10**6, {"num_envs": 8, "batch_size": 4, "num_threads": 2}),
)
WARM_UP = 0.1  # of the steps
RSS_LIMIT = 0.01  # growth after warm-up
RESET_PROBABILITY = 0.02  # per batch: a random subset of its envs is reset instead of stepped


def sample() -> dict[str, int]:
    with open("/proc/self/status") as f:
        rss_kb = next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))
    return {"rss_kb": rss_kb, "threads": len(os.listdir("/proc/self/task")), "fds": len(os.listdir("/proc/self/fd"))}


def soak(task: str, steps: int, config: dict[str, Any], sample_seconds: float, seed: int = 0) -> dict[str, Any]:
    rng = np.random.default_rng(seed)
    env = parallel_pool.make_gymnasium(task, seed=seed, **config)
    n_actions = int(env.single_action_space.n)
    batch = env.batch_size
    samples: list[dict[str, Any]] = []
    done_steps = resets = 0
    warm_steps = int(steps * WARM_UP)
    warm_at: int | None = None
    start = last = time.monotonic()
    env.async_reset()
    _, _, _, _, info = env.recv()
    while done_steps < steps:
        ids = info["env_id"]
        if rng.random() < RESET_PROBABILITY:
            chosen = rng.random(batch) < 0.5
            chosen[rng.integers(batch)] = True
            rest = ids[~chosen]
            if rest.size:
                env.send(rng.integers(0, n_actions, rest.size, dtype=np.int32), rest)
            _, info = env.reset(ids[chosen])  # queues the resets, receives the next batch
            resets += int(chosen.sum())
        else:
            env.send(rng.integers(0, n_actions, batch, dtype=np.int32), ids)
            _, _, _, _, info = env.recv()
        done_steps += batch
        now = time.monotonic()
        if warm_at is None and done_steps >= warm_steps:
            warm_at = len(samples)
            samples.append({"steps": done_steps, "seconds": round(now - start, 1), **sample()})
            last = now
        elif now - last >= sample_seconds:
            samples.append({"steps": done_steps, "seconds": round(now - start, 1), **sample()})
            last = now
    seconds = time.monotonic() - start
    samples.append({"steps": done_steps, "seconds": round(seconds, 1), **sample()})
    env.close()
    after = samples[warm_at or 0 :]
    base = after[0]
    growth = max(s["rss_kb"] for s in after) / base["rss_kb"] - 1.0
    threads = sorted({s["threads"] for s in after})
    fds = sorted({s["fds"] for s in after})
    return {
        "task": task,
        "config": config,
        "steps": done_steps,
        "resets": resets,
        "seconds": round(seconds, 1),
        "steps_per_second": round(done_steps / seconds),
        "rss_mb_at_warm_up": round(base["rss_kb"] / 1024, 1),
        "rss_mb_max_after": round(max(s["rss_kb"] for s in after) / 1024, 1),
        "rss_mb_end": round(after[-1]["rss_kb"] / 1024, 1),
        "rss_growth_percent": round(100 * growth, 3),
        "threads": threads,
        "fds": fds,
        "samples": len(after),
        "passed": growth < RSS_LIMIT and len(threads) == 1 and len(fds) == 1,
        "trace": samples,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies every run's step count")
    parser.add_argument("--sample-seconds", type=float, default=5.0)
    parser.add_argument("--tasks", default=",".join(task for task, _, _ in RUNS))
    parser.add_argument("--json", help="write the results here")
    args = parser.parse_args()
    results = []
    for task, steps, config in RUNS:
        if task not in args.tasks.split(","):
            continue
        result = soak(task, max(1, int(steps * args.scale)), config, args.sample_seconds)
        results.append(result)
        brief = {k: v for k, v in result.items() if k != "trace"}
        print(json.dumps(brief), flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
            f.write("\n")
    failed = [r["task"] for r in results if not r["passed"]]
    print("soak: " + (f"FAILED {failed}" if failed else "passed"))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
