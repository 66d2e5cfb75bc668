"""procgen-mirror 0.10.7, the procgen family's reference, run in a subprocess of its own venv.

procgen-mirror needs NumPy 1.x, gym 0.26 and gym3, so tools/setup.sh installs it in a
venv of its own (venvs/procgen beside the main venv, or $PARALLEL_POOL_PROCGEN_PYTHON's
interpreter). `rollouts` hands it the actions of runs and returns what procgen's
ProcgenGym3Env gave on them (reference_rollout.py), all in one subprocess.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import pathlib
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from typing import Any

import numpy as np

SCRIPT = pathlib.Path(__file__).with_name("reference_rollout.py")


def python() -> str:
    """The reference venv's interpreter."""
    # tools/setup.sh makes it beside the main venv, which runs this process.
    default = pathlib.Path(sys.prefix).parent / "venvs" / "procgen" / "bin" / "python"
    path = os.environ.get("PARALLEL_POOL_PROCGEN_PYTHON", str(default))
    if not os.path.exists(path):
        raise RuntimeError(f"the procgen reference venv is missing ({path}): run tools/setup.sh")
    return path


def frame_digests(frames: np.ndarray) -> np.ndarray:
    """The 64-bit BLAKE2b digest of each frame of `frames` [..., height, width, 3] (64x64
    observations, 512x512 views), as the reference computes it."""
    flat = frames.reshape(-1, *frames.shape[-3:])
    digests = [
        int.from_bytes(hashlib.blake2b(np.ascontiguousarray(f).tobytes(), digest_size=8).digest(), "little")
        for f in flat
    ]
    return np.array(digests, np.uint64).reshape(frames.shape[:-3])


@dataclasses.dataclass
class Job:
    """One run: ProcgenGym3Env(num=actions.shape[1], env_name, rand_seed, **options) on
    `actions` [T, num]; with `digests`, frame digests instead of frames; with `views`, made
    with render_mode="rgb_array", and the digests of its 512x512 views too."""

    env_name: str
    rand_seed: int
    actions: np.ndarray
    options: dict[str, Any] = dataclasses.field(default_factory=dict)
    digests: bool = False
    views: bool = False


def rollouts(jobs: Sequence[Job]) -> list[dict[str, np.ndarray]]:
    """procgen's observation after construction and after each step of each job: "rgb"
    [T + 1, num, 64, 64, 3] (or "rgb_digest" [T + 1, num]), "reward", "first",
    "level_seed", "prev_level_seed" and "prev_level_complete" [T + 1, num], and with
    `views` "view_digest" [T + 1, num]."""
    with tempfile.TemporaryDirectory() as tmp:
        specs = []
        for i, job in enumerate(jobs):
            actions_path = os.path.join(tmp, f"actions{i}.npy")
            np.save(actions_path, np.asarray(job.actions, np.int32))
            specs.append(
                {
                    "env_name": job.env_name,
                    "rand_seed": job.rand_seed,
                    "options": job.options,
                    "digests": job.digests,
                    "views": job.views,
                    "actions": actions_path,
                    "out": os.path.join(tmp, f"out{i}.npz"),
                }
            )
        jobs_path = os.path.join(tmp, "jobs.json")
        with open(jobs_path, "w") as f:
            json.dump(specs, f)
        subprocess.run([python(), str(SCRIPT), jobs_path], check=True, stdout=subprocess.DEVNULL)
        results = []
        for spec in specs:
            with np.load(spec["out"]) as data:
                results.append({key: data[key] for key in data.files})
        return results


def rollout(env_name: str, rand_seed: int, actions: np.ndarray, **options: Any) -> dict[str, np.ndarray]:
    """One job of `rollouts`, with frames."""
    return rollouts([Job(env_name, rand_seed, actions, options)])[0]
