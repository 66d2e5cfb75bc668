"""The physical limit of a highway pool: what our driving simulation alone can do here.

    python benchmark/highway_limit.py [--tasks highway-fast-v0 intersection-v0 parking-v0]
                                      [--threads 1 2] [--seconds 1.0] [--rounds 5]

A highway env step is the agent's action and `simulation_frequency /
policy_frequency` frames of the road (every vehicle decides, then moves, then
collisions), plus the env's own work: the observation, the reward and its terms,
info, a reset now and then, and the pool's hand-off. So no pool of num_envs envs can
step faster than

    limit = (env steps/s of T threads simulating at once, nothing else)

with T = min(num_envs, cores): at most num_envs envs step at once, and at most one per
core (on the 2-core CI machine, 8 and 32 envs have the limit of 2 threads).

How it is measured (`LimitProbe`): `highway_ext._limit_probe.simulation_rate`
(parallel_pool/highway/simulation_rate.h), inside parallel_pool's own extension so that
it runs the very simulation the pool runs (same sources, same compiler flags). T C++
threads, each with the task's scenario and simulation built from its config as the env
builds them, play the action stream one env gets in benchmark/run.py (its 64 pre-drawn
actions from the pool's action space, cycled); after an episode ends (terminated,
truncated at the scenario's duration or max_episode_steps) the next step is the
scenario's reset, counted as one env step, as the pool counts its reset step (which
also observes). No Python and no GIL between steps. A window is `seconds` long on the
wall clock after a warm-up of runners.WARMUP x `seconds`, exactly as every pool
measurement.

One window of a shared machine is noisy, so benchmark/run.py measures the limit in
several windows spread across the task's measurements (before every num_envs row and
once after the last) and reports the best window as the limit and the spread (min-max)
as its noise.
"""

from __future__ import annotations

import numpy as np
import rate_probe
from rate_probe import RateProbe
from runners import pre_drawn_actions

# The action types the probe plays (simulation_rate.h); the multi-agent and
# DiscreteAction configs have no limit here.
PROBED_ACTIONS = frozenset({"DiscreteMetaAction", "ContinuousAction"})


def has_limit(task: str) -> bool:
    """A single-agent highway task whose action type the probe plays."""
    import parallel_pool
    from parallel_pool.registration import registry

    task_id = task.split(":", 1)[0]
    if task_id not in parallel_pool.list_all_envs() or registry.family(task_id) != "highway":
        return False
    return parallel_pool.make_spec(task_id).config.action_type in PROBED_ACTIONS


class LimitProbe(RateProbe):
    """Measures one highway task's limit for any thread count, one window at a time."""

    def __init__(self, task: str) -> None:
        super().__init__()
        import parallel_pool
        from parallel_pool.highway import highway_ext

        if not has_limit(task):
            raise ValueError(f"{task}: not a single-agent highway task with a DiscreteMetaAction or ContinuousAction")
        self.task = task
        self.frame_skip = 1  # figures are env steps/s, as the pools'
        self.spec = parallel_pool.make_spec(task)
        # The action stream of one env in benchmark/run.py, drawn from the pool's action space.
        self.actions = np.stack([a[0] for a in pre_drawn_actions(self.spec.action_space, 1)])
        self._simulation_rate = highway_ext._limit_probe.simulation_rate

    def _rate(self, threads: int, warmup: float, seconds: float) -> tuple[float, float]:
        return self._simulation_rate(self.spec._cpp, self.actions, threads, warmup, seconds)


def main() -> None:
    rate_probe.main(__doc__ or "", ["highway-fast-v0", "intersection-v0", "parking-v0"], LimitProbe, "env steps/s")


if __name__ == "__main__":
    main()
