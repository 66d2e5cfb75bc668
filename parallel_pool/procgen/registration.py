"""Registers procgen 0.10.7's games under EnvPool's ids and procgen's gym names.

`BigfishEasy-v0` is procgen's bigfish with distribution_mode "easy" (0);
`CoinrunExploration-v0` procgen's exploration mode (hard, on one fixed level);
`procgen-bigfish-v0` (procgen's gym name) the same game in procgen's default
mode, hard. The sprites and backgrounds are procgen's own, from its PyPI wheel
(procgen-mirror 0.10.7): the build copies them beside this family's module
(third_party/procgen) and the wheel carries them, so nothing needs procgen
installed. Registered: every game of GAMES in each distribution mode procgen 0.10.7
gives it.
"""

from __future__ import annotations

import importlib.util
import os
from typing import Any

from parallel_pool.registration import register

_PATH = "parallel_pool.procgen"

# procgen's distribution modes, as its options number them.
DISTRIBUTION_MODES = {"easy": 0, "hard": 1, "extreme": 2, "memory": 10}

# procgen 0.10.7's games: each one's time limit (the game's `timeout`, steps
# per level) and the distribution modes it accepts besides easy and hard.
GAMES: dict[str, tuple[int, tuple[str, ...]]] = {
    "bigfish": (6000, ()),
    "bossfight": (4000, ()),
    "caveflyer": (1000, ("memory", "exploration")),
    "chaser": (1000, ("extreme",)),
    "climber": (1000, ("exploration",)),
    "coinrun": (1000, ("exploration",)),
    "dodgeball": (1000, ("extreme", "memory")),
    "fruitbot": (1000, ()),
    "heist": (1000, ("memory", "exploration")),
    "jumper": (1000, ("memory", "exploration")),  # 2000 in memory mode
    "leaper": (500, ("extreme", "exploration")),
    "maze": (500, ("memory", "exploration")),
    "miner": (1000, ("memory",)),
    "ninja": (1000, ("exploration",)),
    "plunder": (4000, ()),
    "starpilot": (1000, ("extreme",)),
}

# procgen's exploration mode (its Python layer's): hard mode on one fixed level,
# this seed (procgen's EXPLORATION_LEVEL_SEEDS).
EXPLORATION_LEVEL_SEEDS = {
    "coinrun": 1949448038,
    "caveflyer": 1259048185,
    "leaper": 1318677581,
    "jumper": 1434825276,
    "maze": 158988835,
    "heist": 876640971,
    "climber": 1561126160,
    "ninja": 1123500215,
}

# Time limits that a mode changes (procgen's jumper: 2000 steps in memory mode).
MODE_TIMEOUTS = {("jumper", "memory"): 2000}


def mode_config(game: str, mode: str) -> dict[str, Any]:
    """The config keys of `game` in procgen's distribution `mode` ("easy", ..., "exploration")."""
    if mode == "exploration":
        return {
            "distribution_mode": DISTRIBUTION_MODES["hard"],
            "num_levels": 1,
            "start_level": EXPLORATION_LEVEL_SEEDS[game],
        }
    return {"distribution_mode": DISTRIBUTION_MODES[mode]}


def task_id(game: str, mode: str) -> str:
    """EnvPool's id of a game in a mode: ("bigfish", "easy") -> "BigfishEasy-v0"."""
    return f"{game.capitalize()}{mode.capitalize()}-v0"


def _base_path() -> str:
    """The family's module directory, where its `assets` folder lies (bazel-bin, runfiles, the wheel)."""
    spec = importlib.util.find_spec(f"{_PATH}.procgen_ext")
    if spec is None or spec.origin is None:
        raise ValueError("the procgen family's module is not built (make develop)")
    return os.path.dirname(os.path.realpath(spec.origin))


for _game, (_timeout, _extra_modes) in GAMES.items():
    for _mode in ("easy", "hard", *_extra_modes):
        register(
            task_id=task_id(_game, _mode),
            import_path=_PATH,
            env="Procgen",
            env_name=_game,
            max_episode_steps=MODE_TIMEOUTS.get((_game, _mode), _timeout),
            base_path=_base_path,
            render_fps=15,  # procgen's gym env metadata
            **mode_config(_game, _mode),
        )
    register(
        task_id=f"procgen-{_game}-v0",
        import_path=_PATH,
        env="Procgen",
        env_name=_game,
        distribution_mode=DISTRIBUTION_MODES["hard"],
        max_episode_steps=_timeout,
        base_path=_base_path,
        render_fps=15,
    )
