"""The highway family, made by tools/new_family.py from templates/one_player/."""

from parallel_pool.python.api import py_env

# The family's own module, imported relatively: where ruff sorts it then does not
# depend on the family's name.
from .highway_ext import _HighwayEnvPool, _HighwayEnvSpec

# The four classes registration.py names, made from the two bound C++ classes.
HighwayEnvSpec, HighwayDMEnvPool, HighwayGymEnvPool, HighwayGymnasiumEnvPool = py_env(_HighwayEnvSpec, _HighwayEnvPool)

__all__ = [
    "HighwayDMEnvPool",
    "HighwayEnvSpec",
    "HighwayGymEnvPool",
    "HighwayGymnasiumEnvPool",
]
