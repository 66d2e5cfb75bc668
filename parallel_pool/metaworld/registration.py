"""Registers metaworld 3.1.1's v3 tasks under EnvPool's ids (`MetaWorld/Reach-v3`).

The models are metaworld's own, from its PyPI wheel: the build copies its
`assets` folder beside this family's module (third_party/metaworld), and the
wheel carries it, so nothing needs metaworld installed (its pin of
mujoco==3.3.0 would replace the MuJoCo this package runs on).
Registered so far: reach-v3.
"""

from __future__ import annotations

import importlib.util
import os

from parallel_pool.registration import register

_PATH = "parallel_pool.metaworld"

# metaworld's task names, as the family implements them so far.
TASKS = ("reach-v3",)


def public_name(task: str) -> str:
    """EnvPool's id of a metaworld task: "reach-v3" -> "MetaWorld/Reach-v3"."""
    name, version = task.rsplit("-", 1)
    return "MetaWorld/" + "".join(part[:1].upper() + part[1:] for part in name.split("-")) + f"-{version}"


def _assets() -> str:
    """metaworld's model folder, beside the family's built module (bazel-bin, runfiles, the wheel)."""
    spec = importlib.util.find_spec(f"{_PATH}.metaworld_ext")
    if spec is None or spec.origin is None:
        raise ValueError("the metaworld family's module is not built (make develop)")
    return os.path.join(os.path.dirname(os.path.realpath(spec.origin)), "assets")


for _task in TASKS:
    register(
        task_id=public_name(_task),
        import_path=_PATH,
        env="MetaWorld",
        task_name=_task,
        max_episode_steps=500,  # SawyerXYZEnv.max_path_length
        base_path=_assets,
        render_fps=80,  # SawyerMocapBase.metadata
    )
