"""Registers gymnasium-robotics 1.4.2's native-MuJoCo ids (limits and defaults as its registry's).

The models are read from the installed gymnasium-robotics package (`base_path`
is its assets folder; AntMaze's ant is gymnasium's `ant.xml`), never copied.
Registered so far: the 20 PointMaze ids, the 60 AntMaze ids, FrankaKitchen-v1, and
the 8 Fetch ids with EnvPool's names for their mujoco_py-era versions (-v1, the
same envs).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from numbers import Real
from typing import Any

from parallel_pool.python.package_data import package_path
from parallel_pool.registration import register

from .maze_maps import MAPS, map_text

_PATH = "parallel_pool.robotics"

# The base_path default: gymnasium-robotics' model folder, or (when a spec is made)
# an error naming the package and the command that installs it.
_ASSETS = package_path(
    "gymnasium_robotics",
    "envs",
    "assets",
    requirement="gymnasium-robotics==1.4.2",
    needed_for="the robotics family",
)


# AntMaze's ant: gymnasium's MuJoCo model folder.
_GYMNASIUM_ASSETS = package_path(
    "gymnasium", "envs", "mujoco", "assets", requirement="gymnasium==1.4.0", needed_for="AntMaze's ant"
)


def _maze_keys(kwargs: dict[str, Any], config: dict[str, Any]) -> dict[str, Any]:
    """A maze map given as the reference's rows (or a map's name) becomes the text the C++ reads."""
    if "maze_map" in kwargs:
        kwargs["maze_map"] = map_text(kwargs["maze_map"])
    return kwargs


def _point_maze_steps(name: str) -> int:
    """The reference's max_episode_steps: 300 in the small mazes, 600 in Medium, 800 in Large."""
    return 800 if name.startswith("Large") else 600 if name.startswith("Medium") else 300


def _ant_maze_steps(name: str) -> int:
    """The reference's max_episode_steps: 700 in the small mazes, 1000 in Medium and Large."""
    return 1000 if name.startswith(("Medium", "Large")) else 700


for _name in MAPS:
    for _suffix, _reward in (("", "sparse"), ("Dense", "dense")):
        register(
            task_id=f"PointMaze_{_name}{_suffix}-v3",
            import_path=_PATH,
            env="PointMaze",
            config_aliases=_maze_keys,
            max_episode_steps=_point_maze_steps(_name),
            maze_map=map_text(_name),
            reward_type=_reward,
            base_path=_ASSETS,
            render_fps=50,  # PointMazeEnv.metadata
        )

# AntMaze-vN: the ant of gymnasium's Ant-v4 (v3, v4) or Ant-v5 (v5); v3 on the first
# maze's rules (legacy_maze).
for _version, _ant_version in ((3, 4), (4, 4), (5, 5)):
    for _name in MAPS:
        for _suffix, _reward in (("", "sparse"), ("Dense", "dense")):
            register(
                task_id=f"AntMaze_{_name}{_suffix}-v{_version}",
                import_path=_PATH,
                env="AntMaze",
                config_aliases=_maze_keys,
                max_episode_steps=_ant_maze_steps(_name),
                maze_map=map_text(_name),
                reward_type=_reward,
                version=_ant_version,
                legacy_maze=_version == 3,
                base_path=_GYMNASIUM_ASSETS,
                render_fps=50,  # AntMazeEnv.metadata
            )


def _franka_config(attribute: str, pairs: bool) -> Callable[[], list[float]]:
    """One attribute of every dof in the installed franka_config.xml, as FrankaRobot reads it
    (`pos_bound`, `vel_bound`: a (low, high) pair each; the noise amplitudes: the first value)."""

    def read() -> list[float]:
        root = ET.parse(_ASSETS() + "/kitchen_franka/franka_assets/franka_config.xml").getroot()
        values: list[float] = []
        dof = 0
        while (node := root.find(f"qpos{dof}")) is not None:
            numbers = [float(x) for x in str(node.get(attribute)).split()]
            values += numbers[:2] if pairs else numbers[:1]
            dof += 1
        return values

    return read


register(
    task_id="FrankaKitchen-v1",
    import_path=_PATH,
    env="FrankaKitchen",
    max_episode_steps=280,
    base_path=_ASSETS,
    robot_pos_bound=_franka_config("pos_bound", pairs=True),
    robot_vel_bound=_franka_config("vel_bound", pairs=True),
    robot_pos_noise_amp=_franka_config("pos_noise_amp", pairs=False),
    robot_vel_noise_amp=_franka_config("vel_noise_amp", pairs=False),
    render_fps=12,  # KitchenEnv.metadata
)

# Each Fetch task's construction (gymnasium-robotics' envs/fetch/<task>.py), under
# EnvPool's key names: target_offset_x/y/z for target_offset, initial_slide0..2 and
# initial_object_x/y/z for the initial_qpos entries (the object's orientation is
# the identity quaternion in every task). EnvPool 1.2.5 starts every task's base at
# initial_slide0 0.4049; these are gymnasium-robotics' values.
_FETCH_TASKS: dict[str, dict[str, Any]] = {
    "Reach": {
        "xml_file": "fetch/reach.xml",
        "has_object": False,
        "block_gripper": True,
        "gripper_extra_height": 0.2,
        "target_in_the_air": True,
        "obj_range": 0.15,
        "target_range": 0.15,
        "initial_slide0": 0.4049,
    },
    "Push": {
        "xml_file": "fetch/push.xml",
        "has_object": True,
        "block_gripper": True,
        "gripper_extra_height": 0.0,
        "target_in_the_air": False,
        "obj_range": 0.15,
        "target_range": 0.15,
        "initial_slide0": 0.405,
    },
    "PickAndPlace": {
        "xml_file": "fetch/pick_and_place.xml",
        "has_object": True,
        "block_gripper": False,
        "gripper_extra_height": 0.2,
        "target_in_the_air": True,
        "obj_range": 0.15,
        "target_range": 0.15,
        "initial_slide0": 0.405,
    },
    "Slide": {
        "xml_file": "fetch/slide.xml",
        "has_object": True,
        "block_gripper": True,
        "gripper_extra_height": -0.02,
        "target_in_the_air": False,
        "target_offset_x": 0.4,
        "obj_range": 0.1,
        "target_range": 0.3,
        "initial_slide0": 0.05,
        "initial_object_x": 1.7,
        "initial_object_y": 1.1,
        "initial_object_z": 0.41,
    },
}
# What every task shares.
_FETCH_COMMON: dict[str, Any] = {
    "frame_skip": 20,  # n_substeps
    "target_offset_x": 0.0,
    "target_offset_y": 0.0,
    "target_offset_z": 0.0,
    "distance_threshold": 0.05,
    "initial_slide1": 0.48,
    "initial_slide2": 0.0,
    "initial_object_x": 1.25,
    "initial_object_y": 0.53,
    "initial_object_z": 0.4,
}


def _fetch_keys(kwargs: dict[str, Any], config: dict[str, Any]) -> dict[str, Any]:
    """gymnasium-robotics' keywords for Fetch's keys: `target_offset` (a number, or three)
    becomes target_offset_x/y/z, `n_substeps` frame_skip."""
    out = dict(kwargs)
    if "target_offset" in out:
        offset = out.pop("target_offset")
        if any(f"target_offset_{axis}" in out for axis in "xyz"):
            raise ValueError("target_offset: give it or target_offset_x/y/z, not both")
        if isinstance(offset, Real) and not isinstance(offset, bool):
            offset = [offset] * 3
        if isinstance(offset, (str, bytes)) or not hasattr(offset, "__len__") or len(offset) != 3:
            raise TypeError(f"target_offset: expected a number or three numbers, got {offset!r}")
        out.update({f"target_offset_{axis}": value for axis, value in zip("xyz", offset, strict=True)})
    if "n_substeps" in out:
        if "frame_skip" in out:
            raise ValueError("n_substeps: give it or frame_skip (the same key), not both")
        out["frame_skip"] = out.pop("n_substeps")
    return out


for _task, _config in _FETCH_TASKS.items():
    for _suffix, _reward in (("", "sparse"), ("Dense", "dense")):
        register(
            task_id=f"Fetch{_task}{_suffix}-v4",
            # EnvPool's name of the mujoco_py-era version: the same env.
            aliases=(f"Fetch{_task}{_suffix}-v1",),
            import_path=_PATH,
            env="Fetch",
            config_aliases=_fetch_keys,
            max_episode_steps=50,
            reward_type=_reward,
            base_path=_ASSETS,
            render_fps=25,  # BaseRobotEnv.metadata
            **{**_FETCH_COMMON, **_config},
        )
