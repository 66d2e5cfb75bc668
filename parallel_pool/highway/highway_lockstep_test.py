"""The highway family against highway-env 1.12.1, seed for seed.

Nothing is synced: env i of a pool made with seed=s must run exactly the episodes of
highway-env's env after reset(seed=s + i): the same road and traffic, then, on the same
random actions, the same observations (float32, byte for byte), rewards (float64, byte
for byte), terminated, truncated and info (speed, crashed, the reward terms) at every
step, and across episode ends (the pool's next-step autoreset is highway-env's reset()
without a seed), for every registered id.
"""

from __future__ import annotations

import math
import os

# GrayscaleObservation renders: highway-env's viewer draws nothing (black frames)
# under SDL's dummy driver, and draws under its offscreen one, as headless.
os.environ["SDL_VIDEODRIVER"] = "offscreen"

import gymnasium
import highway_env  # noqa: F401  (registers highway-env's ids with gymnasium)
import numpy as np
import pytest
from gymnasium import spaces
from highway_env.vehicle.behavior import IDMVehicle

import parallel_pool
from parallel_pool.python.testing.depth import spread
from parallel_pool.registration import registry

# Our id -> highway-env's id; each runs NUM_ENVS envs for STEPS steps on one of SEEDS
# (every one of them in `make test-long`: testing/depth.py).
TASKS: dict[str, str] = {
    "highway-v0": "highway-v0",
    "highway-fast-v0": "highway-fast-v0",
    "two-way-v0": "two-way-v0",
    "u-turn-v0": "u-turn-v0",
    "u-turn-v1": "u-turn-v1",
    "exit-v0": "exit-v0",
    "exit-v1": "exit-v1",
    "merge-v0": "merge-v0",
    "merge-v1": "merge-v1",
    "merge-generic-v0": "merge-generic-v0",
    "merge-generic-v1": "merge-generic-v1",
    "roundabout-v0": "roundabout-v0",
    "roundabout-v1": "roundabout-v1",
    "roundabout-generic-v0": "roundabout-generic-v0",
    "roundabout-generic-v1": "roundabout-generic-v1",
    "intersection-v0": "intersection-v0",
    "intersection-v2": "intersection-v2",
    "parking-v0": "parking-v0",
    "parking-ActionRepeat-v0": "parking-ActionRepeat-v0",
    "parking-parked-v0": "parking-parked-v0",
    "intersection-v1": "intersection-v1",
    "lane-keeping-v0": "lane-keeping-v0",
    "racetrack-v0": "racetrack-v0",
    "racetrack-v1": "racetrack-v1",
    "racetrack-large-v0": "racetrack-large-v0",
    "racetrack-large-v1": "racetrack-large-v1",
    "racetrack-oval-v0": "racetrack-oval-v0",
    "racetrack-oval-v1": "racetrack-oval-v1",
}
# The multi-agent ids: our id -> highway-env's id, each agent a player (a row).
MULTI_AGENT_TASKS: dict[str, str] = {
    "intersection-multi-agent-v0": "intersection-multi-agent-v0",
    "intersection-multi-agent-v1": "intersection-multi-agent-v1",
    "intersection-multi-agent-v2": "intersection-multi-agent-v2",
}
# EnvPool's names for the same scenarios: the same config as highway-env's name.
ENVPOOL_NAMES: dict[str, str] = {
    "Highway-v0": "highway-v0",
    "HighwayFast-v0": "highway-fast-v0",
    "TwoWay-v0": "two-way-v0",
    "UTurn-v0": "u-turn-v0",
    "Exit-v0": "exit-v0",
    "Merge-v0": "merge-v0",
    "Roundabout-v0": "roundabout-v0",
    "Intersection-v0": "intersection-v0",
    "Parking-v0": "parking-v0",
    "ParkingActionRepeat-v0": "parking-ActionRepeat-v0",
    "ParkingParked-v0": "parking-parked-v0",
    "Intersection-v1": "intersection-v1",
    "LaneKeeping-v0": "lane-keeping-v0",
    "IntersectionMultiAgent-v0": "intersection-multi-agent-v0",
    "IntersectionMultiAgent-v1": "intersection-multi-agent-v1",
    "Racetrack-v0": "racetrack-v0",
    "RacetrackLarge-v0": "racetrack-large-v0",
    "RacetrackOval-v0": "racetrack-oval-v0",
}
NUM_ENVS = 3
STEPS = 45
# Ids whose episodes outlast STEPS: lane-keeping-v0 only ends at its 200-step limit.
STEPS_OF: dict[str, int] = {"lane-keeping-v0": 205}
SEEDS = (0, 11)
# Reward terms computed from the action: at a reset highway-env reports _rewards of
# action_space.sample(), a draw of a space made anew (unseeded) at every reset, which
# no seed reproduces. Ours are those of no action there; they are compared at every step.
ACTION_TERMS = frozenset({"lane_change_reward", "action_reward"})


# intersection-v*'s reset sets these on the IDMVehicle class, for the whole process
# (ours sets them on the intersection's traffic only).
IDM_CLASS_CONSTANTS = ("DISTANCE_WANTED", "COMFORT_ACC_MAX", "COMFORT_ACC_MIN")


@pytest.fixture(autouse=True)
def restore_idm_class_constants():
    """Gives each test highway-env's own IDM constants back, whatever ran before it."""
    saved = {name: vars(IDMVehicle)[name] for name in IDM_CLASS_CONSTANTS}
    yield
    for name, value in saved.items():
        setattr(IDMVehicle, name, value)


# Config variants of an id, ours beside highway-env's `config`: other observation and
# action types than the id's own, on the same scenario.
VARIANTS: dict[str, tuple[str, dict, dict]] = {
    "highway-fast-continuous": (
        "highway-fast-v0",
        {"action_type": "ContinuousAction"},
        {"action": {"type": "ContinuousAction"}},
    ),
    "highway-fast-throttle": (
        "highway-fast-v0",
        {"action_type": "ContinuousAction", "action_lateral": False, "action_speed_range": [10.0, 28.0]},
        {"action": {"type": "ContinuousAction", "lateral": False, "speed_range": [10.0, 28.0]}},
    ),
    "highway-fast-discrete-action": (
        "highway-fast-v0",
        {"action_type": "DiscreteAction", "action_actions_per_axis": 4},
        {"action": {"type": "DiscreteAction", "actions_per_axis": 4}},
    ),
    "highway-fast-dynamical": (
        "highway-fast-v0",
        {"action_type": "ContinuousAction", "action_dynamical": True},
        {"action": {"type": "ContinuousAction", "dynamical": True}},
    ),
    "highway-fast-occupancy": (
        "highway-fast-v0",
        {"observation_type": "OccupancyGrid"},
        {"observation": {"type": "OccupancyGrid"}},
    ),
    "highway-fast-occupancy-aligned": (
        "highway-fast-v0",
        {
            "observation_type": "OccupancyGrid",
            "observation_features": "presence x y vx on_road cos_h",
            "observation_features_range": [math.nan, math.nan, -40, 40, -10, 10, -20, 20, *[math.nan] * 4],
            "observation_grid_size": [-30, 42, -9, 9],
            "observation_grid_step": [4, 2],
            "observation_align_to_vehicle_axes": True,
        },
        {
            "observation": {
                "type": "OccupancyGrid",
                "features": ["presence", "x", "y", "vx", "on_road", "cos_h"],
                "features_range": {"x": [-40, 40], "y": [-10, 10], "vx": [-20, 20]},
                "grid_size": [[-30, 42], [-9, 9]],
                "grid_step": [4, 2],
                "align_to_vehicle_axes": True,
            }
        },
    ),
    "highway-fast-occupancy-image": (
        "highway-fast-v0",
        {"observation_type": "OccupancyGrid", "observation_as_image": True},
        {"observation": {"type": "OccupancyGrid", "as_image": True}},
    ),
    "highway-fast-lidar": (
        "highway-fast-v0",
        {"observation_type": "LidarObservation", "observation_cells": 24, "observation_maximum_range": 50.0},
        {"observation": {"type": "LidarObservation", "cells": 24, "maximum_range": 50}},
    ),
    "racetrack-oval-blocked": (
        "racetrack-oval-v0",
        {"no_lanes": 4, "length": 120.0, "block_lane": True, "force_decision": True, "other_vehicles": 3},
        {"no_lanes": 4, "length": 120, "block_lane": True, "force_decision": True, "other_vehicles": 3},
    ),
    "racetrack-oval-lidar": (
        "racetrack-oval-v0",
        {
            "block_lane": True,
            "force_decision": True,
            "observation_type": "LidarObservation",
            "observation_features": "",
            "observation_cells": 32,
            "observation_maximum_range": 40.0,
        },
        {
            "block_lane": True,
            "force_decision": True,
            "observation": {"type": "LidarObservation", "cells": 32, "maximum_range": 40},
        },
    ),
    "racetrack-throttle": (
        "racetrack-v0",
        {"action_longitudinal": True},
        {"action": {"type": "ContinuousAction", "longitudinal": True, "lateral": True}},
    ),
    "merge-steering": (
        "merge-v0",
        {"action_type": "ContinuousAction", "action_longitudinal": False, "action_steering_range": [-0.3, 0.3]},
        {"action": {"type": "ContinuousAction", "longitudinal": False, "steering_range": [-0.3, 0.3]}},
    ),
    # GrayscaleObservation: the viewer's frames, weighted to grey and stacked.
    "highway-fast-grayscale": (
        "highway-fast-v0",
        {
            "observation_type": "GrayscaleObservation",
            "observation_shape": [128, 64],
            "observation_stack_size": 4,
            "observation_weights": [0.2989, 0.5870, 0.1140],
            "observation_scaling": 1.75,
        },
        {
            "observation": {
                "type": "GrayscaleObservation",
                "observation_shape": (128, 64),
                "stack_size": 4,
                "weights": [0.2989, 0.5870, 0.1140],
                "scaling": 1.75,
            }
        },
    ),
    "roundabout-grayscale": (
        "roundabout-v0",
        {
            "observation_type": "GrayscaleObservation",
            "observation_shape": [96, 80],
            "observation_stack_size": 3,
            "observation_weights": [0.25, 0.45, 0.3],
        },
        {
            "observation": {
                "type": "GrayscaleObservation",
                "observation_shape": (96, 80),
                "stack_size": 3,
                "weights": [0.25, 0.45, 0.3],
            }
        },
    ),
    # A goal reached within ~10 m: episodes that end in success too.
    "parking-success": ("parking-v0", {"success_goal_reward": 0.3}, {"success_goal_reward": 0.3}),
    # parking-v0 with parked vehicles (parking-parked-v0's class takes no config).
    "parking-goal-features": (
        "parking-v0",
        {
            "vehicles_count": 10,
            "observation_features": "presence x y cos_h sin_h cos_d sin_d",
            "observation_scales": [1, 50, 50, 1, 1, 2, 2],
        },
        {
            "vehicles_count": 10,
            "observation": {
                "type": "KinematicsGoal",
                "features": ["presence", "x", "y", "cos_h", "sin_h", "cos_d", "sin_d"],
                "scales": [1, 50, 50, 1, 1, 2, 2],
                "normalize": False,
            },
        },
    ),
    # The lot through the Kinematics table: the goal and the walls among its objects.
    "parking-kinematics": (
        "parking-v0",
        {
            "vehicles_count": 10,
            "observation_type": "Kinematics",
            "observation_features": "presence x y vx vy",
            "observation_normalize": True,
        },
        {"vehicles_count": 10, "observation": {"type": "Kinematics"}},
    ),
}


def reference(task_id: str, config: dict | None = None) -> gymnasium.Env:
    env = gymnasium.make(task_id, config=config) if config else gymnasium.make(task_id)
    # An id that highway-env registers with a step limit (two-way-v0: 15) is
    # truncated by gymnasium's TimeLimit, not by the env itself.
    limit = env.spec.max_episode_steps
    return env.unwrapped if limit is None else gymnasium.wrappers.TimeLimit(env.unwrapped, limit)


def assert_same_info(info: dict, i: int, ref_info: dict, where: str, skip: frozenset[str] = frozenset()) -> None:
    # lane-keeping-v0's step reports an empty info (its reset's has speed and crashed).
    if "speed" not in ref_info:
        return
    assert np.float64(info["speed"][i]).tobytes() == np.float64(ref_info["speed"]).tobytes(), where
    assert bool(info["crashed"][i]) == bool(ref_info["crashed"]), where
    if "is_success" in ref_info:
        assert bool(info["is_success"][i]) == bool(ref_info["is_success"]), where
    # parking has no _rewards: no reward terms.
    for name, value in ref_info.get("rewards", {}).items():
        if name in skip:
            continue
        ours = info[name][i]
        assert np.float64(ours).tobytes() == np.float64(value).tobytes(), (where, name, ours, value)


def assert_same_obs(obs, i: int, ref_obs, where: str) -> None:
    """An array (float32, or uint8 for an image), or a Dict of float64 arrays (KinematicsGoal,
    AttributesObservation), byte for byte."""
    if isinstance(ref_obs, dict):
        assert set(obs) == set(ref_obs), where
        for key, value in ref_obs.items():
            assert obs[key].dtype == value.dtype == np.float64, (where, key)
            assert obs[key][i].tobytes() == value.tobytes(), (where, key, obs[key][i], value)
    else:
        # The dtype too: uint8 images (GrayscaleObservation, OccupancyGrid as_image).
        assert obs.dtype == ref_obs.dtype, (where, obs.dtype, ref_obs.dtype)
        np.testing.assert_array_equal(obs[i], ref_obs, where)


def random_actions(space: spaces.Space, rng: np.random.Generator, num_envs: int) -> np.ndarray:
    """Discrete: uniform indices. Box: float32 (the space's dtype, as policies give it),
    some beyond [-1, 1] for the clipping."""
    if isinstance(space, spaces.Discrete):
        return rng.integers(0, int(space.n), num_envs)
    return rng.uniform(-1.2, 1.2, (num_envs, *space.shape)).astype(np.float32)


def run_lockstep(
    task_id: str,
    ref_id: str,
    seed: int,
    num_envs: int,
    steps: int,
    config: dict | None = None,
    ref_config: dict | None = None,
) -> int:
    """Steps the pool and highway-env's envs on the same random actions; returns the
    number of episode ends."""
    env = parallel_pool.make_vec(task_id, num_envs=num_envs, seed=seed, **(config or {}))
    refs = [reference(ref_id, ref_config) for _ in range(num_envs)]
    obs, info = env.reset()
    for i, ref in enumerate(refs):
        ref_obs, ref_info = ref.reset(seed=seed + i)
        assert_same_obs(obs, i, ref_obs, f"{task_id} env {i} reset")
        assert_same_info(info, i, ref_info, f"{task_id} env {i} reset", skip=ACTION_TERMS)
    rng = np.random.default_rng(seed)
    assert env.single_action_space == refs[0].action_space
    done = np.zeros(num_envs, dtype=bool)
    ends = 0
    for t in range(steps):
        actions = random_actions(env.single_action_space, rng, num_envs)
        obs, rew, term, trunc, info = env.step(actions)
        for i, ref in enumerate(refs):
            where = f"{task_id} seed {seed} env {i} step {t}"
            if done[i]:
                ref_obs, ref_info = ref.reset()
                assert_same_obs(obs, i, ref_obs, where + " (autoreset)")
                continue
            action = int(actions[i]) if actions.ndim == 1 else actions[i]
            ref_obs, ref_rew, ref_term, ref_trunc, ref_info = ref.step(action)
            assert_same_obs(obs, i, ref_obs, where)
            assert np.float64(rew[i]).tobytes() == np.float64(ref_rew).tobytes(), (where, rew[i], ref_rew)
            assert (bool(term[i]), bool(trunc[i])) == (ref_term, ref_trunc), where
            assert_same_info(info, i, ref_info, where)
            ends += ref_term or ref_trunc
        done = term | trunc
    return ends


@pytest.mark.parametrize(("task_id", "seed"), spread(TASKS, SEEDS))
def test_episodes_equal_highway_envs(task_id: str, seed: int) -> None:
    ends = run_lockstep(task_id, TASKS[task_id], seed, NUM_ENVS, STEPS_OF.get(task_id, STEPS))
    assert ends >= 1, "no episode ended: the autoreset went untested"


def assert_same_agents(info: dict, k: int, rows: np.ndarray, ref: gymnasium.Env, ref_info: dict, where: str) -> None:
    """Each agent's speed, crash, own reward and own end in its row; the shared info
    (the first agent's speed and crash; the reward terms averaged, the env's k-th row)
    as the reference's."""
    agents = ref.unwrapped.controlled_vehicles
    assert len(rows) == len(agents), where
    for p, (row, vehicle) in enumerate(zip(rows, agents)):
        assert np.float64(info["speed"][row]).tobytes() == np.float64(vehicle.speed).tobytes(), (where, p)
        assert bool(info["crashed"][row]) == bool(vehicle.crashed), (where, p)
        own = ref_info["agents_rewards"][p]
        assert np.float64(info["agents_rewards"][row]).tobytes() == np.float64(own).tobytes(), (where, p)
        assert bool(info["agents_terminated"][row]) == bool(ref_info["agents_terminated"][p]), (where, p)
    assert np.float64(info["speed"][rows[0]]).tobytes() == np.float64(ref_info["speed"]).tobytes(), where
    for name, value in ref_info["rewards"].items():
        assert np.float64(info[name][k]).tobytes() == np.float64(value).tobytes(), (where, name)


def run_multi_agent_lockstep(task_id: str, ref_id: str, seed: int, num_envs: int, steps: int) -> int:
    """run_lockstep for the multi-agent ids: env i's player rows against the agents of
    highway-env's env i (with its own wrappers: intersection-multi-agent-v1/-v2 return
    per-agent rewards and ends, -v0 the shared reward and the episode's end). A batch's
    rows come env by env in the order the envs finished (info's env_id, players.env_id);
    the actions go env by env in id order."""
    env = parallel_pool.make_vec(task_id, num_envs=num_envs, seed=seed)
    refs = [gymnasium.make(ref_id) for _ in range(num_envs)]
    players = env.spec.config.max_num_players
    obs, info = env.reset()
    for k, i in enumerate(info["env_id"]):
        ref = refs[i]
        rows = np.flatnonzero(info["players"]["env_id"] == i)
        ref_obs, ref_info = ref.reset(seed=seed + int(i))
        for p, row in enumerate(rows):
            np.testing.assert_array_equal(obs[row], ref_obs[p], f"{task_id} env {i} agent {p} reset")
        assert_same_agents(info, k, rows, ref, ref_info, f"{task_id} env {i} reset")
    assert env.single_action_space == refs[0].action_space[0]
    rng = np.random.default_rng(seed)
    done = np.zeros(num_envs, dtype=bool)
    ends = 0
    for t in range(steps):
        actions = rng.integers(0, int(env.single_action_space.n), num_envs * players)
        obs, rew, term, trunc, info = env.step(actions)
        assert sorted(info["env_id"]) == list(range(num_envs))
        for k, i in enumerate(info["env_id"]):
            ref = refs[i]
            where = f"{task_id} seed {seed} env {i} step {t}"
            rows = np.flatnonzero(info["players"]["env_id"] == i)
            if done[i]:
                ref_obs, ref_info = ref.reset()
                for p, row in enumerate(rows):
                    np.testing.assert_array_equal(obs[row], ref_obs[p], where + f" agent {p} (autoreset)")
                continue
            own_actions = actions[i * players : (i + 1) * players]
            ref_obs, ref_rew, ref_term, ref_trunc, ref_info = ref.step(tuple(int(a) for a in own_actions))
            for p, row in enumerate(rows):
                np.testing.assert_array_equal(obs[row], ref_obs[p], where + f" agent {p}")
                assert info["action"][row] == own_actions[p], where
            if isinstance(ref_rew, tuple):  # MultiAgentWrapper: each agent's own
                expected_rew, expected_term = list(ref_rew), ref.unwrapped._is_terminated()
                assert tuple(ref_term) == tuple(ref_info["agents_terminated"]), where
            else:  # the shared reward in every agent's row
                expected_rew, expected_term = [ref_rew] * players, ref_term
            for p, row in enumerate(rows):
                ours, theirs = np.float64(rew[row]), np.float64(expected_rew[p])
                assert ours.tobytes() == theirs.tobytes(), (where, p, ours, theirs)
            assert (bool(term[k]), bool(trunc[k])) == (bool(expected_term), ref_trunc), where
            assert_same_agents(info, k, rows, ref, ref_info, where)
            ends += bool(expected_term) or ref_trunc
        for k, i in enumerate(info["env_id"]):
            done[i] = term[k] or trunc[k]
    return ends


@pytest.mark.parametrize(("task_id", "seed"), spread(MULTI_AGENT_TASKS, SEEDS))
def test_multi_agent_episodes_equal_highway_envs(task_id: str, seed: int) -> None:
    ends = run_multi_agent_lockstep(task_id, MULTI_AGENT_TASKS[task_id], seed, NUM_ENVS, STEPS)
    assert ends >= 1, "no episode ended: the autoreset went untested"


@pytest.mark.parametrize(("variant", "seed"), spread(VARIANTS, SEEDS))
def test_config_variants_equal_highway_envs(variant: str, seed: int) -> None:
    task_id, config, ref_config = VARIANTS[variant]
    ends = run_lockstep(task_id, task_id, seed, NUM_ENVS, STEPS, config, ref_config)
    assert ends >= 1, "no episode ended: the autoreset went untested"


@pytest.mark.parametrize("name", sorted(ENVPOOL_NAMES))
def test_envpool_names_are_the_same_scenarios(name: str) -> None:
    ours = parallel_pool.make_spec(name).config
    theirs = parallel_pool.make_spec(ENVPOOL_NAMES[name]).config
    # assert_equal: the NaNs of observation_features_range count as equal.
    np.testing.assert_equal(ours._asdict(), theirs._asdict())


def test_every_id_is_tested() -> None:
    ids = {t for t in parallel_pool.list_all_envs() if registry.family(t) == "highway"}
    assert ids == set(TASKS) | set(MULTI_AGENT_TASKS) | set(ENVPOOL_NAMES)
