"""Registers gymnasium-robotics 1.4.2's native-MuJoCo ids (limits and defaults as its registry's).

The models are read from the installed gymnasium-robotics package (`base_path`
is its assets folder), never copied. Registered so far: the 20 PointMaze ids.
"""

from __future__ import annotations

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


def _maze_keys(kwargs: dict[str, Any], config: dict[str, Any]) -> dict[str, Any]:
    """A maze map given as the reference's rows (or a map's name) becomes the text the C++ reads."""
    if "maze_map" in kwargs:
        kwargs["maze_map"] = map_text(kwargs["maze_map"])
    return kwargs


def _point_maze_steps(name: str) -> int:
    """The reference's max_episode_steps: 300 in the small mazes, 600 in Medium, 800 in Large."""
    return 800 if name.startswith("Large") else 600 if name.startswith("Medium") else 300


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
