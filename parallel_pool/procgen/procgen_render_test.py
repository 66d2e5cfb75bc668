"""Each procgen game's 512x512 human view frame for frame with procgen-mirror 0.10.7.

A pool made with render_mode="rgb_array" and render_width = render_height = 512 renders
procgen's human view: the scene drawn at 512x512 with Qt's antialiasing and smooth pixmap
transforms, as procgen's ProcgenGym3Env(render_mode="rgb_array") gives it in info["rgb"].
On the same random actions, every env's view after reset and after each step has the
digest the reference's has, in every game in easy and hard mode, and with
use_generated_assets. Without a size, render()
is EnvPool's: the 64x64 observation frame. The reference runs in its own venv
(testing/reference.py), every case in one subprocess.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import parallel_pool
from parallel_pool.procgen import ProcgenEnv, registration
from parallel_pool.procgen.testing import reference

NUM_ENVS = 2
STEPS = 100
# Fire (action 9) this often in the games whose sprites it brings on (bullets, explosions).
FIRE_RATE = {"bossfight": 0.6, "caveflyer": 0.2, "starpilot": 0.3}
CASES = [(game, mode, seed) for game in registration.GAMES for mode, seed in (("easy", 0), ("hard", 5))]
STAND_IN = ("starpilot", {"distribution_mode": "hard"}, 3)
# use_generated_assets, every game (its modes in turn): ARGB32 sprites, drawn by Qt's
# generic bilinear fetch.
GENERATED_CASES = [(game, ("hard", "easy")[i % 2], 21 + i) for i, game in enumerate(registration.GAMES)]
GENERATED_STEPS = 30


def actions_for(game: str, seed: int, steps: int = STEPS) -> np.ndarray:
    rng = np.random.default_rng(seed)
    actions = rng.integers(0, 15, size=(steps, NUM_ENVS)).astype(np.int32)
    actions[rng.random(actions.shape) < FIRE_RATE.get(game, 0.0)] = 9
    return actions


@pytest.fixture(scope="module")
def references() -> dict[object, dict[str, np.ndarray]]:
    keys: list[object] = list(CASES)
    jobs = [
        reference.Job(game, seed, actions_for(game, seed), {"distribution_mode": mode}, digests=True, views=True)
        for game, mode, seed in CASES
    ]
    for game, mode, seed in GENERATED_CASES:
        keys.append(("generated", game))
        options = {"distribution_mode": mode, "use_generated_assets": True}
        actions = actions_for(game, seed, GENERATED_STEPS)
        jobs.append(reference.Job(game, seed, actions, options, digests=True, views=True))
    game, options, seed = STAND_IN
    keys.append("stand-in")
    jobs.append(reference.Job(game, seed, actions_for(game, seed), options, digests=True, views=True))
    return dict(zip(keys, reference.rollouts(jobs), strict=True))


def assert_views_equal(
    game: str, mode: str, seed: int, actions: np.ndarray, ref: dict[str, np.ndarray], **options: object
) -> None:
    env = parallel_pool.make_gymnasium(
        registration.task_id(game, mode),
        num_envs=NUM_ENVS,
        seed=seed,
        autoreset_mode="same_step",
        channel_first=False,  # procgen's own layout
        render_mode="rgb_array",
        render_width=512,
        render_height=512,
        **options,
    )
    obs, _ = env.reset()
    ids = np.arange(NUM_ENVS)
    views = [reference.frame_digests(env.render(ids))]
    frames = [reference.frame_digests(obs)]
    for action in actions:
        obs = env.step(action)[0]
        frames.append(reference.frame_digests(obs))
        views.append(reference.frame_digests(env.render(ids)))
    env.close()
    differing = np.argwhere(np.array(views) != ref["view_digest"])
    assert differing.size == 0, (
        f"{len(differing)} of {len(views) * NUM_ENVS} views differ, first at (t, env) {differing[:5].tolist()}"
    )
    # Drawing the view leaves the game as it was: the observations are procgen's too.
    np.testing.assert_array_equal(np.array(frames), ref["rgb_digest"])


@pytest.mark.parametrize(("game", "mode", "seed"), CASES, ids=[f"{g}-{m}-{s}" for g, m, s in CASES])
def test_view_frame_for_frame(game: str, mode: str, seed: int, references: dict) -> None:
    assert_views_equal(game, mode, seed, actions_for(game, seed), references[(game, mode, seed)])


@pytest.mark.parametrize(("game", "mode", "seed"), GENERATED_CASES, ids=[c[0] for c in GENERATED_CASES])
def test_generated_assets_view(game: str, mode: str, seed: int, references: dict) -> None:
    actions = actions_for(game, seed, GENERATED_STEPS)
    assert_views_equal(game, mode, seed, actions, references[("generated", game)], use_generated_assets=True)


def test_procgen_env_stand_in_renders_the_view(references: dict) -> None:
    """ProcgenEnv(..., render_mode="rgb_array").render() is env 0's 512x512 view, as
    procgen's ProcgenEnv's is; without render_mode it is env 0's 64x64 frame."""
    game, options, seed = STAND_IN
    ref = references["stand-in"]
    env = ProcgenEnv(num_envs=NUM_ENVS, env_name=game, rand_seed=seed, render_mode="rgb_array", **options)
    frames = [env.render()]
    for action in actions_for(game, seed):
        env.step(action)
        frames.append(env.render())
    env.close()
    assert frames[0].shape == (512, 512, 3)
    np.testing.assert_array_equal(reference.frame_digests(np.array(frames)), ref["view_digest"][:, 0])
    plain = ProcgenEnv(num_envs=NUM_ENVS, env_name=game, rand_seed=seed, **options)
    assert plain.render().shape == (64, 64, 3)
    plain.close()


def test_render_is_envpool_frame_by_default() -> None:
    """EnvPool's render(): the observation as a 64x64 RGB frame, whatever channel_first."""
    env = parallel_pool.make_gymnasium("CoinrunEasy-v0", num_envs=2, seed=0, render_mode="rgb_array")
    with pytest.raises(RuntimeError, match=r"env 0: .*before its first reset"):
        env.render()
    obs, _ = env.reset()
    np.testing.assert_array_equal(env.render(np.arange(2)), obs.transpose(0, 2, 3, 1))
    obs = env.step(np.array([1, 2], np.int32))[0]
    np.testing.assert_array_equal(env.render(), obs[:1].transpose(0, 2, 3, 1))
    env.close()


def test_render_sizes_and_errors() -> None:
    view = parallel_pool.make_gymnasium(
        "CoinrunEasy-v0", num_envs=2, seed=0, render_mode="rgb_array", render_width=512, render_height=512
    )
    view.reset()
    assert view.render().shape == (1, 512, 512, 3)
    assert view.render(np.arange(2)).shape == (2, 512, 512, 3)
    view_frame = view.render()[0]
    view.close()
    small = parallel_pool.make_gymnasium(
        "CoinrunEasy-v0", num_envs=2, seed=0, render_mode="rgb_array", render_width=128, render_height=96
    )
    small.reset()
    # Another size: the view resized as cv2 resizes it (INTER_AREA), as for every family.
    np.testing.assert_array_equal(
        small.render(), cv2.resize(view_frame, (128, 96), interpolation=cv2.INTER_AREA)[np.newaxis]
    )
    small.close()
    with pytest.raises(ValueError, match="render_camera_id"):
        parallel_pool.make_gymnasium("CoinrunEasy-v0", num_envs=1, render_mode="rgb_array", render_camera_id=1)
    with pytest.raises(ValueError, match="render_mode"):
        ProcgenEnv(num_envs=1, env_name="coinrun", render_mode="human")
