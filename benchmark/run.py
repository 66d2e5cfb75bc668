"""The benchmark: parallel_pool against EnvPool and gymnasium, side by side.

    python benchmark/run.py [--tasks CartPole-v1 ...] [--num-envs 1 2 8 32]
                            [--seconds 1.0] [--markdown results.md]

For each task and num_envs it measures env steps/s for every method and
prints one table per task, with parallel_pool's ratio to EnvPool (same mode)
and to gymnasium's SyncVectorEnv for-loop and AsyncVectorEnv. Targets (issue
2): >= EnvPool on every row; for cheap envs never slower than the for-loop;
num_envs=1 faster than one plain gymnasium env.

MuJoCo tasks (issue 4: `--tasks Ant-v5 HalfCheetah-v5`) also get the physical
limit of that many threads (benchmark/mujoco_limit.py): threads x the
mj_step rate / frame_skip, nominal (one thread's rate scaled) and measured
(that many processes stepping MuJoCo at once), and parallel_pool's ratio to
the measured one. Targets: >= EnvPool, >= 2x AsyncVectorEnv, >= 90% of the
limit.

Atari tasks (issue 3: `--tasks Pong-v5 Breakout-v5`) are counted in frames/s
(env steps/s x frame_skip 4) and also run ale_py's own C++ vector env
(AtariVectorEnv, sync and async); gymnasium's envs are ale_py's with
AtariPreprocessing and a 4-frame stack, the atari family's default preprocessing.
Targets: >= EnvPool and >= AtariVectorEnv in both modes, >= 1.5x AsyncVectorEnv,
num_envs=1 faster than one gymnasium env.

`make bench` runs it on the installed wheel. From a source tree: `make develop`,
then `PYTHONPATH=. python benchmark/run.py`.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import mujoco_limit
import runners

METHODS = {
    "gymnasium single env": runners.gymnasium_single,
    "gymnasium SyncVectorEnv": runners.gymnasium_sync,
    "gymnasium AsyncVectorEnv": runners.gymnasium_async,
    "envpool sync": runners.envpool_sync,
    "ale_py AtariVectorEnv sync": runners.ale_vector_sync,
    "parallel_pool sync": runners.parallel_pool_sync,
    "envpool async": runners.envpool_async,
    "ale_py AtariVectorEnv async": runners.ale_vector_async,
    "parallel_pool async": runners.parallel_pool_async,
}
ALE_VECTOR = "ale_py AtariVectorEnv"


NOMINAL = "physical limit, nominal"
MEASURED = "physical limit, measured"


def measure(task: str, num_envs: int, seconds: float, repeat: int = 1) -> dict[str, float]:
    """Steps/s of every method; with repeat > 1, the best of that many interleaved rounds."""
    results: dict[str, float] = {}
    for _ in range(repeat):
        for name, run in METHODS.items():
            if name == "gymnasium single env" and num_envs != 1:
                continue
            if "async" in name and num_envs == 1:
                continue  # async needs at least two envs to overlap
            if name.startswith(ALE_VECTOR) and runners.atari_rom(task) is None:
                continue  # ale_py's vector env runs Atari games only
            results[name] = max(results.get(name, 0.0), run(task, num_envs, seconds))
        if mujoco_limit.is_mujoco(task):  # measured again for every round: the machine may be shared
            threads = min(num_envs, os.cpu_count() or 1)
            nominal, measured = mujoco_limit.limits(task, threads, max(seconds, 1.0))
            results[NOMINAL] = max(results.get(NOMINAL, 0.0), nominal)
            results[MEASURED] = max(results.get(MEASURED, 0.0), measured)
    if runners.atari_rom(task) is not None:  # Atari (issue 3): frames/s
        results = {name: fps * runners.ATARI_FRAME_SKIP for name, fps in results.items()}
    return results


def table(task: str, rows: Iterable[tuple[int, dict[str, float]]]) -> str:
    atari = runners.atari_rom(task) is not None  # frames/s, and the ratio to ale_py's vector env
    unit = "frames/s" if atari else "steps/s"
    extra = " vs AtariVectorEnv |" if atari else ""
    lines = [
        f"### {task} ({'frames/s = env steps/s x 4' if atari else 'env steps/s'})",
        "",
        f"| num_envs | method | {unit} | vs EnvPool | vs SyncVectorEnv | vs AsyncVectorEnv | vs limit |{extra}",
        "|---:|---|---:|---:|---:|---:|---:|" + ("---:|" if atari else ""),
    ]
    for num_envs, res in rows:
        loop = res.get("gymnasium SyncVectorEnv")
        subprocs = res.get("gymnasium AsyncVectorEnv")
        ceiling = res.get(MEASURED)
        for name, fps in res.items():
            ours = name.startswith("parallel_pool")
            ref = res.get(name.replace("parallel_pool", "envpool")) if ours else None
            vs_ep = f"{fps / ref:.2f}x" if ref else ""
            vs_loop = f"{fps / loop:.2f}x" if loop and ours else ""
            if ours and num_envs == 1 and "gymnasium single env" in res:
                vs_loop += f" ({fps / res['gymnasium single env']:.2f}x single env)"
            vs_async = f"{fps / subprocs:.2f}x" if subprocs and ours else ""
            vs_limit = f"{fps / ceiling:.0%}" if ceiling and ours else ""
            if name in (NOMINAL, MEASURED):
                name = f"{name} ({min(num_envs, os.cpu_count() or 1)} threads)"
            shown = f"**{name}**" if ours else name
            row = f"| {num_envs} | {shown} | {fps:,.0f} | {vs_ep} | {vs_loop} | {vs_async} | {vs_limit} |"
            if atari:
                ale = res.get(name.replace("parallel_pool", ALE_VECTOR)) if ours else None
                row += f" {fps / ale:.2f}x |" if ale else " |"
            lines.append(row)
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    # The default is the main job (`make bench`): every issue's benchmark tasks.
    parser.add_argument(
        "--tasks",
        nargs="+",
        default=["CartPole-v1", "Pendulum-v1", "Pong-v5", "Breakout-v5", "Ant-v5", "HalfCheetah-v5"],
    )
    parser.add_argument("--num-envs", nargs="+", type=int, default=[1, 2, 8, 32])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument(
        "--repeat", type=int, default=1, help="best of this many interleaved rounds (for a machine shared with others)"
    )
    parser.add_argument("--markdown", help="also write the tables to this file")
    args = parser.parse_args()
    best = f", best of {args.repeat}" if args.repeat > 1 else ""
    print(f"machine: {os.cpu_count()} cores; {args.seconds}s per measurement{best}", flush=True)
    out = []
    for task in args.tasks:
        rows = []
        for n in args.num_envs:
            rows.append((n, measure(task, n, args.seconds, args.repeat)))
        text = table(task, rows)
        print(text + "\n", flush=True)
        out.append(text)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write("\n\n".join(out) + "\n")


if __name__ == "__main__":
    main()
