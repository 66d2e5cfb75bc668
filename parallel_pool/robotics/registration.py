"""Registers gymnasium-robotics 1.4.2's native-MuJoCo ids (limits and defaults as its registry's).

The models are read from the installed gymnasium-robotics package (`base_path`
is its assets folder; AntMaze's ant is gymnasium's `ant.xml`), never copied.
Registered so far: the 20 PointMaze ids, the 60 AntMaze ids, FrankaKitchen-v1, the
8 Adroit ids, the 8 Fetch ids and the Shadow Hand's 2 HandReach and 54 HandManipulate
ids, the last two groups with EnvPool's names for their mujoco_py-era versions
(Fetch*-v1, HandReach-v0, HandManipulate*-v0: the same envs).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from numbers import Real
from typing import Any

import numpy as np

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


# The Shadow Hand. Each object's Manipulate variants (target_position, target_rotation)
# and which have touch-sensor ids (not the *Full ones), as gymnasium-robotics registers
# them; the Full ids are the same envs as the plain ones.
_HAND_VARIANTS: dict[str, list[tuple[str, str, str, bool]]] = {
    "Block": [
        ("", "random", "xyz", True),
        ("Full", "random", "xyz", False),
        ("RotateZ", "ignore", "z", True),
        ("RotateParallel", "ignore", "parallel", True),
        ("RotateXYZ", "ignore", "xyz", True),
    ],
    "Egg": [("", "random", "xyz", True), ("Full", "random", "xyz", False), ("Rotate", "ignore", "xyz", True)],
    "Pen": [("", "random", "xyz", True), ("Full", "random", "xyz", False), ("Rotate", "ignore", "xyz", True)],
}
# What each object's env class passes its base (manipulate_pen.py: the pen is not turned
# at reset, its z rotation is ignored and it has a wider position threshold).
_HAND_OBJECTS: dict[str, dict[str, Any]] = {
    "Block": {},
    "Egg": {},
    "Pen": {"randomize_initial_rotation": False, "ignore_z_target_rotation": True, "distance_threshold": 0.05},
}
# The touch-sensor ids' suffix and touch_get_obs.
_HAND_TOUCH = (("_BooleanTouchSensors", "boolean"), ("_ContinuousTouchSensors", "sensordata"))


def _hand_keys(kwargs: dict[str, Any], config: dict[str, Any]) -> dict[str, Any]:
    """gymnasium-robotics' keywords for the hand's keys: `n_substeps` is frame_skip, and
    `target_position_range` may be its (3, 2) array of (low, high) rows."""
    out = dict(kwargs)
    if "n_substeps" in out:
        if "frame_skip" in out:
            raise ValueError("n_substeps: give it or frame_skip (the same key), not both")
        out["frame_skip"] = out.pop("n_substeps")
    if "target_position_range" in out:
        rows = out["target_position_range"]
        try:
            flat = [float(v) for v in np.asarray(rows, dtype=np.float64).reshape(-1)]
        except (TypeError, ValueError) as error:
            raise TypeError(f"target_position_range: expected 3 (low, high) pairs, got {rows!r}") from error
        if np.shape(rows) not in ((3, 2), (6,)):
            raise ValueError(f"target_position_range: expected 3 (low, high) pairs, got shape {np.shape(rows)}")
        out["target_position_range"] = flat
    return out


for _suffix, _reward in (("", "sparse"), ("Dense", "dense")):
    # HandReach-v0 is EnvPool's name for the mujoco_py-era version: the same env here.
    register(
        task_id=f"HandReach{_suffix}-v3",
        aliases=[f"HandReach{_suffix}-v0"],
        import_path=_PATH,
        env="HandReach",
        config_aliases=_hand_keys,
        max_episode_steps=50,
        reward_type=_reward,
        base_path=_ASSETS,
        render_fps=25,  # BaseRobotEnv.metadata
    )

for _object, _variants in _HAND_VARIANTS.items():
    _xml = f"hand/manipulate_{_object.lower()}"
    for _variant, _position, _rotation, _has_touch in _variants:
        _touch = [("", "off", f"{_xml}.xml")]
        if _has_touch:
            _touch += [(_name, _obs, f"{_xml}_touch_sensors.xml") for _name, _obs in _HAND_TOUCH]
        for _touch_name, _touch_obs, _touch_xml in _touch:
            for _suffix, _reward in (("", "sparse"), ("Dense", "dense")):
                _name = f"HandManipulate{_object}{_variant}{_touch_name}{_suffix}"
                # -v0: EnvPool's name for the mujoco_py-era version, the same env here.
                register(
                    task_id=f"{_name}-v1",
                    aliases=[f"{_name}-v0"],
                    import_path=_PATH,
                    env="HandManipulate",
                    config_aliases=_hand_keys,
                    max_episode_steps=100,
                    xml_file=_touch_xml,
                    target_position=_position,
                    target_rotation=_rotation,
                    reward_type=_reward,
                    touch_get_obs=_touch_obs,
                    # The touch ids' class colours the touch sites at each frame; the others'
                    # never change a site's colour ("always": as the model has them).
                    touch_visualisation="on_touch" if _touch_name else "always",
                    base_path=_ASSETS,
                    render_fps=25,  # BaseRobotEnv.metadata
                    **_HAND_OBJECTS[_object],
                )


# Adroit: AdroitHand{task}-v1 has the dense reward, AdroitHand{task}Sparse-v1 the sparse one.
for _task in ("Door", "Hammer", "Pen", "Relocate"):
    for _suffix, _reward in (("", "dense"), ("Sparse", "sparse")):
        register(
            task_id=f"AdroitHand{_task}{_suffix}-v1",
            import_path=_PATH,
            env=f"Adroit{_task}",
            max_episode_steps=200,
            reward_type=_reward,
            base_path=_ASSETS,
            render_fps=100,  # the Adroit envs' metadata
        )
