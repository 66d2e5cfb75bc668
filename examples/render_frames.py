"""render(): frames drawn by the envs on the worker threads (docs/rendering.md)."""

import numpy as np

import parallel_pool

# CartPole, drawn as gymnasium draws it. Behind gymnasium's vector entry (make_vec),
# render() is gymnasium's VectorEnv.render(): a tuple of num_envs frames; render(env_ids)
# is EnvPool's batched array of the envs asked (what EnvPool's entries' render() gives).
env = parallel_pool.make_vec("CartPole-v1", num_envs=4, seed=0, render_mode="rgb_array")
env.reset()
env.step(np.ones(4, dtype=np.int32))
frames = env.render()
print("render():", len(frames), "frames of", frames[0].shape, "render([0, 2]):", env.render([0, 2]).shape)

# MuJoCo through EGL, headless: gymnasium's 480 x 480 frames (a fixed camera, a smaller size).
env = parallel_pool.make_gymnasium(
    "Hopper-v5", num_envs=2, render_mode="rgb_array", render_width=240, render_height=240
)
env.reset()
frames = env.render([0, 1], camera_id=0)
print("Hopper frames", frames.shape, frames.dtype, "mean", round(float(frames.mean()), 1))

# dm_control pixel observations: the frames are the observation.
env = parallel_pool.make_dm("CartpoleSwingup-v1", num_envs=2, from_pixels=True, frame_stack=2)
print("pixels:", env.reset().observation.pixels.shape)
