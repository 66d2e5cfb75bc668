"""The highway family: highway-env 1.12.1's driving scenarios in C++, seed for seed.

Two env classes share every scenario: `Highway` (DiscreteMetaAction, an int action) and
`HighwayContinuous` (ContinuousAction, a float32 action in [-1, 1] per axis); an id's
`action_type` picks one (registration.py). Importing the module learns NumPy's ddot
kernel and takes NumPy's own float64 loops, so the vehicle models round as highway-env's
do on this machine.
"""

from parallel_pool.python.api import py_env

# The family's own module, imported relatively: where ruff sorts it then does not
# depend on the family's name.
from .highway_ext import _HighwayContinuousEnvPool, _HighwayContinuousEnvSpec, _HighwayEnvPool, _HighwayEnvSpec

HighwayEnvSpec, HighwayDMEnvPool, HighwayGymEnvPool, HighwayGymnasiumEnvPool = py_env(_HighwayEnvSpec, _HighwayEnvPool)
(
    HighwayContinuousEnvSpec,
    HighwayContinuousDMEnvPool,
    HighwayContinuousGymEnvPool,
    HighwayContinuousGymnasiumEnvPool,
) = py_env(_HighwayContinuousEnvSpec, _HighwayContinuousEnvPool)

__all__ = [
    "HighwayContinuousDMEnvPool",
    "HighwayContinuousEnvSpec",
    "HighwayContinuousGymEnvPool",
    "HighwayContinuousGymnasiumEnvPool",
    "HighwayDMEnvPool",
    "HighwayEnvSpec",
    "HighwayGymEnvPool",
    "HighwayGymnasiumEnvPool",
]
