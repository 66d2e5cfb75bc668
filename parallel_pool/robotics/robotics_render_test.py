"""render() of the robotics family against gymnasium-robotics' rgb_array render.

Seed for seed (robotics_lockstep_test.py, fetch_lockstep_test.py): env i of the pool and
the reference's env after reset(seed=s + i) run the same episode, so both render the
same state after the reset and every step, including the goal marker (the maze's
"target" site, which the reference moves at each new goal; Fetch's "target0", which its
render() moves to the goal before drawing, with an mj_forward that the next step then
reads). Both run the same libmujoco (3.17.0) on the same OpenGL (Mesa through EGL):
every byte must be equal (testing/render.py).
"""

from __future__ import annotations

import os

os.environ.setdefault("MUJOCO_GL", "egl")  # the reference's renderer: headless EGL

import gymnasium
import numpy as np
import pytest

import parallel_pool
from parallel_pool.python.testing.render import assert_frames_match
from parallel_pool.robotics.testing import reference

reference.register()  # with the reference's test-time patch for MuJoCo 3.17


@pytest.mark.parametrize(
    "task_id",
    [
        "PointMaze_UMaze-v3",
        "PointMaze_Large_Diverse_GDense-v3",
        "AntMaze_Medium-v3",
        "AntMaze_UMazeDense-v5",
        "FrankaKitchen-v1",
    ],
)
def test_render_matches_gymnasium_robotics(task_id: str) -> None:
    num_envs, seed = 2, 4
    env = parallel_pool.make_vec(task_id, num_envs=num_envs, seed=seed, render_mode="rgb_array")
    refs = [gymnasium.make(task_id, render_mode="rgb_array") for _ in range(num_envs)]
    env.reset()
    for i, ref in enumerate(refs):
        ref.reset(seed=seed + i)
    rng = np.random.default_rng(seed)
    for t in range(4):
        if t > 0:
            space = env.single_action_space
            actions = rng.uniform(-1, 1, (num_envs, *space.shape)).astype(space.dtype)
            env.step(actions)
            for ref, a in zip(refs, actions, strict=True):
                ref.step(a)
        frames = env.render(np.arange(num_envs))
        for i, ref in enumerate(refs):
            assert_frames_match(frames[i], ref.render(), f"{task_id} env {i} step {t}")
    env.close()
    for ref in refs:
        ref.close()


@pytest.mark.parametrize("task_id", ["FetchReach-v4", "FetchPushDense-v4", "FetchPickAndPlace-v4", "FetchSlide-v1"])
def test_fetch_render_matches_gymnasium_robotics(task_id: str) -> None:
    """Frames after the reset and after some steps, not every one: a render moves the
    goal marker and runs mj_forward, which changes what the next step reads, so the
    observations of the steps after a render, and after a step with none, must match too."""
    num_envs, seed = 2, 6
    env = parallel_pool.make_vec(task_id, num_envs=num_envs, seed=seed, render_mode="rgb_array")
    refs = [gymnasium.make(task_id.replace("-v1", "-v4"), render_mode="rgb_array") for _ in range(num_envs)]
    env.reset()
    for i, ref in enumerate(refs):
        ref.reset(seed=seed + i)
    rng = np.random.default_rng(seed)
    for t in range(7):
        if t > 0:
            actions = rng.uniform(-1.2, 1.2, (num_envs, 4)).astype(np.float32)
            obs = env.step(actions)[0]
            for i, (ref, a) in enumerate(zip(refs, actions, strict=True)):
                ref_obs = ref.step(a)[0]
                for key in ("observation", "achieved_goal", "desired_goal"):
                    np.testing.assert_array_equal(obs[key][i], ref_obs[key], f"{task_id} env {i} step {t}: {key}")
        if t in (0, 1, 2, 5):
            frames = env.render(np.arange(num_envs))
            for i, ref in enumerate(refs):
                assert_frames_match(frames[i], ref.render(), f"{task_id} env {i} step {t}")
    env.close()
    for ref in refs:
        ref.close()


@pytest.mark.parametrize(("width", "height"), [(640, 360), (300, 500)])
def test_fetch_render_at_other_sizes(width: int, height: int) -> None:
    """render_width / render_height against the reference's width / height keywords (which
    size its offscreen buffer; ours draws the same pixels in a buffer of any larger size)."""
    env = parallel_pool.make_vec(
        "FetchPickAndPlace-v4", num_envs=1, seed=2, render_mode="rgb_array", render_width=width, render_height=height
    )
    ref = gymnasium.make("FetchPickAndPlace-v4", render_mode="rgb_array", width=width, height=height)
    env.reset()
    ref.reset(seed=2)
    action = np.array([[0.3, -0.5, 0.9, 1.0]], np.float32)
    env.step(action)
    ref.step(action[0])
    assert_frames_match(env.render(0)[0], ref.render(), f"{width}x{height}")
    env.close()
    ref.close()
