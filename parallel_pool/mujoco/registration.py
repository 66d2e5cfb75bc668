"""Registers gymnasium's MuJoCo task ids, -v4 and -v5 (limits and thresholds as gymnasium's).

Each task is one C++ class serving both versions; `version` selects which
gymnasium version it reproduces. The model files are read from the installed
gymnasium package (`base_path` is its assets folder), never copied.
"""

from __future__ import annotations

import importlib.util
import os

from parallel_pool.registration import register

_PATH = "parallel_pool.mujoco"


def gymnasium_assets() -> str:
    """gymnasium's MuJoCo model folder, found without importing gymnasium ('' if absent)."""
    spec = importlib.util.find_spec("gymnasium")
    if spec is None or not spec.submodule_search_locations:
        return ""
    return os.path.join(next(iter(spec.submodule_search_locations)), "envs", "mujoco", "assets")


_ASSETS = gymnasium_assets()

# task: (max_episode_steps, {version: model file}) -- the files gymnasium's
# vN classes load by default.
_TASKS: dict[str, tuple[int, dict[int, str]]] = {
    "Ant": (1000, {4: "ant.xml", 5: "ant.xml"}),
    "HalfCheetah": (1000, {4: "half_cheetah.xml", 5: "half_cheetah.xml"}),
    "Hopper": (1000, {4: "hopper.xml", 5: "hopper.xml"}),
    "Humanoid": (1000, {4: "humanoid.xml", 5: "humanoid.xml"}),
    "HumanoidStandup": (1000, {4: "humanoidstandup.xml", 5: "humanoidstandup.xml"}),
    "InvertedDoublePendulum": (1000, {4: "inverted_double_pendulum.xml", 5: "inverted_double_pendulum.xml"}),
    "InvertedPendulum": (1000, {4: "inverted_pendulum.xml", 5: "inverted_pendulum.xml"}),
    "Pusher": (100, {4: "pusher.xml", 5: "pusher_v5.xml"}),
    "Reacher": (50, {4: "reacher.xml", 5: "reacher.xml"}),
    "Swimmer": (1000, {4: "swimmer.xml", 5: "swimmer.xml"}),
    "Walker2d": (1000, {4: "walker2d.xml", 5: "walker2d_v5.xml"}),
}

for _task, (_steps, _files) in _TASKS.items():
    for _version, _xml in _files.items():
        register(
            task_id=f"{_task}-v{_version}",
            import_path=_PATH,
            spec_cls=f"{_task}EnvSpec",
            dm_cls=f"{_task}DMEnvPool",
            gym_cls=f"{_task}GymEnvPool",
            gymnasium_cls=f"{_task}GymnasiumEnvPool",
            max_episode_steps=_steps,
            version=_version,
            xml_file=_xml,
            base_path=_ASSETS,
        )
