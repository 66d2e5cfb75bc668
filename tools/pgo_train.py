"""The training workload of the wheel's profile-guided optimisation (tools/pgo_profile.sh).

Runs the instrumented modules (Bazel's ``--config=pgo_generate``) over a fixed
workload, fixed seeds and fixed random actions, episodes ending and restarting on
their own; each instrumented module writes its counters when the process exits, to
the file LLVM_PROFILE_FILE names.

- atari: four games whose emulation differs (Breakout, Pong, SpaceInvaders,
  MsPacman), each through both preprocessing paths (the default 84x84 grayscale with
  the INTER_AREA resize, and the full 210x160 RGB frame, no resize), one env each,
  3,000 steps a run.
- highway: every id of the family, one env, 300 steps each (so that no scenario,
  observation or action type is compiled as code that never runs), then the
  benchmark's three (highway-fast, intersection, parking) in a pool of 8 envs,
  3,000 steps each, and highway-fast with the grayscale image observation.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import parallel_pool
from parallel_pool.registration import registry

GAMES = ("Breakout-v5", "Pong-v5", "SpaceInvaders-v5", "MsPacman-v5")
PATHS = {
    "84x84 gray": {},
    "210x160 rgb": {"img_height": 210, "img_width": 160, "gray_scale": False},
}


def run(task: str, config: dict, steps: int, seed: int) -> int:
    """Steps one env of `task` with fixed random actions; returns the episodes ended."""
    env = parallel_pool.make_gymnasium(task, num_envs=1, seed=seed, **config)
    actions = np.random.default_rng(seed).integers(0, env.single_action_space.n, size=(steps, 1))
    env.reset()
    episodes = 0
    for action in actions:
        _, _, terminated, truncated, _ = env.step(action)
        episodes += int(terminated[0] or truncated[0])
    env.close()
    return episodes


def run_pool(task: str, config: dict, num_envs: int, steps: int, seed: int) -> int:
    """Steps `num_envs` envs of `task` (`steps` env steps in all) with fixed random
    actions of the task's own dtype; returns the episodes ended."""
    env = parallel_pool.make_gymnasium(task, num_envs=num_envs, seed=seed, **config)
    space = env.single_action_space
    space.seed(seed)
    _, info = env.reset()
    rows = len(info.get("players", info)["env_id"])  # a row per player (multi-agent: several)
    episodes = 0
    for _ in range(max(1, steps // num_envs)):
        actions = np.stack([space.sample() for _ in range(rows)])
        _, _, terminated, truncated, _ = env.step(actions)
        episodes += int(np.sum(terminated | truncated))  # (player rows, in the multi-agent ones)
    env.close()
    return episodes


def highway_ids() -> list[str]:
    """The highway family's ids under highway-env's names (EnvPool's are aliases)."""
    ids = [t for t in parallel_pool.list_all_envs() if registry.family(t) == "highway"]
    return [t for t in ids if t[0].islower()]


HIGHWAY_POOLS = (
    ("highway-fast-v0", {}),
    ("intersection-v0", {}),
    ("parking-v0", {}),
    ("highway-fast-v0", {"observation_type": "GrayscaleObservation"}),
)


def report(what: str, steps: int, episodes: int, start: float) -> None:
    print(f"{what}: {steps} steps, {episodes} episodes ended, {time.perf_counter() - start:.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=3000)
    args = parser.parse_args()
    for seed, task in enumerate(GAMES):
        for name, config in PATHS.items():
            start = time.perf_counter()
            report(f"{task} {name}", args.steps, run(task, config, args.steps, seed), start)
    for seed, task in enumerate(highway_ids()):
        start = time.perf_counter()
        report(task, args.steps // 10, run_pool(task, {}, 1, args.steps // 10, seed), start)
    for seed, (task, config) in enumerate(HIGHWAY_POOLS):
        start = time.perf_counter()
        episodes = run_pool(task, config, 8, args.steps, seed)
        report(f"{task}{f' {config}' if config else ''} x8", args.steps, episodes, start)


if __name__ == "__main__":
    main()
