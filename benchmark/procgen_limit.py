"""The physical limit of a procgen pool: what our games alone can do here.

    python benchmark/procgen_limit.py [--tasks CoinrunHard-v0 StarpilotHard-v0 BigfishHard-v0]
                                      [--threads 1 2] [--seconds 1.0] [--rounds 5]

A procgen env step is the game's step (the agent's action, every entity's
move and collisions; a level end starts the next level) and its 64x64 frame,
drawn as Qt 5.9.7's raster engine draws it, plus the env's own work: the info,
the batch and the pool's hand-off. So no pool of num_envs envs can step faster
than

    limit = (env steps/s of T threads stepping and drawing at once, nothing else)

with T = min(num_envs, cores): at most num_envs envs step at once, and at most
one per core.

How it is measured (`LimitProbe`): `procgen_ext._limit_probe.game_rate`
(parallel_pool/procgen/game_rate.h), inside parallel_pool's own extension so that
it runs the very games the pool runs (same sources, same compiler flags). T C++
threads, each with the task's game built from its config as the env builds it,
play the action stream one env gets in benchmark/run.py (its 64 pre-drawn actions
from the pool's action space, cycled) and draw each step's frame into a buffer of
their own; a step that ends a level counts as a reset. No Python and no GIL
between steps. A window is `seconds` long on the wall clock after a warm-up of
runners.WARMUP x `seconds`, exactly as every pool measurement; benchmark/run.py
spreads several windows across the task's measurements and reports the best.
"""

from __future__ import annotations

import numpy as np
import rate_probe
from rate_probe import RateProbe
from runners import pre_drawn_actions


def has_limit(task: str) -> bool:
    """A procgen task parallel_pool registers."""
    import parallel_pool
    from parallel_pool.registration import registry

    task_id = task.split(":", 1)[0]
    return task_id in parallel_pool.list_all_envs() and registry.family(task_id) == "procgen"


class LimitProbe(RateProbe):
    """Measures one procgen task's limit for any thread count, one window at a time."""

    def __init__(self, task: str) -> None:
        super().__init__()
        import parallel_pool
        from parallel_pool.procgen import procgen_ext

        if not has_limit(task):
            raise ValueError(f"{task}: not a procgen task of parallel_pool")
        self.task = task
        self.frame_skip = 1  # figures are env steps/s, as the pools'
        self.spec = parallel_pool.make_spec(task)
        # The action stream of one env in benchmark/run.py, drawn from the pool's action space.
        self.actions = np.stack([a[0] for a in pre_drawn_actions(self.spec.action_space, 1)]).astype(np.int32)
        self._game_rate = procgen_ext._limit_probe.game_rate

    def _rate(self, threads: int, warmup: float, seconds: float) -> tuple[float, float]:
        return self._game_rate(self.spec._cpp, self.actions, threads, warmup, seconds)


def main() -> None:
    rate_probe.main(__doc__ or "", ["CoinrunHard-v0", "StarpilotHard-v0", "BigfishHard-v0"], LimitProbe, "env steps/s")


if __name__ == "__main__":
    main()
