"""render() against highway-env 1.12.1's rgb_array frames (pygame-ce 2.5.8), byte for byte.

A pool made with render_mode="rgb_array" steps beside highway-env's envs made the
same way, on the same random actions; after the reset and after every step (the
pool's autoresets included) each env's frame must equal highway-env's EnvViewer
frame: the grey ground, the lanes' stripes and lines, the road objects and the
vehicles, each drawn on its own surface and turned with pygame.transform.rotate,
the camera on the agent (centering_position, scaling, screen_width/height).

highway-env's viewer draws nothing under SDL_VIDEODRIVER=dummy (EnvViewer sets
enabled=False there: black frames); SDL's offscreen driver is as headless and
lets it draw.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "offscreen"

from typing import Any

import gymnasium
import highway_env  # noqa: F401  (registers highway-env's ids)
import numpy as np
import pytest
from gymnasium import spaces
from highway_env.vehicle.behavior import IDMVehicle

import parallel_pool
from parallel_pool.python.testing.depth import spread

NUM_ENVS = 2
STEPS = 25
# Each case runs on one of SEEDS (every one in `make test-long`: testing/depth.py).
SEEDS = (0, 1)

# name -> (id, our config, highway-env's config)
CASES: dict[str, tuple[str, dict, dict]] = {
    "highway-fast-v0": ("highway-fast-v0", {}, {}),
    "merge-v0": ("merge-v0", {}, {}),
    "roundabout-v0": ("roundabout-v0", {}, {}),
    "intersection-v0": ("intersection-v0", {}, {}),
    "u-turn-v0": ("u-turn-v0", {}, {}),
    "exit-v0": ("exit-v0", {}, {}),
    # Walls (obstacles of other sizes), the goal (a landmark), parked kinematic
    # vehicles with tires, the agent in the colour the scenario gives it.
    "parking-parked-v0": ("parking-parked-v0", {}, {}),
    # Dynamical bicycles (with tires).
    "lane-keeping-v0": ("lane-keeping-v0", {}, {}),
    "intersection-v1": ("intersection-v1", {}, {}),
    # A kinematic agent: yellow, with tires turned by its steering.
    "highway-fast-continuous": (
        "highway-fast-v0",
        {"action_type": "ContinuousAction"},
        {"action": {"type": "ContinuousAction"}},
    ),
    # Another camera: size, zoom and centre.
    "roundabout-camera": (
        "roundabout-v0",
        {"screen_width": 333, "screen_height": 211, "scaling": 3.7, "centering_position": [0.25, 0.7]},
        {"screen_width": 333, "screen_height": 211, "scaling": 3.7, "centering_position": [0.25, 0.7]},
    ),
}


# intersection-v*'s reset sets these on the IDMVehicle class, for the whole process
# (ours sets them on the intersection's traffic only).
IDM_CLASS_CONSTANTS = ("DISTANCE_WANTED", "COMFORT_ACC_MAX", "COMFORT_ACC_MIN")


@pytest.fixture(autouse=True)
def restore_idm_class_constants():
    """Gives each test highway-env's own IDM constants back, whatever ran before it."""
    saved = {name: vars(IDMVehicle)[name] for name in IDM_CLASS_CONSTANTS}
    yield
    for name, value in saved.items():
        setattr(IDMVehicle, name, value)


def random_actions(space: spaces.Space, rng: np.random.Generator) -> np.ndarray:
    if isinstance(space, spaces.Discrete):
        return rng.integers(0, int(space.n), NUM_ENVS)
    return rng.uniform(-1.2, 1.2, (NUM_ENVS, *space.shape)).astype(np.float32)


def assert_same_frame(frame: np.ndarray, expected: np.ndarray, where: str) -> None:
    assert frame.shape == expected.shape, (where, frame.shape, expected.shape)
    differ = np.any(frame != expected, axis=-1)
    assert not differ.any(), (where, f"{int(differ.sum())} pixels differ", np.argwhere(differ)[:5])


def reference(task_id: str, config: dict) -> Any:
    """highway-env's env, rendering rgb_array frames. Some classes (lane keeping,
    parking with parked vehicles) take no render_mode: it is set on them after."""
    kwargs: dict[str, Any] = {"config": config} if config else {}
    try:
        return gymnasium.make(task_id, render_mode="rgb_array", **kwargs).unwrapped
    except TypeError:
        env = gymnasium.make(task_id, **kwargs).unwrapped
        env.render_mode = "rgb_array"
        return env


@pytest.mark.parametrize(("case", "seed"), spread(CASES, SEEDS))
def test_frames_equal_highway_env(case: str, seed: int) -> None:
    task_id, config, ref_config = CASES[case]
    env = parallel_pool.make_vec(task_id, num_envs=NUM_ENVS, seed=seed, render_mode="rgb_array", **config)
    refs = [reference(task_id, ref_config) for _ in range(NUM_ENVS)]
    env.reset()
    for i, ref in enumerate(refs):
        ref.reset(seed=seed + i)
        expected = ref.render()
        assert expected.any(), "highway-env drew nothing (is SDL_VIDEODRIVER dummy?)"
        assert_same_frame(env.render([i])[0], expected, f"{case} env {i} reset")
    rng = np.random.default_rng(seed)
    done = np.zeros(NUM_ENVS, dtype=bool)
    for t in range(STEPS):
        actions = random_actions(env.single_action_space, rng)
        _, _, term, trunc, _ = env.step(actions)
        for i, ref in enumerate(refs):
            if done[i]:
                ref.reset()
            else:
                ref.step(int(actions[i]) if actions.ndim == 1 else actions[i])
            assert_same_frame(env.render([i])[0], ref.render(), f"{case} seed {seed} env {i} step {t}")
        done = term | trunc
