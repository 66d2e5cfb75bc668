"""render() of the Shadow Hand ids against gymnasium-robotics' rgb_array render.

Seed for seed (hand_lockstep_test.py; the reference with its test-time patch,
testing/reference.py): env i of the pool and the reference's env after reset(seed=s + i)
run the same episode and both render after the reset and after each step. The
reference's render first writes into its model and data (HandReach: the goal and
fingertip marker sites; HandManipulate: the target body at the goal, the hidden
object's alpha, the touch sites' colours) and runs mj_forward; the steps after a
render must still be the reference's, so observations are compared after each step
too. Both run the same libmujoco (3.17.0) on the same OpenGL (Mesa through EGL):
every byte must be equal (testing/render.py).
"""

from __future__ import annotations

import os

os.environ.setdefault("MUJOCO_GL", "egl")  # the reference's renderer: headless EGL

from typing import Any

import gymnasium
import numpy as np
import pytest

import parallel_pool
from parallel_pool.python.testing.render import assert_frames_match
from parallel_pool.robotics.testing import reference

reference.register()


def same_bytes(ours: Any, theirs: Any, where: str) -> None:
    assert np.asarray(ours).tobytes() == np.float64(theirs).tobytes(), (where, ours, theirs)


def same_obs(obs: dict, i: int, ref_obs: dict, where: str) -> None:
    for key in ("observation", "achieved_goal", "desired_goal"):
        assert obs[key][i].tobytes() == ref_obs[key].tobytes(), (where, key)


# ---- frames against the reference


@pytest.mark.parametrize(
    "task_id",
    [
        "HandReach-v3",
        "HandManipulateBlockDense-v1",
        "HandManipulateEggRotate_ContinuousTouchSensors-v1",
        "HandManipulatePenRotate_BooleanTouchSensorsDense-v1",
    ],
)
def test_render_matches_gymnasium_robotics(task_id: str) -> None:
    num_envs, seed = 2, 6
    env = parallel_pool.make_vec(task_id, num_envs=num_envs, seed=seed, render_mode="rgb_array", max_episode_steps=3)
    refs = [gymnasium.make(task_id, render_mode="rgb_array", max_episode_steps=3) for _ in range(num_envs)]
    obs, _ = env.reset()
    for i, ref in enumerate(refs):
        same_obs(obs, i, ref.reset(seed=seed + i)[0], f"{task_id} env {i} reset")
    rng = np.random.default_rng(seed)
    done = np.zeros(num_envs, dtype=bool)
    for t in range(6):
        if t > 0:
            actions = rng.uniform(-1.2, 1.2, (num_envs, 20)).astype(np.float32)
            obs, reward, terminated, truncated, _ = env.step(actions)
            for i, ref in enumerate(refs):
                where = f"{task_id} env {i} step {t}"
                if done[i]:
                    same_obs(obs, i, ref.reset()[0], where + " (autoreset)")
                    continue
                ref_obs, ref_reward = ref.step(actions[i])[:2]
                same_obs(obs, i, ref_obs, where)
                same_bytes(reward[i], ref_reward, where + ": reward")
            done = terminated | truncated
        # A frame only at some steps: those after an unrendered step as well.
        if t % 3 == 2:
            continue
        frames = env.render(np.arange(num_envs))
        for i, ref in enumerate(refs):
            assert_frames_match(frames[i], ref.render(), f"{task_id} env {i} step {t}")
    env.close()
    for ref in refs:
        ref.close()
