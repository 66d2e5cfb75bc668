"""Registers metaworld 3.1.1's v3 tasks under EnvPool's ids (`MetaWorld/Reach-v3`).

The models are metaworld's own, from its PyPI wheel: the build copies its
`assets` folder beside this family's module (third_party/metaworld), and the
wheel carries it, so nothing needs metaworld installed (its pin of
mujoco==3.3.0 would replace the MuJoCo this package runs on).
Registered: every v3 task of metaworld 3.1.1 (TASKS, 50; EnvPool 1.2.5 has the same 50).

`MetaWorld/MT10` and `MetaWorld/MT50` are metaworld's multi-task benchmarks as one
pool: env i runs the benchmark's task i, with the benchmark's goal draws, the goal
observed (metaworld's MT override), and with `num_one_hot=10` (50) the task's one-hot
vector appended, as metaworld's `use_one_hot=True` does.
"""

from __future__ import annotations

import importlib.util
import os
from typing import Any

from parallel_pool.registration import register

_PATH = "parallel_pool.metaworld"


# metaworld's benchmarks (env_dict.py's MT10_V3 and MT50_V3), in their order.
MT10 = (
    "reach-v3",
    "push-v3",
    "pick-place-v3",
    "door-open-v3",
    "drawer-open-v3",
    "drawer-close-v3",
    "button-press-topdown-v3",
    "peg-insert-side-v3",
    "window-open-v3",
    "window-close-v3",
)
MT50 = (
    "assembly-v3",
    "basketball-v3",
    "bin-picking-v3",
    "box-close-v3",
    "button-press-topdown-v3",
    "button-press-topdown-wall-v3",
    "button-press-v3",
    "button-press-wall-v3",
    "coffee-button-v3",
    "coffee-pull-v3",
    "coffee-push-v3",
    "dial-turn-v3",
    "disassemble-v3",
    "door-close-v3",
    "door-lock-v3",
    "door-open-v3",
    "door-unlock-v3",
    "hand-insert-v3",
    "drawer-close-v3",
    "drawer-open-v3",
    "faucet-open-v3",
    "faucet-close-v3",
    "hammer-v3",
    "handle-press-side-v3",
    "handle-press-v3",
    "handle-pull-side-v3",
    "handle-pull-v3",
    "lever-pull-v3",
    "pick-place-wall-v3",
    "pick-out-of-hole-v3",
    "pick-place-v3",
    "plate-slide-v3",
    "plate-slide-side-v3",
    "plate-slide-back-v3",
    "plate-slide-back-side-v3",
    "peg-insert-side-v3",
    "peg-unplug-side-v3",
    "soccer-v3",
    "stick-push-v3",
    "stick-pull-v3",
    "push-v3",
    "push-wall-v3",
    "push-back-v3",
    "reach-v3",
    "reach-wall-v3",
    "shelf-place-v3",
    "sweep-into-v3",
    "sweep-v3",
    "window-open-v3",
    "window-close-v3",
)
BENCHMARKS = {"MT10": MT10, "MT50": MT50}
# metaworld's task names (ALL_V3_ENVIRONMENTS, which MT50 is): every one is registered.
TASKS = MT50


def public_name(task: str) -> str:
    """EnvPool's id of a metaworld task: "reach-v3" -> "MetaWorld/Reach-v3"."""
    name, version = task.rsplit("-", 1)
    return "MetaWorld/" + "".join(part[:1].upper() + part[1:] for part in name.split("-")) + f"-{version}"


# EnvPool's registration module's list of the ids (EnvPool's own metaworld tests read it).
metaworld_v3_task_ids = [public_name(task) for task in TASKS]


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


def _benchmark_keys(benchmark: str) -> Any:
    """The config of `MetaWorld/<benchmark>`: env i runs the benchmark's task i."""
    tasks = BENCHMARKS[benchmark]

    def keys(kwargs: dict[str, Any], config: dict[str, Any]) -> dict[str, Any]:
        num_envs = kwargs.get("num_envs", config["num_envs"])
        if num_envs != len(tasks):
            raise ValueError(f"num_envs: MetaWorld/{benchmark} runs one env per task, {len(tasks)}; got {num_envs!r}")
        for key in ("task_name", "benchmark", "one_hot_index"):
            if key in kwargs:
                raise ValueError(f"{key}: MetaWorld/{benchmark} sets it (env i runs the benchmark's task i)")
        kwargs["task_name"] = list(tasks)
        kwargs["one_hot_index"] = list(range(len(tasks)))
        return kwargs

    return keys


for _benchmark, _tasks in BENCHMARKS.items():
    register(
        task_id=f"MetaWorld/{_benchmark}",
        import_path=_PATH,
        env="MetaWorld",
        config_aliases=_benchmark_keys(_benchmark),
        num_envs=len(_tasks),
        benchmark=_benchmark,
        partially_observable=False,  # metaworld's _MT_OVERRIDE
        max_episode_steps=500,
        base_path=_assets,
        render_fps=80,
    )
