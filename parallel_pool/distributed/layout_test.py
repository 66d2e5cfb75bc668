"""The layout rules (layout.py), without Ray: ranges, actor batch sizes, seeds."""

from __future__ import annotations

import pytest

from parallel_pool.distributed.layout import default_actor_batch_size, plan, seeds


def test_sync_mode_splits_evenly_larger_ranges_first() -> None:
    layout = plan(num_envs=7, batch_size=7, num_actors=3)
    assert layout.ranges == ((0, 3), (3, 5), (5, 7))
    assert layout.actor_batch_size == 0
    assert plan(4, 4, 4).ranges == ((0, 1), (1, 2), (2, 3), (3, 4))


@pytest.mark.parametrize(
    ("num_envs", "batch_size", "num_actors", "b", "ranges"),
    [
        (16, 8, 2, 8, ((0, 8), (8, 16))),  # one actor batch per recv: no copy
        (16, 8, 4, 4, ((0, 4), (4, 8), (8, 12), (12, 16))),
        (12, 6, 3, 2, ((0, 4), (4, 8), (8, 12))),
        (64, 32, 3, 4, ((0, 24), (24, 44), (44, 64))),  # uneven by at most a quarter
        (16, 8, 3, 1, ((0, 6), (6, 11), (11, 16))),
    ],
)
def test_async_ranges_are_whole_actor_batches(num_envs, batch_size, num_actors, b, ranges) -> None:
    assert default_actor_batch_size(num_envs, batch_size, num_actors) == b
    layout = plan(num_envs, batch_size, num_actors)
    assert layout.actor_batch_size == b
    assert layout.ranges == ranges
    assert all((stop - start) % b == 0 for start, stop in layout.ranges)
    assert batch_size % b == 0


def test_a_given_actor_batch_size_is_used() -> None:
    assert plan(16, 8, 2, actor_batch_size=2).ranges == ((0, 8), (8, 16))
    assert plan(16, 8, 2, actor_batch_size=2).actor_batch_size == 2


@pytest.mark.parametrize(
    ("args", "match"),
    [
        ((8, 8, 0, None), "num_actors"),
        ((8, 8, 9, None), "num_actors"),
        ((8, 8, 2, 4), "sync mode"),
        ((16, 8, 2, 3), "divisor"),
        ((16, 8, 2, 16), "divisor"),
        ((16, 8, 3, 8), "at least one"),
    ],
)
def test_impossible_layouts_are_value_errors_naming_the_option(args, match) -> None:
    with pytest.raises(ValueError, match=match):
        plan(*args)


def test_seeds_are_a_local_pools() -> None:
    assert seeds(3, 42, []) == [42, 43, 44]
    assert seeds(3, 0, [5, 1, 9]) == [5, 1, 9]
