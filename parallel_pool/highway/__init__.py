"""The highway family: highway-env 1.12.1's driving scenarios in C++, seed for seed.

Five env classes share the scenarios: `Highway` (DiscreteMetaAction, an int action),
`HighwayContinuous` (ContinuousAction, a float32 action in [-1, 1] per axis),
`HighwayMultiAgent` (MultiAgentAction: a player per controlled vehicle, each with its own
int action, observation and reward), and `HighwayImage` and `HighwayContinuousImage`, the
first two with an image observation (GrayscaleObservation, OccupancyGrid as_image), uint8
as highway-env's; an id's `action_type` and `observation_type` pick one (registration.py).
Importing the module learns NumPy's ddot kernel and takes NumPy's own float64 loops, so
the vehicle models round as highway-env's do on this machine.
"""

from parallel_pool.python.api import py_env

# The family's own module, imported relatively: where ruff sorts it then does not
# depend on the family's name.
from .highway_ext import (
    _HighwayContinuousEnvPool,
    _HighwayContinuousEnvSpec,
    _HighwayContinuousImageEnvPool,
    _HighwayContinuousImageEnvSpec,
    _HighwayEnvPool,
    _HighwayEnvSpec,
    _HighwayImageEnvPool,
    _HighwayImageEnvSpec,
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

(
    HighwayImageEnvSpec,
    HighwayImageDMEnvPool,
    HighwayImageGymEnvPool,
    HighwayImageGymnasiumEnvPool,
) = py_env(_HighwayImageEnvSpec, _HighwayImageEnvPool)
(
    HighwayContinuousImageEnvSpec,
    HighwayContinuousImageDMEnvPool,
    HighwayContinuousImageGymEnvPool,
    HighwayContinuousImageGymnasiumEnvPool,
) = py_env(_HighwayContinuousImageEnvSpec, _HighwayContinuousImageEnvPool)

__all__ = [
    "HighwayContinuousDMEnvPool",
    "HighwayContinuousEnvSpec",
    "HighwayContinuousGymEnvPool",
    "HighwayContinuousGymnasiumEnvPool",
    "HighwayContinuousImageDMEnvPool",
    "HighwayContinuousImageEnvSpec",
    "HighwayContinuousImageGymEnvPool",
    "HighwayContinuousImageGymnasiumEnvPool",
    "HighwayDMEnvPool",
    "HighwayEnvSpec",
    "HighwayGymEnvPool",
    "HighwayGymnasiumEnvPool",
    "HighwayImageDMEnvPool",
    "HighwayImageEnvSpec",
    "HighwayImageGymEnvPool",
    "HighwayImageGymnasiumEnvPool",
    "HighwayMultiAgentDMEnvPool",
    "HighwayMultiAgentEnvSpec",
    "HighwayMultiAgentGymEnvPool",
    "HighwayMultiAgentGymnasiumEnvPool",
]
