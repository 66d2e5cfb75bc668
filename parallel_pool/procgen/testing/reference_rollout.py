"""Runs procgen-mirror 0.10.7's ProcgenGym3Env on given actions (inside the reference venv).

Usage: reference_rollout.py JOBS.json. JOBS is a list of jobs, each naming the game, the
number of envs, rand_seed and procgen's options, the .npy file of its actions (int32
[T, num]) and the .npz file to write: procgen's observation after construction and after
each act(): "rgb" [T + 1, num, 64, 64, 3] (with "digests": "rgb_digest", a 64-bit BLAKE2b
digest of each frame, [T + 1, num] uint64, instead), "reward" and "first" [T + 1, num], and
the info fields "level_seed", "prev_level_seed" and "prev_level_complete" [T + 1, num];
with "views", the env is made with render_mode="rgb_array" and "view_digest" [T + 1, num]
holds the digest of each env's 512x512 human view (info["rgb"]). All jobs run in this one
process, so procgen loads its assets once.
"""

import hashlib
import json
import sys

import numpy as np
from procgen import ProcgenGym3Env


def frame_digest(frame: np.ndarray) -> int:
    return int.from_bytes(hashlib.blake2b(np.ascontiguousarray(frame).tobytes(), digest_size=8).digest(), "little")


def run(job: dict) -> None:
    actions = np.load(job["actions"])
    num = actions.shape[1]
    views = job.get("views", False)
    options = dict(job["options"], render_mode="rgb_array") if views else job["options"]
    env = ProcgenGym3Env(num=num, env_name=job["env_name"], rand_seed=job["rand_seed"], **options)
    steps = actions.shape[0]
    digests = job.get("digests", False)
    out = {
        "reward": np.zeros((steps + 1, num), np.float32),
        "first": np.zeros((steps + 1, num), bool),
        "level_seed": np.zeros((steps + 1, num), np.int64),
        "prev_level_seed": np.zeros((steps + 1, num), np.int64),
        "prev_level_complete": np.zeros((steps + 1, num), bool),
    }
    if views:
        out["view_digest"] = np.zeros((steps + 1, num), np.uint64)
    if digests:
        out["rgb_digest"] = np.zeros((steps + 1, num), np.uint64)
    else:
        out["rgb"] = np.zeros((steps + 1, num, 64, 64, 3), np.uint8)
    for t in range(steps + 1):
        if t > 0:
            env.act(actions[t - 1])
        reward, obs, first = env.observe()
        if digests:
            out["rgb_digest"][t] = [frame_digest(frame) for frame in obs["rgb"]]
        else:
            out["rgb"][t] = obs["rgb"]
        out["reward"][t] = reward
        out["first"][t] = first
        for i, info in enumerate(env.get_info()):
            for key in ("level_seed", "prev_level_seed", "prev_level_complete"):
                out[key][t, i] = info[key]
            if views:
                out["view_digest"][t, i] = frame_digest(info["rgb"])
    env.close()
    np.savez(job["out"], **out)


def main() -> None:
    with open(sys.argv[1]) as f:
        jobs = json.load(f)
    for job in jobs:
        run(job)


if __name__ == "__main__":
    main()
