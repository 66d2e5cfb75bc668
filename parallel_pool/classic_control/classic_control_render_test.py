"""render() of the classic_control family against gymnasium 1.4's rgb_array render (pygame-ce 2.5.8).

gymnasium draws these frames with pygame: pygame.gfxdraw (SDL_gfx's integer
algorithms), pygame.draw, and for Pendulum an image. parallel_pool/image/canvas.h
reproduces the gfxdraw primitives' arithmetic (its own canvas_test.py compares
them with pygame.gfxdraw's on random shapes, byte for byte), so:
  - CartPole and Acrobot frames equal gymnasium's, byte for byte;
  - Pendulum's equal gymnasium's except inside the torque arrow's square (the
    arrow is a PNG pygame scales with smoothscale and alpha-blends: left out),
    so exactly equal after a reset, when there is no arrow;
  - MountainCar's (both) equal gymnasium's except on the track, a
    pygame.draw.aalines curve whose anti-aliasing is approximated: there at
    most MAX_TRACK_DIFFERING_FRACTION of the frame's pixels differ.
Each of our frames is compared with gymnasium's env put into the same state
(`lockstep_info`), step after step.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from typing import Any
from unittest import mock

import gymnasium
import numpy as np
import pygame
import pytest

import parallel_pool
from parallel_pool.python.testing.render import assert_batched_render, assert_resized_as_cv2

# MountainCar: the share of a frame's pixels that may differ (all on the track).
MAX_TRACK_DIFFERING_FRACTION = 0.01


# --------------------------------------------- frames against the reference


def frames_against_gymnasium(task_id: str, steps: int, seed: int = 1) -> list[tuple[np.ndarray, np.ndarray, Any]]:
    """(ours, gymnasium's, the Pendulum torque or None) after the reset and each step, for 2 envs."""
    env = parallel_pool.make_vec(task_id, num_envs=2, seed=seed, render_mode="rgb_array", lockstep_info=True)
    ref = gymnasium.make(task_id, render_mode="rgb_array").unwrapped
    ref.reset(seed=seed)
    env.action_space.seed(seed)
    _, info = env.reset(env.all_env_ids)
    torques: list[Any] = [None, None]
    out = []
    for t in range(steps + 1):
        if t:
            actions = env.action_space.sample()
            _, _, _, _, info = env.step(actions, env.all_env_ids)  # env ids given: info has elapsed_step
            if task_id.startswith("Pendulum"):
                torques = [float(np.clip(a[0], -2.0, 2.0)) for a in actions]
        frames = env.render(np.arange(2))
        for i in range(2):
            ref.state = np.asarray(info["state"][i], dtype=np.asarray(ref.state).dtype)
            torque = None if info["elapsed_step"][i] == 0 else torques[i]
            if task_id.startswith("Pendulum"):
                ref.last_u = torque
            out.append((frames[i], ref.render(), torque))
    env.close()
    ref.close()
    return out


@pytest.mark.parametrize("task_id", ["CartPole-v0", "CartPole-v1", "Acrobot-v1"])
def test_frames_equal_gymnasium(task_id: str) -> None:
    for k, (ours, theirs, _) in enumerate(frames_against_gymnasium(task_id, steps=60)):
        np.testing.assert_array_equal(ours, theirs, f"{task_id} frame {k}")


def test_pendulum_equals_gymnasium_but_the_torque_arrow() -> None:
    resets = 0
    for k, (ours, theirs, torque) in enumerate(frames_against_gymnasium("Pendulum-v1", steps=60)):
        if torque is None:
            resets += 1
            np.testing.assert_array_equal(ours, theirs, f"frame {k}")
            continue
        # The arrow: an image of int(scale * |u| / 2) pixels a side, centred on the axle.
        half = int(500 / 4.4 * abs(torque) / 2) // 2 + 2
        outside = np.ones(ours.shape[:2], bool)
        outside[250 - half : 250 + half + 1, 250 - half : 250 + half + 1] = False
        np.testing.assert_array_equal(ours[outside], theirs[outside], f"frame {k}")
    assert resets == 2


@pytest.mark.parametrize("task_id", ["MountainCar-v0", "MountainCarContinuous-v0"])
def test_mountain_car_equals_gymnasium_but_the_track(task_id: str) -> None:
    for k, (ours, theirs, _) in enumerate(frames_against_gymnasium(task_id, steps=40)):
        # Where gymnasium's track lies: its frame with and without pygame.draw.aalines.
        differing = (ours != theirs).any(axis=2)
        assert differing.mean() <= MAX_TRACK_DIFFERING_FRACTION, f"{task_id} frame {k}: {differing.mean():.4f}"
        assert differing.sum() > 0  # the approximation is not exact; if it became so, tighten the test
    env = gymnasium.make(task_id, render_mode="rgb_array").unwrapped
    env.reset(seed=0)
    with_track = env.render()
    with mock.patch.object(pygame.draw, "aalines"):
        without_track = env.render()
    track = (with_track != without_track).any(axis=2)
    track = np.pad(track, 1)[2:, 1:-1] | np.pad(track, 1)[:-2, 1:-1] | track  # and a pixel above and below
    ours = parallel_pool.make_vec(task_id, seed=0, render_mode="rgb_array", lockstep_info=True)
    _, info = ours.reset()
    env.state = np.asarray(info["state"][0], dtype=np.asarray(env.state).dtype)
    frame = ours.render()[0]  # gymnasium's VectorEnv.render: one frame per env
    np.testing.assert_array_equal(frame[~track], env.render()[~track], f"{task_id}: off the track")


# -------------------------------------------------------- sizes and cameras


@pytest.mark.parametrize("task_id", ["CartPole-v1", "Pendulum-v1", "MountainCar-v0", "Acrobot-v1"])
def test_other_sizes_are_gymnasiums_frame_resized_as_cv2(task_id: str) -> None:
    """gymnasium's 400 x 600 (Pendulum's 500 x 500) frame resized as cv2.resize(INTER_AREA) does."""
    assert_resized_as_cv2(task_id, num_envs=3, seed=5, render_width=84, render_height=64)
    assert_resized_as_cv2(task_id, seed=5, render_width=96)


# ----------------------------------------------------- batching and options


def test_render_batches_the_env_ids() -> None:
    env = parallel_pool.make_vec("CartPole-v1", num_envs=3, render_mode="rgb_array")
    env.reset()
    assert_batched_render(env, (400, 600, 3))
    env.close()


# ------------------------------------------------------------------- errors


def test_a_camera_other_than_the_one_view_is_an_error() -> None:
    with pytest.raises(ValueError, match="render_camera_id: Acrobot has one view"):
        parallel_pool.make_dm("Acrobot-v1", render_mode="rgb_array").render(camera_id=1)
