"""The C++ NumPy Generator replica against numpy.random.Generator, bit for bit.

gymnasium seeds each env with Generator(PCG64(SeedSequence(seed))); a family
built on the replica replays gymnasium's episodes only if every draw is
NumPy's to the last bit. So nothing here has a tolerance: floats are compared
as their bit patterns, and each case runs on many seeds.
"""

import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

# Beside this file in the runfiles (not resolved: the source tree has no .so).
sys.path.insert(0, str(Path(__file__).absolute().parent))
import numpy_generator_test_hooks as hooks

# The tail of NumPy's ziggurat starts here (ziggurat_nor_r).
ZIGGURAT_TAIL = 3.6541528853610088

EDGE_SEEDS = [0, 1, 2, 7, 42, 2**31 - 1, 2**32 - 1, 2**32, 2**53 + 1, 2**63 - 1, 2**63 + 5]
EDGE_SEEDS += [2**64 - 1, 2**64, 2**96 + 12345, 2**128 - 1, 10**40 + 7]
RANDOM_SEEDS = [int(s) for s in np.random.default_rng(20261127).integers(0, 2**63, 300)]
SEEDS = EDGE_SEEDS + RANDOM_SEEDS
FEW_SEEDS = EDGE_SEEDS + RANDOM_SEEDS[:40]

# Ranges of integers(): widths of 1, 2, 7, 2^31, 2^32, 2^32 + 1, 2^40 and more,
# from lows of either sign.
INTEGER_WIDTHS = [1, 2, 3, 7, 10, 255, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**40, 2**62 + 3]
INTEGER_LOWS = [0, 1, -1, -5, -(2**31), -(2**40), 2**40]


def pair(seed: Any) -> tuple[Any, np.random.Generator]:
    return hooks.Generator(seed), np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed)))


def bits(values: Any) -> np.ndarray:
    """The bit patterns of float64 values, so that -0.0 != 0.0 and NaNs compare."""
    return np.asarray(values, dtype=np.float64).view(np.uint64)


def assert_same_floats(ours: Any, theirs: Any) -> None:
    assert np.shape(ours) == np.shape(theirs)
    np.testing.assert_array_equal(bits(ours), bits(theirs))


def assert_same_ints(ours: Any, theirs: Any) -> None:
    assert np.shape(ours) == np.shape(theirs)
    np.testing.assert_array_equal(np.asarray(ours, dtype=object), np.asarray(theirs, dtype=object))


def assert_same_stream(ours: Any, theirs: np.random.Generator) -> None:
    """Both generators are at the same place: the next raw draws agree."""
    assert [ours.next_uint64() for _ in range(4)] == theirs.bit_generator.random_raw(4).tolist()


# SeedSequence and PCG64.


@pytest.mark.parametrize(
    "entropy",
    [*EDGE_SEEDS, [], [0], [1, 2, 3], [2**40, 0, 5], [0] * 6, [2**64 - 1] * 5, [7, 2**100, 3], (4, 5)],
)
def test_seed_sequence_pool_and_state(entropy: Any) -> None:
    ours = hooks.SeedSequence(entropy)
    theirs = np.random.SeedSequence(entropy)
    np.testing.assert_array_equal(ours.pool, theirs.pool)
    for n_words in range(1, 10):
        for dtype in ("uint32", "uint64"):
            expected = theirs.generate_state(n_words, dtype)
            got = ours.generate_state(n_words, dtype)
            assert got.dtype == expected.dtype
            np.testing.assert_array_equal(got, expected)


def test_seed_sequence_random_entropy() -> None:
    rng = random.Random(5)
    for _ in range(300):
        entropy = [rng.getrandbits(rng.choice([1, 8, 32, 33, 64, 65, 128])) for _ in range(rng.randint(1, 9))]
        theirs = np.random.SeedSequence(entropy)
        np.testing.assert_array_equal(
            hooks.SeedSequence(entropy).generate_state(8, "uint64"), theirs.generate_state(8, np.uint64)
        )


def test_seed_must_be_a_non_negative_integer() -> None:
    with pytest.raises(ValueError, match="expected non-negative integer"):
        np.random.SeedSequence(-1)
    with pytest.raises(ValueError, match="expected non-negative integer"):
        hooks.Generator(-1)
    with pytest.raises(TypeError, match="seed must be integer"):
        hooks.Generator(1.5)


@pytest.mark.parametrize("seed", SEEDS)
def test_raw_draws_and_the_kept_32_bit_half(seed: int) -> None:
    ours, theirs = pair(seed)
    assert [ours.next_uint64() for _ in range(8)] == theirs.bit_generator.random_raw(8).tolist()
    # integers(0, 2**32, uint32) is one next_uint32 per value: the low half of
    # a 64-bit draw, then the kept high half. random_raw and random() in
    # between take whole 64-bit draws and leave the kept half alone.
    for step in ("u32", "u32", "u32", "raw", "u32", "double", "u32", "u32", "double", "u32", "raw"):
        if step == "u32":
            assert ours.next_uint32() == int(theirs.integers(0, 2**32, dtype=np.uint32))
        elif step == "raw":
            assert ours.next_uint64() == int(theirs.bit_generator.random_raw())
        else:
            assert_same_floats(ours.next_double(), theirs.random())


# random, uniform.


@pytest.mark.parametrize("seed", SEEDS)
def test_random(seed: int) -> None:
    ours, theirs = pair(seed)
    assert_same_floats(ours.random(), theirs.random())
    assert_same_floats(ours.random(17), theirs.random(17))
    assert_same_floats(ours.random(), theirs.random())


@pytest.mark.parametrize("seed", SEEDS)
def test_uniform(seed: int) -> None:
    ours, theirs = pair(seed)
    for low, high in [
        (0.0, 1.0),
        (-0.05, 0.05),
        (-0.6, -0.4),
        (-np.pi, np.pi),
        (1e-300, 1e300),
        (3.0, 3.0),
        (-1e-3, 1e-3),
    ]:
        assert_same_floats(ours.uniform(low, high), theirs.uniform(low, high))
        assert_same_floats(ours.uniform(low, high, 5), theirs.uniform(low, high, 5))
    assert_same_floats(ours.uniform(), theirs.uniform())
    low = [-0.1, 0.0, 2.0, -np.pi, -1e5]
    high = [0.1, 1.0, 2.5, np.pi, 1e5]
    assert_same_floats(ours.uniform(low, high), theirs.uniform(np.array(low), np.array(high)))
    assert_same_stream(ours, theirs)


def test_uniform_rejects_what_numpy_rejects() -> None:
    ours, theirs = pair(0)
    for call in (lambda g: g.uniform(1.0, 0.0), lambda g: g.uniform([0.0, 1.0], [1.0, 0.0])):
        with pytest.raises(ValueError, match="high - low < 0"):
            call(theirs)
        with pytest.raises(ValueError, match="high - low < 0"):
            call(ours)
    for call in (lambda g: g.uniform(-1e308, 1e308), lambda g: g.uniform(0.0, np.inf)):
        with pytest.raises(OverflowError, match="high - low range exceeds valid bounds"):
            call(theirs)
        with pytest.raises(OverflowError, match="high - low range exceeds valid bounds"):
            call(ours)
    assert_same_stream(ours, theirs)


# integers.


def integer_cases() -> list[tuple[int, int, bool]]:
    cases = []
    for low in INTEGER_LOWS:
        for width in INTEGER_WIDTHS:
            if low + width <= 2**63 - 1:
                cases.append((low, low + width, False))
                cases.append((low, low + width - 1, True))
    # The whole int64 range, where Lemire's method steps aside.
    cases.append((-(2**63), 2**63 - 1, True))
    cases.append((-(2**63), 2**63 - 1, False))
    return cases


@pytest.mark.parametrize("seed", SEEDS)
def test_integers_scalar(seed: int) -> None:
    ours, theirs = pair(seed)
    for low, high, endpoint in integer_cases():
        for _ in range(3):
            assert ours.integers(low, high, endpoint=endpoint) == int(theirs.integers(low, high, endpoint=endpoint))
    assert ours.integers(5) == int(theirs.integers(5))
    assert_same_stream(ours, theirs)


@pytest.mark.parametrize("seed", FEW_SEEDS)
def test_integers_size_draws_as_scalar_calls(seed: int) -> None:
    ours, theirs = pair(seed)
    scalar, _ = pair(seed)
    for low, high, endpoint in integer_cases():
        expected = theirs.integers(low, high, size=7, endpoint=endpoint)
        assert_same_ints(ours.integers(low, high, size=7, endpoint=endpoint), expected)
        # size=k consumes the stream as k scalar calls do, kept half included.
        assert_same_ints([scalar.integers(low, high, endpoint=endpoint) for _ in range(7)], expected)
    assert_same_stream(ours, theirs)


@pytest.mark.parametrize("seed", FEW_SEEDS)
def test_integers_arrays(seed: int) -> None:
    ours, theirs = pair(seed)
    lows = [0, -3, 10, -(2**40), 0, 5]
    highs = [1, 4, 2**32 + 10, 2**40, 2**31, 6]
    for endpoint in (False, True):
        expected = theirs.integers(np.array(lows), np.array(highs), endpoint=endpoint)
        assert_same_ints(ours.integers(lows, highs, endpoint=endpoint), expected)
    expected = theirs.integers(0, np.array([3, 7, 2**33]))
    assert_same_ints(ours.integers([0, 0, 0], [3, 7, 2**33]), expected)
    assert_same_stream(ours, theirs)


@pytest.mark.parametrize("dtype", [np.int32, np.uint32, np.uint64])
@pytest.mark.parametrize("seed", FEW_SEEDS)
def test_other_wide_dtypes_draw_as_int64(seed: int, dtype: type) -> None:
    ours, theirs = pair(seed)
    for low, high in [(0, 2), (0, 7), (1, 1000), (0, 2**31 - 1)]:
        assert_same_ints(ours.integers(low, high, size=9), theirs.integers(low, high, size=9, dtype=dtype))
    assert_same_stream(ours, theirs)


def test_integers_rejects_what_numpy_rejects() -> None:
    ours, theirs = pair(3)
    for args, kwargs, message in [
        ((0,), {}, "high <= 0"),
        ((0, 0), {}, "high <= 0"),
        ((0, -1), {"endpoint": True}, "high < 0"),
        ((5, 5), {}, "low >= high"),
        ((5, 4), {"endpoint": True}, "low > high"),
        (([0, 0], [1, 0]), {}, "high <= 0"),
        (([1, 2], [2, 2]), {}, "low >= high"),
    ]:
        numpy_args = tuple(np.array(a) if isinstance(a, list) else a for a in args)
        with pytest.raises(ValueError, match=message):
            theirs.integers(*numpy_args, **kwargs)
        with pytest.raises(ValueError, match=message):
            ours.integers(*args, **kwargs)
    assert_same_stream(ours, theirs)


# standard_normal, normal.


@pytest.mark.parametrize("seed", SEEDS)
def test_standard_normal(seed: int) -> None:
    ours, theirs = pair(seed)
    assert_same_floats(ours.standard_normal(), theirs.standard_normal())
    assert_same_floats(ours.standard_normal(300), theirs.standard_normal(300))
    assert_same_stream(ours, theirs)


@pytest.mark.parametrize("seed", [0, 2**63 + 5, RANDOM_SEEDS[0]])
def test_standard_normal_rare_branches(seed: int) -> None:
    """A million normals: wedge rejections and the tail, each many times."""
    ours, theirs = pair(seed)
    expected = theirs.standard_normal(1_000_000)
    assert_same_floats(ours.standard_normal(1_000_000), expected)
    # Values beyond r come only from the tail sampler (about 260 per million).
    assert np.count_nonzero(np.abs(expected) > ZIGGURAT_TAIL) > 100
    assert_same_stream(ours, theirs)


@pytest.mark.parametrize("seed", SEEDS)
def test_normal(seed: int) -> None:
    ours, theirs = pair(seed)
    for loc, scale in [(0.0, 1.0), (0.0, 0.1), (-3.5, 2.0), (1e3, 1e-3), (5.0, 0.0)]:
        assert_same_floats(ours.normal(loc, scale), theirs.normal(loc, scale))
        assert_same_floats(ours.normal(loc, scale, 6), theirs.normal(loc, scale, 6))
    loc = [0.0, 1.0, -2.0, 0.5]
    scale = [1.0, 0.01, 3.0, 0.0]
    assert_same_floats(ours.normal(loc, scale), theirs.normal(np.array(loc), np.array(scale)))
    with pytest.raises(ValueError, match="scale < 0"):
        theirs.normal(0.0, -1.0)
    with pytest.raises(ValueError, match="scale < 0"):
        ours.normal(0.0, -1.0)
    assert_same_stream(ours, theirs)


# choice, shuffle, permutation.


@pytest.mark.parametrize("seed", SEEDS)
def test_choice_uniform(seed: int) -> None:
    ours, theirs = pair(seed)
    deck = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    for _ in range(5):
        assert deck[ours.choice(len(deck))] == int(theirs.choice(deck))
    for n in (1, 2, 4, 13, 1000, 2**33):
        assert ours.choice(n) == int(theirs.choice(n))
        assert_same_ints(ours.choice(n, 5), theirs.choice(n, 5))
    assert_same_stream(ours, theirs)


@pytest.mark.parametrize("seed", SEEDS)
def test_choice_with_probabilities(seed: int) -> None:
    ours, theirs = pair(seed)
    # FrozenLake's random map: choice(["F", "H"], (size, size), p=[p, 1 - p]).
    p = [0.8, 1 - 0.8]
    labels = np.array(["F", "H"])
    expected = theirs.choice(labels, (8, 8), p=p)
    assert (labels[ours.choice(2, 64, p=p)].reshape(8, 8) == expected).all()
    rng = np.random.default_rng(seed % 2**32)
    for n in (1, 3, 10, 100):
        weights = rng.random(n) * (rng.random(n) > 0.3)
        weights[0] += 1e-3  # at least one non-zero weight
        p = (weights / weights.sum()).tolist()
        assert ours.choice(n, p=p) == int(theirs.choice(n, p=p))
        assert_same_ints(ours.choice(n, 11, p=p), theirs.choice(n, 11, p=p))
    assert_same_stream(ours, theirs)


def test_choice_rejects_what_numpy_rejects() -> None:
    ours, theirs = pair(9)
    for kwargs, message in [
        ({"a": 0}, "a must be a positive integer"),
        ({"a": 2, "p": [0.5, float("nan")]}, "Probabilities contain NaN"),
        ({"a": 2, "p": [1.5, -0.5]}, "Probabilities are not non-negative"),
        ({"a": 2, "p": [0.5, 0.6]}, "Probabilities do not sum to 1"),
        ({"a": 3, "size": 4, "replace": False}, "Cannot take a larger sample than population"),
    ]:
        with pytest.raises(ValueError, match=message):
            theirs.choice(**kwargs)
        with pytest.raises(ValueError, match=message):
            ours.choice(**kwargs)
    assert_same_stream(ours, theirs)


@pytest.mark.parametrize("seed", FEW_SEEDS)
def test_choice_without_replacement(seed: int) -> None:
    ours, theirs = pair(seed)
    for n, k in [(1, 1), (5, 5), (10, 3), (100, 99), (12000, 100), (12000, 1000), (20000, 600)]:
        for shuffle in (True, False):
            expected = theirs.choice(n, k, replace=False, shuffle=shuffle)
            assert_same_ints(ours.choice(n, k, replace=False, shuffle=shuffle), expected)
    assert_same_stream(ours, theirs)


@pytest.mark.parametrize("seed", SEEDS)
def test_shuffle_and_permutation(seed: int) -> None:
    ours, theirs = pair(seed)
    # MiniGrid shuffles lists; numpy shuffles arrays in place the same way.
    for n in (0, 1, 2, 5, 17):
        items = [(i, str(i)) for i in range(n)]
        ours_items = list(items)
        theirs_items = list(items)
        ours.shuffle(ours_items)
        theirs.shuffle(theirs_items)
        assert ours_items == theirs_items
    array = np.arange(40, dtype=np.int64)
    expected = array.copy()
    ours.shuffle(array)
    theirs.shuffle(expected)
    assert_same_ints(array, expected)
    floats = np.linspace(0.0, 1.0, 9)
    expected_floats = floats.copy()
    ours.shuffle(floats)
    theirs.shuffle(expected_floats)
    assert_same_floats(floats, expected_floats)
    for n in (1, 2, 10, 300):
        assert_same_ints(ours.permutation(n), theirs.permutation(n))
    assert_same_stream(ours, theirs)


# Interleaved calls, as an env's reset and step make them.

Call = Callable[[Any], Any]


def random_script(rng: random.Random, length: int) -> list[tuple[str, Call]]:
    """A random sequence of calls with random arguments, named for failures."""
    script: list[tuple[str, Call]] = []
    for _ in range(length):
        kind = rng.randrange(10)
        if kind == 0:
            script.append(("random()", lambda g: g.random()))
        elif kind == 1:
            low = rng.uniform(-5, 5)
            high = low + rng.choice([0.0, 1e-9, 0.1, 10.0])
            size = rng.choice([None, 1, 4])
            script.append((f"uniform({low}, {high}, {size})", lambda g, a=low, b=high, s=size: g.uniform(a, b, s)))
        elif kind == 2:
            low = rng.choice([0, -3, 2**20, -(2**35)])
            high = low + rng.choice([1, 2, 3, 7, 2**31, 2**32, 2**32 + 1, 2**40])
            size = rng.choice([None, 3])
            script.append(
                (f"integers({low}, {high}, {size})", lambda g, a=low, b=high, s=size: g.integers(a, b, size=s))
            )
        elif kind == 3:
            size = rng.choice([None, 2, 5])
            script.append((f"standard_normal({size})", lambda g, s=size: g.standard_normal(s)))
        elif kind == 4:
            loc, scale = rng.uniform(-1, 1), rng.uniform(0, 2)
            script.append((f"normal({loc}, {scale})", lambda g, a=loc, b=scale: g.normal(a, b)))
        elif kind == 5:
            n = rng.choice([2, 3, 4, 10])
            script.append((f"choice({n})", lambda g, a=n: g.choice(a)))
        elif kind == 6:
            n = rng.randint(1, 6)
            weights = [rng.random() + 0.01 for _ in range(n)]
            p = [w / sum(weights) for w in weights]
            script.append((f"choice({n}, p={p})", lambda g, a=n, q=p: g.choice(a, p=q)))
        elif kind == 7:
            n = rng.randint(2, 9)
            script.append((f"permutation({n})", lambda g, a=n: g.permutation(a)))
        elif kind == 8:
            n = rng.randint(2, 30)
            k = rng.randint(1, n)
            script.append((f"choice({n}, {k}, replace=False)", lambda g, a=n, b=k: g.choice(a, b, replace=False)))
        else:
            script.append(("random(3)", lambda g: g.random(3)))
    return script


def same_result(ours: Any, theirs: Any) -> bool:
    ours_array, theirs_array = np.asarray(ours), np.asarray(theirs)
    if ours_array.shape != theirs_array.shape:
        return False
    if theirs_array.dtype.kind == "f":
        return bool((bits(ours_array) == bits(theirs_array)).all())
    return bool((ours_array.astype(np.int64) == theirs_array.astype(np.int64)).all())


@pytest.mark.parametrize("seed", SEEDS)
def test_interleaved_calls(seed: int) -> None:
    ours, theirs = pair(seed)
    for name, call in random_script(random.Random(seed), 60):
        assert same_result(call(ours), call(theirs)), name
    assert_same_stream(ours, theirs)
