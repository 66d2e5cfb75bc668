"""Imports every family's registration, so list_all_envs() sees them all.

A family whose extension is missing from this build is skipped, not fatal.
"""

import importlib

FAMILIES = ("template", "classic_control", "toy_text", "mujoco", "atari")

for _family in FAMILIES:
    try:
        importlib.import_module(f"parallel_pool.{_family}.registration")
    except ModuleNotFoundError as error:  # pragma: no cover - partial builds only
        if not (error.name or "").startswith("parallel_pool"):
            raise
