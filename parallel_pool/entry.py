"""Finds every env family and imports its registration, so list_all_envs() sees them all.

A family is a package directory of parallel_pool that holds a
registration.py (docs/new_env.md). Nothing lists the families: adding one
edits no file outside its own folder.

Importing a family's registration imports the family package too, whose
__init__.py loads its C++ extension, so a broken family (a typo in one of
its modules, an extension missing from the build) fails here. It must not
take the other families down: it is reported by a FamilyLoadWarning naming
the family and the error, and make() of one of its ids says that the family
failed to load and why (registration.EnvRegistry.note_failed_family).
"""

from __future__ import annotations

import importlib
import pathlib
import sys
import traceback
import warnings

from parallel_pool.family_facts import discover
from parallel_pool.registration import registry

_PACKAGE = "parallel_pool"


class FamilyLoadWarning(RuntimeWarning):
    """A family failed to import: its task ids are unavailable, the other families work."""


def load(family: str) -> bool:
    """Imports the registration of `family`; False (and a warning) if it failed."""
    module = f"{_PACKAGE}.{family}.registration"
    try:
        importlib.import_module(module)
    except Exception as error:  # Whatever broke the family is its own, not the others'.
        reason = _describe(family, error)
        registry.note_failed_family(family, reason)
        warnings.warn(
            f"parallel_pool: family {family!r} failed to load, so its task ids are unavailable: {reason}",
            FamilyLoadWarning,
            stacklevel=2,
        )
        return False
    return True


def _describe(family: str, error: Exception) -> str:
    """The error, and the line of the family's own code that raised it, if any."""
    reason = f"{type(error).__name__}: {error}"
    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        path = pathlib.Path(frame.filename)
        if path.parent.name == family and path.parent.parent.name == _PACKAGE:
            return f"{reason} (at {_PACKAGE}/{family}/{path.name}:{frame.lineno})"
    return reason


FAMILIES: tuple[str, ...] = tuple(discover(sys.modules[_PACKAGE].__path__))
for _family in FAMILIES:
    load(_family)
