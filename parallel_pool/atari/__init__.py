"""The atari family: Atari 2600 games on the Arcade Learning Environment, with EnvPool's preprocessing."""

from parallel_pool.atari.atari_ext import _AtariEnvPool, _AtariEnvSpec
from parallel_pool.python.api import py_env

AtariEnvSpec, AtariDMEnvPool, AtariGymEnvPool, AtariGymnasiumEnvPool = py_env(_AtariEnvSpec, _AtariEnvPool)

__all__ = ["AtariDMEnvPool", "AtariEnvSpec", "AtariGymEnvPool", "AtariGymnasiumEnvPool"]
