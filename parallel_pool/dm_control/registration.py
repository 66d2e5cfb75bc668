"""Registers dm_control's suite tasks as EnvPool names them: ``CheetahRun-v1``, ``LqrLqr21-v1``, ...

The id is the CamelCase domain and task plus ``-v1`` (``humanoid_CMU``/``run`` ->
``HumanoidCMURun-v1``). Each keeps dm_control's n_sub_steps (as ``frame_skip``)
and its time limit in control steps (``max_episode_steps``). The models are read
from the installed dm-control package (``base_path`` is its suite folder); the
domains whose model dm_control builds in code get that XML from dm_control's own
builder when a pool is made (``model_xml``, see DOMAINS).
"""

from __future__ import annotations

import functools
import importlib
import os
import sys
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from parallel_pool.python.package_data import package_dir, package_path
from parallel_pool.registration import register

_PATH = "parallel_pool.dm_control"


class Domain(NamedTuple):
    """One suite domain: its C++ class, model file and tasks (task -> n_sub_steps).

    `model_xml` (task -> a zero-argument callable returning dm_control's XML) is
    for the domains whose model dm_control builds in code; their `xml_file` is
    the base model the builder starts from.
    """

    cls: str
    xml_file: str
    tasks: dict[str, int]
    max_episode_steps: int = 1000
    model_xml: Mapping[str, Callable[[], str]] | None = None


def _generated_xml(domain: str, builder: str, **kwargs: object) -> str:
    """The XML dm_control's `suite.<domain>.<builder>(**kwargs)` builds, as text."""
    module = importlib.import_module(f"dm_control.suite.{domain}")
    xml = getattr(module, builder)(**kwargs)
    if isinstance(xml, tuple):  # (xml, assets), as get_model_and_assets returns
        xml = xml[0]
    return xml.decode() if isinstance(xml, bytes) else xml


# dm_control 1.0.50's suite: n_sub_steps = control timestep / physics
# timestep, time limit / control timestep = 1000 steps for every task here.
DOMAINS: dict[str, Domain] = {
    "cheetah": Domain("Cheetah", "cheetah.xml", {"run": 1}),
    "walker": Domain("Walker", "walker.xml", {"stand": 10, "walk": 10, "run": 10}),
    "humanoid": Domain("Humanoid", "humanoid.xml", {"stand": 5, "walk": 5, "run": 5, "run_pure_state": 5}),
    "humanoid_CMU": Domain("HumanoidCMU", "humanoid_CMU.xml", {"stand": 10, "walk": 10, "run": 10}),
    "fish": Domain("Fish", "fish.xml", {"upright": 10, "swim": 10}),
    "swimmer": Domain(
        "Swimmer",
        "swimmer.xml",
        {"swimmer6": 15, "swimmer15": 15},
        model_xml={
            f"swimmer{n}": functools.partial(_generated_xml, "swimmer", "get_model_and_assets", n_joints=n)
            for n in (6, 15)
        },
    ),
    "manipulator": Domain(
        "Manipulator",
        "manipulator.xml",
        {"bring_ball": 10, "bring_peg": 10, "insert_ball": 10, "insert_peg": 10},
        model_xml={
            f"{verb}_{prop}": functools.partial(
                _generated_xml, "manipulator", "make_model", use_peg=prop == "peg", insert=verb == "insert"
            )
            for verb in ("bring", "insert")
            for prop in ("ball", "peg")
        },
    ),
    "stacker": Domain(
        "Stacker",
        "stacker.xml",
        {"stack_2": 10, "stack_4": 10},
        model_xml={f"stack_{n}": functools.partial(_generated_xml, "stacker", "make_model", n_boxes=n) for n in (2, 4)},
    ),
    "pendulum": Domain("Pendulum", "pendulum.xml", {"swingup": 1}),
    "acrobot": Domain("Acrobot", "acrobot.xml", {"swingup": 1, "swingup_sparse": 1}),
    "point_mass": Domain("PointMass", "point_mass.xml", {"easy": 1, "hard": 1}),
    "reacher": Domain("Reacher", "reacher.xml", {"easy": 1, "hard": 1}),
    "ball_in_cup": Domain("BallInCup", "ball_in_cup.xml", {"catch": 10}),
    "finger": Domain("Finger", "finger.xml", {"spin": 2, "turn_easy": 2, "turn_hard": 2}),
    "hopper": Domain("Hopper", "hopper.xml", {"stand": 4, "hop": 4}),
    # The one-pole tasks load cartpole.xml itself (dm_control's builder returns
    # it unchanged for one pole).
    "cartpole": Domain(
        "Cartpole",
        "cartpole.xml",
        {"balance": 1, "balance_sparse": 1, "swingup": 1, "swingup_sparse": 1, "two_poles": 1, "three_poles": 1},
        model_xml={
            task: functools.partial(_generated_xml, "cartpole", "get_model_and_assets", num_poles=n)
            for task, n in (("two_poles", 2), ("three_poles", 3))
        },
    ),
    # make_model's arguments per task, as quadruped.walk(), run(), ... pass
    # them (walk's and run's floor size = time limit 20 s * the task's speed).
    "quadruped": Domain(
        "Quadruped",
        "quadruped.xml",
        {"walk": 4, "run": 4, "escape": 4, "fetch": 4},
        model_xml={
            "walk": functools.partial(_generated_xml, "quadruped", "make_model", floor_size=20 * 0.5),
            "run": functools.partial(_generated_xml, "quadruped", "make_model", floor_size=20 * 5),
            "escape": functools.partial(
                _generated_xml, "quadruped", "make_model", floor_size=40, terrain=True, rangefinders=True
            ),
            "fetch": functools.partial(_generated_xml, "quadruped", "make_model", walls_and_ball=True),
        },
    ),
    # get_model_and_assets' arguments per task, as dog.stand(), walk(), ...
    # pass them (floor size = time limit 15 s * the task's speed, walk's for
    # stand; fetch keeps the ball, the target and the walls). The meshes are
    # read from the suite's dog_assets folder by the model's meshdir.
    "dog": Domain(
        "Dog",
        "dog.xml",
        {"stand": 3, "walk": 3, "trot": 3, "run": 3, "fetch": 3},
        model_xml={
            "stand": functools.partial(_generated_xml, "dog", "get_model_and_assets", floor_size=1 * 15),
            "walk": functools.partial(_generated_xml, "dog", "get_model_and_assets", floor_size=1 * 15),
            "trot": functools.partial(_generated_xml, "dog", "get_model_and_assets", floor_size=3 * 15),
            "run": functools.partial(_generated_xml, "dog", "get_model_and_assets", floor_size=9 * 15),
            "fetch": functools.partial(_generated_xml, "dog", "get_model_and_assets", remove_ball=False),
        },
    ),
    # Each seed has its own model (lqr._make_model draws it from the task's
    # RandomState): the C++ env builds it, no model_xml. dm_control sets no
    # time limit; 1000 steps is EnvPool's.
    "lqr": Domain("Lqr", "lqr.xml", {"lqr_2_1": 1, "lqr_6_2": 1}),
}


def camel(name: str) -> str:
    """``ball_in_cup`` -> ``BallInCup``, ``humanoid_CMU`` -> ``HumanoidCMU``, ``lqr_2_1`` -> ``Lqr21``."""
    return "".join(part[:1].upper() + part[1:] for part in name.split("_"))


def task_id(domain: str, task: str) -> str:
    return f"{camel(domain)}{camel(task)}-v1"


def suite_dir() -> str:
    """dm_control's suite folder, found without importing dm_control ('' if absent)."""
    root = package_dir("dm_control")
    return "" if root is None else os.path.join(root, "suite")


# dm-control's requirement labmaze has no wheel for CPython 3.13 and later, and the
# suite never imports it: there it installs without its requirements (README.md).
_DM_CONTROL = ("--no-deps " if sys.version_info >= (3, 13) else "") + "dm-control==1.0.50"
# The base_path default: the suite folder, or (when a spec is made) an error naming
# dm-control and the command that installs it on this Python.
_SUITE = package_path("dm_control", "suite", requirement=_DM_CONTROL, needed_for="the dm_control family")

for _domain, _info in DOMAINS.items():
    for _task, _n_sub_steps in _info.tasks.items():
        _generated: dict[str, Any] = (
            {"model_xml": _info.model_xml[_task]} if _info.model_xml and _task in _info.model_xml else {}
        )
        register(
            task_id=task_id(_domain, _task),
            import_path=_PATH,
            env=f"{_info.cls}",
            max_episode_steps=_info.max_episode_steps,
            task_name=_task,
            xml_file=_info.xml_file,
            frame_skip=_n_sub_steps,
            base_path=_SUITE,
            **_generated,
        )
