"""The procgen family: procgen 0.10.7's games in C++, seed for seed with procgen."""

from parallel_pool.python.api import py_env

from .procgen_ext import _ProcgenEnvPool, _ProcgenEnvSpec

ProcgenEnvSpec, ProcgenDMEnvPool, ProcgenGymEnvPool, ProcgenGymnasiumEnvPool = py_env(_ProcgenEnvSpec, _ProcgenEnvPool)

__all__ = [
    "ProcgenDMEnvPool",
    "ProcgenEnvSpec",
    "ProcgenGymEnvPool",
    "ProcgenGymnasiumEnvPool",
]
