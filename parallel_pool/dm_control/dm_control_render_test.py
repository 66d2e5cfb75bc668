"""render() and from_pixels of the dm_control family against dm_control 1.0.50's Physics.render, every id.

Method: `make_dm(task_id, seed=s)` and `suite.load(domain, task,
task_kwargs={"random": s})` run the same episode (dm_control_lockstep_test.py
proves it); after the reset and each of a few steps with the same actions,
both render: ours in the pool's worker threads through our own EGL context,
dm_control's through its EGL renderer, both on the same libmujoco (3.17.0)
and the same OpenGL (Debian's Mesa through EGL). Frames are compared by
testing/render.py's assert_frames_match, with no tolerance: every byte is equal
(the tasks' display-only changes included: finger spin's hidden sites, fish
upright's hidden target, quadruped escape's own heightfield).

Pixel observations (`from_pixels=True`, EnvPool's option) must be the frames
render() gives, channel first, the newest last in the stack.
"""

from __future__ import annotations

import os

os.environ.setdefault("MUJOCO_GL", "egl")  # dm_control's renderer: headless EGL

from typing import Any

import numpy as np
import pytest
from dm_control import suite

import parallel_pool
from parallel_pool.dm_control.registration import DOMAINS, task_id
from parallel_pool.python.testing.render import assert_batched_render, assert_frames_match

IDS = [(domain, task) for domain, info in DOMAINS.items() for task in info.tasks]


# --------------------------------------------- frames against the reference


def actions_for(spec: Any, seed: int, steps: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    low = np.maximum(np.asarray(spec.minimum, np.float64), -1.0)
    high = np.minimum(np.asarray(spec.maximum, np.float64), 1.0)
    return [rng.uniform(low, high) for _ in range(steps)]


@pytest.mark.parametrize(("domain", "task"), IDS)
def test_render_matches_dm_control(domain: str, task: str, steps: int = 3, seed: int = 5) -> None:
    ref = suite.load(domain, task, task_kwargs={"random": seed})
    env = parallel_pool.make_dm(task_id(domain, task), num_envs=1, seed=seed, render_mode="rgb_array")
    env.reset()
    ref.reset()
    for t, action in enumerate([None, *actions_for(ref.action_spec(), seed, steps)]):
        if action is not None:
            env.step(action[None])
            ref.step(action)
        assert_frames_match(env.render()[0], ref.physics.render(), f"{domain} {task} step {t}")
    env.close()


# -------------------------------------------------------- sizes and cameras


def test_sizes_cameras_and_threads() -> None:
    """Other sizes and a model camera, on a pool of three envs rendered together."""
    seeds = [3, 4, 5]
    refs = [suite.load("cheetah", "run", task_kwargs={"random": s}) for s in seeds]
    env = parallel_pool.make_dm(
        "CheetahRun-v1", num_envs=3, seed=seeds, render_mode="rgb_array", render_width=96, render_height=72
    )
    env.reset()
    for ref in refs:
        ref.reset()
    frames = assert_batched_render(env, (72, 96, 3), vector=False)
    for i, ref in enumerate(refs):
        assert_frames_match(frames[i], ref.physics.render(72, 96), f"cheetah env {i}")
    for camera in range(refs[0].physics.model.ncam):
        frames = env.render([2, 0], camera_id=camera)
        assert_frames_match(frames[0], refs[2].physics.render(72, 96, camera_id=camera), f"camera {camera}")
        assert_frames_match(frames[1], refs[0].physics.render(72, 96, camera_id=camera), f"camera {camera}")
    env.close()


# ----------------------------------------------------- batching and options


def test_from_pixels_observations_are_the_rendered_frames() -> None:
    seed = 7
    ref = suite.load("walker", "walk", task_kwargs={"random": seed})
    env = parallel_pool.make_dm(
        "WalkerWalk-v1", num_envs=1, seed=seed, from_pixels=True, frame_stack=3, render_camera_id=0
    )
    spec = env.observation_spec()
    assert spec.pixels.shape == (9, 84, 84) and spec.pixels.dtype == np.uint8
    assert not hasattr(spec, "orientations")  # pixels replace the state observation
    ts = env.reset()
    ref.reset()
    first = ref.physics.render(84, 84, camera_id=0).transpose(2, 0, 1)
    np.testing.assert_array_equal(ts.observation.pixels[0], np.concatenate([first] * 3))
    frames = [first] * 3
    for action in actions_for(ref.action_spec(), seed, 4):
        ts = env.step(action[None])
        ref.step(action)
        frames = [*frames[1:], ref.physics.render(84, 84, camera_id=0).transpose(2, 0, 1)]
        np.testing.assert_array_equal(ts.observation.pixels[0], np.concatenate(frames))
    env.close()


def test_from_pixels_every_api_and_render_agrees() -> None:
    env = parallel_pool.make_vec(
        "CartpoleSwingup-v1", num_envs=2, from_pixels=True, render_mode="rgb_array", render_width=64
    )
    assert env.single_observation_space["pixels"].shape == (3, 84, 64)
    obs, _ = env.reset()
    frames = env.render(np.arange(2))
    assert frames.shape == (2, 84, 64, 3)
    np.testing.assert_array_equal(obs["pixels"], frames.transpose(0, 3, 1, 2))
    obs, *_ = env.step(np.zeros((2, 1)))
    np.testing.assert_array_equal(obs["pixels"], env.render(np.arange(2)).transpose(0, 3, 1, 2))
    env.close()


# ------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"frame_stack": 2}, ValueError, "frame_stack: stacks pixel observations"),
        ({"from_pixels": True, "frame_stack": 0}, ValueError, "frame_stack: must be >= 1"),
        ({"from_pixels": True, "render_width": 0}, ValueError, "render_width"),
        ({"from_pixels": True, "render_camera_id": 9}, ValueError, "render_camera_id"),
        ({"from_pixels": 1}, TypeError, "from_pixels: expected a bool"),
    ],
)
def test_bad_pixel_options(kwargs: dict[str, Any], error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        parallel_pool.make_dm("CheetahRun-v1", **kwargs)
