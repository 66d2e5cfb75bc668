"""What the families' render tests share.

Every `*_render_test.py` is laid out alike: the module docstring (what is drawn,
against which reference, how), the imports and the renderer's environment
(SDL_VIDEODRIVER, MUJOCO_GL), the constants (ids, tolerances), then these
sections, each under a `# ---- <name>` line where the family has it, in this
order:
  1. frames against the reference: every id (or every drawing primitive), after
     the reset and each step, against the reference's own render;
  2. sizes and cameras: other `render_width` / `render_height` (a family that
     draws one size hands that frame resized as cv2.resize(INTER_AREA) does:
     `assert_resized_as_cv2`; MuJoCo's draw at any size) and cameras;
  3. batching and options: render(env_id) batched every way
     (`assert_batched_render`), pixel observations, the renderer's threads;
  4. errors: the clear error of each bad option or call.
"""

from __future__ import annotations

from typing import Any

import numpy as np

import parallel_pool


def assert_frames_match(
    ours: np.ndarray,
    ref: np.ndarray,
    where: str,
    max_mean_abs_diff: float = 0.0,
    max_differing_fraction: float = 0.0,
) -> None:
    """`ours` against the reference's frame: the same shape, uint8 both, and at most
    `max_mean_abs_diff` mean absolute difference per byte and `max_differing_fraction`
    of the pixels differing at all (zero both by default: every byte equal). The
    tolerances are named, so that a GL stack that rasterises differently shows up as
    a measured difference rather than as a crash of the comparison."""
    assert ours.shape == ref.shape and ours.dtype == ref.dtype == np.uint8, where
    diff = np.abs(ours.astype(np.int16) - ref.astype(np.int16))
    mean = float(diff.mean())
    differing = float((diff.max(axis=2) > 0).mean())
    assert mean <= max_mean_abs_diff and differing <= max_differing_fraction, (
        f"{where}: mean abs diff {mean:.4f}, {differing:.2%} of pixels differ"
    )


def assert_batched_render(
    env: Any, frame_shape: tuple[int, ...], *, vector: bool = True, render_env_id: int = 0
) -> np.ndarray:
    """render() of a reset pool of three or more envs, batched every way, its frames
    checked against each other: render(i) and render([i]) give env i's frame,
    (1, *frame_shape) uint8; render(all_env_ids) every env's, in order; an int64 id
    array in another order, those frames in that order; render() with no ids,
    gymnasium's tuple of one frame per env (`vector`: make_vec's pools) or EnvPool's
    render_env_id's frame, batched. Returns render(all_env_ids)."""
    num_envs = len(env.all_env_ids)
    one = env.render(render_env_id)
    assert one.shape == (1, *frame_shape) and one.dtype == np.uint8, one.shape
    np.testing.assert_array_equal(env.render([render_env_id]), one)
    frames = env.render(env.all_env_ids)
    assert frames.shape == (num_envs, *frame_shape) and frames.dtype == np.uint8, frames.shape
    np.testing.assert_array_equal(frames[render_env_id], one[0])
    np.testing.assert_array_equal(env.render(np.array([2, 0], dtype=np.int64)), frames[[2, 0]])
    every = env.render()
    if vector:
        assert isinstance(every, tuple) and len(every) == num_envs, type(every)
        assert all(f.shape == frame_shape and f.dtype == np.uint8 for f in every)
        np.testing.assert_array_equal(np.stack(every), frames)
    else:
        np.testing.assert_array_equal(every, one)
    return frames


def assert_resized_as_cv2(task_id: str, num_envs: int = 2, seed: int = 0, **size: int) -> None:
    """A pool made with `size` (render_width and / or render_height) hands the frames of
    a pool of the family's own size, resized as cv2.resize(INTER_AREA) does (EnvPool
    hands frames of any size), every env after a reset with `seed`."""
    import cv2

    native = parallel_pool.make_vec(task_id, num_envs=num_envs, render_mode="rgb_array")
    resized = parallel_pool.make_vec(task_id, num_envs=num_envs, render_mode="rgb_array", **size)
    native.reset(seed=seed)
    resized.reset(seed=seed)
    frames, natives = resized.render(resized.all_env_ids), native.render(native.all_env_ids)
    width = size.get("render_width", natives.shape[2])
    height = size.get("render_height", natives.shape[1])
    assert frames.shape == (num_envs, height, width, natives.shape[3]), (frames.shape, size)
    assert frames.shape != natives.shape, "the same size: nothing resized"
    for i, (got, frame) in enumerate(zip(frames, natives, strict=True)):
        np.testing.assert_array_equal(got, cv2.resize(frame, (width, height), interpolation=cv2.INTER_AREA), f"env {i}")
    native.close()
    resized.close()
