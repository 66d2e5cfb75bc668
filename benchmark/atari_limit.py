"""The physical limit of an Atari pool: what our ALE alone can do on this machine.

    python benchmark/atari_limit.py [--tasks Pong-v5 Breakout-v5] [--threads 1 2]
                                    [--seconds 1.0] [--rounds 5]

An Atari env step is frame_skip frames of the emulator (ALE act() calls) plus the
env's own work: the two last screens max-pooled through the palette, resized, pushed on
the frame stack and copied into the batch, the reward and info, a reset now and then.
So no pool of num_envs envs can step faster than

    limit = (env steps/s of T threads emulating at once, nothing else)

with T = min(num_envs, cores): at most num_envs envs step at once, and at most one per
core (on the 2-core CI machine, 8 and 32 envs have the limit of 2 threads). Figures are
frames/s = env steps/s x frame_skip, as the pools' are.

How it is measured (`LimitProbe`): `atari_ext._limit_probe.emulation_rate`
(parallel_pool/atari/emulation_rate.h), inside parallel_pool's own extension so that it
runs the very ALE build the pool runs (same sources, same compiler flags). T C++
threads, each with its own ALE of the task's ROM loaded as the env loads it (no sticky
actions), play the action stream one env gets in benchmark/run.py (its 64 pre-drawn
uniformly random actions, cycled), each action held for frame_skip frames; after a game
over the next step is a restart (reset_game), counted as one env step, as the pool
counts its reset step (which does more: up to 30 no-ops, FIRE, an observation). No
screen is read and nothing is preprocessed; no Python between frames. A window is
`seconds` long on the wall clock after a warm-up of runners.WARMUP x `seconds`, exactly
as every pool measurement.

One window of a shared machine is noisy, so benchmark/run.py measures the limit in
several windows spread across the task's measurements (before every num_envs row and
once after the last) and reports the best window as the limit and the spread (min-max)
as its noise.
"""

from __future__ import annotations

import os

import numpy as np
import rate_probe
from rate_probe import RateProbe
from runners import ATARI_FRAME_SKIP, atari_rom, pre_drawn_actions


def has_limit(task: str) -> bool:
    """An atari-family task (its ROM is known)."""
    return atari_rom(task) is not None


class LimitProbe(RateProbe):
    """Measures one Atari task's limit for any thread count, one window at a time."""

    def __init__(self, task: str) -> None:
        super().__init__()
        import parallel_pool
        from parallel_pool.atari import atari_ext
        from parallel_pool.atari.registration import ale_py_dir

        rom, base = atari_rom(task), ale_py_dir()
        if rom is None or base is None:
            raise ValueError(f"{task}: not an Atari game, or ale_py (which holds the ROMs) is not installed")
        self.task = task
        self.rom_path = os.path.join(base, "roms", f"{rom}.bin")
        self.frame_skip = ATARI_FRAME_SKIP
        # The action stream of one env in benchmark/run.py, drawn from the pool's action space.
        stream = pre_drawn_actions(parallel_pool.make_spec(task).action_space, 1)
        self.actions = np.array([a[0] for a in stream], dtype=np.int32)
        self._emulation_rate = atari_ext._limit_probe.emulation_rate

    def _rate(self, threads: int, warmup: float, seconds: float) -> tuple[float, float]:
        return self._emulation_rate(self.rom_path, self.actions, self.frame_skip, threads, warmup, seconds)


def main() -> None:
    rate_probe.main(__doc__ or "", ["Pong-v5", "Breakout-v5"], LimitProbe, "frames/s")


if __name__ == "__main__":
    main()
