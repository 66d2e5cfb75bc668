"""The physical limit of a ViZDoom pool: what the engine alone does on this machine.

    python benchmark/vizdoom_limit.py [--tasks Basic-v1] [--threads 1 2] [--seconds 1.0] [--rounds 5]

A ViZDoom env step is the engine running `frame_skip` tics (DoomGame.make_action(a, 4)),
plus the env's own work (the screen resized and stacked, the reward, the info, a
new_episode now and then). Each engine is a process of its own, and the client waits
for it, so one game keeps about one core busy. No pool of num_envs envs can step faster
than

    limit = T x (one game's steps/s) / (1 - p)

env steps/s, with T = min(num_envs, cores): at most num_envs engines run at once, and at
most one per core (on the 2-core CI machine, 8 envs have the limit of 2). p is the share
of env steps that are resets (the step after an episode ends only resets the env,
EnvPool's "next_step" autoreset), counted as free: that keeps the limit an upper bound.

How one game's rate is measured (`LimitProbe`): one vizdoom.DoomGame of the task's
scenario set up as the vizdoom family sets up its engines (benchmark/runners.py's
doom_game: the scenario's cfg, no window, no sound, the family's episode timeout of
(525 + 1) x 4 tics), stepped from Python with the action stream one env gets in
benchmark/run.py (random button presses), `make_action(a, 4)` and `new_episode()` when
the episode is finished: no screen read, no resize. A window is `seconds` long on the
wall clock after a warm-up of runners.WARMUP x `seconds`, exactly as every pool
measurement; its rate counts each make_action and each new_episode as an env step (the
pool's reset steps, free). benchmark/run.py measures a window before every num_envs row
of the task and once after its last, interleaved with the pool measurements, and
reports the best window (x T) as the limit and the spread (min-max) as its noise.

The limit is T times one game alone, not T games measured at once: the engines of a
pool share the machine with the pool's own threads (and on a shared machine with the
neighbours), so this is the bound the issue sets, what perfect scaling would reach.
Single-player tasks only: a match's engines wait for each other every tic, so one
single-player game's rate does not bound it.
"""

from __future__ import annotations

import argparse
from typing import Any

from mujoco_limit import Limit, usable_cores
from runners import (
    VIZDOOM_FRAME_SKIP,
    WARMUP,
    _window,
    button_actions,
    doom_game,
    players,
    quiet_engines,
    vizdoom_scenario,
)


def has_limit(task: str) -> bool:
    """A single-player ViZDoom task (a scenario of the vizdoom package)."""
    return vizdoom_scenario(task) is not None and players(task) == 1


class LimitProbe:
    """One game of the task, kept between windows; measures its rate one window at a time."""

    def __init__(self, task: str) -> None:
        self.task = task
        self.frame_skip = VIZDOOM_FRAME_SKIP
        with quiet_engines():
            self.game: Any = doom_game(task)
            self.game.init()
        self.actions = [a[0].tolist() for a in button_actions(self.game.get_available_buttons_size(), 1)]
        self.steps = self.episodes = 0  # over every timed window

    @property
    def reset_fraction(self) -> float:
        """The share of reset steps (new_episode calls) in the windows so far."""
        return self.episodes / (self.steps + self.episodes) if self.steps else 0.0

    def window(self, seconds: float) -> float:
        """One game's env steps/s (make_action and new_episode calls) over one window of
        `seconds`, after a warm-up of WARMUP x `seconds`."""
        game, episodes = self.game, [0]

        def step(a: list[float]) -> None:
            game.make_action(a, VIZDOOM_FRAME_SKIP)
            if game.is_episode_finished():
                game.new_episode()
                episodes[0] += 1

        _window(step, self.actions, WARMUP * seconds)
        episodes[0] = 0
        calls, elapsed = _window(step, self.actions, seconds)
        self.steps += calls
        self.episodes += episodes[0]
        return (calls + episodes[0]) / elapsed

    def close(self) -> None:
        self.game.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tasks", nargs="+", default=["Basic-v1"])
    parser.add_argument("--threads", nargs="+", type=int, default=sorted({1, usable_cores()}))
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=5, help="windows of one game")
    args = parser.parse_args()
    print("| task | threads | frame_skip | resets | limit, env steps/s (best) | min-max | noise |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for task in args.tasks:
        probe = LimitProbe(task)
        limits = {t: Limit(task, t, probe.frame_skip, 0.0) for t in args.threads}
        for _ in range(args.rounds):
            rate = probe.window(args.seconds)
            for limit in limits.values():
                limit.samples.append(rate * limit.threads)
        probe.close()
        for limit in limits.values():
            print(
                f"| {task} | {limit.threads} | {limit.frame_skip} | {probe.reset_fraction:.2%} | {limit.best:,.0f} "
                f"| {min(limit.samples):,.0f}-{limit.best:,.0f} | {limit.noise:.1%} |"
            )


if __name__ == "__main__":
    main()
