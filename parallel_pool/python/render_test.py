"""render(): EnvPool's options and errors, on every API flavour (docs/rendering.md).

What each family draws is tested against its reference in the family's own
*_render_test.py; here, the pool's side: which envs render, with which
options, and the clear error for everything else.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest

import parallel_pool
from parallel_pool.python.testing.render import assert_batched_render

# ----------------------------------------------------- batching and options


@pytest.mark.parametrize(
    "make", [parallel_pool.make_vec, parallel_pool.make_gymnasium, parallel_pool.make_gym, parallel_pool.make_dm]
)
def test_render_on_every_flavour(make: object) -> None:
    env = make("CartPole-v1", num_envs=3, render_mode="rgb_array", render_env_id=1)  # type: ignore[operator]
    assert env.render_mode == "rgb_array"
    env.reset()
    # render() without ids: gymnasium's VectorEnv.render() tuple of num_envs frames
    # (make_vec), EnvPool's render_env_id's frame, batched (the others).
    assert_batched_render(env, (400, 600, 3), vector=make is parallel_pool.make_vec, render_env_id=1)
    env.close()


def test_metadata_says_which_pools_render() -> None:
    assert parallel_pool.make_vec("CartPole-v1").metadata["render_modes"] == ["rgb_array"]
    assert parallel_pool.make_vec("FrozenLake-v1").metadata["render_modes"] == []
    assert parallel_pool.make_vec("CartPole-v1").render_mode is None


@pytest.mark.parametrize(
    "task_id", ["CartPole-v1", "Pendulum-v1", "MountainCar-v0", "Acrobot-v1", "FrozenLake-v1", "CliffWalking-v1"]
)
def test_metadata_has_the_references_render_fps(task_id: str) -> None:
    # gymnasium's video recorders and HumanRendering read it (and refuse a vector env without it).
    reference = gymnasium.make(task_id).metadata["render_fps"]
    assert parallel_pool.make_vec(task_id).metadata["render_fps"] == reference
    assert parallel_pool.make_gym(task_id).metadata["render_fps"] == reference
    assert parallel_pool.make_spec(task_id).render_fps == reference


def test_human_rendering_shows_a_rendering_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    """gymnasium's vector HumanRendering: it checks render_mode and render_fps, then tiles
    the num_envs frames of render() into its window (SDL's dummy driver: no display)."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from gymnasium.wrappers.vector import HumanRendering

    env = parallel_pool.make_vec("CartPole-v1", num_envs=2, render_mode="rgb_array")
    wrapped = HumanRendering(env)
    assert wrapped.metadata["render_fps"] == 50 and "human" in wrapped.metadata["render_modes"]
    wrapped.metadata["render_fps"] = 10_000  # the window's clock: do not sleep between frames
    wrapped.reset(seed=0)
    for _ in range(3):
        wrapped.step(np.ones(2, dtype=np.int64))
    assert wrapped.window is not None
    wrapped.close()


def test_record_video_writes_a_video_of_a_pool(tmp_path: Any) -> None:
    """gymnasium's vector RecordVideo: every step's num_envs frames, tiled into one video
    file (moviepy); its length is the steps recorded, its frame the envs' grid."""
    import imageio_ffmpeg
    from gymnasium.wrappers.vector import RecordVideo

    env = parallel_pool.make_vec("CartPole-v1", num_envs=4, seed=0, render_mode="rgb_array")
    recorder = RecordVideo(env, str(tmp_path), episode_trigger=lambda episode: episode == 0, video_length=12)
    recorder.reset(seed=0)
    first = np.zeros((2 * 400, 2 * 600, 3), dtype=np.uint8)  # the reset's frames, a 2 x 2 grid
    for i, frame in enumerate(env.render()):
        first[(i // 2) * 400 : (i // 2 + 1) * 400, (i % 2) * 600 : (i % 2 + 1) * 600] = frame
    for _ in range(11):
        recorder.step(np.ones(4, dtype=np.int64))
    assert len(recorder.recorded_frames) == 12  # the reset and 11 steps
    recorder.close()
    videos = sorted(tmp_path.glob("*.mp4"))
    assert [v.name for v in videos] == ["rl-video-episode-0.mp4"]
    reader = imageio_ffmpeg.read_frames(str(videos[0]))
    meta = next(reader)
    assert meta["size"] == (1200, 800) and meta["fps"] == 50  # CartPole's render_fps
    frames = np.stack([np.frombuffer(f, np.uint8).reshape(800, 1200, 3) for f in reader])
    # moviepy 2.2.1 writes a duration of (n - 1) / fps, so the decoder yields 11 or 12.
    assert len(frames) in (11, 12)
    # Lossy (H.264): the first frame is close to the grid it was made from, not equal.
    # (measured: 0.07 mean difference; the grid ten steps later is 1.5 away, a white frame 2.7)
    assert np.abs(frames[0].astype(int) - first).mean() < 0.5


def test_make_spec_takes_envpools_render_options() -> None:
    spec = parallel_pool.make_spec("CartPole-v1", render_mode="rgb_array", render_width=600, num_envs=2)
    assert spec.config.num_envs == 2


def test_async_pool_renders_envs_not_running() -> None:
    env = parallel_pool.make_vec("CartPole-v1", num_envs=4, batch_size=2, render_mode="rgb_array")
    env.async_reset()
    _, _, _, _, info = env.recv()
    done = info["env_id"]
    running = sorted(set(range(4)) - set(done.tolist()))
    assert env.render(done).shape == (2, 400, 600, 3)
    with pytest.raises(ValueError, match=f"env_id: env {running[0]} is still running"):
        env.render(running)
    env.recv()
    assert env.render(env.all_env_ids).shape == (4, 400, 600, 3)


# ------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("task_id", "kwargs", "error", "match"),
    [
        ("FrozenLake-v1", {"render_mode": "rgb_array"}, ValueError, "render_mode: FrozenLake-v1 does not render"),
        ("CartPole-v1", {"render_mode": "human"}, ValueError, "render_mode: expected None or 'rgb_array'"),
        ("CartPole-v1", {"render_mode": "rgb_array", "render_env_id": 3}, ValueError, "render_env_id"),
        ("CartPole-v1", {"render_mode": "rgb_array", "render_env_id": 1.5}, TypeError, "render_env_id"),
        ("CartPole-v1", {"render_mode": "rgb_array", "render_width": "600"}, TypeError, "render_width"),
        # Beyond C++'s int: pybind11's own conversion error would name no key.
        ("CheetahRun-v1", {"render_mode": "rgb_array", "render_height": 2**31}, ValueError, "render_height"),
        ("CartPole-v1", {"render_mode": "rgb_array", "render_camera_id": -(2**63)}, ValueError, "render_camera_id"),
        ("FrozenLake-v1", {"render_width": 64}, ValueError, "does not render"),
        ("CartPole-v1", {"from_pixels": True}, ValueError, "from_pixels: CartPole-v1 has no pixel observations"),
        ("CheetahRun-v1", {"from_pixels": "yes"}, TypeError, "from_pixels: expected a bool"),
    ],
)
def test_bad_options(task_id: str, kwargs: dict, error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        parallel_pool.make_vec(task_id, num_envs=3, **kwargs)


def test_bad_calls() -> None:
    env = parallel_pool.make_vec("CartPole-v1", num_envs=3, render_mode="rgb_array")
    for ids, error, match in [
        ([3], ValueError, r"env_id: 3 is outside \[0, 3\)"),
        ([0, 0], ValueError, "env_id: 0 given twice"),
        (np.array([], dtype=np.int32), ValueError, "env_id: no env given"),
        ([0.5], TypeError, "env_id: expected integers"),
    ]:
        with pytest.raises(error, match=match):
            env.render(ids)
    with pytest.raises(TypeError, match="camera_id: expected an int"):
        env.render(camera_id=0.0)
    with pytest.raises(ValueError, match="camera_id: 1099511627776 is outside int32"):
        env.render(camera_id=2**40)
    with pytest.raises(ValueError, match="render_camera_id: CartPole has one view"):
        env.render(camera_id=2)
    assert env.render(0).shape == (1, 400, 600, 3)  # nothing broke
    env.close()
    with pytest.raises(RuntimeError, match="pool closed"):
        env.render()
    with pytest.raises(RuntimeError, match="made without render_mode"):
        parallel_pool.make_vec("CartPole-v1").render()
