"""procgen's own ways of stepping N envs, timed as benchmark/runners.py times ours.

    <procgen venv>/bin/python benchmark/procgen_reference.py METHOD GAME MODE NUM_ENVS SECONDS

Run by benchmark/runners.py with the interpreter of procgen-mirror's venv
(tools/setup.sh: it pins numpy 1.26 and gym 0.26.2, so it cannot share our
venv); prints `steps/s: x`. METHOD is one of

- `ProcgenEnv`: procgen's vectorised env (`procgen.ProcgenEnv`, gym3's C++ envs
  behind baselines' VecEnv API), the peer the issue names;
- `SyncVectorEnv`, `AsyncVectorEnv`: gym 0.26's vector envs over procgen's gym
  env (`gym.make("procgen:procgen-<game>-v0")`, through gym's compatibility
  wrapper of its old step API).

Actions: 64 pre-drawn batches of uniform action indices, cycled, timed by
benchmark/runners.py's own window (it needs only the standard library and numpy,
which this venv has); nothing here imports parallel_pool.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import numpy as np
from runners import _timed

NUM_ACTIONS = 15
MODES = {"easy": 0, "hard": 1, "extreme": 2, "memory": 10}


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


def main(method: str, game: str, mode: str, num_envs: int, seconds: float) -> None:
    if mode not in MODES:
        raise ValueError(f"mode: expected one of {sorted(MODES)}, got {mode!r}")
    rng = np.random.default_rng(0)
    actions = [rng.integers(0, NUM_ACTIONS, num_envs, dtype=np.int32) for _ in range(64)]
    env, step = make(method, game, mode, num_envs)
    try:
        rate = _timed(step, actions, num_envs, seconds)
    finally:
        env.close()
    print(f"steps/s: {rate!r}", flush=True)


if __name__ == "__main__":
    name, game_, mode_, n, secs = sys.argv[1:]
    main(name, game_, mode_, int(n), float(secs))
