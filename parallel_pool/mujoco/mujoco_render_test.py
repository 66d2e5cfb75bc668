"""render() of the MuJoCo family against gymnasium 1.4's rgb_array render, every id.

Method: as mujoco_lockstep_test.py, each of our envs is mirrored by a
gymnasium env (render_mode="rgb_array") put into the same initial state
(`lockstep_info`); both take the same actions, and after the reset and every
step both render. Ours renders in the pool's worker threads, through our own
EGL context; gymnasium's in this thread through mujoco.egl. Both run the same
libmujoco (3.17.0) on the same OpenGL (Debian's Mesa through EGL), so the
frames are compared by testing/render.py's assert_frames_match with no
tolerance: every byte is equal (a GL stack that rasterised differently would
show up as a measured difference rather than a crash of the comparison).

gymnasium's free camera takes its `lookat` from the state at the env's first
render (the median geom position); ours does the same, so the first render
here happens where gymnasium's does (at the reset), as in any user's loop.
"""

from __future__ import annotations

import os
import subprocess
import sys

os.environ.setdefault("MUJOCO_GL", "egl")  # gymnasium's renderer: headless EGL

from typing import Any
from unittest import mock

import gymnasium
import numpy as np
import pytest
from gymnasium.wrappers import TimeLimit

import parallel_pool
from parallel_pool.mujoco.testing.gymnasium_ids import ALL_IDS
from parallel_pool.python.testing.render import assert_batched_render, assert_frames_match

# --------------------------------------------- frames against the reference


def make_reference(task_id: str, **kwargs: Any) -> gymnasium.Env:
    """gymnasium's env; Pusher-v4 past its import guard (see mujoco_lockstep_test.py)."""
    if task_id == "Pusher-v4":
        from gymnasium.envs.mujoco import pusher_v4

        with mock.patch.object(pusher_v4.mujoco, "__version__", "2.3.7"):
            return TimeLimit(pusher_v4.PusherEnv(**kwargs), max_episode_steps=100)
    return gymnasium.make(task_id, disable_env_checker=True, **kwargs)


def render_lockstep(task_id: str, steps: int, num_envs: int = 2, seed: int = 0, **render: Any) -> None:
    """Renders after the reset and `steps` steps, ours against gymnasium, env by env."""
    camera_id = render.get("render_camera_id")
    env = parallel_pool.make_vec(
        task_id, num_envs=num_envs, seed=seed, lockstep_info=True, render_mode="rgb_array", **render
    )
    size = {k: render[f"render_{k}"] for k in ("width", "height") if f"render_{k}" in render}
    camera = {} if camera_id is None else {"camera_id": camera_id}
    refs = [make_reference(task_id, render_mode="rgb_array", **size, **camera) for _ in range(num_envs)]
    _, info = env.reset()
    for i, ref in enumerate(refs):
        ref.reset(seed=seed)
        ref.unwrapped.set_state(info["qpos0"][i].copy(), info["qvel0"][i].copy())
    rng = np.random.default_rng(seed)
    space = env.single_action_space
    for t in range(steps + 1):
        if t > 0:
            actions = rng.uniform(space.low, space.high, (num_envs, *space.shape)).astype(space.dtype)
            env.step(actions)
            for ref, a in zip(refs, actions, strict=True):
                ref.step(a.copy())
        frames = env.render(np.arange(num_envs))
        for i, ref in enumerate(refs):
            assert_frames_match(frames[i], ref.render(), f"{task_id} env {i} step {t}")
    env.close()
    for ref in refs:
        ref.close()


@pytest.mark.parametrize("task_id", ALL_IDS)
def test_render_matches_gymnasium(task_id: str) -> None:
    render_lockstep(task_id, steps=2)


# -------------------------------------------------------- sizes and cameras


def test_other_size_and_a_fixed_camera() -> None:
    render_lockstep("Hopper-v5", steps=2, render_width=320, render_height=200)
    render_lockstep("Humanoid-v5", steps=2, render_camera_id=0)
    # Larger than the models' 640 x 480 offscreen buffer: it grows, as gymnasium's does.
    render_lockstep("Walker2d-v5", steps=1, num_envs=1, render_width=700, render_height=520)


# ----------------------------------------------------- batching and options


def test_render_batches_the_env_ids() -> None:
    env = parallel_pool.make_vec("Ant-v5", num_envs=3, render_mode="rgb_array", render_env_id=1)
    env.reset()
    frames = assert_batched_render(env, (480, 480, 3), render_env_id=1)
    np.testing.assert_array_equal(env.render([2, 1], camera_id=-1), frames[[2, 1]])  # -1: the free camera
    env.close()


RASTERIZER_THREADS = """
import ctypes, glob, os
import numpy as np
import parallel_pool
env = parallel_pool.make_vec("InvertedPendulum-v5", num_envs=2, render_mode="rgb_array")
env.reset()
env.step(np.zeros((2, 1)))
assert env.render(0).shape == (1, 480, 480, 3)
getenv = ctypes.CDLL(None).getenv
getenv.restype = ctypes.c_char_p
names = [open(f"/proc/self/task/{t}/comm").read().strip() for t in os.listdir("/proc/self/task")]
# No GPU render node: EGL draws with Mesa's CPU rasterizer, llvmpipe (whatever
# file a Mesa version keeps it in: swrast_dri.so in Mesa 22, libgallium in 25).
llvmpipe = not glob.glob("/dev/dri/renderD*")
print(getenv(b"LP_NUM_THREADS").decode(), sum(n.startswith("llvmpipe") for n in names), llvmpipe)
env.close()
"""


@pytest.mark.parametrize("user_value", [None, "2"])
def test_llvmpipe_draws_on_the_pools_threads_unless_the_user_says_otherwise(user_value: str | None) -> None:
    """Mesa's llvmpipe rasterizer threads race with the pool's workers on each frame's fence
    (gl_context.h): the first render sets LP_NUM_THREADS=0, so llvmpipe starts none; a value
    the user set is kept. In a fresh process, as Mesa reads it once, when EGL starts."""
    env = {k: v for k, v in os.environ.items() if k != "LP_NUM_THREADS"}
    if user_value is not None:
        env["LP_NUM_THREADS"] = user_value
    run = subprocess.run(
        [sys.executable, "-c", RASTERIZER_THREADS], env=env, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr[-3000:]
    value, threads, llvmpipe = run.stdout.split()[-3:]
    assert value == (user_value or "0")
    assert int(threads) == (int(user_value) if user_value and llvmpipe == "True" else 0)


SDL_TERMINATES_EGL = """
import os
import numpy as np
import parallel_pool
import pygame
before = parallel_pool.make_vec("InvertedPendulum-v5", num_envs=2, render_mode="rgb_array")
before.reset(seed=0)
frame = before.render(0)
# SDL's offscreen driver (pygame's display without X) takes the same EGL display and
# terminates it when the display closes, as gymnasium's HumanRendering.close() does.
pygame.display.init()
pygame.display.set_mode((64, 64))
pygame.display.quit()
after = parallel_pool.make_vec("InvertedPendulum-v5", num_envs=2, render_mode="rgb_array")
after.reset(seed=0)
assert np.array_equal(after.render(0), frame)  # a new worker context: initialized again
assert np.array_equal(before.render(0), frame)  # a context made before goes on drawing
print(pygame.display.get_driver() if pygame.display.get_init() else "offscreen")
"""


def test_rendering_survives_another_library_terminating_the_egl_display() -> None:
    """gymnasium's vector HumanRendering on a MuJoCo pool, then a new pool: pygame's SDL
    (offscreen driver) had called eglTerminate on the display EGL gives once per process."""
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env["SDL_VIDEODRIVER"] = "offscreen"
    run = subprocess.run(
        [sys.executable, "-c", SDL_TERMINATES_EGL], env=env, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr[-3000:]


# ------------------------------------------------------------------- errors


def test_bad_render_options() -> None:
    env = parallel_pool.make_vec("Ant-v5", num_envs=3, render_mode="rgb_array")
    env.reset()
    with pytest.raises(ValueError, match=r"render_camera_id: expected -1 .* one of the model's"):
        env.render(camera_id=50)
    env.close()
    with pytest.raises(ValueError, match="render_width: expected 0"):
        parallel_pool.make_vec("Ant-v5", render_mode="rgb_array", render_width=-3)


def test_a_pool_without_render_mode_does_not_render() -> None:
    env = parallel_pool.make_vec("Ant-v5", num_envs=1)
    env.reset()
    assert env.render_mode is None and env.metadata["render_modes"] == ["rgb_array"]
    with pytest.raises(RuntimeError, match="render_mode"):
        env.render()
