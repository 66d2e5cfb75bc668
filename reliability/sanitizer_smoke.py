"""One task of each family driven through the API: the family sanitizer smoke (`make sanitize`).

    python -m reliability.sanitizer_smoke CartPole-v1

Sync and async pools, steps with random actions across episode ends (all three
autoreset modes), resets of subsets, reset(seed=...), and close(): the C++ paths
a family's env runs; for MuJoCo and dm_control, frames drawn on the workers too.
Under `--config=asan` / `--config=tsan` the family's module is
built instrumented and sanitizer_smoke_test.py runs this with the sanitizer's
runtime preloaded into the interpreter.
"""

from __future__ import annotations

import os
import sys

import numpy as np

import parallel_pool
from reliability import sanitizer_runtime

STEPS = 60
# The families that draw through OpenGL: a pool drawing on its worker threads
# too (Mesa's llvmpipe is not instrumented, but its threads' locks and the
# pool's are seen; gl_context.h).
PIXELS = {"Hopper-v5": {"render_mode": "rgb_array"}, "CheetahRun-v1": {"from_pixels": True}}


def run(task: str) -> None:
    for autoreset_mode in ("next_step", "same_step", "disabled"):  # async: the first two
        for num_envs, batch_size in ((4, 4), (4, 2)):
            env = parallel_pool.make_vec(
                task,
                num_envs=num_envs,
                batch_size=batch_size,
                num_threads=2,
                seed=1,
                max_episode_steps=15,
                autoreset_mode=autoreset_mode,
            )
            env.action_space.seed(0)
            if batch_size == num_envs:
                env.reset(seed=3)
                for t in range(STEPS):
                    _, _, terminated, truncated, _ = env.step(env.action_space.sample())
                    ended = np.flatnonzero(terminated | truncated)
                    if autoreset_mode == "disabled" and ended.size:
                        env.reset(ended.astype(np.int32))
                    elif t % 20 == 19:
                        env.reset(np.array([0, 2], dtype=np.int32))
            elif autoreset_mode != "disabled":  # async: the envs that finish first come back
                env.async_reset()
                info = None
                for t in range(STEPS):
                    if info is None:
                        _, _, _, _, info = env.recv()
                    ids = info["env_id"]
                    if t % 20 == 19:
                        _, info = env.reset(ids)  # queues their resets, receives the next batch
                        continue
                    env.send(np.stack([env.single_action_space.sample() for _ in ids]), ids)
                    info = None
            env.close()
    if task in PIXELS:
        draw(task)


def draw(task: str) -> None:
    """Frames drawn by two workers at once, in steps across resets."""
    env = parallel_pool.make_vec(task, num_envs=4, num_threads=2, seed=1, max_episode_steps=15, **PIXELS[task])
    env.action_space.seed(0)
    env.reset(seed=3)
    for _ in range(STEPS):
        env.step(env.action_space.sample())
        if env.render_mode is not None:
            env.render(np.arange(4))
    env.close()


if __name__ == "__main__":
    # The runtime is loaded now. The programs this process starts (ViZDoom's engines)
    # are third-party and not under test: without this they would inherit it (and ASan
    # reports the engine's own alloc-dealloc mismatch, a strdup freed with delete[]).
    os.environ.pop("LD_PRELOAD", None)
    run(sys.argv[1])
    print(f"{sys.argv[1]}: ok under {sanitizer_runtime.loaded()}")
