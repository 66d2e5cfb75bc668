"""The highway family's ids, spaces, config checks, seeding and flavours (the scenarios
themselves are held against highway-env in highway_lockstep_test.py)."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium import spaces

import parallel_pool

TASK = "highway-fast-v0"


def test_ids_are_highway_envs_and_envpools() -> None:
    ids = set(parallel_pool.list_all_envs())
    assert {"highway-v0", "highway-fast-v0", "Highway-v0", "HighwayFast-v0"} <= ids


def test_default_spaces_are_highway_envs() -> None:
    env = parallel_pool.make_gymnasium("highway-v0", num_envs=2, seed=0)
    assert env.observation_space == spaces.Box(-np.inf, np.inf, (5, 5), np.float32)
    assert env.action_space == spaces.Discrete(5)
    obs, info = env.reset()
    assert obs.shape == (2, 5, 5) and obs.dtype == np.float32
    for key in ("speed", "crashed", "action", "collision_reward", "right_lane_reward", "high_speed_reward"):
        assert key in info, key
    np.testing.assert_array_equal(info["speed"], [25.0, 25.0])
    np.testing.assert_array_equal(info["action"], [-1, -1])
    env.close()


def test_observation_and_action_config_shape_the_spaces() -> None:
    env = parallel_pool.make_vec(
        TASK,
        num_envs=1,
        observation_vehicles_count=7,
        observation_features="presence x y vx vy cos_h sin_h",
        action_lateral=False,
    )
    assert env.single_observation_space.shape == (7, 7)
    assert env.single_action_space == spaces.Discrete(3)
    env.close()


def test_action_type_picks_the_continuous_env() -> None:
    for make in (parallel_pool.make_gym, parallel_pool.make_gymnasium, parallel_pool.make_vec):
        env = make(TASK, num_envs=2, seed=0, action_type="ContinuousAction")
        space = env.action_space if make is not parallel_pool.make_vec else env.single_action_space
        # (make_gym's space is gym's Box: compared by what it holds.)
        assert (space.shape, space.dtype, space.low.tolist(), space.high.tolist()) == (
            (2,),
            np.float32,
            [-1.0, -1.0],
            [1.0, 1.0],
        )
        env.reset()
        env.step(np.array([[1.0, 0.0], [-0.5, 0.25]], dtype=np.float32))
        env.close()
    throttle = parallel_pool.make_vec(TASK, num_envs=1, action_type="ContinuousAction", action_lateral=False)
    assert throttle.single_action_space == spaces.Box(-1.0, 1.0, (1,), np.float32)
    throttle.close()
    dm = parallel_pool.make_dm(TASK, num_envs=1, action_type="ContinuousAction")
    assert dm.action_spec().shape == (2,)
    dm.close()


@pytest.mark.parametrize("action_type", ["DiscreteMetaAction", "ContinuousAction"])
def test_image_observations_are_uint8_as_highway_envs_spaces(action_type: str) -> None:
    # highway-env 1.12.1's spaces: GrayscaleObservation Box(0, 255, (stack_size, *shape),
    # uint8); OccupancyGrid as_image Box(0, 255, (features, *cells), uint8).
    images = [
        ({"observation_type": "GrayscaleObservation", "observation_shape": [96, 80]}, (4, 96, 80)),
        ({"observation_type": "OccupancyGrid", "observation_as_image": True}, (4, 11, 11)),
    ]
    for config, shape in images:
        env = parallel_pool.make_vec(TASK, num_envs=2, seed=0, action_type=action_type, **config)
        assert env.single_observation_space == spaces.Box(0, 255, shape, np.uint8), config
        obs, _ = env.reset()
        assert obs.dtype == np.uint8 and obs.shape == (2, *shape), config
        obs, *_ = env.step(env.action_space.sample())
        assert obs.dtype == np.uint8, config
        env.close()
    # Not as_image: float32, as highway-env's.
    grid = parallel_pool.make_vec(TASK, num_envs=1, action_type=action_type, observation_type="OccupancyGrid")
    assert grid.single_observation_space == spaces.Box(-np.inf, np.inf, (4, 11, 11), np.float32)
    grid.close()


def test_full_throttle_accelerates_by_the_acceleration_range() -> None:
    # No traffic: +1 throttle is +5 m/s^2 over the 1 s policy step (15 Hz of 1/15 s in
    # float steps), the speed from 25 m/s.
    env = parallel_pool.make_vec(
        "highway-v0", num_envs=1, seed=0, vehicles_count=0, action_type="ContinuousAction", action_lateral=False
    )
    env.reset()
    _, _, _, _, info = env.step(np.array([[1.0]], dtype=np.float32))
    assert abs(info["speed"][0] - 30.0) < 1e-9
    env.close()


def test_initial_lane_id_places_the_agent() -> None:
    env = parallel_pool.make_vec(
        TASK, num_envs=4, seed=1, initial_lane_id=2, observation_normalize=False, observation_absolute=True
    )
    obs, _ = env.reset()
    np.testing.assert_array_equal(obs[:, 0, 2], [8.0] * 4)  # lane 2's centre, 4 m per lane
    env.close()


def test_episodes_end_at_the_duration() -> None:
    # One lane, no traffic: no crash, so the episode runs to `duration` policy steps.
    env = parallel_pool.make_vec(TASK, num_envs=1, seed=0, lanes_count=1, vehicles_count=0, duration=4)
    env.reset()
    for t in range(1, 5):
        _, _, term, trunc, _ = env.step(np.array([1]))
        assert not term[0] and bool(trunc[0]) == (t == 4), t
    env.close()


def test_same_seed_same_episodes_and_reset_seed_is_a_new_pool() -> None:
    a = parallel_pool.make_vec(TASK, num_envs=2, seed=5)
    b = parallel_pool.make_vec(TASK, num_envs=2, seed=5)
    c = parallel_pool.make_vec(TASK, num_envs=2, seed=9)
    oa, ob, oc = a.reset()[0], b.reset()[0], c.reset(seed=5)[0]
    np.testing.assert_array_equal(oa, ob)
    np.testing.assert_array_equal(oa, oc)
    actions = np.array([3, 0])
    for _ in range(5):
        np.testing.assert_array_equal(a.step(actions)[0], c.step(actions)[0])
    for env in (a, b, c):
        env.close()


@pytest.mark.parametrize(
    ("config", "key"),
    [
        ({"scenario": "motorway"}, "scenario"),
        ({"lanes_count": 0}, "lanes_count"),
        ({"initial_lane_id": 3, "lanes_count": 3}, "initial_lane_id"),
        ({"observation_features": "presence speed"}, "observation_features"),
        ({"observation_features_range": [0.0, 1.0]}, "observation_features_range"),
        ({"observation_order": "random"}, "observation_order"),
        ({"observation_type": "Lidar"}, "observation_type"),
        ({"target_speeds": [30.0, 20.0]}, "target_speeds"),
        ({"action_lateral": False, "action_longitudinal": False}, "action_lateral"),
        ({"simulation_frequency": 1, "policy_frequency": 2}, "simulation_frequency"),
        ({"other_vehicles_type": "LinearVehicle"}, "other_vehicles_type"),
        ({"action_type": "Steering"}, "action_type"),
        ({"action_type": "DiscreteAction", "action_actions_per_axis": 1}, "action_actions_per_axis"),
        ({"action_acceleration_range": [1.0]}, "action_acceleration_range"),
        ({"action_speed_range": [1.0, 2.0, 3.0]}, "action_speed_range"),
    ],
)
def test_bad_config_is_a_value_error_naming_the_key(config: dict, key: str) -> None:
    with pytest.raises(ValueError, match=key):
        parallel_pool.make_vec(TASK, num_envs=1, **config)


def test_every_flavour_steps() -> None:
    for make in (parallel_pool.make_gym, parallel_pool.make_gymnasium, parallel_pool.make_dm):
        env = make("Highway-v0", num_envs=2, seed=0)
        env.reset()
        out = env.step(np.array([1, 3]))
        assert out is not None
        env.close()


def test_multi_agent_players_are_the_agents() -> None:
    """intersection-multi-agent: a row per agent (player) of obs, reward and the per-agent
    info; the episode's end per env. Either count, agents or players, sets the other."""
    env = parallel_pool.make_vec("IntersectionMultiAgent-v1", num_envs=2, seed=0)
    assert env.single_observation_space == spaces.Box(-np.inf, np.inf, (15, 7), np.float32)
    assert env.single_action_space == spaces.Discrete(3)
    obs, info = env.reset()
    assert obs.shape == (4, 15, 7)
    np.testing.assert_array_equal(info["action"], [-1] * 4)
    obs, rew, term, trunc, info = env.step(np.array([0, 1, 2, 1]))
    assert rew.shape == info["agents_rewards"].shape == info["agents_terminated"].shape == (4,)
    assert term.shape == trunc.shape == info["collision_reward"].shape == (2,)
    np.testing.assert_array_equal(rew, info["agents_rewards"])  # -v1: each agent's own reward
    env.close()
    three = parallel_pool.make_vec("intersection-multi-agent-v0", num_envs=1, max_num_players=3)
    assert three.spec.config.controlled_vehicles == 3
    assert three.reset()[0].shape == (3, 15, 7)
    three.close()
    one = parallel_pool.make_vec("intersection-multi-agent-v0", num_envs=2, action_type="DiscreteMetaAction")
    assert one.reset()[0].shape == (2, 15, 7)
    one.close()
    with pytest.raises(ValueError, match="controlled_vehicles"):
        parallel_pool.make_vec("intersection-multi-agent-v0", num_envs=1, max_num_players=3, controlled_vehicles=2)
    with pytest.raises(ValueError, match="scenario"):
        parallel_pool.make_vec("intersection-multi-agent-v0", num_envs=1, scenario="highway")


def test_multi_agent_pettingzoo_view() -> None:
    pytest.importorskip("pettingzoo")
    match = parallel_pool.make_pettingzoo("intersection-multi-agent-v1", num_players=3, seed=0)
    observations, _ = match.reset()
    assert sorted(observations) == ["player_0", "player_1", "player_2"]
    observations, rewards, terminations, truncations, infos = match.step(dict.fromkeys(match.agents, 1))
    assert observations["player_2"].shape == (15, 7)
    assert set(rewards) == set(infos) == set(match.possible_agents)
    assert rewards["player_1"] == infos["player_1"]["agents_rewards"]
    match.close()


# ------------------------------------------------- the benchmark's limit probe


def test_simulation_rate() -> None:
    """highway_ext._limit_probe.simulation_rate (benchmark/highway_limit.py): env steps/s of
    the simulation alone, for a DiscreteMetaAction and a ContinuousAction task."""
    from parallel_pool.highway import highway_ext

    rate_of = highway_ext._limit_probe.simulation_rate
    meta = parallel_pool.make_spec("highway-fast-v0")
    continuous = parallel_pool.make_spec("parking-v0")
    steer = np.zeros((4, 2), np.float32)
    for spec, actions in [(meta, np.arange(5, dtype=np.int32)), (continuous, steer)]:
        rate, resets = rate_of(spec._cpp, actions, 2, 0.0, 0.2)
        assert np.isfinite(rate) and rate > 0
        assert 0.0 <= resets <= 1.0
    bad = [
        ((meta._cpp, np.arange(0, dtype=np.int32), 1, 0.0, 0.1), "actions: expected a non-empty"),
        ((meta._cpp, np.array([0, 5], np.int32), 1, 0.0, 0.1), r"actions: 5 is not in \[0, 5\)"),
        ((meta._cpp, np.arange(5, dtype=np.int32), 0, 0.0, 0.1), r"threads: expected an int in \[1, "),
        ((meta._cpp, np.arange(5, dtype=np.int32), 1, -1.0, 0.1), "warmup: expected seconds >= 0"),
        ((meta._cpp, np.arange(5, dtype=np.int32), 1, 0.0, 0.0), "seconds: expected seconds > 0"),
        ((continuous._cpp, np.zeros((4, 3), np.float32), 1, 0.0, 0.1), r"actions: expected a non-empty \(n, 2\)"),
        (
            (
                parallel_pool.make_spec("highway-fast-v0", action_type="DiscreteAction")._cpp,
                np.arange(5, dtype=np.int32),
                1,
                0.0,
                0.1,
            ),
            "spec: expected a DiscreteMetaAction task",
        ),
    ]
    for args, match in bad:
        with pytest.raises(ValueError, match=match):
            rate_of(*args)
