"""Where an installed package's files are, found without importing the package.

Families read their run-time data (models, ROMs, scenarios) from the
reference packages users install; this is the one place that finds them, and
the one message that says what to install when one is missing.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Callable


def package_dir(name: str) -> str | None:
    """The directory of the installed package `name` (None if it is not installed)."""
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        return None
    return next(iter(spec.submodule_search_locations))


def install_command(requirement: str) -> str:
    """The command that installs `requirement` (pip's words, e.g. "dm-control==1.0.50" or
    "--no-deps dm-control==1.0.50") for the interpreter running this code."""
    return f"{sys.executable} -m pip install {requirement}"


def package_path(package: str, *parts: str, requirement: str, needed_for: str) -> Callable[[], str]:
    """A config default, called when a spec is made: the path `parts` inside `package`.

    Raises (then) a ValueError that names the missing distribution and the command that
    installs it on this Python, e.g. "CheetahRun-v1 needs the dm-control package ...".
    """

    def path() -> str:
        root = package_dir(package)
        if root is None:
            raise ValueError(
                f"{needed_for} reads its files from the {package!r} package, which is not installed for "
                f"{sys.executable}; install it with `{install_command(requirement)}`"
            )
        return os.path.join(root, *parts)

    return path
