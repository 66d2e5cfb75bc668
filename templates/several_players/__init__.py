"""The multi-player template: the env to copy (`tools/new_family.py NAME --multi-player`)."""

from parallel_pool.python.api import py_env

# The family's own module, imported relatively: where ruff sorts it then does not
# depend on the family's name.
from .several_players_ext import _SeveralPlayersEnvPool, _SeveralPlayersEnvSpec

SeveralPlayersEnvSpec, SeveralPlayersDMEnvPool, SeveralPlayersGymEnvPool, SeveralPlayersGymnasiumEnvPool = py_env(
    _SeveralPlayersEnvSpec, _SeveralPlayersEnvPool
)

__all__ = [
    "SeveralPlayersDMEnvPool",
    "SeveralPlayersEnvSpec",
    "SeveralPlayersGymEnvPool",
    "SeveralPlayersGymnasiumEnvPool",
]
