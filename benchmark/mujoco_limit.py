"""The physical limit of a MuJoCo pool: what MuJoCo alone can do on this machine.

    python benchmark/mujoco_limit.py [--tasks Ant-v5 HalfCheetah-v5 CheetahRun-v1] [--threads 1 2]
                                     [--seconds 1.0] [--rounds 5]

For gymnasium's MuJoCo tasks and dm_control's suite tasks (by their ids here,
WalkerWalk-v1, ...).

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

  * a run of the reference env (the same libmujoco parallel_pool links) with
    the action stream one env gets in benchmark/run.py (its 64 pre-drawn
    uniformly random actions, cycled), resetting where the env ends an
    episode, records the state (physics and user inputs, mocap included)
    before every step and the ctrl the step applied (the action itself in
    gymnasium's MuJoCo tasks; what a task made of it elsewhere: Adroit's and
    the kitchen's actuator targets; none for Fetch, whose mocap body each
    rollout holds where its start state has it); it also gives p. For a
    gymnasium task that is gymnasium.make(task) (a gymnasium-robotics maze's
    agent env, or its robot env, on its model); for a dm_control task
    `suite.load(domain, task, task_kwargs={"random": 0})`, through its
    physics.model.ptr / physics.data.ptr (the MjModel / MjData it steps),
    frame_skip its n_sub_steps, reset at each LAST step (the time limit,
    1000 steps);
  * T C++ threads, one MjData each, replay that run in short open-loop
    rollouts: from a recorded state (solver warm start included), the next
    10 ctrls, each held for frame_skip mj_steps, exactly the steps the env
    took (none crossing an episode's end; dm_control's split of mj_step2 /
    mj_step / mj_step1 does the same work and reaches the same states): no
    Python between steps, threads like the pool's. They run in parallel_pool's
    own extension (`mujoco_ext._limit_probe.mj_step_rate`,
    parallel_pool/mujoco/limit_probe.h) on the model saved in MuJoCo's
    binary format, so they step the very libmujoco the pool steps: the
    installed wheel carries its own copy
    (grafted by auditwheel), measured 11-16% faster than the `mujoco`
    package's in the same process;
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
import importlib
import os
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np
from runners import METAWORLD_PREFIX, ROBOTICS_PREFIXES, WARMUP, dm_control_task, gymnasium_env, pre_drawn_actions

ROLLOUT_STEPS = 10  # env steps per open-loop rollout
STATE_STEPS = 2000  # env steps of the recorded run the start states come from


def _mujoco() -> Any:
    """The mujoco package (imported when needed; 3.17 ships no type information)."""
    return importlib.import_module("mujoco")


def is_mujoco(task: str) -> bool:
    """A MuJoCo task: a gymnasium MuJoCo env, a gymnasium-robotics or metaworld env or a dm_control suite task."""
    if dm_control_task(task) is not None or task.startswith((*ROBOTICS_PREFIXES, METAWORLD_PREFIX)):
        return True
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


class Recording(NamedTuple):
    """One env's run under the benchmark's action stream: where each step started."""

    model: Any  # mujoco.MjModel
    frame_skip: int  # mj_steps per env step
    max_episode_steps: int  # the time limit
    controls: np.ndarray  # controls[i]: the ctrl step i applied (from action i % len(actions))
    states: np.ndarray  # states[i]: the full physics state step i starts from
    warmstarts: np.ndarray  # warmstarts[i]: its qacc_warmstart
    ends: np.ndarray  # ends[i]: step i ended its episode


def _record(
    model: Any, data: Any, actions: np.ndarray, step: Callable[[np.ndarray], tuple[bool, np.ndarray]]
) -> tuple[np.ndarray, ...]:
    """(states, warmstarts, ends) of STATE_STEPS calls of `step` (True where it ended an
    episode, which it then resets) with the actions cycled, read from the MjData before each;
    and the ctrl each step applied (which `step` returns: what the env made of the action, an
    actuator target or nothing where a mocap body moves, read before a reset)."""
    mujoco = _mujoco()
    spec = mujoco.mjtState.mjSTATE_INTEGRATION  # mujoco_engine/step_rate.h's
    states = np.empty((STATE_STEPS, mujoco.mj_stateSize(model, spec)))
    warmstarts = np.empty((STATE_STEPS, model.nv))
    ends = np.zeros(STATE_STEPS, dtype=bool)
    controls = np.empty((STATE_STEPS, model.nu))
    for i in range(STATE_STEPS):
        mujoco.mj_getState(model, data, states[i], spec)
        warmstarts[i] = data.qacc_warmstart
        ends[i], controls[i] = step(actions[i % len(actions)])
    return states, warmstarts, ends, controls


def _record_gymnasium(task: str) -> Recording:
    """A gymnasium MuJoCo task's run: gymnasium.make(task) (runners' reference env), reset where
    it ends an episode. A maze's MujocoEnv is its agent's env (on the maze's model), the
    kitchen's its robot's; gymnasium-robotics' robot envs (Fetch, Shadow Hand) step
    n_substeps mj_steps."""
    env = gymnasium_env(task)
    inner: Any = env.unwrapped  # a MujocoEnv (model, data, frame_skip) or a robot env (n_substeps)
    for agent in ("point_env", "ant_env", "robot_env"):
        inner = getattr(inner, agent, inner)
    actions = np.stack([a[0] for a in pre_drawn_actions(env.action_space, 1)]).astype(np.float64)

    def step(action: np.ndarray) -> tuple[bool, np.ndarray]:
        _, _, terminated, truncated, _ = env.step(action)
        applied = inner.data.ctrl.copy()
        if terminated or truncated:
            env.reset()
        return bool(terminated or truncated), applied

    env.reset(seed=0)
    states, warmstarts, ends, controls = _record(inner.model, inner.data, actions, step)
    env.close()
    max_steps = env.spec.max_episode_steps if env.spec and env.spec.max_episode_steps else 1000
    frame_skip = int(getattr(inner, "frame_skip", None) or inner.n_substeps)
    return Recording(inner.model, frame_skip, max_steps, controls, states, warmstarts, ends)


def _record_dm_control(task: str) -> Recording:
    """A dm_control suite task's run: `suite.load(domain, task, task_kwargs={"random": 0})`,
    reset at each LAST step (its time limit). physics.model.ptr / physics.data.ptr are the
    mujoco MjModel / MjData it steps, n_sub_steps mj_steps per env step."""
    from dm_control_gym import action_box, load

    dm = dm_control_task(task)
    if dm is None:
        raise ValueError(f"{task} is not a dm_control suite task")
    env = load(*dm, seed=0)
    physics = env.physics
    # dm_control's n_sub_steps: its control timestep in physics timesteps.
    frame_skip = round(env.control_timestep() / physics.timestep())
    actions = np.stack([a[0] for a in pre_drawn_actions(action_box(env.action_spec()), 1)])

    def step(action: np.ndarray) -> tuple[bool, np.ndarray]:
        last = env.step(action).last()
        applied = physics.data.ctrl.copy()
        if last:
            env.reset()
        return last, applied

    env.reset()
    states, warmstarts, ends, controls = _record(physics.model.ptr, physics.data.ptr, actions, step)
    # The time limit in control steps (dm_control keeps it private; 1000 in every suite task).
    limit = float(getattr(env, "_step_limit", 1000))
    max_steps = round(limit) if np.isfinite(limit) else STATE_STEPS
    model = physics.model.ptr
    env.close()
    return Recording(model, frame_skip, max_steps, controls, states, warmstarts, ends)


class LimitProbe:
    """Measures one task's limit for any thread count, one window at a time."""

    def __init__(self, task: str) -> None:
        run = _record_dm_control(task) if dm_control_task(task) else _record_gymnasium(task)
        self.task = task
        self.model = run.model
        self.frame_skip = run.frame_skip
        # One reset step per episode (next_step autoreset), at least the time limit's.
        episodes = max(int(run.ends.sum()), STATE_STEPS // (run.max_episode_steps + 1))
        self.reset_fraction = episodes / (STATE_STEPS + episodes)
        # Rollouts replay the run exactly: from step i, the next ROLLOUT_STEPS actions, where
        # no episode ends before the last of them.
        ended = np.concatenate([[0], np.cumsum(run.ends)])  # ended[i]: episodes ended before step i
        first = np.arange(STATE_STEPS - ROLLOUT_STEPS + 1)
        starts = first[ended[first + ROLLOUT_STEPS - 1] == ended[first]]
        starts = np.random.default_rng(0).permutation(starts)
        steps = starts[:, None] + np.arange(ROLLOUT_STEPS)
        self.start_steps, self.states, self.warmstarts = starts, run.states[starts], run.warmstarts[starts]
        self.controls = np.repeat(run.controls[steps], self.frame_skip, axis=1)  # held for frame_skip mj_steps
        # The model as it was stepped, in MuJoCo's binary format: the probe loads it into the
        # libmujoco parallel_pool loaded, which may be another copy than the mujoco package's.
        mujoco = _mujoco()
        mjb = np.empty(mujoco.mj_sizeModel(run.model), dtype=np.uint8)
        mujoco.mj_saveModel(run.model, None, mjb)
        self.mjb = mjb.tobytes()

    def window(self, threads: int, seconds: float) -> float:
        """The limit of `threads` threads, env steps/s, over one window of `seconds`."""
        from parallel_pool.mujoco import mujoco_ext

        mj_steps = mujoco_ext._limit_probe.mj_step_rate(
            self.mjb, self.states, self.warmstarts, self.controls, threads, WARMUP * seconds, seconds
        )
        return mj_steps / self.frame_skip / (1.0 - self.reset_fraction)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tasks", nargs="+", default=["Ant-v5", "HalfCheetah-v5", "CheetahRun-v1", "WalkerWalk-v1"])
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
