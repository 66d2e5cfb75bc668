"""The distributed pool (parallel_pool.distributed) against a local pool, and what a batch costs.

Starts a local Ray cluster of `--nodes` nodes with `--cpus-per-node` CPUs each
(or joins `--address`), then measures, for each task:

  per core     a local pool with one thread, sync steps of `--batch-size` envs:
               env steps/s one core gives (the compute side of the scaling model)
  local        a local async pool, 2 x batch_size envs, one thread per CPU of the cluster
  distributed  the same pool over one actor per node (actor batch = batch_size, so
               each recv() is one actor's batch, read from the object store without a copy)

and, with CartPole (whose steps cost next to nothing), the cost of a batch:
the time per recv() + send() round in the async loop, and per sync step() over
every actor. Then Ray's own object transfer, actor -> driver, within the
driver's node and from another node, which bounds the bytes per second a
batch's observations can move. docs/distributed.md builds its scaling model
from these figures.

    PYTHONPATH=. python benchmark/distributed.py [--nodes 2 --cpus-per-node 1] [--json out.json]

The machine's load average is printed before and after: on a shared machine
the figures move with it.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import parallel_pool

TASKS = ("CartPole-v1", "HalfCheetah-v5", "Pong-v5")


def loadavg() -> list[float]:
    with open("/proc/loadavg") as f:
        return [float(x) for x in f.read().split()[:3]]


def actions_for(space: Any, batch: int, n: int = 16) -> list[np.ndarray]:
    space.seed(0)
    return [np.stack([space.sample() for _ in range(batch)]) for _ in range(n)]


def timed_rounds(round_fn: Callable[[int], int], seconds: float, warmup: int = 20) -> tuple[float, float, float]:
    """(env steps/s, seconds per round, this process's CPU seconds per round) of
    `round_fn(i) -> env steps` over `seconds`. The CPU time includes the threads
    Ray runs in the driver: it is what one driver spends on a batch."""
    for i in range(warmup):
        round_fn(i)
    rounds = steps = 0
    start, cpu = time.perf_counter(), time.process_time()
    while (elapsed := time.perf_counter() - start) < seconds:
        steps += round_fn(rounds)
        rounds += 1
    return steps / elapsed, elapsed / rounds, (time.process_time() - cpu) / rounds


def async_loop(pool: Any, seconds: float) -> tuple[float, float, float]:
    """Env steps/s and seconds per recv() + send() of an async pool."""
    actions = actions_for(pool.single_action_space, pool.batch_size)
    pool.async_reset()

    def one(i: int) -> int:
        *_, info = pool.recv()
        pool.send(actions[i % len(actions)], info["env_id"])
        return len(info["env_id"])

    return timed_rounds(one, seconds)


def sync_loop(pool: Any, seconds: float) -> tuple[float, float, float]:
    actions = actions_for(pool.single_action_space, pool.num_envs)
    pool.reset()

    def one(i: int) -> int:
        pool.step(actions[i % len(actions)])
        return pool.num_envs

    return timed_rounds(one, seconds)


def measure_task(ppd: Any, task: str, batch: int, cpus: int, seconds: float) -> dict[str, Any]:
    row: dict[str, Any] = {"task": task, "batch_size": batch}
    pool = parallel_pool.make_gymnasium(task, num_envs=batch, num_threads=1)
    row["per_core"], _, _ = sync_loop(pool, seconds)
    # What one env step sends to the driver: every result field of one row.
    row["row_bytes"] = sum(s.dtype.itemsize * int(np.prod(s.shape)) for s in pool.spec.state_array_spec.values())
    pool.close()
    pool = parallel_pool.make_gymnasium(task, num_envs=2 * batch, batch_size=batch, num_threads=cpus)
    row["local"], row["local_s_per_batch"], _ = async_loop(pool, seconds)
    pool.close()
    made = time.perf_counter()
    pool = ppd.make_gymnasium(task, num_envs=2 * batch, batch_size=batch)
    row["make_s"] = time.perf_counter() - made
    row["actors"] = len(pool.actors)
    row["distributed"], row["distributed_s_per_batch"], row["driver_cpu_s_per_batch"] = async_loop(pool, seconds)
    pool.close()
    return row


def batch_costs(ppd: Any, batches: list[int], seconds: float) -> list[dict[str, Any]]:
    """CartPole (steps of ~0.1 us): what the distributed pool's machinery costs per batch."""
    rows = []
    for batch in batches:
        pool = ppd.make_gymnasium("CartPole-v1", num_envs=2 * batch, batch_size=batch)
        _, per_round, cpu_round = async_loop(pool, seconds)
        pool.close()
        pool = ppd.make_gymnasium("CartPole-v1", num_envs=batch)
        _, per_step, _ = sync_loop(pool, seconds)
        actors = len(pool.actors)
        pool.close()
        local = parallel_pool.make_gymnasium("CartPole-v1", num_envs=2 * batch, batch_size=batch)
        _, local_round, _ = async_loop(local, seconds)
        local.close()
        rows.append(
            {"batch_size": batch, "actors": actors, "async_round_s": per_round, "driver_cpu_s": cpu_round,
             "sync_step_s": per_step, "local_async_round_s": local_round}
        )  # fmt: skip
    return rows


def transfers(sizes_mb: list[float]) -> list[dict[str, Any]]:
    """Seconds (wall, and the driver's CPU) to ray.get() an array an actor returns, on the
    driver's node and on another."""
    import ray
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    @ray.remote(num_cpus=0)
    class Source:
        def array(self, n: int) -> np.ndarray:
            return np.ones(n, dtype=np.uint8)

    here = ray.get_runtime_context().get_node_id()
    nodes = [n["NodeID"] for n in ray.nodes() if n["Alive"]]
    where = {"same node": here, "other node": next((n for n in nodes if n != here), None)}
    rows = []
    for name, node in where.items():
        if node is None:
            continue
        source = Source.options(scheduling_strategy=NodeAffinitySchedulingStrategy(node, soft=False)).remote()
        for mb in sizes_mb:
            n = int(mb * (1 << 20))
            ray.get(source.array.remote(n))
            reps = max(5, int(200 / max(mb, 1)))
            start, cpu = time.perf_counter(), time.process_time()
            for _ in range(reps):
                arr = ray.get(source.array.remote(n))
                del arr
            per = (time.perf_counter() - start) / reps
            driver_cpu = (time.process_time() - cpu) / reps
            rows.append({"where": name, "mb": mb, "s": per, "mb_per_s": mb / per, "driver_cpu_s": driver_cpu})
        ray.kill(source)
    return rows


class LocalCluster:
    def __init__(self, nodes: int, cpus: int) -> None:
        import ray
        from ray.cluster_utils import Cluster

        self.tmp = tempfile.mkdtemp(prefix="pp_ray_", dir="/tmp")
        os.environ["RAY_TMPDIR"] = self.tmp
        args = {"num_cpus": cpus, "object_store_memory": 256 << 20}
        self.cluster = Cluster(initialize_head=True, head_node_args={**args, "include_dashboard": False})
        for _ in range(nodes - 1):
            self.cluster.add_node(**args)
        ray.init(address=self.cluster.address, logging_level="error", log_to_driver=False)

    def shutdown(self) -> None:
        import ray

        ray.shutdown()
        self.cluster.shutdown()
        shutil.rmtree(self.tmp, ignore_errors=True)


def report(results: dict[str, Any]) -> str:
    out = [
        f"machine: {results['machine']}; load average before {results['load_before']}, after {results['load_after']}",
        f"cluster: {results['nodes']} nodes x {results['cpus_per_node']} CPUs (one actor per node)",
        "",
        "| task | bytes per env step | batch | env steps/s per core | local pool | distributed | "
        "distributed / local | s per batch (local / distributed) | driver CPU per batch | make() s |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results["tasks"]:
        out.append(
            f"| {r['task']} | {r['row_bytes']} | {r['batch_size']} | {r['per_core']:,.0f} | {r['local']:,.0f} | "
            f"{r['distributed']:,.0f} | {r['distributed'] / r['local']:.2f} | "
            f"{r['local_s_per_batch'] * 1e3:.2f} ms / {r['distributed_s_per_batch'] * 1e3:.2f} ms | "
            f"{r['driver_cpu_s_per_batch'] * 1e3:.2f} ms | {r['make_s']:.1f} |"
        )
    out += [
        "",
        "Cost per batch (CartPole: the machinery alone):",
        "",
        "| batch | actors | async recv()+send() | driver CPU per round | sync step() over every actor | "
        "local async recv()+send() |",
        "|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results["batch_costs"]:
        out.append(
            f"| {r['batch_size']} | {r['actors']} | {r['async_round_s'] * 1e6:,.0f} us | "
            f"{r['driver_cpu_s'] * 1e6:,.0f} us | "
            f"{r['sync_step_s'] * 1e6:,.0f} us | {r['local_async_round_s'] * 1e6:,.1f} us |"
        )
    out += ["", "Object transfer, actor -> driver (ray.get of a fresh array):", ""]
    out += ["| source | MB | time | MB/s | driver CPU |", "|---|---:|---:|---:|---:|"]
    for r in results["transfers"]:
        out.append(
            f"| {r['where']} | {r['mb']:g} | {r['s'] * 1e3:.2f} ms | {r['mb_per_s']:,.0f} | "
            f"{r['driver_cpu_s'] * 1e3:.2f} ms |"
        )
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--address", help="join this Ray cluster instead of starting a local one")
    parser.add_argument("--nodes", type=int, default=2)
    parser.add_argument("--cpus-per-node", type=int, default=1)
    parser.add_argument("--tasks", nargs="+", default=list(TASKS))
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--cost-batches", nargs="+", type=int, default=[8, 64, 512])
    parser.add_argument("--transfer-mb", nargs="+", type=float, default=[0.0625, 1, 16])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--json", help="also write the figures here")
    args = parser.parse_args()

    results: dict[str, Any] = {
        "load_before": loadavg(),
        "machine": f"{platform.node()}, {os.cpu_count()} CPUs",
        "commit": subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True
        ).stdout.strip(),
    }
    cluster = None
    if args.address:
        import ray

        ray.init(address=args.address, logging_level="error", log_to_driver=False)
    else:
        cluster = LocalCluster(args.nodes, args.cpus_per_node)
    import ray

    import parallel_pool.distributed as ppd

    try:
        nodes = [n for n in ray.nodes() if n["Alive"]]
        results["nodes"] = len(nodes)
        results["cpus_per_node"] = min(int(n["Resources"].get("CPU", 0)) for n in nodes)
        cpus = int(sum(n["Resources"].get("CPU", 0) for n in nodes))
        results["tasks"] = [measure_task(ppd, t, args.batch_size, cpus, args.seconds) for t in args.tasks]
        results["batch_costs"] = batch_costs(ppd, args.cost_batches, args.seconds)
        results["transfers"] = transfers(args.transfer_mb)
    finally:
        if cluster is not None:
            cluster.shutdown()
    results["load_after"] = loadavg()
    print(report(results))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
