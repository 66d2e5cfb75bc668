"""canvas.h's primitives (as image_test_hooks.draw, .rotate_rad) against pygame-ce 2.5.8's.

gymnasium's classic-control envs draw their frames with pygame.gfxdraw (SDL_gfx's
integer algorithms) and pygame.math.Vector2; canvas.h reproduces their arithmetic, so
on random shapes the canvas equals pygame.gfxdraw's surface byte for byte, and a
rotation equals Vector2.rotate_rad exactly. The families' whole frames are compared
with their references in the families' own render tests.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import numpy as np
import pygame
import pytest
from pygame import gfxdraw

from parallel_pool.image import image_test_hooks

W, H = 600, 400


def pygame_draw(ops: list[tuple]) -> np.ndarray:
    surface = pygame.Surface((W, H))
    surface.fill((0, 0, 0))
    for name, *args in ops:
        if name == "fill":
            surface.fill(args[0])
        elif name in ("filled_polygon", "aapolygon"):
            getattr(gfxdraw, name)(surface, args[0], args[1])
        else:
            getattr(gfxdraw, name)(surface, *args)
    return np.transpose(np.array(pygame.surfarray.pixels3d(surface)), (1, 0, 2))


def random_op(kind: str, rng: np.random.Generator) -> tuple:
    color = tuple(int(c) for c in rng.integers(0, 256, 3))
    if kind in ("filled_polygon", "aapolygon"):
        cx, cy = rng.uniform(-50, W + 50), rng.uniform(-50, H + 50)
        points = [(float(cx + rng.normal() * 80), float(cy + rng.normal() * 80)) for _ in range(rng.integers(3, 7))]
        return (kind, points, color)
    if kind in ("aacircle", "filled_circle"):
        return (kind, int(rng.integers(-20, W + 20)), int(rng.integers(-20, H + 20)), int(rng.integers(0, 60)), color)
    if kind == "hline":
        return (kind, *map(int, rng.integers(-50, W + 50, 2)), int(rng.integers(-5, H + 5)), color)
    return (kind, int(rng.integers(-5, W + 5)), *map(int, rng.integers(-50, H + 50, 2)), color)


@pytest.mark.parametrize("kind", ["filled_polygon", "aapolygon", "aacircle", "filled_circle", "hline", "vline"])
def test_primitives_equal_pygame_gfxdraw(kind: str) -> None:
    rng = np.random.default_rng(hash(kind) % 2**32)
    for trial in range(150):
        background = ("fill", tuple(int(c) for c in rng.integers(0, 256, 3)))
        ops = [background, random_op(kind, rng), random_op(kind, rng)]
        ours = image_test_hooks.draw(W, H, ops)
        np.testing.assert_array_equal(ours, pygame_draw(ops), f"{kind} trial {trial}: {ops}")


def test_rotation_equals_pygame_vector2() -> None:
    rng = np.random.default_rng(1)
    angles = [*rng.normal(0, 10, 2000), 0.0, np.pi / 2, np.pi, -np.pi / 2, 2 * np.pi, 1e-7, np.pi / 2 + 5e-7]
    for angle in angles:
        x, y = rng.normal(0, 100, 2)
        want = pygame.math.Vector2(x, y).rotate_rad(angle)
        assert image_test_hooks.rotate_rad(x, y, angle) == (want.x, want.y), angle


if __name__ == "__main__":
    raise SystemExit(pytest.main([__file__, "-q"]))
