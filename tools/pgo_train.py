"""The training workload of the ALE's profile-guided optimisation (tools/pgo_profile.sh).

Runs the instrumented atari module (Bazel's ``--config=pgo_generate``) over a fixed
workload: four games whose emulation differs (Breakout, Pong, SpaceInvaders,
MsPacman), each through both preprocessing paths (the default 84x84 grayscale with
the INTER_AREA resize, and the full 210x160 RGB frame, no resize), one env each,
fixed seeds and fixed random actions, 3,000 steps a run, episodes ending and
restarting on their own. The instrumented module writes its counters when the
process exits, to the file LLVM_PROFILE_FILE names.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import parallel_pool

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=3000)
    args = parser.parse_args()
    for seed, task in enumerate(GAMES):
        for name, config in PATHS.items():
            start = time.perf_counter()
            episodes = run(task, config, args.steps, seed)
            print(f"{task} {name}: {args.steps} steps, {episodes} episodes ended, {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
