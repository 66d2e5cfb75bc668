"""Registers ViZDoom's scenarios as EnvPool's ``<Scenario>-v1`` ids.

The engine (``vizdoom``), ``freedoom2.wad`` and the scenarios' cfg and wad
files are read at run time from the installed ``vizdoom`` package (its
directory becomes ``base_path``). EnvPool's four DFP scenarios (D1Basic,
D2Navigation, D3Battle, D4Battle2), which ViZDoom does not ship, are read from
the ``envpool-assets`` package. ``VizdoomCustom-v1`` runs a cfg (and wad) of
your own: ``make("VizdoomCustom-v1", cfg_path=..., wad_path=...)``.

Every id runs single-player; Cig-v1 and MultiDuel-v1 (the maps with
deathmatch starts) also as one deathmatch of ``max_num_players`` players per
env.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from parallel_pool.python.package_data import package_dir
from parallel_pool.registration import register

# The scenarios of the ViZDoom 1.3.2 wheel (scenarios/<name>.cfg and .wad)
# that EnvPool registers.
VIZDOOM_SCENARIOS = (
    "basic", "cig", "deadly_corridor", "deathmatch", "defend_the_center", "defend_the_line",
    "health_gathering", "health_gathering_supreme", "multi_duel", "my_way_home",
    "predict_position", "rocket_basic", "simpler_basic", "take_cover",
)  # fmt: skip
# EnvPool's own scenarios, in envpool_assets/vizdoom/maps.
ENVPOOL_SCENARIOS = ("D1_basic", "D2_navigation", "D3_battle", "D4_battle2")
# Maps with deathmatch starts only: the engine needs -deathmatch to start them.
DEATHMATCH_ONLY = ("cig", "multi_duel")
# The others have no deathmatch starts: they cannot host a match (checked
# with every scenario: the engine stops with "No deathmatch starts").
SINGLE_PLAYER_WADS = frozenset(f"{s}.wad" for s in VIZDOOM_SCENARIOS + ENVPOOL_SCENARIOS if s not in DEATHMATCH_ONLY)


def task_id(scenario: str) -> str:
    """``defend_the_center`` -> ``DefendTheCenter-v1``."""
    return "".join(part.capitalize() for part in scenario.split("_")) + "-v1"


def _scenario_file(package: str, folder: str, file: str, install: str) -> Callable[[], str]:
    """The default of cfg_path / wad_path: found when a spec is made, or a clear error."""

    def path() -> str:
        root = package_dir(package)
        if root is None:
            raise ValueError(f"{file} comes from the {install!r} package: pip install {install}")
        return os.path.join(root, folder, file)

    return path


_vizdoom = package_dir("vizdoom")
_base: dict[str, Any] = {} if _vizdoom is None else {"base_path": _vizdoom}
_sources = [(s, "vizdoom", "scenarios", "vizdoom==1.3.2") for s in VIZDOOM_SCENARIOS]
_sources += [(s, "envpool_assets", "vizdoom/maps", "envpool-assets") for s in ENVPOOL_SCENARIOS]

for _scenario, _package, _folder, _install in sorted(_sources, key=lambda s: task_id(s[0])):
    register(
        task_id=task_id(_scenario),
        import_path="parallel_pool.vizdoom",
        env="Vizdoom",
        cfg_path=_scenario_file(_package, _folder, f"{_scenario}.cfg", _install),
        wad_path=_scenario_file(_package, _folder, f"{_scenario}.wad", _install),
        game_args="-deathmatch" if _scenario in DEATHMATCH_ONLY else "",
        render_fps=35,  # the engine's tic rate (vizdoom.DEFAULT_TICRATE), as ViZDoom's gymnasium env says
        max_episode_steps=525,
        **_base,
    )

register(
    task_id="VizdoomCustom-v1",
    import_path="parallel_pool.vizdoom",
    env="Vizdoom",
    render_fps=35,  # the engine's tic rate (vizdoom.DEFAULT_TICRATE), as ViZDoom's gymnasium env says
    max_episode_steps=525,
    **_base,
)
