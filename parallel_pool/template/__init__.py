"""The template family: the multi-player env to copy (`tools/new_family.py NAME --multi-player`)."""

from parallel_pool.python.api import py_env

# The family's own module, imported relatively: where ruff sorts it then does not
# depend on the family's name.
from .template_ext import _TemplateEnvPool, _TemplateEnvSpec

TemplateEnvSpec, TemplateDMEnvPool, TemplateGymEnvPool, TemplateGymnasiumEnvPool = py_env(
    _TemplateEnvSpec, _TemplateEnvPool
)

__all__ = ["TemplateDMEnvPool", "TemplateEnvSpec", "TemplateGymEnvPool", "TemplateGymnasiumEnvPool"]
