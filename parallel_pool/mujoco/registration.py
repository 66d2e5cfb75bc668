"""Registers gymnasium's MuJoCo task ids, -v4 and -v5 (limits and thresholds as gymnasium's).

Each task is one C++ class serving both versions; `version` selects which
gymnasium version it reproduces. The model files are read from the installed
gymnasium package (`base_path` is its assets folder), never copied.
"""

from __future__ import annotations

import functools
import math
import os
from typing import Any

from parallel_pool.python.package_data import package_dir, package_path
from parallel_pool.registration import register

_PATH = "parallel_pool.mujoco"


def gymnasium_assets() -> str:
    """gymnasium's MuJoCo model folder, found without importing gymnasium ('' if absent)."""
    root = package_dir("gymnasium")
    return "" if root is None else os.path.join(root, "envs", "mujoco", "assets")


# The base_path default: gymnasium's model folder, or (when a spec is made) an error
# naming gymnasium and the command that installs it.
_ASSETS = package_path(
    "gymnasium", "envs", "mujoco", "assets", requirement="gymnasium==1.4.0", needed_for="the mujoco family"
)

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

# EnvPool's config keys that are not ours, translated (see _envpool_keys).
# EnvPool's name -> our key, where a task has that key under another name.
_RENAMED = {
    "ctrl_cost_weight": "reward_control_weight",  # Pusher, Reacher
    "dist_cost_weight": "reward_dist_weight",  # Pusher, Reacher
    "near_cost_weight": "reward_near_weight",  # Pusher
    "contact_cost_weight": "impact_cost_weight",  # HumanoidStandup
    "forward_reward_weight": "uph_cost_weight",  # HumanoidStandup
}
# EnvPool's `<name>_min` / `<name>_max` -> (our range keys, bound index).
_BOUNDS = {
    "healthy_z_min": (("healthy_z_range",), 0),
    "healthy_z_max": (("healthy_z_range",), 1),
    "healthy_angle_min": (("healthy_angle_range",), 0),
    "healthy_angle_max": (("healthy_angle_range",), 1),
    "healthy_state_min": (("healthy_state_range",), 0),
    "healthy_state_max": (("healthy_state_range",), 1),
    "contact_force_min": (("contact_force_range",), 0),
    "contact_force_max": (("contact_force_range",), 1),
    "contact_cost_max": (("contact_cost_range", "impact_cost_range"), 1),  # Humanoid, HumanoidStandup
}
# EnvPool's switches between gymnasium's v4 and v5 behaviour, which our
# `version` key (the task id's suffix) chooses as a whole:
# key -> (tasks that have it, its value at v4, its value at v5, what it does).
_VERSION_SWITCHES: dict[str, tuple[tuple[str, ...], Any, Any, str]] = {
    "legacy_healthy_reward": (
        ("Ant", "Hopper", "Humanoid", "Walker2d"),
        True,
        False,
        "the healthy reward also while unhealthy when terminate_when_unhealthy is off",
    ),
    "exclude_worldbody_contact_forces": (("Ant",), False, True, "cfrc_ext without the world body"),
    "exclude_worldbody_observations": (
        ("Humanoid", "HumanoidStandup"),
        False,
        True,
        "the observation without the world body's cinert, cvel and cfrc_ext",
    ),
    "exclude_root_actuator_forces": (
        ("Humanoid", "HumanoidStandup"),
        False,
        True,
        "qfrc_actuator without the root joint's",
    ),
    "use_contact_force": (("Humanoid",), False, True, "the contact cost in the reward"),
    "reward_if_not_terminated": (
        ("InvertedDoublePendulum", "InvertedPendulum"),
        False,
        True,
        "the healthy reward only while not terminated",
    ),
    "constraint_obs_dim": (("InvertedDoublePendulum",), 3, 1, "the length of qfrc_constraint in the observation"),
    "reward_after_step": (("Pusher", "Reacher"), False, True, "the reward computed after the simulation step"),
    "weighted_reward_info": (("Pusher",), False, True, "the weighted reward terms in info"),
    "obs_include_z_distance": (("Reacher",), True, False, "the z distance in the observation"),
    "gymnasium_v5_render_camera": (tuple(_TASKS), False, True, "v5's default render camera"),
}
# EnvPool's keys for values gymnasium's task fixes (no keyword there):
# (task, key) -> the one value that applies.
_FIXED = {
    ("Hopper", "velocity_min"): -10.0,
    ("Hopper", "velocity_max"): 10.0,
    ("Walker2d", "velocity_min"): -10.0,
    ("Walker2d", "velocity_max"): 10.0,
    ("InvertedDoublePendulum", "observation_min"): -10.0,
    ("InvertedDoublePendulum", "observation_max"): 10.0,
    ("InvertedDoublePendulum", "healthy_z_max"): 1.0,
    ("InvertedPendulum", "healthy_z_min"): -0.2,
    ("InvertedPendulum", "healthy_z_max"): 0.2,
    ("InvertedPendulum", "healthy_reward"): 1.0,
    ("HumanoidStandup", "healthy_reward"): 1.0,
    ("Pusher", "reset_qvel_scale"): 0.005,
    ("Pusher", "cylinder_x_min"): -0.3,
    ("Pusher", "cylinder_x_max"): 0.0,
    ("Pusher", "cylinder_y_min"): -0.2,
    ("Pusher", "cylinder_y_max"): 0.2,
    ("Pusher", "cylinder_dist_min"): 0.17,
    ("Reacher", "reset_qpos_scale"): 0.1,
    ("Reacher", "reset_qvel_scale"): 0.005,
    ("Reacher", "reset_goal_scale"): 0.2,
}


def _envpool_keys(task: str, kwargs: dict[str, Any], config: dict[str, Any]) -> dict[str, Any]:
    """EnvPool's MuJoCo config keys in `kwargs`, as our keys of `task` (whose defaults are `config`).

    A key we also have passes through; a renamed key or a `_min`/`_max` bound
    becomes ours; a key that cannot apply raises a ValueError that says why.
    """
    version = kwargs.get("version", config.get("version"))
    out: dict[str, Any] = {}
    bounds: dict[str, list[Any]] = {}
    for key, value in kwargs.items():
        if key in config:
            out[key] = value
        elif key == "frame_stack":
            if value != 1:
                raise ValueError(
                    f"frame_stack: parallel_pool's MuJoCo envs return one frame, as gymnasium's do; got {value!r}. "
                    "Drop the argument and stack observations yourself"
                )
        elif key == "post_constraint":
            if value is not True:
                raise ValueError(
                    f"post_constraint: {task} always runs mj_rnePostConstraint after a step, as gymnasium's v4 and "
                    f"v5 do (its cfrc_ext feed the contact terms); {value!r} cannot apply. Drop the argument"
                )
        elif key == "use_contact_force" and task == "Ant":
            # EnvPool's one switch is gymnasium's use_contact_forces at v4 and
            # include_cfrc_ext_in_observation at v5.
            out["use_contact_forces" if version == 4 else "include_cfrc_ext_in_observation"] = value
        elif key in _VERSION_SWITCHES and task in _VERSION_SWITCHES[key][0]:
            _, at_v4, at_v5, meaning = _VERSION_SWITCHES[key]
            if value != (at_v4 if version == 4 else at_v5):
                other = 5 if version == 4 else 4
                raise ValueError(
                    f"{key}: {task}-v{version} has {key}={at_v4 if version == 4 else at_v5!r} ({meaning}) as "
                    f"gymnasium's {task}-v{version} does; {value!r} is gymnasium's {task}-v{other}: "
                    f"make {task}-v{other} instead"
                )
        elif (task, key) in _FIXED:
            fixed = _FIXED[(task, key)]
            if not _same_number(value, fixed):
                raise ValueError(
                    f"{key}: gymnasium's {task} fixes it at {fixed} (it is not a keyword there), so it cannot be "
                    f"changed; got {value!r}"
                )
        elif key in _RENAMED and _RENAMED[key] in config:
            ours = _RENAMED[key]
            if ours in kwargs:
                raise ValueError(f"{key}: EnvPool's name for {ours}, which is given too; pass one of them")
            out[ours] = value
        elif key in _BOUNDS and any(k in config for k in _BOUNDS[key][0]):
            ours = next(k for k in _BOUNDS[key][0] if k in config)
            if ours in kwargs:
                raise ValueError(f"{key}: EnvPool's bound of {ours}, which is given too; pass one of them")
            bounds.setdefault(ours, list(config[ours]))[_BOUNDS[key][1]] = value
        else:
            out[key] = value  # unknown: make_spec names it in a TypeError
    out.update(bounds)
    return out


def _render_fps(config: dict[str, Any]) -> int:
    """gymnasium's MujocoEnv: metadata["render_fps"] = round(1 / dt), dt = timestep * frame_skip."""
    from parallel_pool.mujoco import mujoco_ext

    dt = mujoco_ext.model_timestep(config["base_path"], config["xml_file"]) * config["frame_skip"]
    return round(1.0 / dt)


def _same_number(value: Any, expected: float) -> bool:
    try:
        return math.isclose(float(value), expected, rel_tol=1e-12, abs_tol=1e-12)
    except (TypeError, ValueError):
        return False


def _register(task: str, task_id: str, version: int, xml: str, steps: int, extra: dict[str, Any]) -> None:
    register(
        task_id=task_id,
        import_path=_PATH,
        env=f"{task}",
        config_aliases=functools.partial(_envpool_keys, task),
        max_episode_steps=steps,
        version=version,
        xml_file=xml,
        base_path=_ASSETS,
        render_fps=_render_fps,
        **extra,
    )


# EnvPool's ids of gymnasium's mujoco_py-era versions (-v2 / -v3, which gymnasium only
# runs with mujoco_py): gymnasium's v4 env under the old name, as EnvPool runs its v4
# code for them; Ant-v3 with the contact forces in its observation, gymnasium's Ant-v3
# default (docs/mujoco.md, "EnvPool's -v2 and -v3 ids").
LEGACY_IDS: dict[str, dict[str, Any]] = {
    **{f"{task}-v3": {} for task in ("HalfCheetah", "Hopper", "Humanoid", "Swimmer", "Walker2d")},
    "Ant-v3": {"use_contact_forces": True},
    **{
        f"{task}-v2": {}
        for task in ("HumanoidStandup", "InvertedDoublePendulum", "InvertedPendulum", "Pusher", "Reacher")
    },
}


def _ids(task: str, version: int) -> list[tuple[str, dict[str, Any]]]:
    """The ids of `task` at `version` with their extra config: v4's include the legacy ones."""
    ids: list[tuple[str, dict[str, Any]]] = [(f"{task}-v{version}", {})]
    if version == 4:
        ids += [(legacy, extra) for legacy, extra in LEGACY_IDS.items() if legacy.rsplit("-", 1)[0] == task]
    return ids


for _task, (_steps, _files) in _TASKS.items():
    for _version, _xml in _files.items():
        for _task_id, _extra in _ids(_task, _version):
            _register(_task, _task_id, _version, _xml, _steps, _extra)
