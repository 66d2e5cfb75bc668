"""env.xla() against the Python loop: steps/s of the same rollout both ways.

For each task and num_envs (sync mode), times `--steps` batched steps of a
simple policy computed from the observation (CartPole: push towards the
pole's lean; other tasks: a constant action):
  python step()      a Python loop of env.step(policy(obs)) (numpy)
  python send/recv   a Python loop of env.send(...); env.recv()
  xla step           one jitted lax.fori_loop of the fused step custom call
  xla send/recv      one jitted lax.fori_loop of send then recv
The XLA rows exclude compilation (run once first). Each figure is the fastest of
`--repeat` runs, the four variants interleaved (the machine may be shared: the
fastest run is the least disturbed, and load changes hit every variant alike).
recv copies the batch into XLA's buffers (the numpy path hands it over without
a copy): "batch KiB" is what one recv copies, "memcpy us" what copying that
many bytes costs here (numpy, rotating source buffers), to weigh the copy
against the step.

    PYTHONPATH=. python benchmark/xla.py [--tasks CartPole-v1 Pong-v5] [--num-envs 8 64]
(after `make develop` with jax installed)
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

import parallel_pool


def policy_np(task: str, obs: np.ndarray, zeros: np.ndarray) -> np.ndarray:
    return (obs[:, 2] > 0).astype(np.int32) if task.startswith("CartPole") else zeros


def policy_jnp(task: str, obs: Any, zeros: Any) -> Any:
    return (obs[:, 2] > 0).astype(jnp.int32) if task.startswith("CartPole") else zeros


def seconds(fn: Callable[[], None]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def python_runs(task: str, env: Any, steps: int) -> tuple[Callable[[], None], Callable[[], None]]:
    space = env.single_action_space
    zeros = np.zeros((env.num_envs, *space.shape), space.dtype)

    def step_loop() -> None:
        obs, _ = env.reset()
        for _ in range(steps):
            obs = env.step(policy_np(task, obs, zeros))[0]

    def send_recv_loop() -> None:
        obs, _ = env.reset()
        for _ in range(steps):
            env.send(policy_np(task, obs, zeros))
            obs = env.recv()[0]

    return step_loop, send_recv_loop


def xla_runs(task: str, env: Any, steps: int) -> tuple[Callable[[], None], Callable[[], None]]:
    handle, recv, send, step = env.xla()
    space = env.single_action_space
    zeros = jnp.zeros((env.num_envs, *space.shape), jax.dtypes.canonicalize_dtype(space.dtype))

    @jax.jit
    def fused(handle: Any) -> Any:
        handle, (obs, *_) = recv(handle)

        def body(_: Any, carry: Any) -> Any:
            handle, obs = carry
            handle, (obs, *_) = step(handle, policy_jnp(task, obs, zeros))
            return handle, obs

        return jax.lax.fori_loop(0, steps, body, (handle, obs))

    @jax.jit
    def split(handle: Any) -> Any:
        handle, (obs, *_) = recv(handle)

        def body(_: Any, carry: Any) -> Any:
            handle, obs = carry
            handle, (obs, *_) = recv(send(handle, policy_jnp(task, obs, zeros)))
            return handle, obs

        return jax.lax.fori_loop(0, steps, body, (handle, obs))

    def run(fn: Callable[[Any], Any]) -> Callable[[], None]:
        def go() -> None:
            env.async_reset()
            jax.block_until_ready(fn(handle))

        go()  # compile
        return go

    return run(fused), run(split)


def memcpy_us(env: Any) -> tuple[float, float]:
    """(KiB one recv copies, microseconds numpy takes to copy that many bytes)."""
    env.reset()
    batch = env.step(np.zeros((env.num_envs, *env.single_action_space.shape), env.single_action_space.dtype))
    nbytes = sum(a.nbytes for a in jax.tree_util.tree_leaves(batch) if isinstance(a, np.ndarray))
    sources = np.random.default_rng(0).integers(0, 255, size=(8, nbytes), dtype=np.uint8)
    target = np.empty(nbytes, np.uint8)
    calls = 256
    start = time.perf_counter()
    for i in range(calls):
        np.copyto(target, sources[i % 8])  # rotating sources, as recv copies a new batch each time
    return nbytes / 1024, (time.perf_counter() - start) / calls * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tasks", nargs="+", default=["CartPole-v1", "Pong-v5"])
    parser.add_argument("--num-envs", nargs="+", type=int, default=[1, 8, 64])
    parser.add_argument("--steps", type=int, default=0, help="steps per rollout (default: by task and num_envs)")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(
        "| task | num_envs | python step() | python send/recv | xla step | xla send/recv | xla step / python step() "
        "| batch KiB | memcpy us |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|"
    )
    for task in args.tasks:
        for n in args.num_envs:
            cheap = task.startswith(("CartPole", "Pendulum", "Acrobot", "MountainCar"))
            steps = args.steps or max(20, (200_000 if cheap else 4_000) // n)
            envs = [parallel_pool.make_gymnasium(task, num_envs=n, seed=0) for _ in range(2)]
            runs = [*python_runs(task, envs[0], steps), *xla_runs(task, envs[1], steps)]
            # Interleaved, so a change in the machine's load hits every variant alike.
            best = [float("inf")] * len(runs)
            for _ in range(args.repeat):
                for i, run in enumerate(runs):
                    best[i] = min(best[i], seconds(run))
            rates = [steps * n / t for t in best]
            for env in envs:
                env.close()
            env = parallel_pool.make_gymnasium(task, num_envs=n, seed=0)
            kib, copy_us = memcpy_us(env)
            env.close()
            cells = " | ".join(f"{r:,.0f}" for r in rates)
            print(f"| {task} | {n} | {cells} | {rates[2] / rates[0]:.2f}x | {kib:.1f} | {copy_us:.1f} |", flush=True)


if __name__ == "__main__":
    main()
