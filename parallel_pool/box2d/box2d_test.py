"""The box2d family's ids, spaces, config and the three APIs, against gymnasium 1.4.

What the envs run is the lockstep tests' (bit for bit with gymnasium).
"""

from __future__ import annotations

import math

import dm_env
import gymnasium
import numpy as np
import pytest

import parallel_pool

LANDER_IDS = ["LunarLander-v3", "LunarLanderContinuous-v3", "LunarLander-v2", "LunarLanderContinuous-v2"]
WALKER_IDS = ["BipedalWalker-v3", "BipedalWalkerHardcore-v3"]
CAR_IDS = ["CarRacing-v3", "CarRacing-v2"]
ALL_IDS = LANDER_IDS + WALKER_IDS + CAR_IDS
# The ids gymnasium 1.4 registers: their spaces, limits and thresholds are its.
GYMNASIUM_IDS = [t for t in ALL_IDS if t.endswith("-v3")]


def test_every_id_is_registered_in_the_box2d_family() -> None:
    for task_id in ALL_IDS:
        assert task_id in parallel_pool.list_all_envs()
        assert parallel_pool.registration.registry.family(task_id) == "box2d"


@pytest.mark.parametrize("task_id", GYMNASIUM_IDS)
def test_spaces_and_limits_match_gymnasium(task_id: str) -> None:
    env = parallel_pool.make_vec(task_id, num_envs=2)
    ref = gymnasium.make(task_id)
    assert env.single_observation_space == ref.observation_space
    assert env.single_action_space == ref.action_space
    ref_spec = gymnasium.spec(task_id)
    assert env.spec.config.max_episode_steps == ref_spec.max_episode_steps
    assert env.spec.reward_threshold == ref_spec.reward_threshold
    assert env.metadata["render_fps"] == ref.metadata["render_fps"]


def test_hardcore_is_gymnasiums_keyword() -> None:
    # gymnasium: gym.make("BipedalWalker-v3", hardcore=True) walks the hardcore terrain
    # (with BipedalWalker-v3's 1600-step limit).
    env = parallel_pool.make_vec("BipedalWalker-v3", num_envs=2, hardcore=True, seed=8)
    obs, _ = env.reset()
    ref = gymnasium.make("BipedalWalker-v3", hardcore=True)
    np.testing.assert_array_equal(obs[1], ref.reset(seed=9)[0])
    assert env.spec.config.max_episode_steps == 1600
    assert parallel_pool.make_spec("BipedalWalkerHardcore-v3").config.hardcore


@pytest.mark.parametrize("continuous", [False, True])
def test_v2_has_gymnasium_0_29s_observation_bounds(continuous: bool) -> None:
    task_id = "LunarLanderContinuous-v2" if continuous else "LunarLander-v2"
    space = parallel_pool.make_spec(task_id).observation_space
    high = np.array([1.5, 1.5, 5.0, 5.0, math.pi, 5.0, 1.0, 1.0], dtype=np.float32)
    np.testing.assert_array_equal(space.high, high)
    np.testing.assert_array_equal(space.low, -high * np.array([1, 1, 1, 1, 1, 1, 0, 0], dtype=np.float32))
    assert (
        parallel_pool.make_spec(task_id).action_space
        == gymnasium.make("LunarLander-v3", continuous=continuous).action_space
    )


def test_continuous_picks_the_action_space_as_in_gymnasium() -> None:
    # gymnasium: gym.make("LunarLander-v3", continuous=True) is the continuous task.
    env = parallel_pool.make_vec("LunarLander-v3", num_envs=2, continuous=True, seed=4)
    ref = gymnasium.make("LunarLander-v3", continuous=True)
    assert env.single_action_space == ref.action_space
    obs, _ = env.reset()
    np.testing.assert_array_equal(obs[1], ref.reset(seed=5)[0])
    a = np.array([0.7, -0.9], dtype=np.float32)
    np.testing.assert_array_equal(env.step(np.stack([a, a]))[0][1], ref.step(a)[0])
    back = parallel_pool.make_vec("LunarLanderContinuous-v3", continuous=False)
    assert back.single_action_space == gymnasium.spaces.Discrete(4)


def test_car_racing_continuous_and_v2_as_in_gymnasium() -> None:
    # gymnasium: gym.make("CarRacing-v3", continuous=False) has 5 discrete actions.
    env = parallel_pool.make_vec("CarRacing-v3", num_envs=2, continuous=False, seed=4)
    ref = gymnasium.make("CarRacing-v3", continuous=False)
    assert env.single_action_space == ref.action_space == gymnasium.spaces.Discrete(5)
    obs, _ = env.reset()
    np.testing.assert_array_equal(obs[1], ref.reset(seed=5)[0])
    np.testing.assert_array_equal(env.step(np.array([3, 3]))[0][1], ref.step(3)[0])
    # EnvPool's -v2 is the -v3 env (continuous, its limit and threshold).
    v2 = parallel_pool.make_vec("CarRacing-v2", num_envs=1, seed=5)
    np.testing.assert_array_equal(v2.reset()[0][0], ref.reset(seed=5)[0])
    assert v2.single_action_space == gymnasium.make("CarRacing-v3").action_space
    assert v2.spec.config.max_episode_steps == 1000 and v2.spec.reward_threshold == 900


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"gravity": -12.0}, ValueError, r"^gravity: must be between -12 and 0"),
        ({"gravity": 0.0}, ValueError, r"^gravity: must be between -12 and 0"),
        ({"gravity": float("nan")}, ValueError, r"^gravity"),
        ({"wind_power": float("inf")}, ValueError, r"^wind_power: must be a finite number"),
        ({"turbulence_power": float("nan")}, ValueError, r"^turbulence_power: must be a finite number"),
        ({"continuous": "yes"}, TypeError, r"continuous"),
        ({"enable_wind": 1.5}, TypeError, r"enable_wind"),
        ({"version": 1}, ValueError, r"^version: LunarLander must be 2 or 3"),
        ({"task_id": "CarRacing-v3", "lap_complete_percent": float("nan")}, ValueError, r"^lap_complete_percent"),
        ({"task_id": "CarRacing-v3", "domain_randomize": 2}, TypeError, r"domain_randomize"),
        ({"task_id": "CarRacing-v3", "render_width": -1}, ValueError, r"render_width"),
    ],
)
def test_bad_config_is_a_clear_error(kwargs: dict, error: type, match: str) -> None:
    kwargs = dict(kwargs)
    task_id = kwargs.pop("task_id", "LunarLander-v3")
    with pytest.raises(error, match=match):
        parallel_pool.make_vec(task_id, render_mode="rgb_array" if "render_width" in kwargs else None, **kwargs)


def test_bad_actions_are_errors_not_garbage() -> None:
    env = parallel_pool.make_vec("LunarLander-v3", num_envs=2)
    env.reset()
    with pytest.raises(ValueError, match="action"):
        env.step(np.array([0, 4]))
    cont = parallel_pool.make_vec("LunarLanderContinuous-v3", num_envs=2)
    cont.reset()
    with pytest.raises(ValueError, match="NaN"):
        cont.step(np.array([[0.0, np.nan], [0.0, 0.0]], dtype=np.float32))
    with pytest.raises(ValueError, match="shape"):
        cont.step(np.zeros((2, 3), dtype=np.float32))
    walker = parallel_pool.make_vec("BipedalWalker-v3", num_envs=2)
    walker.reset()
    with pytest.raises(ValueError, match="NaN"):
        walker.step(np.array([[0, 0, 0, np.nan], [0, 0, 0, 0]], dtype=np.float32))
    with pytest.raises(TypeError, match="hardcore"):
        parallel_pool.make_vec("BipedalWalker-v3", hardcore="yes")
    car = parallel_pool.make_vec("CarRacing-v3", num_envs=2, continuous=False)
    car.reset()
    with pytest.raises(ValueError, match="action"):
        car.step(np.array([0, 5]))
    car = parallel_pool.make_vec("CarRacing-v3", num_envs=2)
    car.reset()
    with pytest.raises(ValueError, match="NaN"):
        car.step(np.array([[0, np.nan, 0], [0, 0, 0]], dtype=np.float32))


@pytest.mark.parametrize(
    "task_id", ["LunarLander-v3", "LunarLanderContinuous-v2", "BipedalWalkerHardcore-v3", "CarRacing-v3"]
)
def test_three_apis_give_one_transition(task_id: str) -> None:
    space = parallel_pool.make_spec(task_id).action_space
    if isinstance(space, gymnasium.spaces.Discrete):
        action = np.full(2, 2, dtype=np.int32)
    else:
        action = np.full((2, *space.shape), 0.8, np.float32)
    gymnasium_env = parallel_pool.make_vec(task_id, num_envs=2, seed=9)
    gym_env = parallel_pool.make_gym(task_id, num_envs=2, seed=9)
    dm = parallel_pool.make_dm(task_id, num_envs=2, seed=9)
    first = gymnasium_env.reset()[0]
    np.testing.assert_array_equal(gym_env.reset()[0], first)
    ts = dm.reset()
    assert ts.step_type.tolist() == [dm_env.StepType.FIRST] * 2
    np.testing.assert_array_equal(ts.observation.obs, first)
    obs, rew, term, trunc, _ = gymnasium_env.step(action)
    np.testing.assert_array_equal(gym_env.step(action)[0], obs)
    ts = dm.step(action)
    np.testing.assert_array_equal(ts.observation.obs, obs)
    np.testing.assert_array_equal(ts.reward, rew.astype(np.float32))  # EnvPool's float32, rounded once
    assert rew.dtype == np.float64 and ts.reward.dtype == np.float32
    assert obs.dtype == (np.uint8 if task_id.startswith("CarRacing") else np.float32)


@pytest.mark.parametrize(
    "task_id", ["LunarLander-v3", "LunarLanderContinuous-v2", "BipedalWalkerHardcore-v3", "CarRacing-v3"]
)
def test_render_draws_gymnasiums_600_by_400_frame_resized_to_other_sizes(task_id: str) -> None:
    # What the frames show is the *_render_test's and car_racing_lockstep_test's.
    env = parallel_pool.make_vec(task_id, num_envs=2, render_mode="rgb_array", render_width=600, render_height=400)
    assert env.metadata["render_modes"] == ["rgb_array"]
    with pytest.raises(RuntimeError, match="nothing to draw before its first reset"):
        env.render()  # gymnasium's order enforcing: ResetNeeded
    env.reset()
    frames = env.render()
    assert len(frames) == 2 and all(f.shape == (400, 600, 3) and f.dtype == np.uint8 for f in frames)
    # Another size: that frame resized as cv2.resize(INTER_AREA) does, as EnvPool hands any size.
    import cv2

    for size, (height, width) in (({"render_width": 96}, (400, 96)), ({"render_height": 300}, (300, 600))):
        resized = parallel_pool.make_vec(task_id, num_envs=2, render_mode="rgb_array", **size)
        resized.reset(seed=3)
        env.reset(seed=3)
        for got, frame in zip(resized.render(), env.render(), strict=True):
            np.testing.assert_array_equal(got, cv2.resize(frame, (width, height), interpolation=cv2.INTER_AREA))
        resized.close()
    env.close()
    with pytest.raises(ValueError, match=r"^render_camera_id: .* one view"):
        parallel_pool.make_vec(task_id, render_mode="rgb_array", render_camera_id=0)


def test_lander_rendering_follows_render_mode() -> None:
    """`rendering` (the engines' particles, which gymnasium's LunarLander makes only
    when it has a render mode) is make()'s to set from render_mode, not the user's."""
    assert not parallel_pool.make_spec("LunarLander-v3").config.rendering
    assert parallel_pool.make_spec("LunarLander-v3", render_mode="rgb_array").config.rendering
    assert parallel_pool.make_vec("LunarLanderContinuous-v3", render_mode="rgb_array").spec.config.rendering
    assert not parallel_pool.make_dm("LunarLander-v2").spec.config.rendering
    for kwargs in ({"rendering": True}, {"rendering": False, "render_mode": "rgb_array"}, {"rendering": 1}):
        with pytest.raises(ValueError, match=r"^rendering: follows render_mode"):
            parallel_pool.make_vec("LunarLander-v3", **kwargs)
    # The value it would be anyway is accepted (a config passed back as it was made).
    env = parallel_pool.make_gym("LunarLander-v3", render_mode="rgb_array", rendering=True)
    assert env.spec.config.rendering
    assert not parallel_pool.make_gym("LunarLander-v3", rendering=False).spec.config.rendering
    assert "rendering" not in parallel_pool.make_spec("BipedalWalker-v3").config._fields


def test_truncated_at_max_episode_steps() -> None:
    # Falling with the engines off, the lander takes longer than 5 steps to land.
    env = parallel_pool.make_vec("LunarLander-v3", num_envs=2, max_episode_steps=5, seed=0)
    env.reset()
    for t in range(1, 6):
        _, _, term, trunc, _ = env.step(np.zeros(2, dtype=np.int32))
        assert not term.any()
        assert trunc.all() == (t == 5)
