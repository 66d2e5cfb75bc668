"""procgen's own ways of stepping N envs, timed as benchmark/runners.py times ours.

    <procgen venv>/bin/python benchmark/procgen_reference.py METHOD GAME MODE NUM_ENVS SECONDS WARMUP

Run by benchmark/runners.py with the interpreter of procgen-mirror's venv
(tools/setup.sh: it pins numpy 1.26 and gym 0.26.2, so it cannot share our
venv); prints `steps/s: x`. METHOD is one of

- `ProcgenEnv`: procgen's vectorised env (`procgen.ProcgenEnv`, gym3's C++ envs
  behind baselines' VecEnv API), the peer the issue names;
- `SyncVectorEnv`, `AsyncVectorEnv`: gym 0.26's vector envs over procgen's gym
  env (`gym.make("procgen:procgen-<game>-v0")`, through gym's compatibility
  wrapper of its old step API).

Actions: 64 pre-drawn batches of uniform action indices, cycled; one window of
SECONDS on the wall clock after WARMUP seconds, read every 8 calls. Nothing
here imports the project: it runs in another interpreter.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

NUM_ACTIONS = 15
MODES = {"easy": 0, "hard": 1, "extreme": 2, "memory": 10}
CHECK_EVERY = 8


def window(step: Callable[[np.ndarray], object], actions: list[np.ndarray], seconds: float) -> tuple[int, float]:
    calls, start = 0, time.perf_counter()
    deadline = start + seconds
    while True:
        for i in range(calls, calls + CHECK_EVERY):
            step(actions[i % len(actions)])
        calls += CHECK_EVERY
        now = time.perf_counter()
        if now >= deadline:
            return calls, now - start


def make(method: str, game: str, mode: str, num_envs: int) -> tuple[Any, Callable[[np.ndarray], object]]:
    """The env and its step function."""
    if method == "ProcgenEnv":
        from procgen import ProcgenEnv

        env = ProcgenEnv(num_envs=num_envs, env_name=game, distribution_mode=mode, rand_seed=0)
        env.reset()
        return env, env.step
    import gym

    vector = {"SyncVectorEnv": gym.vector.SyncVectorEnv, "AsyncVectorEnv": gym.vector.AsyncVectorEnv}[method]

    def one() -> Any:
        return gym.make(
            f"procgen:procgen-{game}-v0",
            distribution_mode=mode,
            apply_api_compatibility=True,
            disable_env_checker=True,
        )

    env = vector([one for _ in range(num_envs)])
    env.reset()
    return env, env.step


def main(method: str, game: str, mode: str, num_envs: int, seconds: float, warmup: float) -> None:
    if mode not in MODES:
        raise ValueError(f"mode: expected one of {sorted(MODES)}, got {mode!r}")
    rng = np.random.default_rng(0)
    actions = [rng.integers(0, NUM_ACTIONS, num_envs, dtype=np.int32) for _ in range(64)]
    env, step = make(method, game, mode, num_envs)
    try:
        window(step, actions, warmup)
        calls, elapsed = window(step, actions, seconds)
    finally:
        env.close()
    print(f"steps/s: {calls * num_envs / elapsed!r}", flush=True)


if __name__ == "__main__":
    name, game_, mode_, n, secs, warm = sys.argv[1:]
    main(name, game_, mode_, int(n), float(secs), float(warm))
