"""The box2d family: gymnasium's Box2D tasks in C++ on Box2D 2.3.2 (pybox2d's)."""

from parallel_pool.box2d.box2d_ext import (
    _LunarLanderContinuousEnvPool,
    _LunarLanderContinuousEnvSpec,
    _LunarLanderDiscreteEnvPool,
    _LunarLanderDiscreteEnvSpec,
)
from parallel_pool.python.api import py_env

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
    "LunarLanderContinuousDMEnvPool",
    "LunarLanderContinuousEnvSpec",
    "LunarLanderContinuousGymEnvPool",
    "LunarLanderContinuousGymnasiumEnvPool",
    "LunarLanderDiscreteDMEnvPool",
    "LunarLanderDiscreteEnvSpec",
    "LunarLanderDiscreteGymEnvPool",
    "LunarLanderDiscreteGymnasiumEnvPool",
]
