"""The box2d family: gymnasium's Box2D tasks in C++ on Box2D 2.3.2 (pybox2d's)."""

from parallel_pool.box2d.box2d_ext import (
    _BipedalWalkerEnvPool,
    _BipedalWalkerEnvSpec,
    _LunarLanderContinuousEnvPool,
    _LunarLanderContinuousEnvSpec,
    _LunarLanderDiscreteEnvPool,
    _LunarLanderDiscreteEnvSpec,
)
from parallel_pool.python.api import py_env

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

__all__ = [
    "BipedalWalkerDMEnvPool",
    "BipedalWalkerEnvSpec",
    "BipedalWalkerGymEnvPool",
    "BipedalWalkerGymnasiumEnvPool",
    "LunarLanderContinuousDMEnvPool",
    "LunarLanderContinuousEnvSpec",
    "LunarLanderContinuousGymEnvPool",
    "LunarLanderContinuousGymnasiumEnvPool",
    "LunarLanderDiscreteDMEnvPool",
    "LunarLanderDiscreteEnvSpec",
    "LunarLanderDiscreteGymEnvPool",
    "LunarLanderDiscreteGymnasiumEnvPool",
]
