"""The box2d family: gymnasium's Box2D tasks in C++ on Box2D 2.3.2 (pybox2d's)."""

from parallel_pool.python.api import py_env

from .box2d_ext import (
    _BipedalWalkerEnvPool,
    _BipedalWalkerEnvSpec,
    _CarRacingContinuousEnvPool,
    _CarRacingContinuousEnvSpec,
    _CarRacingDiscreteEnvPool,
    _CarRacingDiscreteEnvSpec,
    _LunarLanderContinuousEnvPool,
    _LunarLanderContinuousEnvSpec,
    _LunarLanderDiscreteEnvPool,
    _LunarLanderDiscreteEnvSpec,
)

BipedalWalkerEnvSpec, BipedalWalkerDMEnvPool, BipedalWalkerGymEnvPool, BipedalWalkerGymnasiumEnvPool = py_env(
    _BipedalWalkerEnvSpec, _BipedalWalkerEnvPool
)

(
    LunarLanderDiscreteEnvSpec,
    LunarLanderDiscreteDMEnvPool,
    LunarLanderDiscreteGymEnvPool,
    LunarLanderDiscreteGymnasiumEnvPool,
) = py_env(_LunarLanderDiscreteEnvSpec, _LunarLanderDiscreteEnvPool)
(
    LunarLanderContinuousEnvSpec,
    LunarLanderContinuousDMEnvPool,
    LunarLanderContinuousGymEnvPool,
    LunarLanderContinuousGymnasiumEnvPool,
) = py_env(_LunarLanderContinuousEnvSpec, _LunarLanderContinuousEnvPool)
(
    CarRacingContinuousEnvSpec,
    CarRacingContinuousDMEnvPool,
    CarRacingContinuousGymEnvPool,
    CarRacingContinuousGymnasiumEnvPool,
) = py_env(_CarRacingContinuousEnvSpec, _CarRacingContinuousEnvPool)
(
    CarRacingDiscreteEnvSpec,
    CarRacingDiscreteDMEnvPool,
    CarRacingDiscreteGymEnvPool,
    CarRacingDiscreteGymnasiumEnvPool,
) = py_env(_CarRacingDiscreteEnvSpec, _CarRacingDiscreteEnvPool)

__all__ = [
    "BipedalWalkerDMEnvPool",
    "BipedalWalkerEnvSpec",
    "BipedalWalkerGymEnvPool",
    "BipedalWalkerGymnasiumEnvPool",
    "CarRacingContinuousDMEnvPool",
    "CarRacingContinuousEnvSpec",
    "CarRacingContinuousGymEnvPool",
    "CarRacingContinuousGymnasiumEnvPool",
    "CarRacingDiscreteDMEnvPool",
    "CarRacingDiscreteEnvSpec",
    "CarRacingDiscreteGymEnvPool",
    "CarRacingDiscreteGymnasiumEnvPool",
    "LunarLanderContinuousDMEnvPool",
    "LunarLanderContinuousEnvSpec",
    "LunarLanderContinuousGymEnvPool",
    "LunarLanderContinuousGymnasiumEnvPool",
    "LunarLanderDiscreteDMEnvPool",
    "LunarLanderDiscreteEnvSpec",
    "LunarLanderDiscreteGymEnvPool",
    "LunarLanderDiscreteGymnasiumEnvPool",
]
