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
import importlib.util
import os
from collections.abc import Callable
from typing import NamedTuple

from parallel_pool.registration import register

_PATH = "parallel_pool.dm_control"


class Domain(NamedTuple):
    """One suite domain: its C++ class, model file and tasks (task -> n_sub_steps).

    `model_xml` maps each task whose model dm_control builds in code to a
    zero-argument callable returning that XML (evaluated when a pool is made).
    """

    cls: str
    xml_file: str
    tasks: dict[str, int]
    max_episode_steps: int = 1000
    model_xml: dict[str, Callable[[], str]] = {}


def _generated_xml(module: str, builder: str, **kwargs: object) -> str:
    """dm_control's own XML for a model it builds in code: ``suite.<module>.<builder>(**kwargs)``."""
    xml = getattr(importlib.import_module(f"dm_control.suite.{module}"), builder)(**kwargs)
    if isinstance(xml, tuple):  # get_model_and_assets: (xml, assets)
        xml = xml[0]
    return xml.decode() if isinstance(xml, bytes) else xml


# dm_control 1.0.50's suite: n_sub_steps = control timestep / physics
# timestep, time limit / control timestep = 1000 steps for every task here.
DOMAINS: dict[str, Domain] = {
    "cheetah": Domain("Cheetah", "cheetah.xml", {"run": 1}),
    "walker": Domain("Walker", "walker.xml", {"stand": 10, "walk": 10, "run": 10}),
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
    spec = importlib.util.find_spec("dm_control")
    if spec is None or not spec.submodule_search_locations:
        return ""
    return os.path.join(next(iter(spec.submodule_search_locations)), "suite")


_SUITE = suite_dir()

for _domain, _info in DOMAINS.items():
    for _task, _n_sub_steps in _info.tasks.items():
        register(
            task_id=task_id(_domain, _task),
            import_path=_PATH,
            spec_cls=f"{_info.cls}EnvSpec",
            dm_cls=f"{_info.cls}DMEnvPool",
            gym_cls=f"{_info.cls}GymEnvPool",
            gymnasium_cls=f"{_info.cls}GymnasiumEnvPool",
            max_episode_steps=_info.max_episode_steps,
            task_name=_task,
            xml_file=_info.xml_file,
            frame_skip=_n_sub_steps,
            base_path=_SUITE,
            **({"model_xml": _info.model_xml[_task]} if _task in _info.model_xml else {}),
        )
