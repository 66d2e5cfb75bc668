"""The OpenBLAS core types that tests of NumPy-exact numerics run under.

Bazel runs each such test once as is and once per core type in
third_party/python/pytest.bzl's OPENBLAS_CORETYPES (`openblas_coretype_tests`),
with OPENBLAS_CORETYPE forcing the kernel a CPU of that kind gets; a test that
knows what each core type's kernel does reads it through `forced`.
"""

from __future__ import annotations

import os
from typing import TypeVar

# pytest.bzl's OPENBLAS_CORETYPES, in its order.
OPENBLAS_CORETYPES = ("Haswell", "SkylakeX", "Sandybridge", "Prescott")

T = TypeVar("T")


def forced_coretype() -> str | None:
    """The core type OPENBLAS_CORETYPE forces on this process (None: unset or empty, the CPU's own).

    Raises:
      AssertionError: it forces one that OPENBLAS_CORETYPES does not name.
    """
    coretype = os.environ.get("OPENBLAS_CORETYPE") or None
    assert coretype is None or coretype in OPENBLAS_CORETYPES, (
        f"OPENBLAS_CORETYPE={coretype!r} is not one of {OPENBLAS_CORETYPES} (testing/openblas.py, as pytest.bzl)"
    )
    return coretype


def forced(by_coretype: dict[str, T]) -> T | None:
    """`by_coretype`'s value for the core type forced here (None when none is).

    Raises:
      AssertionError: `by_coretype` does not name exactly OPENBLAS_CORETYPES, or an
        unknown core type is forced.
    """
    assert sorted(by_coretype) == sorted(OPENBLAS_CORETYPES), (sorted(by_coretype), OPENBLAS_CORETYPES)
    coretype = forced_coretype()
    return None if coretype is None else by_coretype[coretype]
