"""Registers gymnasium-robotics 1.4.2's native-MuJoCo ids (limits and defaults as its registry's).

The models are read from the installed gymnasium-robotics package (`base_path`
is its assets folder; AntMaze's ant is gymnasium's `ant.xml`), never copied.
Registered so far: the 20 PointMaze ids, the 60 AntMaze ids and FrankaKitchen-v1.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
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
