"""The atari family: Atari 2600 games on the Arcade Learning Environment, with EnvPool's preprocessing."""

from parallel_pool.python.api import py_env

from .atari_ext import _AtariEnvPool, _AtariEnvSpec

AtariEnvSpec, AtariDMEnvPool, AtariGymEnvPool, AtariGymnasiumEnvPool = py_env(_AtariEnvSpec, _AtariEnvPool)

__all__ = ["AtariDMEnvPool", "AtariEnvSpec", "AtariGymEnvPool", "AtariGymnasiumEnvPool"]
