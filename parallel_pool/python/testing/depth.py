"""How many seeds a slow reference test runs each id on: `make test`'s or the long run's.

A lockstep test against a slow reference (highway-env's Python simulation,
metaworld's MuJoCo in another process) is dominated by the reference's steps.
`make test` runs every id of such a test on one of its seeds, the seeds taken in
turn over the sorted ids, so each id and each seed is run; `make test-long`
runs the `*_long_test` twins (family.bzl's `long_twin`), which set
PARALLEL_POOL_TEST_DEPTH=long, on every seed of every id.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import TypeVar

# The environment variable and the value that ask for every seed of every id.
DEPTH_VARIABLE = "PARALLEL_POOL_TEST_DEPTH"
LONG = "long"

K = TypeVar("K")
S = TypeVar("S")


def is_long_run() -> bool:
    """Whether this process runs every seed of every id (a `*_long_test` target)."""
    return os.environ.get(DEPTH_VARIABLE) == LONG


def spread(ids: Iterable[K], seeds: Sequence[S]) -> list[tuple[K, S]]:
    """The (id, seed) pairs to run: all of them in a long run; otherwise each id once,
    the i-th of the sorted ids on seeds[i % len(seeds)].

    Raises:
      ValueError: `seeds` is empty.
    """
    if not seeds:
        raise ValueError("seeds: expected at least one seed, got none")
    ordered = sorted(ids)  # type: ignore[type-var]
    if is_long_run():
        return [(key, seed) for key in ordered for seed in seeds]
    return [(key, seeds[i % len(seeds)]) for i, key in enumerate(ordered)]
