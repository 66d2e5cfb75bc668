"""Registers every Atari game whose ROM ships with ale-py, as ``<Game>-v5``.

The ROMs are read at run time from the installed ``ale_py`` package
(``<ale_py>/roms/<rom>.bin``): its directory becomes the ``base_path`` default.
The ids, config keys and defaults are EnvPool's: ``-v5`` here means the
NoFrameskip-v4 game with the DQN wrappers (noop reset, fire reset, frame skip 4
with max-pooling, 84x84 grayscale, frame stack 4) and no sticky actions; the
time limit is 27000 steps (108000 frames).
"""

from __future__ import annotations

from typing import Any

from parallel_pool.python.package_data import package_dir
from parallel_pool.registration import register

# ale-py 0.12.1's ROMs, less the four that have no single-player game (combat,
# joust, maze_craze, warlords), as ale_py's own registry and EnvPool leave out.
ROMS = (
    "adventure", "air_raid", "alien", "amidar", "assault", "asterix", "asteroids", "atlantis",
    "atlantis2", "backgammon", "bank_heist", "basic_math", "battle_zone", "beam_rider", "berzerk",
    "blackjack", "bowling", "boxing", "breakout", "carnival", "casino", "centipede",
    "chopper_command", "crazy_climber", "crossbow", "darkchambers", "defender", "demon_attack",
    "donkey_kong", "double_dunk", "earthworld", "elevator_action", "enduro", "entombed", "et",
    "fishing_derby", "flag_capture", "freeway", "frogger", "frostbite", "galaxian", "gopher",
    "gravitar", "hangman", "haunted_house", "hero", "human_cannonball", "ice_hockey", "jamesbond",
    "journey_escape", "kaboom", "kangaroo", "keystone_kapers", "king_kong", "klax", "koolaid",
    "krull", "kung_fu_master", "laser_gates", "lost_luggage", "mario_bros", "miniature_golf",
    "montezuma_revenge", "mr_do", "ms_pacman", "name_this_game", "othello", "pacman", "phoenix",
    "pitfall", "pitfall2", "pong", "pooyan", "private_eye", "qbert", "riverraid", "road_runner",
    "robotank", "seaquest", "sir_lancelot", "skiing", "solaris", "space_invaders", "space_war",
    "star_gunner", "superman", "surround", "tennis", "tetris", "tic_tac_toe_3d", "time_pilot",
    "trondead", "turmoil", "tutankham", "up_n_down", "venture", "video_checkers", "video_chess",
    "video_cube", "video_pinball", "wizard_of_wor", "word_zapper", "yars_revenge", "zaxxon",
)  # fmt: skip


def task_id(rom: str) -> str:
    """``space_invaders`` -> ``SpaceInvaders-v5``."""
    return "".join(part.capitalize() for part in rom.split("_")) + "-v5"


def ale_py_dir() -> str | None:
    """The installed ale_py package's directory (its roms/ folder holds the ROMs), without importing it."""
    return package_dir("ale_py")


_base_path = ale_py_dir()
_assets: dict[str, Any] = {} if _base_path is None else {"base_path": _base_path}

for _rom in ROMS:
    register(
        task_id=task_id(_rom),
        import_path="parallel_pool.atari",
        env="Atari",
        task=_rom,
        render_fps=30,  # ale_py's AtariEnv.metadata
        max_episode_steps=27000,
        **_assets,
    )
