"""render() of the Adroit hand tasks against gymnasium-robotics' rgb_array render.

Seed for seed (adroit_lockstep_test.py): env i of the pool and the reference's env
after reset(seed=s + i) run the same episodes, so both render the same state after the
reset and every step. Episodes of two steps, so that the frames also show the next
episodes' placements (the door, the nail board, the pen's target, the ball and its
target: model writes at each reset) and the free camera kept from the first render
(its lookat the median of the geoms then). Both run the same libmujoco (3.17.0) on the
same OpenGL (Mesa through EGL): every byte must be equal (testing/render.py).
"""

from __future__ import annotations

import os

os.environ.setdefault("MUJOCO_GL", "egl")  # the reference's renderer: headless EGL

import gymnasium
import gymnasium_robotics
import numpy as np
import pytest

import parallel_pool
from parallel_pool.python.testing.render import assert_frames_match

gymnasium.register_envs(gymnasium_robotics)

MAX_STEPS = 2


# ---- frames against the reference


@pytest.mark.parametrize(
    "task_id", ["AdroitHandDoor-v1", "AdroitHandHammerSparse-v1", "AdroitHandPen-v1", "AdroitHandRelocate-v1"]
)
def test_render_matches_gymnasium_robotics(task_id: str) -> None:
    num_envs, seed = 2, 4
    env = parallel_pool.make_vec(
        task_id, num_envs=num_envs, seed=seed, render_mode="rgb_array", max_episode_steps=MAX_STEPS
    )
    refs = [gymnasium.make(task_id, render_mode="rgb_array", max_episode_steps=MAX_STEPS) for _ in range(num_envs)]
    env.reset()
    for i, ref in enumerate(refs):
        ref.reset(seed=seed + i)
    rng = np.random.default_rng(seed)
    done = np.zeros(num_envs, dtype=bool)
    for t in range(6):
        if t > 0:
            actions = rng.uniform(-1, 1, (num_envs, *env.single_action_space.shape)).astype(np.float32)
            _, _, terminated, truncated, _ = env.step(actions)
            for ref, a, reset in zip(refs, actions, done, strict=True):
                if reset:
                    ref.reset()
                else:
                    ref.step(a)
            done = terminated | truncated
        frames = env.render(np.arange(num_envs))
        for i, ref in enumerate(refs):
            assert_frames_match(frames[i], ref.render(), f"{task_id} env {i} step {t}")
    env.close()
    for ref in refs:
        ref.close()
