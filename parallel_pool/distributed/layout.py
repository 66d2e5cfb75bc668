"""Which envs each actor holds, and how many results an actor hands over at a time.

Pure arithmetic, no Ray: the rules here are the ones docs/distributed.md states.

- Actor k holds the contiguous env ids `ranges[k] = (start, stop)`; together
  the ranges cover `[0, num_envs)` in order.
- Sync mode (`batch_size == num_envs`): the envs are split as evenly as
  possible, and each actor's local pool is in sync mode too.
- Async mode: each actor's local pool has batch size `actor_batch_size` (b).
  A `recv()` of the distributed pool returns `batch_size / b` whole actor
  batches, so b divides `batch_size` and every actor's env count; then an
  actor's envs in flight stay a multiple of b as long as the user sends back
  whole batches, and no env waits for a batch that can never fill.
"""

from __future__ import annotations

import math
from typing import NamedTuple


class Layout(NamedTuple):
    """ranges[k]: actor k's env ids [start, stop); actor_batch_size: its local batch size
    (async mode), or 0 in sync mode (each actor's local pool takes all its envs at once)."""

    ranges: tuple[tuple[int, int], ...]
    actor_batch_size: int

    @property
    def num_actors(self) -> int:
        return len(self.ranges)


def _split(units: int, parts: int) -> list[int]:
    """`units` split into `parts` counts differing by at most one, the larger ones first."""
    base, extra = divmod(units, parts)
    return [base + (1 if k < extra else 0) for k in range(parts)]


def _ranges(counts: list[int]) -> tuple[tuple[int, int], ...]:
    out, start = [], 0
    for n in counts:
        out.append((start, start + n))
        start += n
    return tuple(out)


def default_actor_batch_size(num_envs: int, batch_size: int, num_actors: int) -> int:
    """The largest b dividing both num_envs and batch_size that still gives every actor
    whole batches in a balanced split: num_envs / b batches shared evenly among the
    actors, or unevenly by at most one batch in four (num_envs / b >= 4 * num_actors).

    Larger is cheaper (fewer actor calls per recv(), and b == batch_size hands the
    object store's arrays over without a copy); smaller evens out the actors' loads.
    """
    common = math.gcd(num_envs, batch_size)
    for b in sorted((d for d in range(1, common + 1) if common % d == 0), reverse=True):
        units = num_envs // b
        if units >= num_actors and (units % num_actors == 0 or units >= 4 * num_actors):
            return b
    return 1


def plan(num_envs: int, batch_size: int, num_actors: int, actor_batch_size: int | None = None) -> Layout:
    """The layout of `num_envs` envs over `num_actors` actors (see the module docstring).

    Raises ValueError naming the argument when the numbers cannot fit together.
    """
    if num_actors < 1 or num_actors > num_envs:
        raise ValueError(f"num_actors: expected an int in [1, num_envs={num_envs}], got {num_actors}")
    if batch_size == num_envs:
        if actor_batch_size not in (None, 0, num_envs):
            raise ValueError(
                f"actor_batch_size: sync mode (batch_size == num_envs == {num_envs}) steps every env "
                f"together, so it takes no actor_batch_size; got {actor_batch_size}"
            )
        return Layout(_ranges(_split(num_envs, num_actors)), 0)
    if actor_batch_size is None:
        actor_batch_size = default_actor_batch_size(num_envs, batch_size, num_actors)
    b = actor_batch_size
    if b < 1 or batch_size % b or num_envs % b:
        raise ValueError(
            f"actor_batch_size: expected a divisor of both batch_size={batch_size} and num_envs={num_envs} "
            f"(a recv() returns whole actor batches), got {b}"
        )
    units = num_envs // b
    if units < num_actors:
        raise ValueError(
            f"actor_batch_size: {b} gives {units} actor batches for {num_actors} actors; every actor needs "
            f"at least one: lower actor_batch_size or num_actors"
        )
    return Layout(_ranges([n * b for n in _split(units, num_actors)]), b)


def seeds(num_envs: int, seed: int, env_seeds: list[int] | tuple[int, ...]) -> list[int]:
    """Each env's seed, as a local pool gives them: the list if one was given, else seed + i."""
    if env_seeds:
        return [int(s) for s in env_seeds]
    return [seed + i for i in range(num_envs)]
