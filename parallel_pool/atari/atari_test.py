"""The atari family: registration, every id under every API, EnvPool compatibility, edge configs, seeding.

Step-by-step correctness against ale_py is atari_lockstep_test.py; the resize
against cv2 is resize_test.py.
"""

from __future__ import annotations

import importlib.util
import os
from typing import Any

import numpy as np
import pytest

import parallel_pool
from parallel_pool.atari.registration import ROMS, ale_py_dir, task_id

ALL_IDS = [task_id(rom) for rom in ROMS]
HAS_ENVPOOL = importlib.util.find_spec("envpool") is not None


def minimal_action_count(rom: str) -> int:
    import ale_py

    ale_py.ALEInterface.setLoggerMode(ale_py.LoggerMode.Error)
    ale = ale_py.ALEInterface()
    ale.loadROM(os.path.join(ale_py_dir(), "roms", f"{rom}.bin"))
    return len(ale.getMinimalActionSet())


# ---------------------------------------------------------------- registry


def test_every_rom_of_ale_py_is_registered() -> None:
    roms = {f[: -len(".bin")] for f in os.listdir(os.path.join(ale_py_dir(), "roms")) if f.endswith(".bin")}
    # ale_py's own registry leaves out the four ROMs without a single-player game.
    assert set(ROMS) == roms - {"combat", "joust", "maze_craze", "warlords"}
    assert len(ALL_IDS) == 104
    listed = parallel_pool.list_all_envs()
    assert all(i in listed for i in ALL_IDS)
    for name in ("Pong-v5", "SpaceInvaders-v5", "TicTacToe3d-v5", "UpNDown-v5", "Pitfall2-v5", "Et-v5", "MrDo-v5"):
        assert name in listed


def test_registered_defaults() -> None:
    config = parallel_pool.make_spec("SpaceInvaders-v5").config
    assert config.task == "space_invaders"
    assert config.max_episode_steps == 27000
    assert os.path.isfile(os.path.join(config.base_path, "roms", "space_invaders.bin"))
    assert config.repeat_action_probability == 0.0  # not ALE's own 0.25


@pytest.mark.skipif(not HAS_ENVPOOL, reason="envpool not installed")
def test_config_keys_and_defaults_match_envpool() -> None:
    import envpool

    theirs = envpool.make_spec("Pong-v5").config._asdict()
    ours = parallel_pool.make_spec("Pong-v5").config._asdict()
    ignore = {"base_path", "seed", "env_seed", "gym_reset_return_info", "max_num_players", "num_threads"}
    for key, value in theirs.items():
        if key not in ignore:
            assert key in ours, key
            assert ours[key] == value, (key, ours[key], value)


def test_spaces() -> None:
    spec = parallel_pool.make_spec("Pong-v5")
    assert spec.observation_space.shape == (4, 84, 84)
    assert spec.observation_space.dtype == np.uint8
    assert spec.action_space.n == 6
    spec = parallel_pool.make_spec("Pong-v5", gray_scale=False, stack_num=3, img_height=50, img_width=40)
    assert spec.observation_space.shape == (9, 50, 40)
    assert parallel_pool.make_spec("Pong-v5", full_action_space=True).action_space.n == 18


# ------------------------------------------------------ every id, every API


@pytest.mark.parametrize("task", ALL_IDS)
def test_every_id_under_every_api(task: str) -> None:
    """Constructs, resets and steps under gymnasium, gym and dm_env; all three agree."""
    rom = parallel_pool.make_spec(task).config.task
    n = minimal_action_count(rom)
    num_envs = 1
    actions = np.array([n - 1], dtype=np.int32)

    gymnasium_env = parallel_pool.make_vec(task, num_envs=num_envs, seed=1)
    assert gymnasium_env.single_action_space.n == n
    obs, info = gymnasium_env.reset()
    assert obs.shape == (num_envs, 4, 84, 84) and obs.dtype == np.uint8
    assert gymnasium_env.single_observation_space.contains(obs[0])
    assert info["ram"].shape == (num_envs, 128)
    gym_env = parallel_pool.make_gym(task, num_envs=num_envs, seed=1)
    gym_obs, _ = gym_env.reset()
    dm_env = parallel_pool.make_dm(task, num_envs=num_envs, seed=1)
    ts = dm_env.reset()
    np.testing.assert_array_equal(gym_obs, obs)
    np.testing.assert_array_equal(ts.observation.obs, obs)
    for _ in range(3):
        obs, rew, term, trunc, info = gymnasium_env.step(actions)
        gym_obs, gym_rew, gym_term, gym_trunc, _ = gym_env.step(actions)
        ts = dm_env.step(actions)
        for ours, theirs in ((gym_obs, obs), (gym_rew, rew), (gym_term, term), (gym_trunc, trunc)):
            np.testing.assert_array_equal(ours, theirs)
        np.testing.assert_array_equal(ts.observation.obs, obs)
        np.testing.assert_array_equal(ts.reward, rew)
    for env in (gymnasium_env, gym_env, dm_env):
        env.close()


# ------------------------------------------------------------------ EnvPool


@pytest.mark.skipif(not HAS_ENVPOOL, reason="envpool not installed")
@pytest.mark.parametrize(
    ("task", "kwargs"),
    [
        ("Pong-v5", {}),
        ("Breakout-v5", {"episodic_life": True, "reward_clip": True}),
        ("SpaceInvaders-v5", {"gray_scale": False, "img_height": 96, "img_width": 72}),
        ("Qbert-v5", {"use_inter_area_resize": False, "stack_num": 2, "frame_skip": 3}),
    ],
)
def test_same_as_envpool_without_randomness(task: str, kwargs: dict[str, Any]) -> None:
    """A drop-in for EnvPool 1.2.5: identical rollouts once the seed-dependent draws are removed.

    With noop_max=1 (a fixed no-op count) and no sticky actions (the ALE seed
    then matters nowhere), both must agree on every observation, reward,
    terminated, truncated, lives, raw reward, game over and elapsed step, with
    one exception: the observation of a step in which the game ends before the
    last skipped frame, where EnvPool 1.2.5 max-pools stale frames from the
    previous step and we max-pool the last two frames emulated.
    """
    import envpool

    num_envs = 3
    steps = 1200 if task == "Pong-v5" else 700  # a few games end in that time
    theirs = envpool.make_gymnasium(task, num_envs=num_envs, seed=0, noop_max=1, **kwargs)
    ours = parallel_pool.make_vec(task, num_envs=num_envs, seed=0, noop_max=1, **kwargs)
    np.testing.assert_array_equal(ours.reset()[0], theirs.reset()[0])
    rng = np.random.default_rng(0)
    game_overs = 0
    for _ in range(steps):
        actions = rng.integers(theirs.action_space.n, size=num_envs)
        a, b = theirs.step(actions), ours.step(actions, ours.all_env_ids)  # ids given: info has elapsed_step
        for k in (1, 2, 3):
            np.testing.assert_array_equal(b[k], a[k])
        for key in ("lives", "reward", "terminated", "elapsed_step"):
            np.testing.assert_array_equal(b[4][key], a[4][key])
        game_over = b[4]["terminated"].astype(bool)
        game_overs += game_over.sum()
        same_obs = (a[0] == b[0]).reshape(num_envs, -1).all(axis=1)
        assert (same_obs | game_over).all()
    assert game_overs > 0


# -------------------------------------------------------------- edge configs


def rollout(task: str, steps: int, actions_seed: int = 0, **kwargs: Any) -> list[tuple]:
    env = parallel_pool.make_vec(task, **kwargs)
    n = env.single_action_space.n
    rng = np.random.default_rng(actions_seed)
    obs, info = env.reset()
    out = [(obs.copy(), info["lives"].copy())]
    for _ in range(steps):
        obs, rew, term, trunc, info = env.step(rng.integers(n, size=env.num_envs))
        out.append((obs.copy(), rew.copy(), term.copy(), trunc.copy(), info["lives"].copy(), info["ram"].copy()))
    env.close()
    return out


def same(a: list[tuple], b: list[tuple]) -> bool:
    return all(all(np.array_equal(x, y) for x, y in zip(p, q)) for p, q in zip(a, b))


def test_noop_max_zero_and_frame_skip_one() -> None:
    """Both crashed or misbehaved upstream (#262, #370)."""
    for kwargs in ({"noop_max": 0}, {"frame_skip": 1}, {"noop_max": 0, "frame_skip": 1, "use_fire_reset": False}):
        out = rollout("Breakout-v5", 300, num_envs=2, **kwargs)
        assert len(out) == 301


def test_more_than_255_envs() -> None:
    """A batch of 300 (upstream's uint8 row counter wrapped at 256)."""
    env = parallel_pool.make_vec("Pong-v5", num_envs=300, seed=0)
    obs, info = env.reset(env.all_env_ids)  # ids given: info has env_id
    assert obs.shape == (300, 4, 84, 84)
    np.testing.assert_array_equal(info["env_id"], np.arange(300))
    for _ in range(3):
        obs, rew, term, trunc, info = env.step(np.ones(300, dtype=np.int32), env.all_env_ids)
    np.testing.assert_array_equal(info["env_id"], np.arange(300))
    np.testing.assert_array_equal(info["elapsed_step"], np.full(300, 3))
    # Envs 0 and 299 differ only by seed: both ran.
    assert obs[0].any() and obs[299].any()
    env.close()


@pytest.mark.parametrize("size", [(64, 64), (96, 120), (210, 160), (250, 200), (1, 1), (37, 211)])
def test_other_image_sizes(size: tuple[int, int]) -> None:
    height, width = size
    for gray in (True, False):
        env = parallel_pool.make_vec("MsPacman-v5", num_envs=2, img_height=height, img_width=width, gray_scale=gray)
        obs, _ = env.reset()
        assert obs.shape == (2, 4 * (1 if gray else 3), height, width)
        obs, *_ = env.step(np.ones(2, dtype=np.int32))
        assert obs.shape == (2, 4 * (1 if gray else 3), height, width)
        env.close()


def test_taller_screens() -> None:
    """Some games draw 250 (or 214, 220, 230) rows, not 210: resized from their real size."""
    for task in ("Pacman-v5", "Carnival-v5"):
        obs = rollout(task, 20, num_envs=1)[-1][0]
        assert obs.shape == (1, 4, 84, 84) and obs.any()


# ------------------------------------------------------------------- seeding


def test_same_seed_same_rollout_and_seeds_differ() -> None:
    kwargs: dict[str, Any] = {"num_envs": 3, "repeat_action_probability": 0.25}
    a = rollout("Breakout-v5", 250, seed=7, **kwargs)
    b = rollout("Breakout-v5", 250, seed=7, num_threads=1, **kwargs)
    c = rollout("Breakout-v5", 250, seed=8, **kwargs)
    assert same(a, b)
    assert not same(a, c)
    # Env i is seeded with seed + i.
    d = rollout("Breakout-v5", 50, seed=8, num_envs=1, repeat_action_probability=0.25)
    e = rollout("Breakout-v5", 50, seed=7, num_envs=2, repeat_action_probability=0.25)
    np.testing.assert_array_equal(d[0][0][0], e[0][0][1])


def test_per_env_seed_list() -> None:
    a = rollout("Seaquest-v5", 60, seed=[5, 9], num_envs=2)
    b = rollout("Seaquest-v5", 60, seed=9, num_envs=1)
    np.testing.assert_array_equal(a[0][0][1], b[0][0][0])


def test_async_runs_each_env_as_sync_does() -> None:
    """Each env's trajectory depends on its own actions only, whatever the batching."""
    num_envs, steps = 6, 40
    table = np.random.default_rng(3).integers(4, size=(num_envs, steps + 1)).astype(np.int32)

    def trajectories(batch_size: int) -> list[list[np.ndarray]]:
        env = parallel_pool.make_vec("Breakout-v5", num_envs=num_envs, batch_size=batch_size, seed=2)
        traj: list[list[np.ndarray]] = [[] for _ in range(num_envs)]
        env.async_reset()
        count = np.zeros(num_envs, int)  # observations received per env
        while count.min() <= steps:
            obs, rew, term, trunc, info = env.recv()
            ids = info["env_id"]
            for row, i in enumerate(ids):
                if count[i] <= steps:
                    traj[i].append(obs[row].copy())
            # Env i's k-th action is table[i, k], however the envs are batched.
            env.send(table[ids, np.minimum(count[ids], steps)], ids)
            count[ids] += 1
        env.close()
        return [t[: steps + 1] for t in traj]

    sync, asynchronous = trajectories(num_envs), trajectories(2)
    for s, a in zip(sync, asynchronous):
        assert len(s) == len(a) == steps + 1
        for x, y in zip(s, a):
            np.testing.assert_array_equal(x, y)


def test_same_step_autoreset() -> None:
    """Same-step autoreset: the game-over frame goes to final_obs, the new episode's first obs is returned."""
    kwargs: dict[str, Any] = {"num_envs": 2, "seed": 0}
    next_step = parallel_pool.make_vec("Breakout-v5", **kwargs)
    same_step = parallel_pool.make_vec("Breakout-v5", autoreset_mode="same_step", **kwargs)
    next_step.reset()
    same_step.reset()
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(400):
        actions = rng.integers(4, size=2)
        obs, _, term, trunc, info = same_step.step(actions)
        ref_obs, _, ref_term, ref_trunc, _ = next_step.step(actions)
        np.testing.assert_array_equal(term, ref_term)
        if "final_obs" in info:  # gymnasium's layout: only on a step where an env ended
            ended = info["_final_obs"]
            np.testing.assert_array_equal(np.stack(info["final_obs"][ended]), ref_obs[ended])
        done = ref_term | ref_trunc
        if done.any():
            finished += done.sum()
            # Align next_step: its next step for the done envs is the reset.
            ref_obs, *_ = next_step.step(actions)
            np.testing.assert_array_equal(obs[done], ref_obs[done])
            break
    assert finished > 0


# ------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"stack_num": 0}, "stack_num"),
        ({"frame_skip": 0}, "frame_skip"),
        ({"noop_max": -1}, "noop_max"),
        ({"img_height": 0}, "img_height"),
        ({"repeat_action_probability": 1.5}, "repeat_action_probability"),
        ({"mode": 3}, r"mode 3 is not one of this game's modes: 0, 1"),
        ({"difficulty": 9}, "difficulty 9"),
        ({"task": "not_a_game"}, "no ROM at .*not_a_game.bin"),
        ({"task": "pong\0"}, r"^task: expected a str without NUL characters, got 'pong\\x00'"),
        ({"base_path": "/nonexistent"}, "ale_py"),
        # Found by the fuzzer: stack_num x 3 planes overflowed an int (a negative
        # dimension, undefined behaviour), and image sizes the resizer counts in an int.
        ({"stack_num": 2**30, "gray_scale": False}, r"^stack_num: must be <= 65536"),
        ({"img_width": 10**5}, r"^img_height, img_width: must be <= 8192"),
    ],
)
def test_bad_config(kwargs: dict[str, Any], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        parallel_pool.make_vec("Pong-v5", **kwargs)


def test_a_batch_too_large_for_memory_is_a_memory_error_saying_so() -> None:
    # 8192 x 8192 frames, 4 of them (256 MiB) per env, for 2^20 envs: 2^48 bytes and more.
    with pytest.raises(MemoryError, match=r"a batch of this pool's results would take \d+ bytes"):
        parallel_pool.make_vec("Pong-v5", num_envs=2**20, img_height=8192, img_width=8192)


def test_action_out_of_range() -> None:
    env = parallel_pool.make_vec("Pong-v5", num_envs=1)
    env.reset()
    with pytest.raises(ValueError):
        env.step(np.array([6], dtype=np.int32))


# ------------------------------------------------------------------ render
# (render() against ale_py's getScreenRGB, step by step: atari_lockstep_test.py)


@pytest.mark.parametrize("make", [parallel_pool.make_gymnasium, parallel_pool.make_dm, parallel_pool.make_gym])
def test_render_shapes_every_api(make: Any) -> None:
    env = make("Pong-v5", num_envs=3, render_mode="rgb_array", render_env_id=2)
    env.reset()
    frame = env.render(2)  # render() is gymnasium's tuple in that flavour (render_test.py)
    assert frame.shape == (1, 210, 160, 3) and frame.dtype == np.uint8
    frames = env.render(np.array([2, 0]))
    assert frames.shape == (2, 210, 160, 3)
    assert np.array_equal(frames[0], frame[0])
    assert env.render(1).shape == (1, 210, 160, 3)
    env.close()


def test_render_resizes_the_screen_to_another_size_as_cv2() -> None:
    """render_width / render_height other than the screen's: the screen resized as
    cv2.resize(INTER_AREA) does, as EnvPool hands frames of any size."""
    import cv2

    native = parallel_pool.make_vec("Pong-v5", num_envs=2, seed=1, render_mode="rgb_array")
    resized = parallel_pool.make_vec("Pong-v5", num_envs=2, seed=1, render_mode="rgb_array", render_height=84)
    native.reset()
    resized.reset()
    for got, frame in zip(resized.render(), native.render(), strict=True):
        assert got.shape == (84, 160, 3)
        np.testing.assert_array_equal(got, cv2.resize(frame, (160, 84), interpolation=cv2.INTER_AREA))


def test_render_taller_screen() -> None:
    """A game whose screen is taller than 210 rows renders it whole."""
    import ale_py

    ale = ale_py.ALEInterface()
    ale.loadROM(os.path.join(ale_py_dir(), "roms", "pooyan.bin"))
    env = parallel_pool.make_vec("Pooyan-v5", render_mode="rgb_array")
    env.reset()
    assert env.render(0).shape == (1, *ale.getScreenRGB().shape)
    assert env.render(0).shape[1] > 210


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"render_width": -84}, "render_height, render_width: expected sizes >= 0"),
        ({"render_camera_id": 0}, "render_camera_id: atari has one view"),
        ({"render_env_id": 2}, r"render_env_id: expected an env id in \[0, 2\)"),
        ({"render_mode": "human"}, "render_mode: expected None or 'rgb_array'"),
    ],
)
def test_render_bad_options(kwargs: dict[str, Any], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        parallel_pool.make_vec("Pong-v5", num_envs=2, **{"render_mode": "rgb_array", **kwargs})


@pytest.mark.skipif(not HAS_ENVPOOL, reason="envpool not installed")
def test_default_info_is_envpools() -> None:
    """The family follows EnvPool's Atari env, info keys included: nothing more."""
    import envpool

    theirs = envpool.make_gymnasium("Pong-v5", num_envs=2)
    theirs.reset()
    ref_info = theirs.step(np.zeros(2, dtype=np.int32))[4]
    env = parallel_pool.make_vec("Pong-v5", num_envs=2)
    env.reset()
    # and gymnasium's `_key` mask beside each key (a gymnasium VectorEnv's info);
    # step() of every env gives SyncVectorEnv's info: EnvPool's common keys only when
    # the env ids are given.
    own = set(ref_info) - {"env_id", "players", "elapsed_step"}
    assert set(env.step(np.zeros(2, dtype=np.int32))[4]) == own | {"_" + k for k in own}
    info = env.step(np.zeros(2, dtype=np.int32), env.all_env_ids)[4]
    assert set(info) == set(ref_info) | {"_" + k for k in ref_info}


# ------------------------------------------------- the benchmark's limit probe


def test_emulation_rate() -> None:
    """atari_ext._limit_probe.emulation_rate (benchmark/atari_limit.py): env steps/s of emulation alone."""
    from parallel_pool.atari import atari_ext

    rom = os.path.join(ale_py_dir(), "roms", "pong.bin")
    actions = np.arange(minimal_action_count("pong"), dtype=np.int32)
    rate, resets = atari_ext._limit_probe.emulation_rate(rom, actions, 4, 2, 0.0, 0.2)
    assert np.isfinite(rate) and rate > 0
    assert 0.0 <= resets <= 1.0
    bad = [
        ((rom, actions[:0], 4, 1, 0.0, 0.1), "actions: expected a non-empty"),
        ((rom, np.array([0, 99], np.int32), 4, 1, 0.0, 0.1), r"actions: 99 is not in \[0, 6\)"),
        ((rom, actions, 0, 1, 0.0, 0.1), "frame_skip: expected >= 1"),
        ((rom, actions, 4, 0, 0.0, 0.1), r"threads: expected an int in \[1, 4096\]"),
        ((rom, actions, 4, 1, -1.0, 0.1), "warmup: expected seconds >= 0"),
        ((rom, actions, 4, 1, 0.0, 0.0), "seconds: expected seconds > 0"),
        ((rom + ".missing", actions, 4, 1, 0.0, 0.1), "no ROM at"),
    ]
    for args, match in bad:
        with pytest.raises(ValueError, match=match):
            atari_ext._limit_probe.emulation_rate(*args)
