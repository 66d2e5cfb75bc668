"""canvas.h and pygame_draw.h (as image_test_hooks.draw, .rotate_rad) against pygame-ce 2.5.8.

gymnasium's classic-control envs draw their frames with pygame.gfxdraw (SDL_gfx's
integer algorithms) and pygame.math.Vector2, its Box2D envs also with pygame.draw
(polygon, lines, aalines); canvas.h and pygame_draw.h reproduce their arithmetic,
so on random shapes (off the surface, thin and degenerate ones included, and the
calls CarRacing makes) the canvas equals pygame's surface byte for byte, and a
rotation equals Vector2.rotate_rad exactly. The families' whole frames are
compared with their references in the families' own render tests.
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


def pygame_draw(ops: list[tuple], width: int = W, height: int = H) -> np.ndarray:
    """The ops as image_test_hooks.draw takes them, drawn by pygame on a 32-bit surface."""
    surface = pygame.Surface((width, height))
    surface.fill((0, 0, 0))
    for name, *args in ops:
        if name == "fill":
            surface.fill(args[0])
        elif name in ("filled_polygon", "aapolygon"):
            getattr(gfxdraw, name)(surface, args[0], args[1])
        elif name == "polygon":
            points, color, width_ = args
            pygame.draw.polygon(surface, color, points, width_)
        elif name == "lines":
            points, color, closed, width_ = args
            pygame.draw.lines(surface, color, closed, points, width_)
        elif name == "line":
            start, end, color, width_ = args
            pygame.draw.line(surface, color, start, end, width_)
        elif name == "circle":
            center, radius, color = args
            pygame.draw.circle(surface, color, center, radius)
        elif name == "aalines":
            points, color, closed = args
            pygame.draw.aalines(surface, color, closed, points)
        elif name == "aaline":
            start, end, color = args
            pygame.draw.aaline(surface, color, start, end)
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


def random_color(rng: np.random.Generator) -> tuple[int, int, int]:
    return tuple(int(c) for c in rng.integers(0, 256, 3))


def random_points(rng: np.random.Generator, count: int, spread: float = 80.0) -> list[tuple[float, float]]:
    """count float points around a centre that may lie off the surface."""
    cx, cy = rng.uniform(-50, W + 50), rng.uniform(-50, H + 50)
    return [(float(cx + rng.normal() * spread), float(cy + rng.normal() * spread)) for _ in range(count)]


def degenerate_points(rng: np.random.Generator, count: int, mode: int) -> list:
    """Points that hit the special cases: coincident vertices, horizontal and
    vertical edges, one row high, collinear, ints on a coarse grid, far off the
    surface, on the surface's border."""
    bx, by = int(rng.integers(-30, W + 30)), int(rng.integers(-30, H + 30))
    if mode == 0:  # a few pixels wide: coincident points, horizontal edges
        return [(bx + int(rng.integers(-3, 4)), by + int(rng.integers(-3, 4))) for _ in range(count)]
    if mode == 1:  # one row high after truncation
        y = int(rng.integers(-2, H + 2))
        return [(float(rng.uniform(-50, W + 50)), y + float(rng.uniform(0, 0.99))) for _ in range(count)]
    if mode == 2:  # within 3 x 3 pixels, as floats
        return [(float(bx + rng.integers(-1, 2)), float(by + rng.integers(-1, 2))) for _ in range(count)]
    if mode == 3:  # collinear
        d = rng.normal(size=2) * 50
        return [(float(bx + t * d[0]), float(by + t * d[1])) for t in rng.uniform(-1, 1, count)]
    if mode == 4:  # a 10-pixel grid: many horizontal and vertical edges
        return [(bx + 10 * int(rng.integers(-6, 7)), by + 10 * int(rng.integers(-6, 7))) for _ in range(count)]
    if mode == 5:  # huge, mostly off the surface
        return random_points(rng, count, spread=3000.0)
    # on and around the border, negative coordinates truncating toward zero
    return [
        (float(rng.choice([-1.5, -0.5, 0, 0.5, W - 1, W - 0.5, W, W + 0.5])), float(rng.uniform(-2, H + 2)))
        for _ in range(count)
    ]


def random_draw_op(kind: str, rng: np.random.Generator) -> tuple:
    color = random_color(rng)
    if kind == "polygon":  # 4 or more points: pygame's scanline fill
        return (kind, random_points(rng, int(rng.integers(4, 9))), color, 0)
    if kind == "triangle":  # 3 points: pygame's separate triangle fill
        return ("polygon", random_points(rng, 3), color, 0)
    if kind == "polygon_outline":
        return ("polygon", random_points(rng, int(rng.integers(3, 7))), color, int(rng.integers(1, 6)))
    if kind == "lines":
        points = random_points(rng, int(rng.integers(2, 6)))
        return (kind, points, color, bool(rng.integers(2)), int(rng.integers(1, 7)))
    if kind == "line":
        start, end = random_points(rng, 2, spread=rng.choice([3.0, 80.0, 400.0]))
        return (kind, start, end, color, int(rng.integers(1, 9)))
    if kind == "circle":
        return (kind, random_points(rng, 1)[0], float(rng.uniform(-2, 70)), color)
    if kind == "aalines":  # 3 or more: pygame reads past its buffer for 2 (pygame_draw.h)
        return (kind, random_points(rng, int(rng.integers(3, 9))), color, bool(rng.integers(2)))
    start, end = random_points(rng, 2, spread=rng.choice([0.3, 3.0, 80.0]))
    return ("aaline", start, end, color)


DRAW_KINDS = ["polygon", "triangle", "polygon_outline", "lines", "line", "circle", "aalines", "aaline"]


@pytest.mark.parametrize("kind", DRAW_KINDS)
def test_pygame_draw_equals_pygame(kind: str) -> None:
    rng = np.random.default_rng(sum(map(ord, kind)))
    for trial in range(200):
        # Two shapes over a random background: the anti-aliased ones blend.
        ops = [("fill", random_color(rng)), random_draw_op(kind, rng), random_draw_op(kind, rng)]
        ours = image_test_hooks.draw(W, H, ops)
        np.testing.assert_array_equal(ours, pygame_draw(ops), f"{kind} trial {trial}: {ops}")


@pytest.mark.parametrize("mode", range(7))
def test_degenerate_shapes_equal_pygame(mode: int) -> None:
    rng = np.random.default_rng(100 + mode)
    for trial in range(300):
        points = degenerate_points(rng, int(rng.integers(3, 9)), mode)
        color = random_color(rng)
        shape = [
            ("polygon", points, color, 0),
            ("polygon", points[:3], color, 0),
            ("polygon", points, color, int(rng.integers(1, 5))),
            ("lines", points, color, bool(rng.integers(2)), int(rng.integers(1, 6))),
            ("aalines", [(float(x), float(y)) for x, y in points], color, bool(rng.integers(2))),
            ("circle", points[0], float(rng.integers(0, 4)), color),
        ][trial % 6]
        ops = [("fill", random_color(rng)), shape]
        ours = image_test_hooks.draw(W, H, ops)
        np.testing.assert_array_equal(ours, pygame_draw(ops), f"mode {mode} trial {trial}: {ops}")


def test_too_few_points_raise_as_in_pygame() -> None:
    for op in [
        ("polygon", [(1, 1), (5, 5)], (1, 2, 3), 0),
        ("lines", [(1, 1)], (1, 2, 3), False, 2),
        ("aalines", [(1.0, 1.0)], (1, 2, 3), False),
    ]:
        with pytest.raises(ValueError):
            pygame_draw([op])
        with pytest.raises(ValueError):
            image_test_hooks.draw(W, H, [op])


def test_carracing_draw_calls_equal_pygame(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pygame calls CarRacing's render makes (gfxdraw polygons for grass and
    road, pygame.draw.polygon for the car and the indicators, pygame.draw.lines
    for skid marks), recorded and replayed on the canvas, surface by surface."""
    import gymnasium as gym

    recorded: dict[int, list[tuple]] = {}
    recording = False  # only the env's calls, not pygame_draw's replays

    def recorder(name: str, original):
        def record(surface, *args, **kwargs):
            if not recording:
                return original(surface, *args, **kwargs)
            ops = recorded.setdefault(id(surface), [("fill", (0, 0, 0))])
            if name in ("aapolygon", "filled_polygon"):
                points, color = args
                ops.append((name, [tuple(map(float, p)) for p in points], tuple(color)))
            elif name == "polygon":
                ops.append((name, [tuple(map(float, p)) for p in kwargs["points"]], tuple(kwargs["color"]), 0))
            else:  # lines
                points = [tuple(map(float, p)) for p in kwargs["points"]]
                ops.append((name, points, tuple(kwargs["color"]), kwargs["closed"], kwargs["width"]))
            return original(surface, *args, **kwargs)

        return record

    monkeypatch.setattr(gfxdraw, "aapolygon", recorder("aapolygon", gfxdraw.aapolygon))
    monkeypatch.setattr(gfxdraw, "filled_polygon", recorder("filled_polygon", gfxdraw.filled_polygon))
    monkeypatch.setattr(pygame.draw, "polygon", recorder("polygon", pygame.draw.polygon))
    monkeypatch.setattr(pygame.draw, "lines", recorder("lines", pygame.draw.lines))

    env = gym.make("CarRacing-v3", render_mode="rgb_array")
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    kinds: set[str] = set()
    for step in range(120):
        # Hard steering and braking leave skid marks; the first frames zoom in.
        env.step(np.array([rng.uniform(-1, 1), rng.uniform(0, 1), float(step % 40 > 30)]))
        if step % 15 != 0:
            continue
        recorded.clear()
        recording = True
        env.render()
        recording = False
        assert recorded, "CarRacing's render made no pygame call that was recorded"
        for ops in recorded.values():
            kinds.update(op[0] for op in ops)
            np.testing.assert_array_equal(
                image_test_hooks.draw(1000, 800, ops), pygame_draw(ops, 1000, 800), f"step {step}"
            )
    env.close()
    assert {"aapolygon", "filled_polygon", "polygon", "lines"} <= kinds, kinds


@pytest.mark.parametrize("kind", ["filled_polygon", "aapolygon", "aacircle", "filled_circle", "hline", "vline"])
def test_primitives_equal_pygame_gfxdraw(kind: str) -> None:
    rng = np.random.default_rng(hash(kind) % 2**32)
    for trial in range(150):
        background = ("fill", tuple(int(c) for c in rng.integers(0, 256, 3)))
        ops = [background, random_op(kind, rng), random_op(kind, rng)]
        ours = image_test_hooks.draw(W, H, ops)
        np.testing.assert_array_equal(ours, pygame_draw(ops), f"{kind} trial {trial}: {ops}")


@pytest.mark.parametrize("mode", range(7))
def test_gfxdraw_degenerate_shapes_equal_pygame(mode: int) -> None:
    """gfxdraw's polygons on the degenerate point sets (clipped far off the
    surface, coincident and collinear vertices, axis-aligned edges), and
    circles up to a few hundred pixels across, partly off the surface."""
    rng = np.random.default_rng(200 + mode)
    for trial in range(200):
        points = [(float(x), float(y)) for x, y in degenerate_points(rng, int(rng.integers(3, 9)), mode)]
        color = random_color(rng)
        x, y = (int(v) for v in points[0])
        radius = int(rng.integers(0, 400))
        shape = [
            ("filled_polygon", points, color),
            ("aapolygon", points, color),
            ("aacircle", x, y, radius, color),
            ("filled_circle", x, y, radius, color),
        ][trial % 4]
        ops = [("fill", random_color(rng)), shape, ("aapolygon", points, random_color(rng))]
        ours = image_test_hooks.draw(W, H, ops)
        np.testing.assert_array_equal(ours, pygame_draw(ops), f"mode {mode} trial {trial}: {ops}")


def test_rotation_equals_pygame_vector2() -> None:
    rng = np.random.default_rng(1)
    angles = [*rng.normal(0, 10, 2000), 0.0, np.pi / 2, np.pi, -np.pi / 2, 2 * np.pi, 1e-7, np.pi / 2 + 5e-7]
    for angle in angles:
        x, y = rng.normal(0, 100, 2)
        want = pygame.math.Vector2(x, y).rotate_rad(angle)
        assert image_test_hooks.rotate_rad(x, y, angle) == (want.x, want.y), angle
