"""The physical limit of a MuJoCo pool: what MuJoCo alone can do on this machine.

    python benchmark/mujoco_limit.py [--tasks Ant-v5 HalfCheetah-v5] [--threads 1 2]
                                     [--seconds 1.0] [--rounds 5]

A MuJoCo env step is `frame_skip` calls of mj_step plus the env's own work
(reward, observation, a reset now and then). So no pool of `num_envs` envs
can step faster than

    limit = (mj_step/s of T threads stepping at once) / frame_skip / (1 - p)

env steps/s, with T = min(num_envs, cores): at most num_envs envs step at
once, and at most one per core (on the 2-core CI machine, 8 and 32 envs have
the limit of 2 threads). p is the share of env steps that are resets (the
step after an episode ends only resets the env, EnvPool's "next_step"
autoreset), counted as free: that keeps the limit an upper bound.

How the mj_step rate is measured (`LimitProbe`):

  * a gymnasium run of the task (the same libmujoco parallel_pool links)
    with the action stream one env gets in benchmark/run.py (its 64
    pre-drawn uniformly random actions, cycled), resetting where the env
    ends an episode, records the state before every step; it also gives p;
  * MuJoCo's own C++ thread pool (`mujoco.rollout`, T threads, one MjData
    each) replays that run in short open-loop rollouts: from a recorded
    state (solver warm start included), the next 10 actions, each held for
    frame_skip mj_steps, exactly the steps gymnasium took (none crossing an
    episode's end): no Python between steps, threads like the pool's;
  * a window is `seconds` long on the wall clock, after a warm-up of
    runners.WARMUP x `seconds`, exactly as every pool measurement.

One window of a shared machine is noisy (the CI VM's second core comes and
goes with its neighbours' load), so benchmark/run.py measures the limit in
several windows spread across the run, interleaved with the pool
measurements, and reports the best window as the limit and the spread
(min-max) as its noise.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from runners import WARMUP, pre_drawn_actions

ROLLOUT_STEPS = 10  # env steps per open-loop rollout
STATE_STEPS = 2000  # env steps of the gymnasium run the start states come from


def is_mujoco(task: str) -> bool:
    import gymnasium

    try:
        entry = str(gymnasium.spec(task).entry_point)
    except gymnasium.error.Error:
        return False
    return entry.startswith("gymnasium.envs.mujoco")


def usable_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def threads_for(num_envs: int) -> int:
    """How many envs can step at once: min(num_envs, cores)."""
    return min(num_envs, usable_cores())


@dataclass
class Limit:
    """Windows of the limit of one (task, threads), in env steps/s."""

    task: str
    threads: int
    frame_skip: int
    reset_fraction: float
    samples: list[float] = field(default_factory=list)

    @property
    def best(self) -> float:
        return max(self.samples)

    @property
    def noise(self) -> float:
        """The spread of the windows, (max - min) / max."""
        return (max(self.samples) - min(self.samples)) / max(self.samples)

    def as_dict(self) -> dict[str, Any]:
        return {
            "task": self.task,
            "threads": self.threads,
            "frame_skip": self.frame_skip,
            "reset_fraction": self.reset_fraction,
            "steps_per_s": self.best,
            "min": min(self.samples),
            "max": max(self.samples),
            "median": statistics.median(self.samples),
            "noise": self.noise,
            "samples": self.samples,
        }


class LimitProbe:
    """Measures one task's limit for any thread count, one window at a time."""

    def __init__(self, task: str) -> None:
        import gymnasium
        import mujoco

        env = gymnasium.make(task)
        inner = env.unwrapped
        model, data = inner.model, inner.data
        spec = mujoco.mjtState.mjSTATE_FULLPHYSICS
        # The action stream of one env in benchmark/run.py: its pre-drawn actions, cycled.
        actions = np.stack([a[0] for a in pre_drawn_actions(env.action_space, 1)]).astype(np.float64)
        # states[i], warmstarts[i]: where step i (action i % len(actions)) starts from.
        states = np.empty((STATE_STEPS, mujoco.mj_stateSize(model, spec)))
        warmstarts = np.empty((STATE_STEPS, model.nv))
        ends = np.zeros(STATE_STEPS, dtype=bool)  # step i ended its episode
        env.reset(seed=0)
        for i in range(STATE_STEPS):
            mujoco.mj_getState(model, data, states[i], spec)
            warmstarts[i] = data.qacc_warmstart
            _, _, terminated, truncated, _ = env.step(actions[i % len(actions)])
            if terminated or truncated:
                ends[i] = True
                env.reset()
        env.close()
        self.task = task
        self.model = model
        self.frame_skip = int(inner.frame_skip)
        # One reset step per episode (next_step autoreset), at least the time limit's.
        max_steps = env.spec.max_episode_steps if env.spec and env.spec.max_episode_steps else 1000
        episodes = max(int(ends.sum()), STATE_STEPS // (max_steps + 1))
        self.reset_fraction = episodes / (STATE_STEPS + episodes)
        # Rollouts replay the run exactly: from step i, the next ROLLOUT_STEPS actions, where
        # no episode ends before the last of them.
        ended = np.concatenate([[0], np.cumsum(ends)])  # ended[i]: episodes ended before step i
        first = np.arange(STATE_STEPS - ROLLOUT_STEPS + 1)
        starts = first[ended[first + ROLLOUT_STEPS - 1] == ended[first]]
        starts = np.random.default_rng(0).permutation(starts)
        steps = (starts[:, None] + np.arange(ROLLOUT_STEPS)) % len(actions)
        self.start_steps, self.states, self.warmstarts = starts, states[starts], warmstarts[starts]
        self.controls = np.repeat(actions[steps], self.frame_skip, axis=1)  # held for frame_skip mj_steps
        self._next = 0

    def window(self, threads: int, seconds: float) -> float:
        """The limit of `threads` threads, env steps/s, over one window of `seconds`."""
        import mujoco
        from mujoco import rollout

        # Rollouts per call, handed to the threads one at a time: enough that the threads'
        # uneven finish at the end of a call costs little (measured: 32 per thread in chunks
        # of 3, MuJoCo's default, reads 3-4% lower on Ant).
        batch = min(64 * threads, len(self.states) // 2)
        datas = [mujoco.MjData(self.model) for _ in range(threads)]
        nstate, nstep = self.states.shape[1], ROLLOUT_STEPS * self.frame_skip
        state_out = np.empty((batch, nstep, nstate))
        sensor_out = np.empty((batch, nstep, self.model.nsensordata))

        with rollout.Rollout(nthread=threads if threads > 1 else 0) as pool:

            def call() -> None:
                i = self._next
                self._next = (i + batch) % (len(self.states) - batch)
                pool.rollout(
                    self.model,
                    datas,
                    self.states[i : i + batch],
                    self.controls[i : i + batch],
                    initial_warmstart=self.warmstarts[i : i + batch],
                    state=state_out,
                    sensordata=sensor_out,
                    chunk_size=1,
                )

            def timed(window: float) -> tuple[int, float]:
                calls, start = 0, time.perf_counter()
                while True:
                    call()
                    calls += 1
                    elapsed = time.perf_counter() - start
                    if elapsed >= window:
                        return calls, elapsed

            timed(WARMUP * seconds)  # as the pool's runners: threads started, caches warm
            calls, elapsed = timed(seconds)
        env_steps = calls * batch * ROLLOUT_STEPS
        return env_steps / elapsed / (1.0 - self.reset_fraction)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tasks", nargs="+", default=["Ant-v5", "HalfCheetah-v5"])
    parser.add_argument("--threads", nargs="+", type=int, default=sorted({1, usable_cores()}))
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=5, help="windows per thread count, interleaved")
    args = parser.parse_args()
    print("| task | threads | frame_skip | resets | limit, env steps/s (best) | min-max | noise |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for task in args.tasks:
        probe = LimitProbe(task)
        limits = {t: Limit(task, t, probe.frame_skip, probe.reset_fraction) for t in args.threads}
        for _ in range(args.rounds):
            for t, limit in limits.items():
                limit.samples.append(probe.window(t, args.seconds))
        for t, limit in limits.items():
            print(
                f"| {task} | {t} | {limit.frame_skip} | {limit.reset_fraction:.2%} | {limit.best:,.0f} "
                f"| {min(limit.samples):,.0f}-{limit.best:,.0f} | {limit.noise:.1%} |"
            )


if __name__ == "__main__":
    main()
