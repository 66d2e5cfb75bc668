"""smoothscale.h (as image_test_hooks.smoothscale) against pygame-ce 2.5.8's transform.smoothscale.

CarRacing scales its 1000 x 800 frame to 96 x 96 (the observation) and 600 x 400
(the video frame) with pygame.transform.smoothscale; smoothscale.h reproduces the
arithmetic of pygame's SSE2 filters (the backend pygame picks on x86-64, and on
ARM through NEON), so the bytes are equal: on noise (every rounding case) at
CarRacing's sizes and odd ones, shrinking, expanding and mixed, from 24- and
32-bit surfaces, and on real CarRacing frames.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import numpy as np
import pygame
import pytest

from parallel_pool.image import image_test_hooks

# (source height, width) -> (destination height, width)
SIZES = [
    ((800, 1000), (96, 96)),  # CarRacing's observation
    ((800, 1000), (400, 600)),  # CarRacing's video frame
    ((800, 1000), (64, 64)),
    ((800, 1000), (800, 600)),  # x only
    ((800, 1000), (400, 1000)),  # y only
    ((96, 96), (84, 84)),
    ((7, 9), (3, 2)),
    ((17, 23), (16, 22)),  # barely shrinking: a step just over one pixel
    ((3, 1000), (3, 1)),
    ((1000, 3), (1, 3)),
    ((300, 4), (1, 1)),  # sums beyond 8 bits
    ((10, 10), (20, 30)),  # expanding
    ((1, 1), (5, 7)),
    ((5, 1), (2, 9)),  # shrinking y, expanding x
    ((50, 40), (30, 80)),
    ((100, 100), (99, 101)),
    ((64, 64), (64, 64)),  # the same size: a copy
]


def pygame_smoothscale(image: np.ndarray, height: int, width: int, depth: int = 32) -> np.ndarray:
    surface = pygame.Surface((image.shape[1], image.shape[0]), depth=depth)
    pygame.surfarray.blit_array(surface, np.ascontiguousarray(np.transpose(image, (1, 0, 2))))
    scaled = pygame.transform.smoothscale(surface, (width, height))
    return np.transpose(pygame.surfarray.array3d(scaled), (1, 0, 2))


def test_pygame_uses_the_sse2_filters() -> None:
    # What smoothscale.h reproduces; "GENERIC" (no SIMD) computes otherwise.
    assert pygame.transform.get_smoothscale_backend() in ("SSE2", "NEON")


@pytest.mark.parametrize(("src", "dst"), SIZES)
@pytest.mark.parametrize("depth", [24, 32])
def test_noise_equals_pygame(src: tuple[int, int], dst: tuple[int, int], depth: int) -> None:
    rng = np.random.default_rng(src[0] * 7 + dst[1])
    for trial in range(3):
        image = rng.integers(0, 256, (*src, 3), dtype=np.uint8)
        if trial == 2:  # saturated and dark channels: the ends of every range
            image = np.where(image > 127, 255, 0).astype(np.uint8)
        want = pygame_smoothscale(image, *dst, depth)
        for portable in (False, True):  # the SSE2 code (on x86-64) and the portable code
            ours = image_test_hooks.smoothscale(image, *dst, portable=portable)
            np.testing.assert_array_equal(ours, want, f"{src} -> {dst}, trial {trial}, portable {portable}")


def test_random_sizes_equal_pygame() -> None:
    rng = np.random.default_rng(11)
    for trial in range(80):
        src = tuple(int(v) for v in rng.integers(1, 200, 2))
        dst = tuple(int(v) for v in rng.integers(1, 200, 2))
        image = rng.integers(0, 256, (*src, 3), dtype=np.uint8)
        ours = image_test_hooks.smoothscale(image, *dst, portable=trial % 2 == 1)
        np.testing.assert_array_equal(ours, pygame_smoothscale(image, *dst), f"{src} -> {dst}")


def test_rows_handed_over_reversed_scale_the_same() -> None:
    # A Canvas flipped by FlipVertically stores its rows bottom to top; the scaler
    # reads them in that order and must give the image's own result.
    rng = np.random.default_rng(12)
    for src, dst in [((800, 1000), (96, 96)), ((37, 50), (37, 20)), ((40, 30), (90, 30)), ((40, 30), (40, 30))]:
        image = rng.integers(0, 256, (*src, 3), dtype=np.uint8)
        for portable in (False, True):
            np.testing.assert_array_equal(
                image_test_hooks.smoothscale(image, *dst, portable=portable, rows_reversed=True),
                pygame_smoothscale(image, *dst),
                f"{src} -> {dst}",
            )


def test_the_generic_filters_would_differ() -> None:
    """The test can tell the backends apart: pygame's C filters give other bytes."""
    image = np.random.default_rng(3).integers(0, 256, (800, 1000, 3), dtype=np.uint8)
    ours = image_test_hooks.smoothscale(image, 96, 96)
    backend = pygame.transform.get_smoothscale_backend()
    try:
        pygame.transform.set_smoothscale_backend("GENERIC")
        generic = pygame_smoothscale(image, 96, 96)
    finally:
        pygame.transform.set_smoothscale_backend(backend)
    assert not np.array_equal(ours, generic)


def test_carracing_frames_equal_pygame() -> None:
    """Real CarRacing frames (grass, road, car, skid marks, indicators, the score):
    our scale of the env's 1000 x 800 surface equals the video frame render()
    returns and pygame's 96 x 96 observation scale."""
    import gymnasium as gym

    env = gym.make("CarRacing-v3", render_mode="rgb_array")
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    for step in range(100):
        env.step(np.array([rng.uniform(-1, 1), rng.uniform(0, 1), float(step % 30 > 24)]))
        if step % 20 not in (0, 7):  # the first frames zoom in
            continue
        video = env.render()
        surface = env.unwrapped.surf
        frame = np.transpose(pygame.surfarray.array3d(surface), (1, 0, 2))
        assert frame.shape == (800, 1000, 3)
        np.testing.assert_array_equal(image_test_hooks.smoothscale(frame, 400, 600), video, f"step {step}")
        observation = np.transpose(pygame.surfarray.array3d(pygame.transform.smoothscale(surface, (96, 96))), (1, 0, 2))
        np.testing.assert_array_equal(image_test_hooks.smoothscale(frame, 96, 96), observation, f"step {step}")
    env.close()


@pytest.mark.parametrize(("height", "width"), [(0, 5), (5, 0), (-1, 3), (16384, 2)])
def test_bad_sizes_are_rejected(height: int, width: int) -> None:
    with pytest.raises(ValueError, match="SmoothScaler"):
        image_test_hooks.smoothscale(np.zeros((4, 4, 3), np.uint8), height, width)
