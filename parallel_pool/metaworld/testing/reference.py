"""metaworld 3.1.1, the metaworld family's reference, run in a subprocess of its own venv.

metaworld pins mujoco==3.3.0, so tools/setup.sh installs it --no-deps in a venv of its
own (venvs/metaworld beside the main venv, or $PARALLEL_POOL_METAWORLD_PYTHON's
interpreter) that runs on the main venv's MuJoCo 3.17.0, NumPy and gymnasium.
`rollout` hands it the actions and reset points of a run and returns what metaworld's
envs gave on them (reference_rollout.py); `rollouts` does so for many jobs in one
process, which a test's module fixture fills with its `selected` cases, their resets
planned up front (`planned_resets`) and the pool's own held to them.
"""

from __future__ import annotations

import dataclasses
import json
import os
import pathlib
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    import pytest

SCRIPT = pathlib.Path(__file__).with_name("reference_rollout.py")


def planned_resets(num_envs: int, steps: int, max_steps: int) -> np.ndarray:
    """Where the pool's next-step autoreset resets an env that never terminates (metaworld's
    envs do not): the step after each truncation at max_steps. A test asks the reference for
    these before running the pool (so one reference process serves all its cases), and holds
    the pool's own resets to them."""
    t = np.arange(steps)
    return np.broadcast_to(t % (max_steps + 1) == max_steps, (num_envs, steps)).copy()


def selected(request: pytest.FixtureRequest, test: str) -> list[dict]:
    """The parameters of this session's selected items of `test` (a -k run selects a few):
    what a module fixture hands the reference in one batch of `rollouts`."""
    return [item.callspec.params for item in request.session.items if item.originalname == test]


def python() -> str:
    """The reference venv's interpreter."""
    # tools/setup.sh makes it beside the main venv, which runs this process.
    default = pathlib.Path(sys.prefix).parent / "venvs" / "metaworld" / "bin" / "python"
    path = os.environ.get("PARALLEL_POOL_METAWORLD_PYTHON", str(default))
    if not os.path.exists(path):
        raise RuntimeError(f"the metaworld reference venv is missing ({path}): run tools/setup.sh")
    return path


def rollout(
    task: str,
    seeds: Sequence[int],
    actions: np.ndarray,
    resets: np.ndarray,
    max_episode_steps: int = 500,
    num_goals: int = 50,
    policy: bool = False,
    benchmark: str | None = None,
    use_one_hot: bool = False,
    render: int = 0,
    goal_index: int | None = None,
) -> dict[str, Any]:
    """metaworld's MT1 envs of `task`, one per seed, run on `actions` [n, T, 4] with a
    reset() wherever `resets` [n, T] is set: obs [n, T + 1, 39], reward, terminated,
    truncated and the info values [n, T]. With `policy`, the actions stepped are
    metaworld's scripted policy's plus `actions` as noise (returned as "actions"). With
    `benchmark` ("MT10", "MT50"), the envs are that benchmark's vector env's, made with
    seeds[0] (and `use_one_hot`), env i running the benchmark's task i. With `render` K,
    "frames" [n, K + 1, 480, 480, 3]: the rgb_array render after the reset and each of the
    first K steps. With `goal_index` k, every episode runs goal k."""
    job = Job(task, seeds, actions, resets, max_episode_steps, num_goals, policy, benchmark, use_one_hot, render)
    job.goal_index = goal_index
    return rollouts([job])[0]


@dataclasses.dataclass
class Job:
    """One rollout of `rollouts` (the arguments of `rollout`)."""

    task: str
    seeds: Sequence[int]
    actions: np.ndarray
    resets: np.ndarray
    max_episode_steps: int = 500
    num_goals: int = 50
    policy: bool = False
    benchmark: str | None = None
    use_one_hot: bool = False
    render: int = 0
    goal_index: int | None = None


def rollouts(jobs: Sequence[Job]) -> list[dict[str, Any]]:
    """Every job's results (as `rollout`'s), from one reference process."""
    requests = []
    plan: dict[str, np.ndarray] = {}
    for i, job in enumerate(jobs):
        fields = dataclasses.asdict(job)
        plan[f"{i}/actions"] = np.asarray(fields.pop("actions"), np.float32)
        plan[f"{i}/resets"] = np.asarray(fields.pop("resets"), bool)
        fields["seeds"] = [int(s) for s in fields["seeds"]]
        requests.append(fields)
    with tempfile.TemporaryDirectory() as tmp:
        folder = pathlib.Path(tmp)
        (folder / "request.json").write_text(json.dumps({"jobs": requests}))
        np.savez(folder / "plan.npz", **plan)
        env = dict(os.environ, PYTHONWARNINGS="ignore", MUJOCO_GL=os.environ.get("MUJOCO_GL", "egl"))
        subprocess.run(
            [python(), str(SCRIPT), str(folder / "request.json"), str(folder / "plan.npz"), str(folder / "out.npz")],
            check=True,
            env=env,
            cwd=tmp,
        )
        results: list[dict[str, Any]] = [{} for _ in jobs]
        with np.load(folder / "out.npz") as out:
            for name in out.files:
                i, key = name.split("/", 1)
                results[int(i)][key] = out[name]
        return results
