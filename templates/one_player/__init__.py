"""The one-player template: the env to copy (`tools/new_family.py NAME`)."""

from parallel_pool.python.api import py_env

# The family's own module, imported relatively: where ruff sorts it then does not
# depend on the family's name.
from .one_player_ext import _OnePlayerEnvPool, _OnePlayerEnvSpec

# The four classes registration.py names, made from the two bound C++ classes.
OnePlayerEnvSpec, OnePlayerDMEnvPool, OnePlayerGymEnvPool, OnePlayerGymnasiumEnvPool = py_env(
    _OnePlayerEnvSpec, _OnePlayerEnvPool
)

__all__ = [
    "OnePlayerDMEnvPool",
    "OnePlayerEnvSpec",
    "OnePlayerGymEnvPool",
    "OnePlayerGymnasiumEnvPool",
]
