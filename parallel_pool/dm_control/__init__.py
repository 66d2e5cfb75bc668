"""The dm_control family: dm_control's suite tasks in C++, seed for seed identical to dm_control.

Importing it probes how this process's NumPy rounds short norms (as the MuJoCo
family does; dm_control's joint randomizer normalises quaternions with
np.linalg.norm).
"""

from parallel_pool.dm_control import dm_control_ext
from parallel_pool.mujoco import numpy_probe
from parallel_pool.python.api import py_env

NUMPY_DOT_ROUNDING: str | None = numpy_probe.configure(dm_control_ext)

# Every domain's classes: <Domain>EnvSpec, <Domain>DMEnvPool, <Domain>GymEnvPool,
# <Domain>GymnasiumEnvPool.
DOMAIN_CLASSES = (
    "Cheetah",
    "Walker",
    "Humanoid",
    "Fish",
    "Swimmer",
    "HumanoidCMU",
    "Manipulator",
    "Stacker",
    "Pendulum",
    "Acrobot",
    "PointMass",
    "Reacher",
    "BallInCup",
    "Finger",
    "Hopper",
    "Cartpole",
    "Quadruped",
    "Dog",
    "Lqr",
)

__all__ = ["DOMAIN_CLASSES", "NUMPY_DOT_ROUNDING"]
for _name in DOMAIN_CLASSES:
    _made = py_env(getattr(dm_control_ext, f"_{_name}EnvSpec"), getattr(dm_control_ext, f"_{_name}EnvPool"))
    for _cls in _made:
        globals()[_cls.__name__] = _cls
        __all__.append(_cls.__name__)
