"""The procgen family: procgen 0.10.7's games in C++, seed for seed with procgen.

`ProcgenEnv` stands in for procgen's own vectorised env (vec_env.py).
"""

from parallel_pool.python.api import py_env

from .procgen_ext import _ProcgenEnvPool, _ProcgenEnvSpec

ProcgenEnvSpec, ProcgenDMEnvPool, ProcgenGymEnvPool, ProcgenGymnasiumEnvPool = py_env(_ProcgenEnvSpec, _ProcgenEnvPool)

from .vec_env import ProcgenEnv  # noqa: E402  (it makes pools of the classes above)

__all__ = [
    "ProcgenDMEnvPool",
    "ProcgenEnv",
    "ProcgenEnvSpec",
    "ProcgenGymEnvPool",
    "ProcgenGymnasiumEnvPool",
]
