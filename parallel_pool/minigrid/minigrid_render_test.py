"""minigrid's pictures, pixel for pixel: every tile a frame can hold (through the test hooks) against
minigrid's Grid.render_tile, render() against its env's render(), and the rgb_image
observations against RGBImgObsWrapper / RGBImgPartialObsWrapper, on every id.

minigrid draws its agent and lava with NumPy dot products, which some OpenBLAS kernels
fuse: the BUILD runs the tile test again under each OpenBLAS core type
(OPENBLAS_CORETYPE, each of testing/openblas.py's OPENBLAS_CORETYPES).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium
import minigrid  # noqa: F401  (registers minigrid's ids with gymnasium)
import numpy as np
import pytest
from minigrid.core.constants import COLOR_NAMES
from minigrid.core.grid import Grid
from minigrid.core.world_object import Ball, Box, Door, Floor, Goal, Key, Lava, Wall
from minigrid.wrappers import RGBImgObsWrapper, RGBImgPartialObsWrapper

import parallel_pool
from parallel_pool.minigrid import minigrid_test_hooks
from parallel_pool.python.testing.render import assert_batched_render, assert_resized_as_cv2

# Every id but BabyAI-SynthS5R2-v0, whose reference resets loop forever in some episodes
# this test's runs reach (minigrid's place_agent, docs/minigrid.md); its pictures are drawn
# from the same tiles as the other level generator ids'.
IDS = sorted(
    t for t in parallel_pool.list_all_envs() if t.startswith(("MiniGrid-", "BabyAI-")) and t != "BabyAI-SynthS5R2-v0"
)
# Every size up to 12 pixels (the wrappers' 8 among them), 16, and render()'s 32.
TILE_SIZES = [*range(1, 13), 16, 32]


# --------------------------------------------- frames against the reference


def every_object() -> list:
    objects: list = [None, Lava()]
    for c in COLOR_NAMES:
        objects += [Wall(c), Floor(c), Goal(c), Key(c), Ball(c), Box(c)]
        objects += [Door(c, is_open=True), Door(c), Door(c, is_locked=True)]
    return objects


def agent_dirs(obj: Any) -> tuple[int | None, ...]:
    """The agents a tile of `obj` is drawn with in some frame: none; the agent facing
    each way where it can stand (an empty cell, or an object it can overlap: floor,
    goal, lava, an open door); and, for what it can carry (key, ball, box), the agent
    facing up, as the partial view draws what it carries in its own cell. minigrid
    never moves the agent onto a wall or a closed door, so no frame has such a tile."""
    if obj is None or obj.can_overlap():
        return (None, 0, 1, 2, 3)
    return (None, 3) if obj.can_pickup() else (None,)


def assert_tiles_equal(objects: list, tile_size: int) -> None:
    """Each object's tile, under no agent and under the agents `agent_dirs` gives it,
    plain and highlighted, against minigrid's Grid.render_tile."""
    for obj in objects:
        code = obj.encode() if obj is not None else (1, 0, 0)
        for agent_dir in agent_dirs(obj):
            for highlight in (False, True):
                Grid.tile_cache = {}
                want = Grid.render_tile(obj, agent_dir=agent_dir, highlight=highlight, tile_size=tile_size)
                got = minigrid_test_hooks.tile(*code, -1 if agent_dir is None else agent_dir, highlight, tile_size)
                np.testing.assert_array_equal(got, want.astype(np.uint8), f"{obj} dir {agent_dir} {highlight}")


@pytest.mark.parametrize("tile_size", TILE_SIZES)
def test_every_tile_equals_minigrids(tile_size: int) -> None:
    assert_tiles_equal(every_object(), tile_size)


# The tiles whose drawing takes float64 dot products (the agent's triangle,
# point_in_triangle; lava's waves, point_in_line): the part that rounds as the
# OpenBLAS kernel does. The BUILD runs this under each OPENBLAS_CORETYPE; the
# test above draws every tile a frame can hold under the machine's own kernel.
@pytest.mark.parametrize("tile_size", TILE_SIZES)
def test_dot_product_tiles_equal_minigrids(tile_size: int) -> None:
    assert_tiles_equal([None, Lava()], tile_size)


# picture(pool, pool_obs, i, ref, ref_obs, where): compares env i's picture.
Picture = Callable[[Any, Any, int, gymnasium.Env, Any, str], None]


def lockstep(
    task_id: str, seed: int, steps: int, config: dict, wrap: Callable[[gymnasium.Env], gymnasium.Env], picture: Picture
) -> None:
    """Steps a pool of 2 envs and minigrid's (each wrapped by `wrap`), on random actions;
    `picture` compares env i's picture after every reset and step."""
    env = parallel_pool.make_vec(task_id, num_envs=2, seed=seed, max_episode_steps=12, **config)
    refs = [wrap(gymnasium.make(task_id, max_steps=12, **({"render_mode": "rgb_array"}))) for _ in range(2)]
    obs, _ = env.reset()
    for i, ref in enumerate(refs):
        picture(env, obs, i, ref, ref.reset(seed=seed + i)[0], f"{task_id} env {i} reset")
    rng = np.random.default_rng(seed)
    done = np.zeros(2, dtype=bool)
    for t in range(steps):
        actions = rng.integers(0, env.single_action_space.n, 2)
        obs, _, term, trunc, _ = env.step(actions)
        for i, ref in enumerate(refs):
            ref_obs = ref.reset()[0] if done[i] else ref.step(int(actions[i]))[0]
            picture(env, obs, i, ref, ref_obs, f"{task_id} env {i} step {t}")
        done = term | trunc
    env.close()


@pytest.mark.parametrize("task_id", IDS)
def test_render_equals_minigrids(task_id: str) -> None:
    frames: dict = {}

    def picture(env: Any, obs: Any, i: int, ref: gymnasium.Env, ref_obs: Any, where: str) -> None:
        if i == 0:
            frames["pool"] = env.render()
        np.testing.assert_array_equal(frames["pool"][i], ref.render(), where)

    lockstep(task_id, 7, 16, {"render_mode": "rgb_array"}, lambda e: e, picture)


@pytest.mark.parametrize("task_id", IDS)
@pytest.mark.parametrize(("key", "wrapper"), [("full", RGBImgObsWrapper), ("partial", RGBImgPartialObsWrapper)])
def test_rgb_image_equals_minigrids_wrapper(task_id: str, key: str, wrapper: type) -> None:
    env = parallel_pool.make_vec(task_id, num_envs=1, rgb_image=key)
    assert env.single_observation_space["image"] == wrapper(gymnasium.make(task_id)).observation_space["image"]

    def picture(env: Any, obs: Any, i: int, ref: gymnasium.Env, ref_obs: Any, where: str) -> None:
        np.testing.assert_array_equal(obs["image"][i], ref_obs["image"], where)

    lockstep(task_id, 3, 16, {"rgb_image": key}, wrapper, picture)


# -------------------------------------------------------- sizes and cameras


def test_rgb_tile_size_is_the_wrappers_tile_size() -> None:
    task_id = "MiniGrid-DoorKey-5x5-v0"
    for key, wrapper in (("full", RGBImgObsWrapper), ("partial", RGBImgPartialObsWrapper)):
        env = parallel_pool.make_vec(task_id, num_envs=1, seed=1, rgb_image=key, rgb_tile_size=5)
        ref = wrapper(gymnasium.make(task_id), tile_size=5)
        np.testing.assert_array_equal(env.reset()[0]["image"][0], ref.reset(seed=1)[0]["image"])


def test_other_sizes_are_minigrids_frame_resized_as_cv2() -> None:
    """render()'s 32-pixel tiles (160 x 160 on a 5 x 5 grid) resized as cv2.resize(INTER_AREA) does."""
    assert_resized_as_cv2("MiniGrid-DoorKey-5x5-v0", seed=1, render_width=84, render_height=64)
    assert_resized_as_cv2("MiniGrid-DoorKey-5x5-v0", seed=1, render_height=200)


# ----------------------------------------------------- batching and options


def test_render_batches_the_env_ids() -> None:
    env = parallel_pool.make_vec("MiniGrid-DoorKey-5x5-v0", num_envs=3, seed=2, render_mode="rgb_array")
    env.reset()
    assert_batched_render(env, (160, 160, 3))
    env.close()


# ------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"rgb_image": "rgb"}, ValueError, "^rgb_image: expected 'none', 'full'"),
        ({"rgb_image": "full", "fully_observable": True}, ValueError, "^rgb_image, fully_observable"),
        ({"rgb_tile_size": 0}, ValueError, r"^rgb_tile_size: expected an int in \[1, 256\]"),
        ({"render_mode": "rgb_array", "render_width": -100}, ValueError, "render_width"),
    ],
)
def test_bad_picture_config_is_a_clear_error(kwargs: dict, error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        parallel_pool.make_vec("MiniGrid-DoorKey-5x5-v0", num_envs=1, **kwargs)


def test_render_before_the_first_reset_is_a_runtime_error() -> None:
    env = parallel_pool.make_vec("MiniGrid-DoorKey-5x5-v0", num_envs=1, render_mode="rgb_array")
    with pytest.raises(RuntimeError, match="before the first reset"):
        env.render()
