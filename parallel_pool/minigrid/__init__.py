"""The minigrid family: minigrid 3.2.0's levels in C++, seed for seed with the minigrid package."""

from parallel_pool.python.api import py_env

from .minigrid_ext import _MinigridEnvPool, _MinigridEnvSpec
from .missions import decode_mission

MinigridEnvSpec, MinigridDMEnvPool, MinigridGymEnvPool, MinigridGymnasiumEnvPool = py_env(
    _MinigridEnvSpec, _MinigridEnvPool
)
# EnvPool's spelling of the same classes (envpool.minigrid.MiniGridEnvSpec, ...).
MiniGridEnvSpec, MiniGridDMEnvPool, MiniGridGymnasiumEnvPool = (
    MinigridEnvSpec,
    MinigridDMEnvPool,
    MinigridGymnasiumEnvPool,
)

__all__ = [
    "MiniGridDMEnvPool",
    "MiniGridEnvSpec",
    "MiniGridGymnasiumEnvPool",
    "MinigridDMEnvPool",
    "MinigridEnvSpec",
    "MinigridGymEnvPool",
    "MinigridGymnasiumEnvPool",
    "decode_mission",
]
