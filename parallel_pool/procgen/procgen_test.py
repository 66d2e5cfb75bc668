"""The procgen family's ids, spaces, config errors, flavours and episode bookkeeping."""

from __future__ import annotations

import numpy as np
import pytest

import parallel_pool
from parallel_pool.procgen import ProcgenEnv, registration


def test_ids_registered() -> None:
    """Each implemented game under EnvPool's ids (its modes in procgen 0.10.7) and procgen's gym name."""
    ids = {t for t in parallel_pool.list_all_envs() if t.split("-")[0].lower().startswith(tuple(registration.GAMES))}
    ids |= {t for t in parallel_pool.list_all_envs() if t.startswith("procgen-")}
    expected = set()
    for game, (_, extra) in registration.GAMES.items():
        expected |= {registration.task_id(game, mode) for mode in ("easy", "hard", *extra)}
        expected.add(f"procgen-{game}-v0")
    assert ids == expected
    assert registration.task_id("bigfish", "easy") == "BigfishEasy-v0"


def test_spaces_are_envpools() -> None:
    """EnvPool's layout: the frame channel first, prev_level_complete an int32."""
    env = parallel_pool.make_gymnasium("BigfishHard-v0", num_envs=2)
    assert env.observation_space.shape == (3, 64, 64) and env.observation_space.dtype == np.uint8
    assert env.action_space.n == 15
    assert env.spec.config.max_episode_steps == 6000
    assert env.spec.config.env_name == "bigfish" and env.spec.config.distribution_mode == 1
    obs, info = env.reset()
    assert obs.shape == (2, 3, 64, 64) and obs.dtype == np.uint8
    assert info["prev_level_complete"].dtype == np.int32 and info["level_seed"].dtype == np.int32


def test_channel_last_is_the_same_frame() -> None:
    first = parallel_pool.make_gymnasium("MazeHard-v0", num_envs=2, seed=3)
    last = parallel_pool.make_gymnasium("MazeHard-v0", num_envs=2, seed=3, channel_first=False)
    assert last.observation_space.shape == (64, 64, 3)
    np.testing.assert_array_equal(first.reset()[0].transpose(0, 2, 3, 1), last.reset()[0])
    action = np.array([1, 7], np.int32)
    np.testing.assert_array_equal(first.step(action)[0].transpose(0, 2, 3, 1), last.step(action)[0])


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"env_name": "pong"}, "^env_name: unknown procgen game 'pong'"),
        ({"distribution_mode": 3}, r"^distribution_mode: expected 0 \(easy\), 1 \(hard\)"),
        ({"distribution_mode": 2}, r"^distribution_mode: extreme \(2\) is a mode of chaser"),
        ({"distribution_mode": 10}, r"^distribution_mode: memory \(10\) is a mode of caveflyer"),
        ({"num_levels": -1}, r"^num_levels: expected an int >= 0"),
        ({"start_level": -1}, r"^start_level: expected an int >= 0"),
        ({"start_level": 2**31 - 2, "num_levels": 5}, r"^start_level \+ num_levels: must fit"),
    ],
)
def test_config_errors(config: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parallel_pool.make_gymnasium("BigfishHard-v0", num_envs=1, **config)


def test_bad_actions() -> None:
    env = parallel_pool.make_gymnasium("BigfishHard-v0", num_envs=2)
    env.reset()
    with pytest.raises(ValueError, match="action"):
        env.step(np.array([0, 15], np.int32))


@pytest.mark.parametrize("flavour", ["gym", "gymnasium", "dm"])
def test_flavours_step(flavour: str) -> None:
    env = parallel_pool.make("BigfishEasy-v0", env_type=flavour, num_envs=2, seed=3)
    env.reset()
    for _ in range(5):
        env.step(np.array([1, 7], np.int32))
    env.close()


def test_levels_follow_num_levels() -> None:
    """num_levels = 3 from start_level = 10: every level seed is one of 10, 11, 12."""
    env = parallel_pool.make_gymnasium("BigfishHard-v0", num_envs=4, num_levels=3, start_level=10, seed=1)
    _, info = env.reset()
    seeds = set(info["level_seed"].tolist())
    for _ in range(3):
        _, info = env.reset()
        seeds |= set(info["level_seed"].tolist())
    assert seeds <= {10, 11, 12} and len(seeds) > 1


def test_autoreset_repeats_the_next_levels_first_frame() -> None:
    """EnvPool's autoreset: the step that ends a level already shows the next level (as
    procgen does); the reset step after it starts no new level and repeats that frame."""
    env = parallel_pool.make_gymnasium("BigfishHard-v0", num_envs=1, seed=0)
    env.reset()
    rng = np.random.default_rng(0)
    for _ in range(3000):
        obs, _, terminated, truncated, info = env.step(rng.integers(0, 15, size=1).astype(np.int32))
        if terminated[0] or truncated[0]:
            level = info["level_seed"][0]
            assert info["prev_level_seed"][0] != level
            obs2, reward, _, _, info2 = env.step(np.zeros(1, np.int32))
            assert reward[0] == 0 and info2["level_seed"][0] == level
            np.testing.assert_array_equal(obs2, obs)
            return
    pytest.fail("no level ended in 3000 random steps")


def test_reset_with_a_seed_runs_as_a_new_pool() -> None:
    """reset(seed=s) gives each env the levels a new pool made with seed=s has."""
    env = parallel_pool.make_gymnasium("BigfishEasy-v0", num_envs=3, seed=1)
    env.reset()
    for _ in range(20):
        env.step(np.full(3, 4, np.int32))
    obs, info = env.reset(seed=7)
    fresh = parallel_pool.make_gymnasium("BigfishEasy-v0", num_envs=3, seed=7)
    fresh_obs, fresh_info = fresh.reset()
    np.testing.assert_array_equal(info["level_seed"], fresh_info["level_seed"])
    np.testing.assert_array_equal(obs, fresh_obs)
    actions = np.random.default_rng(0).integers(0, 15, size=(30, 3)).astype(np.int32)
    for action in actions:
        a = env.step(action)
        b = fresh.step(action)
        np.testing.assert_array_equal(a[0], b[0])
        np.testing.assert_array_equal(a[1], b[1])


def test_procgen_env_stand_in_api() -> None:
    """procgen's ProcgenEnv surface: dict observations, one info dict per env, procgen's
    level seeds for rand_seed (5: 1228472244 and 1538648557, as procgen's info says)."""
    env = ProcgenEnv(num_envs=2, env_name="bigfish", rand_seed=5, distribution_mode="easy")
    assert env.num_envs == 2
    assert env.observation_space["rgb"].shape == (64, 64, 3) and env.action_space.n == 15
    obs = env.reset()
    assert obs["rgb"].shape == (2, 64, 64, 3) and obs["rgb"].dtype == np.uint8
    obs, reward, done, infos = env.step(np.array([0, 14]))
    assert reward.dtype == np.float32 and done.dtype == bool and len(infos) == 2
    assert [info["level_seed"] for info in infos] == [1228472244, 1538648557]
    assert env.render().shape == (64, 64, 3)
    env.close()


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"env_name": "pong"}, ValueError, "^env_name: expected one of procgen's games"),
        ({"env_name": "bigfish", "distribution_mode": "memory"}, ValueError, "^distribution_mode: bigfish has"),
        ({"env_name": "maze", "distribution_mode": "exploration", "num_levels": 5}, ValueError, "^num_levels"),
        ({"env_name": "bigfish", "num_levels": -1}, ValueError, "^num_levels: expected an int >= 0"),
    ],
)
def test_procgen_env_stand_in_errors(kwargs: dict, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        ProcgenEnv(num_envs=1, **kwargs)


def test_procgen_env_stand_in_checks_actions() -> None:
    env = ProcgenEnv(num_envs=2, env_name="maze", rand_seed=0)
    with pytest.raises(ValueError, match=r"^actions: expected one action per env, shape \(2,\)"):
        env.step(np.zeros(3, np.int32))
    with pytest.raises(ValueError, match="action"):
        env.step(np.array([0, 15]))
