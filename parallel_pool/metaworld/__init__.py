"""The metaworld family: metaworld 3.1.1's v3 Sawyer tasks in C++ on MuJoCo 3.17.0.

Importing it probes how this process's NumPy rounds short norms
(parallel_pool/numpy_exact/numpy_probe.py), so distances round as metaworld's
do on this machine; the result is `NUMPY_DOT_ROUNDING` (None where no known
rounding reproduces NumPy).
"""

from parallel_pool.numpy_exact import numpy_probe
from parallel_pool.python.api import py_env

from . import metaworld_ext
from .metaworld_ext import _MetaWorldEnvPool, _MetaWorldEnvSpec

NUMPY_DOT_ROUNDING: str | None = numpy_probe.configure(metaworld_ext)

MetaWorldEnvSpec, MetaWorldDMEnvPool, MetaWorldGymEnvPool, MetaWorldGymnasiumEnvPool = py_env(
    _MetaWorldEnvSpec, _MetaWorldEnvPool
)

__all__ = [
    "NUMPY_DOT_ROUNDING",
    "MetaWorldDMEnvPool",
    "MetaWorldEnvSpec",
    "MetaWorldGymEnvPool",
    "MetaWorldGymnasiumEnvPool",
]
