"""The template_single family: the one-player env to copy (`tools/new_family.py NAME`)."""

from parallel_pool.python.api import py_env
from parallel_pool.template_single.template_single_ext import _TemplateSingleEnvPool, _TemplateSingleEnvSpec

# The four classes registration.py names, made from the two bound C++ classes.
TemplateSingleEnvSpec, TemplateSingleDMEnvPool, TemplateSingleGymEnvPool, TemplateSingleGymnasiumEnvPool = py_env(
    _TemplateSingleEnvSpec, _TemplateSingleEnvPool
)

__all__ = [
    "TemplateSingleDMEnvPool",
    "TemplateSingleEnvSpec",
    "TemplateSingleGymEnvPool",
    "TemplateSingleGymnasiumEnvPool",
]
