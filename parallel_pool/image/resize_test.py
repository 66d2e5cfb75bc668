"""Our resize (resize.h, as image_test_hooks.resize) against cv2.resize: byte for byte.

An env's resizer reuses what it computed for the previous frame wherever rows did
not change (image_test_hooks.resize_frames runs one such resizer over a sequence): every
frame of a played sequence, and sequences made to trip a wrong reuse, must still
equal cv2.resize frame by frame.

INTER_AREA is the observation's default resize and must equal OpenCV's
exactly; INTER_LINEAR (use_inter_area_resize=False) too. Inputs: real Atari
frames (grayscale and RGB, from ale_py) and uniform noise (which hits every
rounding case; also at ViZDoom's screen sizes), for the Atari default 84x84, the other sizes people use, the
integer-scale "fast area" path (105x80, 70x80, 42x32), odd shapes, and
enlargements (where OpenCV's INTER_AREA is a bilinear variant).
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from parallel_pool.image import image_test_hooks

SIZES = [
    (84, 84),
    (64, 64),
    (96, 96),
    (42, 42),
    (105, 80),  # 2 x 2: OpenCV's fast area path (and INTER_LINEAR goes there too)
    (70, 80),  # 3 x 2
    (42, 32),  # 5 x 5
    (210, 80),  # 1 x 2
    (100, 120),
    (1, 1),
    (7, 159),
    (209, 161),  # a hair smaller in height, larger in width
    (250, 200),  # enlarging
    (420, 320),  # 2 x enlarging
]


def atari_frames() -> np.ndarray:
    import ale_py

    frames = []
    for game in ("pong", "breakout", "space_invaders", "montezuma_revenge", "seaquest"):
        ale = ale_py.ALEInterface()
        ale.setLoggerMode(ale_py.LoggerMode.Error)
        ale.setInt("random_seed", 7)
        ale.setFloat("repeat_action_probability", 0.0)
        ale.loadROM(ale_py.roms.get_rom_path(game))
        actions = ale.getMinimalActionSet()
        rng = np.random.default_rng(0)
        for t in range(240):
            ale.act(actions[rng.integers(len(actions))])
            if t % 80 == 79:
                frames.append(ale.getScreenRGB())
    return np.stack(frames)


@pytest.fixture(scope="module")
def images() -> list[np.ndarray]:
    rgb = atari_frames()
    rng = np.random.default_rng(1)
    noise = rng.integers(0, 256, size=(3, 210, 160, 3), dtype=np.uint8)
    gray = [cv2.cvtColor(f, cv2.COLOR_RGB2GRAY) for f in rgb] + [n[..., 0] for n in noise]
    # ViZDoom's screens (320x240 and 160x120), and sources whose height is
    # not a multiple of 4 (the rows are filtered four at a time).
    other = [
        rng.integers(0, 256, size=s, dtype=np.uint8)
        for s in ((240, 320), (240, 320, 3), (120, 160), (7, 13), (2, 5, 3))
    ]
    return gray + list(rgb) + list(noise) + other


@pytest.mark.parametrize("inter_area", [True, False], ids=["area", "linear"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{h}x{w}" for h, w in SIZES])
def test_resize_equals_cv2(images: list[np.ndarray], size: tuple[int, int], inter_area: bool) -> None:
    height, width = size
    flag = cv2.INTER_AREA if inter_area else cv2.INTER_LINEAR
    for image in images:
        want = cv2.resize(image, (width, height), interpolation=flag)
        got = image_test_hooks.resize(image, height, width, inter_area)
        assert got.shape == want.shape
        diff = np.flatnonzero(got.astype(int) != want)
        assert diff.size == 0, f"{image.shape} -> {size}: {diff.size} bytes differ, first at {diff[:5]}"


def assert_same(image: np.ndarray, height: int, width: int) -> None:
    for flag, area in [(cv2.INTER_AREA, True), (cv2.INTER_LINEAR, False)]:
        want = cv2.resize(image, (width, height), interpolation=flag)
        got = image_test_hooks.resize(image, height, width, area)
        np.testing.assert_array_equal(got, want, err_msg=f"{image.shape}")


def test_resize_odd_sources() -> None:
    rng = np.random.default_rng(2)
    for shape in [(5, 3), (1, 17), (33, 1), (211, 161, 3), (13, 29, 3)]:
        image = rng.integers(0, 256, size=shape, dtype=np.uint8)
        for height, width in [(2, 2), (84, 84), (1, 5), (40, 9)]:
            assert_same(image, height, width)


def test_resize_integer_scales() -> None:
    """Widths that are not whole SIMD vectors: OpenCV's 2x2 mean rounds half up throughout, others to even."""
    rng = np.random.default_rng(3)
    for shape in [(10, 26), (10, 26, 3), (8, 50), (8, 100, 3), (12, 36, 3), (10, 70), (10, 98, 3), (4, 4)]:
        image = rng.integers(0, 256, size=shape, dtype=np.uint8)
        for scale in (2, 3):
            if shape[0] % scale == 0 and shape[1] % scale == 0:
                assert_same(image, shape[0] // scale, shape[1] // scale)


def played_frames(game: str, steps: int) -> np.ndarray:
    """Every frame of `steps` random actions of `game`, RGB: consecutive frames, as an env resizes them."""
    import ale_py

    ale = ale_py.ALEInterface()
    ale.setLoggerMode(ale_py.LoggerMode.Error)
    ale.setFloat("repeat_action_probability", 0.0)
    ale.loadROM(ale_py.roms.get_rom_path(game))
    actions = ale.getMinimalActionSet()
    rng = np.random.default_rng(4)
    frames = []
    for _ in range(steps):
        ale.act(actions[rng.integers(len(actions))])
        frames.append(ale.getScreenRGB())
        if ale.game_over():
            ale.reset_game()
    return np.stack(frames)


def tricky_sequence(rng: np.random.Generator, shape: tuple[int, ...]) -> np.ndarray:
    """Frames that a reuse keyed on the wrong thing would get wrong: repeats, one row
    changed, rows shifted by one (each row now holds its neighbour's old bytes), rows
    equal to the row above and then not, and back to an earlier frame."""
    a = rng.integers(0, 256, size=shape, dtype=np.uint8)
    b = a.copy()
    b[shape[0] // 2] ^= 1
    shifted = np.roll(a, 1, axis=0)
    dup = a.copy()
    dup[10:20] = dup[9]
    undup = dup.copy()
    undup[15] = a[15]
    return np.stack([a, a, b, a, shifted, dup, undup, dup, a, np.zeros_like(a), a])


@pytest.mark.parametrize("inter_area", [True, False], ids=["area", "linear"])
def test_resize_frames_reusing_rows_equals_cv2(inter_area: bool) -> None:
    flag = cv2.INTER_AREA if inter_area else cv2.INTER_LINEAR
    rng = np.random.default_rng(5)
    rgb = np.concatenate([played_frames("pong", 150), played_frames("breakout", 150)])
    sequences = [
        rgb,
        np.stack([cv2.cvtColor(f, cv2.COLOR_RGB2GRAY) for f in rgb]),
        tricky_sequence(rng, (210, 160)),
        tricky_sequence(rng, (210, 160, 3)),
        tricky_sequence(rng, (240, 320)),
    ]
    for frames in sequences:
        for height, width in [(84, 84), (100, 120), (105, 80)]:
            got = image_test_hooks.resize_frames(frames, height, width, inter_area)
            for i, frame in enumerate(frames):
                want = cv2.resize(frame, (width, height), interpolation=flag)
                np.testing.assert_array_equal(got[i], want, err_msg=f"{frames.shape} -> {height}x{width}, frame {i}")


def test_resize_channels() -> None:
    with pytest.raises(ValueError, match="1 or 3 channels"):
        image_test_hooks.resize(np.zeros((10, 10, 4), np.uint8), 5, 5)
