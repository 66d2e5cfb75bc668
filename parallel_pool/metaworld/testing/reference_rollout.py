"""Runs metaworld 3.1.1 on MuJoCo 3.17.0 for the metaworld family's tests, in metaworld's own venv.

Usage: python reference_rollout.py REQUEST.json PLAN.npz OUT.npz

REQUEST is {"jobs": [job, ...]}, each run in turn (one process for all: metaworld's
import is paid once); PLAN holds job i's arrays as `<i>/actions`, `<i>/resets`, and OUT
job i's results as `<i>/<key>`. A job: {"task": "reach-v3", "seeds": [s0, s1, ...], "max_episode_steps": M,
"num_goals": G, "policy": false}. One env per seed, each made as
`gymnasium.make("Meta-World/MT1", env_name=task, seed=seed, max_episode_steps=M)`.
PLAN: `actions` float32 [n, T, 4] and `resets` bool [n, T]: at step t env i is reset
(gymnasium's reset() without a seed) where resets[i, t], else stepped with actions[i, t];
every env is reset first. With "policy", the action stepped is metaworld's scripted
policy's for the task (metaworld.policies) plus actions[i, t] as noise, in float32,
so that episodes reach the goal. With "benchmark" ("MT10" or "MT50") and "use_one_hot",
the envs are instead those of `gymnasium.make_vec("Meta-World/<benchmark>", seed=seeds[0],
use_one_hot=...)`, each driven on its own (env i: the benchmark's task i). With
"render": K, the envs are made with render_mode="rgb_array" and `frames` [n, K + 1, 480,
480, 3] holds env.render() after the first reset and each of the first K steps. With
"goal_index": k, every env runs its goal k: set_task(tasks[k]) with the
RandomTaskSelectWrapper's sample_tasks_on_reset off.
OUT: `obs` [n, T + 1, 39] (index 0: the first reset), `reward`, `terminated`,
`truncated` [n, T], one [n, T] array per info key (zeros at resets) and the `actions`
stepped.

The one change to the reference (a test-time patch, not of our code): metaworld writes
11 values into each weld's eq_data, whose rows have 12 fields on MuJoCo 3.17 (a
ValueError at construction); here it writes the first 11.
"""

from __future__ import annotations

import json
import sys

import gymnasium
import metaworld  # noqa: F401  (registers Meta-World/*)
import mujoco
import numpy as np
from metaworld.policies import ENV_POLICY_MAP
from metaworld.sawyer_xyz_env import SawyerMocapBase
from metaworld.wrappers import RandomTaskSelectWrapper

INFO_KEYS = (
    "success",
    "near_object",
    "grasp_success",
    "grasp_reward",
    "in_place_reward",
    "obj_to_target",
    "unscaled_reward",
)


def reset_mocap_welds(self: SawyerMocapBase) -> None:
    if self.model.nmocap > 0 and self.model.eq_data is not None:
        for i in range(self.model.eq_data.shape[0]):
            if self.model.eq_type[i] == mujoco.mjtEq.mjEQ_WELD:
                self.model.eq_data[i, :11] = np.array([0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -1.0, 0.0, 0.0, 0.0, 5.0])


SawyerMocapBase.reset_mocap_welds = reset_mocap_welds  # type: ignore[method-assign]


def make_envs(request: dict) -> list:
    """One env per seed (MT1), or the envs of a benchmark's vector env."""
    if request.get("benchmark"):
        vector = gymnasium.make_vec(
            f"Meta-World/{request['benchmark']}",
            seed=request["seeds"][0],
            vector_strategy="sync",
            use_one_hot=request.get("use_one_hot", False),
            max_episode_steps=request["max_episode_steps"],
            num_goals=request["num_goals"],
        )
        return list(vector.envs)
    render = {"render_mode": "rgb_array"} if request.get("render") else {}
    return [
        gymnasium.make(
            "Meta-World/MT1",
            env_name=request["task"],
            seed=seed,
            max_episode_steps=request["max_episode_steps"],
            num_goals=request["num_goals"],
            **render,
        )
        for seed in request["seeds"]
    ]


def fix_goal(env: gymnasium.Env, k: int) -> None:
    """set_task(tasks[k]) and no task drawn at resets (RandomTaskSelectWrapper's switch)."""
    wrapper = env
    while not isinstance(wrapper, RandomTaskSelectWrapper):
        wrapper = wrapper.env
    wrapper.toggle_sample_tasks_on_reset(False)
    env.unwrapped.set_task(wrapper.tasks[k])


def main() -> None:
    jobs = json.loads(open(sys.argv[1]).read())["jobs"]
    plan = np.load(sys.argv[2])
    results: dict[str, np.ndarray] = {}
    for i, request in enumerate(jobs):
        out = run(request, plan[f"{i}/actions"], plan[f"{i}/resets"])
        results.update({f"{i}/{key}": value for key, value in out.items()})
    np.savez(sys.argv[3], **results)


def run(request: dict, actions: np.ndarray, resets: np.ndarray) -> dict[str, np.ndarray]:
    """One job: its envs run on the plan."""
    n, steps = resets.shape
    envs = make_envs(request)
    obs_size = 39 + (len(envs) if request.get("use_one_hot") else 0)
    out: dict[str, np.ndarray] = {
        "obs": np.zeros((n, steps + 1, obs_size)),
        "reward": np.zeros((n, steps)),
        "terminated": np.zeros((n, steps), bool),
        "truncated": np.zeros((n, steps), bool),
        **{key: np.zeros((n, steps)) for key in INFO_KEYS},
        "actions": np.array(actions, np.float32),
    }
    policy = ENV_POLICY_MAP[request["task"]]() if request.get("policy") else None
    if len(envs) != n:
        raise SystemExit(f"{len(envs)} envs, a plan for {n}")
    renders = int(request.get("render") or 0)
    if renders:
        out["frames"] = np.zeros((n, renders + 1, 480, 480, 3), np.uint8)
    for i, env in enumerate(envs):
        if request.get("goal_index") is not None:
            fix_goal(env, request["goal_index"])
        obs = out["obs"][i, 0] = env.reset()[0]
        if renders:
            out["frames"][i, 0] = env.render()
        for t in range(steps):
            if resets[i, t]:
                obs = out["obs"][i, t + 1] = env.reset()[0]
                if t < renders:
                    out["frames"][i, t + 1] = env.render()
                continue
            if policy is not None:
                out["actions"][i, t] = (policy.get_action(obs) + actions[i, t]).astype(np.float32)
            obs, reward, terminated, truncated, info = env.step(out["actions"][i, t])
            out["obs"][i, t + 1] = obs
            out["reward"][i, t] = reward
            out["terminated"][i, t] = terminated
            out["truncated"][i, t] = truncated
            for key in INFO_KEYS:
                out[key][i, t] = float(info[key])
            if t < renders:
                out["frames"][i, t + 1] = env.render()
        env.close()
    return out


if __name__ == "__main__":
    main()
