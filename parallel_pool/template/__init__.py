"""The template family: the smallest complete env (copy it; docs/new_env.md)."""

from parallel_pool.python.api import py_env
from parallel_pool.template.template_ext import _TemplateEnvPool, _TemplateEnvSpec

TemplateEnvSpec, TemplateDMEnvPool, TemplateGymEnvPool, TemplateGymnasiumEnvPool = py_env(
    _TemplateEnvSpec, _TemplateEnvPool
)

__all__ = ["TemplateDMEnvPool", "TemplateEnvSpec", "TemplateGymEnvPool", "TemplateGymnasiumEnvPool"]
