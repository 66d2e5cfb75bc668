"""pygame_surface.h (as image_test_hooks.rotate_rgba, .draw_rects_rotated) against pygame-ce 2.5.8.

highway-env draws each vehicle with pygame.draw.rect on its own SRCALPHA surface and
turns it with pygame.transform.rotate before blitting it; on random images, rects
(off the surface, thin and empty ones included, borders and fills) and angles (whole
quarter turns, negative and large ones, float32 as pygame parses them) the
reimplementation equals pygame's surface byte for byte, alpha included.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import numpy as np
import pygame
import pytest

from parallel_pool.image import image_test_hooks


def to_surface(image: np.ndarray) -> pygame.Surface:
    h, w, _ = image.shape
    return pygame.image.frombuffer(np.ascontiguousarray(image).tobytes(), (w, h), "RGBA").copy()


def to_array(surface: pygame.Surface) -> np.ndarray:
    w, h = surface.get_size()
    return np.frombuffer(pygame.image.tobytes(surface, "RGBA"), np.uint8).reshape(h, w, 4)


def angles(rng: np.random.Generator) -> list[float]:
    fixed = [0.0, -0.0, 90.0, -90.0, 180.0, 270.0, -270.0, 360.0, 450.0, 1e-3, -89.99, 45.0, -135.5]
    return fixed + list(rng.uniform(-720, 720, 40)) + list(rng.normal(0, 3, 20))


@pytest.mark.parametrize("seed", range(4))
def test_rotate_equals_pygame(seed: int) -> None:
    rng = np.random.default_rng(seed)
    for angle in angles(rng):
        h, w = rng.integers(1, 40, 2)
        image = rng.integers(0, 256, (h, w, 4), dtype=np.uint8)
        expected = to_array(pygame.transform.rotate(to_surface(image), float(angle)))
        np.testing.assert_array_equal(image_test_hooks.rotate_rgba(image, float(angle)), expected, str(angle))


@pytest.mark.parametrize("seed", range(4))
def test_rects_then_rotate_equal_pygame(seed: int) -> None:
    rng = np.random.default_rng(seed)
    for angle in [None, *angles(rng)[:30]]:
        w, h = (int(v) for v in rng.integers(1, 50, 2))
        rects = []
        surface = pygame.Surface((w, h), pygame.SRCALPHA)
        for _ in range(rng.integers(1, 5)):
            x, y = (int(v) for v in rng.integers(-10, 50, 2))
            rw, rh = (int(v) for v in rng.integers(-2, 40, 2))
            color = tuple(int(v) for v in rng.integers(0, 256, 4))
            width = int(rng.choice([0, 0, 1, 2, 5]))
            rects.append((x, y, rw, rh, color, width))
            pygame.draw.rect(surface, color, (x, y, rw, rh), width)
        if angle is not None:
            surface = pygame.transform.rotate(surface, float(angle))
        ours = image_test_hooks.draw_rects_rotated(w, h, rects, None if angle is None else float(angle))
        np.testing.assert_array_equal(ours, to_array(surface), str((rects, angle)))
