"""The MuJoCo family: gymnasium's MuJoCo tasks (v4 and v5) in C++ on MuJoCo 3.17.0.

Importing it probes how this process's NumPy rounds short norms
(parallel_pool/numpy_exact/numpy_probe.py), so rewards and infos round as
gymnasium's do on this machine; the result is `NUMPY_DOT_ROUNDING` (None where
no known rounding reproduces NumPy).
"""

from parallel_pool.numpy_exact import numpy_probe
from parallel_pool.python.api import py_env

from . import mujoco_ext
from .mujoco_ext import (
    _AntEnvPool,
    _AntEnvSpec,
    _HalfCheetahEnvPool,
    _HalfCheetahEnvSpec,
    _HopperEnvPool,
    _HopperEnvSpec,
    _HumanoidEnvPool,
    _HumanoidEnvSpec,
    _HumanoidStandupEnvPool,
    _HumanoidStandupEnvSpec,
    _InvertedDoublePendulumEnvPool,
    _InvertedDoublePendulumEnvSpec,
    _InvertedPendulumEnvPool,
    _InvertedPendulumEnvSpec,
    _PusherEnvPool,
    _PusherEnvSpec,
    _ReacherEnvPool,
    _ReacherEnvSpec,
    _SwimmerEnvPool,
    _SwimmerEnvSpec,
    _Walker2dEnvPool,
    _Walker2dEnvSpec,
)

NUMPY_DOT_ROUNDING: str | None = numpy_probe.configure(mujoco_ext)

AntEnvSpec, AntDMEnvPool, AntGymEnvPool, AntGymnasiumEnvPool = py_env(_AntEnvSpec, _AntEnvPool)
HalfCheetahEnvSpec, HalfCheetahDMEnvPool, HalfCheetahGymEnvPool, HalfCheetahGymnasiumEnvPool = py_env(
    _HalfCheetahEnvSpec, _HalfCheetahEnvPool
)
HopperEnvSpec, HopperDMEnvPool, HopperGymEnvPool, HopperGymnasiumEnvPool = py_env(_HopperEnvSpec, _HopperEnvPool)
HumanoidEnvSpec, HumanoidDMEnvPool, HumanoidGymEnvPool, HumanoidGymnasiumEnvPool = py_env(
    _HumanoidEnvSpec, _HumanoidEnvPool
)
HumanoidStandupEnvSpec, HumanoidStandupDMEnvPool, HumanoidStandupGymEnvPool, HumanoidStandupGymnasiumEnvPool = py_env(
    _HumanoidStandupEnvSpec, _HumanoidStandupEnvPool
)
(
    InvertedDoublePendulumEnvSpec,
    InvertedDoublePendulumDMEnvPool,
    InvertedDoublePendulumGymEnvPool,
    InvertedDoublePendulumGymnasiumEnvPool,
) = py_env(_InvertedDoublePendulumEnvSpec, _InvertedDoublePendulumEnvPool)
InvertedPendulumEnvSpec, InvertedPendulumDMEnvPool, InvertedPendulumGymEnvPool, InvertedPendulumGymnasiumEnvPool = (
    py_env(_InvertedPendulumEnvSpec, _InvertedPendulumEnvPool)
)
PusherEnvSpec, PusherDMEnvPool, PusherGymEnvPool, PusherGymnasiumEnvPool = py_env(_PusherEnvSpec, _PusherEnvPool)
ReacherEnvSpec, ReacherDMEnvPool, ReacherGymEnvPool, ReacherGymnasiumEnvPool = py_env(_ReacherEnvSpec, _ReacherEnvPool)
SwimmerEnvSpec, SwimmerDMEnvPool, SwimmerGymEnvPool, SwimmerGymnasiumEnvPool = py_env(_SwimmerEnvSpec, _SwimmerEnvPool)
Walker2dEnvSpec, Walker2dDMEnvPool, Walker2dGymEnvPool, Walker2dGymnasiumEnvPool = py_env(
    _Walker2dEnvSpec, _Walker2dEnvPool
)

__all__ = [
    "NUMPY_DOT_ROUNDING",
    "AntDMEnvPool",
    "AntEnvSpec",
    "AntGymEnvPool",
    "AntGymnasiumEnvPool",
    "HalfCheetahDMEnvPool",
    "HalfCheetahEnvSpec",
    "HalfCheetahGymEnvPool",
    "HalfCheetahGymnasiumEnvPool",
    "HopperDMEnvPool",
    "HopperEnvSpec",
    "HopperGymEnvPool",
    "HopperGymnasiumEnvPool",
    "HumanoidDMEnvPool",
    "HumanoidEnvSpec",
    "HumanoidGymEnvPool",
    "HumanoidGymnasiumEnvPool",
    "HumanoidStandupDMEnvPool",
    "HumanoidStandupEnvSpec",
    "HumanoidStandupGymEnvPool",
    "HumanoidStandupGymnasiumEnvPool",
    "InvertedDoublePendulumDMEnvPool",
    "InvertedDoublePendulumEnvSpec",
    "InvertedDoublePendulumGymEnvPool",
    "InvertedDoublePendulumGymnasiumEnvPool",
    "InvertedPendulumDMEnvPool",
    "InvertedPendulumEnvSpec",
    "InvertedPendulumGymEnvPool",
    "InvertedPendulumGymnasiumEnvPool",
    "PusherDMEnvPool",
    "PusherEnvSpec",
    "PusherGymEnvPool",
    "PusherGymnasiumEnvPool",
    "ReacherDMEnvPool",
    "ReacherEnvSpec",
    "ReacherGymEnvPool",
    "ReacherGymnasiumEnvPool",
    "SwimmerDMEnvPool",
    "SwimmerEnvSpec",
    "SwimmerGymEnvPool",
    "SwimmerGymnasiumEnvPool",
    "Walker2dDMEnvPool",
    "Walker2dEnvSpec",
    "Walker2dGymEnvPool",
    "Walker2dGymnasiumEnvPool",
]
