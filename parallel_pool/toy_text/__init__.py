"""The toy_text family: Catch, FrozenLake, Taxi, NChain, CliffWalking, Blackjack."""

from parallel_pool.python.api import py_env

from .toy_text_ext import (
    _BlackjackEnvPool,
    _BlackjackEnvSpec,
    _CatchEnvPool,
    _CatchEnvSpec,
    _CliffWalkingEnvPool,
    _CliffWalkingEnvSpec,
    _FrozenLakeEnvPool,
    _FrozenLakeEnvSpec,
    _NChainEnvPool,
    _NChainEnvSpec,
    _TaxiEnvPool,
    _TaxiEnvSpec,
)

CatchEnvSpec, CatchDMEnvPool, CatchGymEnvPool, CatchGymnasiumEnvPool = py_env(_CatchEnvSpec, _CatchEnvPool)
FrozenLakeEnvSpec, FrozenLakeDMEnvPool, FrozenLakeGymEnvPool, FrozenLakeGymnasiumEnvPool = py_env(
    _FrozenLakeEnvSpec, _FrozenLakeEnvPool
)
TaxiEnvSpec, TaxiDMEnvPool, TaxiGymEnvPool, TaxiGymnasiumEnvPool = py_env(_TaxiEnvSpec, _TaxiEnvPool)
NChainEnvSpec, NChainDMEnvPool, NChainGymEnvPool, NChainGymnasiumEnvPool = py_env(_NChainEnvSpec, _NChainEnvPool)
CliffWalkingEnvSpec, CliffWalkingDMEnvPool, CliffWalkingGymEnvPool, CliffWalkingGymnasiumEnvPool = py_env(
    _CliffWalkingEnvSpec, _CliffWalkingEnvPool
)
BlackjackEnvSpec, BlackjackDMEnvPool, BlackjackGymEnvPool, BlackjackGymnasiumEnvPool = py_env(
    _BlackjackEnvSpec, _BlackjackEnvPool
)

__all__ = [
    "BlackjackDMEnvPool",
    "BlackjackEnvSpec",
    "BlackjackGymEnvPool",
    "BlackjackGymnasiumEnvPool",
    "CatchDMEnvPool",
    "CatchEnvSpec",
    "CatchGymEnvPool",
    "CatchGymnasiumEnvPool",
    "CliffWalkingDMEnvPool",
    "CliffWalkingEnvSpec",
    "CliffWalkingGymEnvPool",
    "CliffWalkingGymnasiumEnvPool",
    "FrozenLakeDMEnvPool",
    "FrozenLakeEnvSpec",
    "FrozenLakeGymEnvPool",
    "FrozenLakeGymnasiumEnvPool",
    "NChainDMEnvPool",
    "NChainEnvSpec",
    "NChainGymEnvPool",
    "NChainGymnasiumEnvPool",
    "TaxiDMEnvPool",
    "TaxiEnvSpec",
    "TaxiGymEnvPool",
    "TaxiGymnasiumEnvPool",
]
