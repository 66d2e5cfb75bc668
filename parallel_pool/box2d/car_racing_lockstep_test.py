"""CarRacing against gymnasium 1.4 on PyPI's Box2D 2.3.10 wheel, pixel for pixel.

Nothing is synced: env i of a pool made with seed=s must run exactly the episodes
of gymnasium's env after reset(seed=s + i) (track, kerbs, with domain_randomize the
colours; the car's physics, tile contacts and rewards of every step), and its later
episodes those of gymnasium's reset() without a seed. Every observation (the 96 x 96
frame gymnasium draws with pygame and smoothscales) must equal gymnasium's byte for
byte, rewards bit for bit, terminated and truncated exactly; render() must equal
gymnasium's rgb_array frame, skid marks included. Episodes end off the playfield,
at the step limit and at a lap's end.

The bodies themselves (positions, angles, velocities, wheel spin, skid-mark
points, tile colours) are compared with gymnasium's objects through the test
hooks, so that a difference shows where it starts, not only once it is drawn.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import gymnasium
import numpy as np
import pytest

import parallel_pool
from parallel_pool.box2d import box2d_test_hooks
from parallel_pool.box2d.testing.lockstep import step_in_lockstep

OFF_PLAYFIELD = -100
MAX_STEPS = 250  # per episode: the endings come sooner than gymnasium's 1000 steps


def make_pair(num_envs: int, seed: int, **kwargs: Any) -> tuple[Any, list[Any], np.ndarray]:
    env = parallel_pool.make_vec("CarRacing-v3", num_envs=num_envs, seed=seed, max_episode_steps=MAX_STEPS, **kwargs)
    refs = [gymnasium.make("CarRacing-v3", max_episode_steps=MAX_STEPS, **kwargs) for _ in range(num_envs)]
    obs, _ = env.reset()
    for i, ref in enumerate(refs):
        np.testing.assert_array_equal(obs[i], ref.reset(seed=seed + i)[0], f"reset of env {i}")
    return env, refs, obs


def ending(reward: float, truncated: bool) -> str:
    if truncated:
        return "truncated"
    return "off the playfield" if reward == OFF_PLAYFIELD else "lap"


def continuous_driver(rng: np.random.Generator):
    def choose(i: int, obs: np.ndarray, episode: int) -> np.ndarray:
        brake = rng.uniform(0, 1) if rng.random() < 0.1 else 0.0
        return np.array([rng.uniform(-1, 1), rng.uniform(0, 1), brake], dtype=np.float32)

    return choose


def discrete_driver(rng: np.random.Generator):
    def choose(i: int, obs: np.ndarray, episode: int) -> int:
        return int(rng.choice(5, p=[0.15, 0.2, 0.2, 0.35, 0.1]))

    return choose


@pytest.mark.parametrize(
    ("kwargs", "driver"),
    [
        ({}, continuous_driver),
        ({"continuous": False}, discrete_driver),
        ({"domain_randomize": True}, continuous_driver),
    ],
    ids=["continuous", "discrete", "domain_randomize"],
)
def test_episodes_equal_gymnasiums_frame_for_frame(kwargs: dict, driver: Any) -> None:
    env, refs, obs = make_pair(3, seed=20, **kwargs)
    endings = step_in_lockstep(env, refs, obs, driver(np.random.default_rng(5)), 2, ending, str(kwargs))
    assert endings["off the playfield"] + endings["truncated"] == 6, endings


def test_a_lap_ends_the_episode_as_in_gymnasium() -> None:
    # With lap_complete_percent=0 the first tile, touched as reset() settles the car,
    # already completes the lap: gymnasium's first step ends the episode (+1000/N per
    # tile touched, terminated), and so must ours, episode after episode.
    env, refs, obs = make_pair(2, seed=3, lap_complete_percent=0.0)

    def drive(i: int, obs: np.ndarray, episode: int) -> np.ndarray:
        return np.array([0.0, 0.6, 0.0], dtype=np.float32)

    endings = step_in_lockstep(env, refs, obs, drive, 2, ending, "lap")
    assert endings == {"lap": 4}, endings


def test_render_equals_gymnasiums_rgb_array_with_skid_marks() -> None:
    env = parallel_pool.make_vec("CarRacing-v3", num_envs=1, seed=3, render_mode="rgb_array")
    ref = gymnasium.make("CarRacing-v3", render_mode="rgb_array")
    env.reset()
    ref.reset(seed=3)
    np.testing.assert_array_equal(env.render()[0], ref.render())
    rng = np.random.default_rng(0)
    for t in range(120):
        action = np.array([rng.uniform(-1, 1), 1.0, 0.0], dtype=np.float32)
        env.step(action[None])
        ref.step(action)
        np.testing.assert_array_equal(env.render()[0], ref.render(), f"step {t}")
    assert len(ref.unwrapped.car.particles) > 0  # skid marks were drawn


def body_state(env: Any) -> dict[str, Any]:
    """gymnasium's bodies, in the layout of the test hooks' state()."""
    car = env.car
    hull = car.hull
    return {
        "hull": [*hull.position, hull.angle, *hull.linearVelocity, hull.angularVelocity],
        "wheels": [
            [*w.position, w.angle, w.omega, w.phase, w.gas, w.brake, w.steer, w.joint.angle, float(len(w.tiles))]
            for w in car.wheels
        ],
        "particles": [[float(p.grass)] + [v for xy in p.poly for v in xy] for p in car.particles],
        "track": [list(point) for point in env.track],
        "tile_colors": [[float(c) for c in tile.color] for tile in env.road],
        "reward": env.reward,
        "t": env.t,
        "road_color": [float(c) for c in env.road_color],
        "bg_color": [float(c) for c in env.bg_color],
        "grass_color": [float(c) for c in env.grass_color],
    }


def assert_same_bodies(probe: Any, ref: Any, where: tuple) -> None:
    got = probe.state()
    for key, want in body_state(ref).items():
        value = got[key]
        if key in ("track", "tile_colors"):
            value = [list(row) for row in value]
        assert value == want, (*where, key)


@pytest.mark.parametrize("domain_randomize", [False, True])
def test_bodies_equal_gymnasiums_step_by_step(domain_randomize: bool) -> None:
    rng = np.random.default_rng(7)
    for seed in (0, 1):
        ref = gymnasium.make("CarRacing-v3", domain_randomize=domain_randomize).unwrapped
        probe = box2d_test_hooks.CarRacingProbe(domain_randomize=domain_randomize)
        ref.reset(seed=seed)
        probe.reset(seed)
        for episode in range(2):
            if episode:
                ref.reset()
                probe.reset(None)
            assert_same_bodies(probe, ref, (seed, episode, "reset"))
            for t in range(200):
                brake = 0.3 if rng.random() < 0.1 else 0.0
                action = np.array([rng.uniform(-1, 1), rng.uniform(0, 1), brake], dtype=np.float32)
                _, reward, terminated, _, _ = ref.step(action)
                assert probe.step(*action.astype(np.float64)) == (reward, terminated), (seed, episode, t)
                assert_same_bodies(probe, ref, (seed, episode, t))
                if terminated:
                    break


def test_tracks_equal_gymnasiums_over_many_seeds() -> None:
    """The track (centre line, tiles, kerbs) of reset(seed) and of the next reset(),
    over enough seeds that many attempts fail and are drawn again (gymnasium counts
    its calls of _create_track here), with and without domain_randomize's draws first."""
    attempts = 0
    tracks = 0
    for domain_randomize, seeds in ((False, range(150)), (True, range(1000, 1030))):
        ref = gymnasium.make("CarRacing-v3", domain_randomize=domain_randomize).unwrapped

        def counted(create_track: Callable[[], bool] = ref._create_track) -> bool:
            nonlocal attempts
            attempts += 1
            return create_track()

        ref._create_track = counted
        probe = box2d_test_hooks.CarRacingProbe(domain_randomize=domain_randomize)
        for seed in seeds:
            for episode in range(2):
                ref.reset(seed=None if episode else seed)
                probe.reset(None if episode else seed)
                tracks += 1
                where = (domain_randomize, seed, episode)
                assert [list(row) for row in probe.state()["track"]] == [list(p) for p in ref.track], where
                polygons = [[list(corner) for corner in quad] for quad in probe.road_polygons()]
                assert polygons == [[list(corner) for corner in poly] for poly, _ in ref.road_poly], where
        ref.close()
    assert attempts - tracks >= 10, (attempts, tracks)  # the retries were exercised
