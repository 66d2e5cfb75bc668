"""The highway family: highway-env 1.12.1's driving scenarios in C++, seed for seed.

Three env classes share the scenarios: `Highway` (DiscreteMetaAction, an int action),
`HighwayContinuous` (ContinuousAction, a float32 action in [-1, 1] per axis) and
`HighwayMultiAgent` (MultiAgentAction: a player per controlled vehicle, each with its own
int action, observation and reward); an id's `action_type` picks one (registration.py).
Importing the module learns NumPy's ddot kernel and takes NumPy's own float64 loops, so
the vehicle models round as highway-env's do on this machine.
"""

from parallel_pool.python.api import py_env

# The family's own module, imported relatively: where ruff sorts it then does not
# depend on the family's name.
from .highway_ext import (
    _HighwayContinuousEnvPool,
    _HighwayContinuousEnvSpec,
    _HighwayEnvPool,
    _HighwayEnvSpec,
    _HighwayMultiAgentEnvPool,
    _HighwayMultiAgentEnvSpec,
)

HighwayEnvSpec, HighwayDMEnvPool, HighwayGymEnvPool, HighwayGymnasiumEnvPool = py_env(_HighwayEnvSpec, _HighwayEnvPool)
(
    HighwayContinuousEnvSpec,
    HighwayContinuousDMEnvPool,
    HighwayContinuousGymEnvPool,
    HighwayContinuousGymnasiumEnvPool,
) = py_env(_HighwayContinuousEnvSpec, _HighwayContinuousEnvPool)
(
    HighwayMultiAgentEnvSpec,
    HighwayMultiAgentDMEnvPool,
    HighwayMultiAgentGymEnvPool,
    HighwayMultiAgentGymnasiumEnvPool,
) = py_env(_HighwayMultiAgentEnvSpec, _HighwayMultiAgentEnvPool)

__all__ = [
    "HighwayContinuousDMEnvPool",
    "HighwayContinuousEnvSpec",
    "HighwayContinuousGymEnvPool",
    "HighwayContinuousGymnasiumEnvPool",
    "HighwayDMEnvPool",
    "HighwayEnvSpec",
    "HighwayGymEnvPool",
    "HighwayGymnasiumEnvPool",
    "HighwayMultiAgentDMEnvPool",
    "HighwayMultiAgentEnvSpec",
    "HighwayMultiAgentGymEnvPool",
    "HighwayMultiAgentGymnasiumEnvPool",
]
