"""The benchmark: parallel_pool against EnvPool and gymnasium, side by side.

    python benchmark/run.py [--tasks CartPole-v1 Pendulum-v1] [--num-envs 1 2 8 32]
                            [--seconds 1.0] [--markdown results.md]

For each task and num_envs it measures env steps/s for every method and
prints one table per task, with parallel_pool's ratio to EnvPool (same mode)
and to gymnasium's SyncVectorEnv for-loop. Targets (issue 2): >= EnvPool on
every row; for cheap envs never slower than the for-loop; num_envs=1 faster
than one plain gymnasium env.

`make bench` runs it on the installed wheel. From a source tree: `make develop`,
then `PYTHONPATH=. python benchmark/run.py`.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import runners

METHODS = {
    "gymnasium single env": runners.gymnasium_single,
    "gymnasium SyncVectorEnv": runners.gymnasium_sync,
    "gymnasium AsyncVectorEnv": runners.gymnasium_async,
    "envpool sync": runners.envpool_sync,
    "parallel_pool sync": runners.parallel_pool_sync,
    "envpool async": runners.envpool_async,
    "parallel_pool async": runners.parallel_pool_async,
}


def measure(task: str, num_envs: int, seconds: float) -> dict[str, float]:
    results = {}
    for name, run in METHODS.items():
        if name == "gymnasium single env" and num_envs != 1:
            continue
        if "async" in name and num_envs == 1:
            continue  # async needs at least two envs to overlap
        results[name] = run(task, num_envs, seconds)
    return results


def table(task: str, rows: Iterable[tuple[int, dict[str, float]]]) -> str:
    lines = [
        f"### {task} (env steps/s)",
        "",
        "| num_envs | method | steps/s | vs EnvPool | vs SyncVectorEnv |",
        "|---:|---|---:|---:|---:|",
    ]
    for num_envs, res in rows:
        loop = res.get("gymnasium SyncVectorEnv")
        for name, fps in res.items():
            ours = name.startswith("parallel_pool")
            ref = res.get(name.replace("parallel_pool", "envpool")) if ours else None
            vs_ep = f"{fps / ref:.2f}x" if ref else ""
            vs_loop = f"{fps / loop:.2f}x" if loop and ours else ""
            if ours and num_envs == 1 and "gymnasium single env" in res:
                vs_loop += f" ({fps / res['gymnasium single env']:.2f}x single env)"
            lines.append(f"| {num_envs} | {'**' + name + '**' if ours else name} | {fps:,.0f} | {vs_ep} | {vs_loop} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tasks", nargs="+", default=["CartPole-v1", "Pendulum-v1"])
    parser.add_argument("--num-envs", nargs="+", type=int, default=[1, 2, 8, 32])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--markdown", help="also write the tables to this file")
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores; {args.seconds}s per measurement", flush=True)
    out = []
    for task in args.tasks:
        rows = []
        for n in args.num_envs:
            rows.append((n, measure(task, n, args.seconds)))
        text = table(task, rows)
        print(text + "\n", flush=True)
        out.append(text)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write("\n\n".join(out) + "\n")


if __name__ == "__main__":
    main()
