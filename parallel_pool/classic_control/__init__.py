"""The classic_control family: gymnasium's classic-control tasks in C++."""

from parallel_pool.python.api import py_env

from .classic_control_ext import (
    _AcrobotEnvPool,
    _AcrobotEnvSpec,
    _CartPoleEnvPool,
    _CartPoleEnvSpec,
    _MountainCarContinuousEnvPool,
    _MountainCarContinuousEnvSpec,
    _MountainCarEnvPool,
    _MountainCarEnvSpec,
    _PendulumEnvPool,
    _PendulumEnvSpec,
)

CartPoleEnvSpec, CartPoleDMEnvPool, CartPoleGymEnvPool, CartPoleGymnasiumEnvPool = py_env(
    _CartPoleEnvSpec, _CartPoleEnvPool
)
PendulumEnvSpec, PendulumDMEnvPool, PendulumGymEnvPool, PendulumGymnasiumEnvPool = py_env(
    _PendulumEnvSpec, _PendulumEnvPool
)
MountainCarEnvSpec, MountainCarDMEnvPool, MountainCarGymEnvPool, MountainCarGymnasiumEnvPool = py_env(
    _MountainCarEnvSpec, _MountainCarEnvPool
)
(
    MountainCarContinuousEnvSpec,
    MountainCarContinuousDMEnvPool,
    MountainCarContinuousGymEnvPool,
    MountainCarContinuousGymnasiumEnvPool,
) = py_env(_MountainCarContinuousEnvSpec, _MountainCarContinuousEnvPool)
AcrobotEnvSpec, AcrobotDMEnvPool, AcrobotGymEnvPool, AcrobotGymnasiumEnvPool = py_env(_AcrobotEnvSpec, _AcrobotEnvPool)

__all__ = [
    "AcrobotDMEnvPool",
    "AcrobotEnvSpec",
    "AcrobotGymEnvPool",
    "AcrobotGymnasiumEnvPool",
    "CartPoleDMEnvPool",
    "CartPoleEnvSpec",
    "CartPoleGymEnvPool",
    "CartPoleGymnasiumEnvPool",
    "MountainCarContinuousDMEnvPool",
    "MountainCarContinuousEnvSpec",
    "MountainCarContinuousGymEnvPool",
    "MountainCarContinuousGymnasiumEnvPool",
    "MountainCarDMEnvPool",
    "MountainCarEnvSpec",
    "MountainCarGymEnvPool",
    "MountainCarGymnasiumEnvPool",
    "PendulumDMEnvPool",
    "PendulumEnvSpec",
    "PendulumGymEnvPool",
    "PendulumGymnasiumEnvPool",
]
