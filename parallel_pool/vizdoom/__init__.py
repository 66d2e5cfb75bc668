"""The vizdoom family: ViZDoom scenarios with EnvPool's preprocessing, single- and multi-player."""

from __future__ import annotations

import os

import numpy as np

from parallel_pool.python.api import py_env

from .registration import SINGLE_PLAYER_WADS
from .vizdoom_ext import _VizdoomEnvPool, _VizdoomEnvSpec

_Spec, VizdoomDMEnvPool, VizdoomGymEnvPool, VizdoomGymnasiumEnvPool = py_env(_VizdoomEnvSpec, _VizdoomEnvPool)


class VizdoomEnvSpec(_Spec):  # type: ignore[misc, valid-type]
    """With use_combined_action, the action is an index into the combined set.

    Also refuses a match (max_num_players > 1) on a known scenario whose map has
    no deathmatch starts (the engine would stop at once).

    C++ declares it a float64 in both modes (EnvPool's type; one field, one
    type); here its spec becomes an integer, so spaces say Discrete(N) and dm
    says DiscreteArray(N).
    """

    def __init__(self, config_values: tuple) -> None:
        super().__init__(config_values)
        c = self.config
        if c.max_num_players > 1 and os.path.basename(c.wad_path) in SINGLE_PLAYER_WADS:
            raise ValueError(
                f"max_num_players: {os.path.basename(c.wad_path)} has no deathmatch starts, so it cannot host a "
                f"match of {c.max_num_players} players; Cig-v1 and MultiDuel-v1 can"
            )
        if self.config.use_combined_action:
            action = self.action_array_spec["action"]
            self.action_array_spec["action"] = action._replace(
                dtype=np.dtype(np.int32), low=int(action.low), high=int(action.high)
            )


__all__ = ["VizdoomDMEnvPool", "VizdoomEnvSpec", "VizdoomGymEnvPool", "VizdoomGymnasiumEnvPool"]
