"""Sphinx configuration: `make docs` builds the site into docs/_build/html, offline, -W.

The pages are the markdown files of docs/ (myst-parser), the API reference from
the docstrings (autodoc, of the source tree's package: `make develop` first,
which `make docs` does), and docs/envs/, written by env_pages.py from the
registry at every build.
"""

from __future__ import annotations

import pathlib
import sys

DOCS = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS.parent))  # the source tree's parallel_pool, not an installed one
sys.path.insert(0, str(DOCS))

import env_pages  # noqa: E402

project = "parallel_pool"
author = "the parallel_pool authors"
copyright = "the parallel_pool authors"
extensions = ["myst_parser", "sphinx.ext.autodoc", "sphinx.ext.napoleon"]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build"]
html_theme = "furo"
html_title = "parallel_pool"
# `x` in docstrings is inline code, as it is in markdown.
default_role = "code"
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_ivar = True


def _write_env_pages(app: object) -> None:
    env_pages.write(DOCS / "envs")


def setup(app: object) -> None:
    app.connect("builder-inited", _write_env_pages)  # type: ignore[attr-defined]
