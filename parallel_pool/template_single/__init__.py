"""The template_single family: the one-player env to copy (`tools/new_family.py NAME`)."""

from parallel_pool.python.api import py_env

# The family's own module, imported relatively: where ruff sorts it then does not
# depend on the family's name.
from .template_single_ext import _TemplateSingleEnvPool, _TemplateSingleEnvSpec

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
