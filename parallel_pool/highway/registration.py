"""Registers the highway task ids: highway-env 1.12.1's, each with its default_config.

Every id is registered under highway-env's name (`highway-v0`) and, where EnvPool 1.2.5
has the scenario, under EnvPool's CamelCase name too (`Highway-v0`). The config keys
are highway-env's config names, flattened where highway-env nests them
(`observation_*`, `action_*`) and named as EnvPool names them where it has them
(`reward_speed_low`/`high` for `reward_speed_range`, `observation_vehicles_count`).
"""

import math
from collections.abc import Callable
from typing import Any

from parallel_pool.registration import register

# The action type picks the env class: an int action (DiscreteMetaAction), a float32
# one in [-1, 1] per axis (ContinuousAction), or an int action per agent, each agent a
# player (MultiAgentAction).
_ACTION_CLASSES = {
    "DiscreteMetaAction": "Highway",
    "DiscreteAction": "Highway",
    "ContinuousAction": "HighwayContinuous",
    "MultiAgentAction": "HighwayMultiAgent",
}
# An image observation is uint8, as highway-env's space has it: the action type's
# image class.
_IMAGE_CLASSES = {"Highway": "HighwayImage", "HighwayContinuous": "HighwayContinuousImage"}


def _env_class(value: Callable[[str], Any]) -> str | None:
    """The env class the config's action and observation types pick (a key neither given
    nor registered has the env's default: DiscreteMetaAction, Kinematics). None: an action
    type of no class, which the config check names."""
    action_type = value("action_type")
    try:
        env = _ACTION_CLASSES.get("DiscreteMetaAction" if action_type is None else action_type)
    except TypeError:  # unhashable
        return None
    image = value("observation_type") == "GrayscaleObservation" or (
        value("observation_type") == "OccupancyGrid" and bool(value("observation_as_image"))
    )
    if env is not None and image:
        return _IMAGE_CLASSES.get(env, env)
    return env


def _players_are_agents(kwargs: dict[str, Any], config: dict[str, Any]) -> dict[str, Any]:
    """MultiAgentAction has a player per controlled vehicle: either count given sets the
    other (`make_pettingzoo(..., num_players=3)` is 3 agents). Another action type has one
    player, whatever the id's default."""
    if kwargs.get("action_type", config.get("action_type")) != "MultiAgentAction":
        if "max_num_players" not in kwargs:
            kwargs["max_num_players"] = 1
        return kwargs
    if "max_num_players" in kwargs and "controlled_vehicles" not in kwargs:
        kwargs["controlled_vehicles"] = kwargs["max_num_players"]
    elif "controlled_vehicles" in kwargs and "max_num_players" not in kwargs:
        kwargs["max_num_players"] = kwargs["controlled_vehicles"]
    return kwargs


def _render_fps(config: dict[str, Any]) -> int:
    return 2 * int(config["policy_frequency"])


def _highway(task_ids: tuple[str, ...], scenario: str, max_episode_steps: int | None = None, **config: Any) -> None:
    duration = config.get("duration", 40)
    policy_frequency = config.get("policy_frequency", 1)
    if max_episode_steps is None:
        # highway-env ends an episode at `duration` seconds (policy steps of
        # 1 / policy_frequency): the same step count here.
        max_episode_steps = int(duration * policy_frequency)
    for task_id in task_ids:
        register(
            task_id=task_id,
            import_path="parallel_pool.highway",
            env=_ACTION_CLASSES[config.get("action_type", "DiscreteMetaAction")],
            class_by=_env_class,
            config_aliases=_players_are_agents,
            max_episode_steps=max_episode_steps,
            # highway-env's metadata: twice the policy frequency (its video ratio).
            render_fps=_render_fps,
            scenario=scenario,
            **config,
        )


_highway(("highway-v0", "Highway-v0"), "highway")
_highway(
    ("highway-fast-v0", "HighwayFast-v0"),
    "highway",
    simulation_frequency=5,
    lanes_count=3,
    vehicles_count=20,
    duration=30,
    ego_spacing=1.5,
    other_vehicles_check_collisions=False,
)
# two-way-v0 never truncates by itself: highway-env registers it with gymnasium's
# TimeLimit of 15 steps.
_highway(
    ("two-way-v0", "TwoWay-v0"),
    "two_way",
    max_episode_steps=15,
    observation_type="TimeToCollision",
    observation_horizon=5,
    collision_reward=0,
    left_lane_constraint=1,
    left_lane_reward=0.2,
    high_speed_reward=0.8,
)
_u_turn: dict[str, Any] = {
    "observation_type": "TimeToCollision",
    "observation_horizon": 16,
    "target_speeds": [8.0, 16.0, 24.0],
    "duration": 10,
    "collision_reward": -1.0,
    "left_lane_reward": 0.1,
    "high_speed_reward": 0.4,
    "reward_speed_low": 8.0,
    "reward_speed_high": 24.0,
    "normalize_reward": True,
    "offroad_terminal": False,
}
_u_turn.update(screen_width=789, screen_height=289)
_highway(("u-turn-v0", "UTurn-v0"), "u_turn", **_u_turn)
_highway(("u-turn-v1",), "u_turn", neighbour_vehicles_connected_lanes=True, **_u_turn)
# exit-v0's default_config: HighwayEnv's, then its own.
_EXIT: dict[str, Any] = {
    "observation_type": "ExitObservation",
    "observation_vehicles_count": 15,
    "observation_features": "presence x y vx vy cos_h sin_h",
    "observation_clip": False,
    "target_speeds": [18.0, 24.0, 30.0],
    "lanes_count": 6,
    "collision_reward": 0.0,
    "high_speed_reward": 0.1,
    "right_lane_reward": 0.0,
    "normalize_reward": True,
    "goal_reward": 1.0,
    "vehicles_count": 20,
    "vehicles_density": 1.5,
    "controlled_vehicles": 1,
    "duration": 18,
    "simulation_frequency": 5,
    "scaling": 5.0,
}
_highway(("exit-v0", "Exit-v0"), "exit", **_EXIT)
_highway(("exit-v1",), "exit", neighbour_vehicles_connected_lanes=True, **_EXIT)

# merge-v0 has no time limit (its _is_truncated is False): EnvPool's 200 steps, which
# its episodes (the ramp is passed at x > 370 m, at 20 m/s or more) never reach.
_MERGE: dict[str, Any] = dict(high_speed_reward=0.2, lane_change_reward=-0.05, duration=200)
_highway(("merge-v0", "Merge-v0"), "merge", **_MERGE)
_highway(("merge-v1",), "merge", neighbour_vehicles_connected_lanes=True, **_MERGE)
_highway(("merge-generic-v0",), "merge_generic", lanes_count=2, vehicles_count=3, **_MERGE)
_highway(
    ("merge-generic-v1",),
    "merge_generic",
    lanes_count=2,
    vehicles_count=3,
    neighbour_vehicles_connected_lanes=True,
    **_MERGE,
)

# Kinematics in absolute coordinates, x and y in [-100, 100] m, vx and vy in
# [-15, 15] m/s (presence not normalized).
_ROUNDABOUT: dict[str, Any] = dict(
    observation_absolute=True,
    observation_features_range=[float("nan"), float("nan"), -100, 100, -100, 100, -15, 15, -15, 15],
    target_speeds=[0.0, 8.0, 16.0],
    collision_reward=-1,
    high_speed_reward=0.2,
    right_lane_reward=0,
    lane_change_reward=-0.05,
    duration=11,
    normalize_reward=True,
    screen_width=600,
    screen_height=600,
    centering_position=[0.5, 0.6],
)
_highway(("roundabout-v0", "Roundabout-v0"), "roundabout", **_ROUNDABOUT)
_highway(("roundabout-v1",), "roundabout", neighbour_vehicles_connected_lanes=True, **_ROUNDABOUT)
_ROUNDABOUT_GENERIC: dict[str, Any] = dict(
    _ROUNDABOUT, roundabout_radius=20, roundabout_lanes=2, vehicles_count=5, duration=17
)
_highway(("roundabout-generic-v0",), "roundabout_generic", **_ROUNDABOUT_GENERIC)
_highway(
    ("roundabout-generic-v1",),
    "roundabout_generic",
    neighbour_vehicles_connected_lanes=True,
    **_ROUNDABOUT_GENERIC,
)

# intersection: Kinematics of 15 vehicles with absolute coordinates and fixed ranges
# (NaN: a feature not normalized), the longitudinal actions only.
_INTERSECTION: dict[str, Any] = {
    "observation_vehicles_count": 15,
    "observation_features": "presence x y vx vy cos_h sin_h",
    "observation_features_range": [math.nan, math.nan, -100.0, 100.0, -100.0, 100.0, -20.0, 20.0, -20.0, 20.0]
    + [math.nan] * 4,
    "observation_absolute": True,
    "observation_observe_intentions": False,
    "action_longitudinal": True,
    "action_lateral": False,
    "target_speeds": [0.0, 4.5, 9.0],
    "duration": 13,
    "destination": "o1",
    "controlled_vehicles": 1,
    "initial_vehicle_count": 10,
    "spawn_probability": 0.6,
    "collision_reward": -5.0,
    "high_speed_reward": 1.0,
    "arrived_reward": 1.0,
    "reward_speed_low": 7.0,
    "reward_speed_high": 9.0,
    "normalize_reward": False,
    "offroad_terminal": False,
    "screen_width": 600,
    "screen_height": 600,
    "centering_position": [0.5, 0.6],
    "scaling": 5.5 * 1.3,
}
_highway(("intersection-v0", "Intersection-v0"), "intersection", **_INTERSECTION)
_highway(("intersection-v2",), "intersection", **_INTERSECTION, neighbour_vehicles_connected_lanes=True)

# parking: the KinematicsGoal observation (a Dict of float64 "observation", "achieved_goal",
# "desired_goal") and ContinuousAction (steering within +-45 degrees).
_PARKING: dict[str, Any] = {
    "observation_type": "KinematicsGoal",
    "observation_features": "x y vx vy cos_h sin_h",
    "observation_scales": [100.0, 100.0, 5.0, 5.0, 1.0, 1.0],
    "observation_normalize": False,
    "action_type": "ContinuousAction",
    "action_steering_range": [-math.pi / 4, math.pi / 4],
    "reward_weights": [1.0, 0.3, 0.0, 0.0, 0.02, 0.02],
    "success_goal_reward": 0.12,
    "collision_reward": -5.0,
    "simulation_frequency": 15,
    "policy_frequency": 5,
    "duration": 100,
    "controlled_vehicles": 1,
    "vehicles_count": 0,
    "add_walls": True,
    "screen_width": 600,
    "screen_height": 300,
    "centering_position": [0.5, 0.5],
    "scaling": 7.0,
}
_highway(("parking-v0", "Parking-v0"), "parking", **_PARKING)
_highway(
    ("parking-ActionRepeat-v0", "ParkingActionRepeat-v0"),
    "parking",
    **{**_PARKING, "policy_frequency": 1, "duration": 20},
)
_highway(("parking-parked-v0", "ParkingParked-v0"), "parking", **{**_PARKING, "vehicles_count": 10})
# intersection-v1: the same crossing, the agent a dynamical bicycle steered and
# throttled (ContinuousAction), seeing 5 vehicles with their lane offsets.
_highway(
    ("intersection-v1", "Intersection-v1"),
    "intersection",
    **dict(
        _INTERSECTION,
        observation_vehicles_count=5,
        observation_features="presence x y vx vy long_off lat_off ang_off",
        observation_features_range=[math.nan, math.nan, -100.0, 100.0, -100.0, 100.0, -20.0, 20.0, -20.0, 20.0]
        + [math.nan] * 6,
        action_type="ContinuousAction",
        action_lateral=True,
        action_dynamical=True,
        action_steering_range=[-math.pi / 3, math.pi / 3],
    ),
)
# lane-keeping-v0: a dynamical bicycle, steered only, observed as its noisy
# lateral state, its derivative and the lane's reference (AttributesObservation);
# never ends by itself: highway-env registers it with a TimeLimit of 200 steps.
_highway(
    ("lane-keeping-v0", "LaneKeeping-v0"),
    "lane_keeping",
    max_episode_steps=200,
    observation_type="AttributesObservation",
    action_type="ContinuousAction",
    action_longitudinal=False,
    action_lateral=True,
    action_dynamical=True,
    action_steering_range=[-math.pi / 3, math.pi / 3],
    simulation_frequency=10,
    policy_frequency=10,
    state_noise=0.05,
    derivative_noise=0.05,
    screen_width=600,
    screen_height=250,
    scaling=7.0,
    centering_position=[0.4, 0.5],
)
# intersection-multi-agent: two agents (players), each with its own Kinematics
# observation and DiscreteMetaAction. -v0 rewards each with the agents' shared reward;
# -v1 and -v2 (ConnectedLane) with its own, as highway-env's MultiAgentWrapper does.
_MULTI_AGENT: dict[str, Any] = dict(
    _INTERSECTION, action_type="MultiAgentAction", controlled_vehicles=2, max_num_players=2
)
_highway(("intersection-multi-agent-v0", "IntersectionMultiAgent-v0"), "intersection", **_MULTI_AGENT)
_highway(
    ("intersection-multi-agent-v1", "IntersectionMultiAgent-v1"), "intersection", **_MULTI_AGENT, agent_rewards=True
)
_highway(
    ("intersection-multi-agent-v2",),
    "intersection",
    **_MULTI_AGENT,
    agent_rewards=True,
    neighbour_vehicles_connected_lanes=True,
)
# racetrack: an OccupancyGrid of presence and on_road in the agent's axes, steering only.
_RACETRACK: dict[str, Any] = {
    "observation_type": "OccupancyGrid",
    "observation_features": "presence on_road",
    "observation_grid_size": [-18.0, 18.0, -18.0, 18.0],
    "observation_grid_step": [3.0, 3.0],
    "observation_as_image": False,
    "observation_align_to_vehicle_axes": True,
    "action_type": "ContinuousAction",
    "action_longitudinal": False,
    "action_lateral": True,
    "target_speeds": [0.0, 5.0, 10.0],
    "simulation_frequency": 15,
    "policy_frequency": 5,
    "duration": 300,
    "collision_reward": -1.0,
    "lane_centering_cost": 4.0,
    "lane_centering_reward": 1.0,
    "action_reward": -0.3,
    "controlled_vehicles": 1,
    "other_vehicles": 1,
    "speed_limit": 10.0,
    "terminate_off_road": True,
}
_highway(("racetrack-v0", "Racetrack-v0"), "racetrack", **_RACETRACK)
_highway(("racetrack-v1",), "racetrack", neighbour_vehicles_connected_lanes=True, **_RACETRACK)
_highway(("racetrack-large-v0", "RacetrackLarge-v0"), "racetrack_large", **_RACETRACK)
_highway(("racetrack-large-v1",), "racetrack_large", neighbour_vehicles_connected_lanes=True, **_RACETRACK)
_RACETRACK_OVAL: dict[str, Any] = dict(_RACETRACK, length=100.0, no_lanes=3, block_lane=False, force_decision=False)
_highway(("racetrack-oval-v0", "RacetrackOval-v0"), "racetrack_oval", **_RACETRACK_OVAL)
_highway(("racetrack-oval-v1",), "racetrack_oval", neighbour_vehicles_connected_lanes=True, **_RACETRACK_OVAL)
