"""Registers the highway task ids: highway-env 1.12.1's, each with its default_config.

Every id is registered under highway-env's name (`highway-v0`) and, where EnvPool 1.2.5
has the scenario, under EnvPool's CamelCase name too (`Highway-v0`). The config keys
are highway-env's config names, flattened where highway-env nests them
(`observation_*`, `action_*`) and named as EnvPool names them where it has them
(`reward_speed_low`/`high` for `reward_speed_range`, `observation_vehicles_count`).
"""

from typing import Any

from parallel_pool.registration import register


def _highway(task_ids: tuple[str, ...], scenario: str, **config: Any) -> None:
    duration = config.get("duration", 40)
    policy_frequency = config.get("policy_frequency", 1)
    for task_id in task_ids:
        register(
            task_id=task_id,
            import_path="parallel_pool.highway",
            env="Highway",
            # highway-env ends an episode at `duration` seconds (policy steps of
            # 1 / policy_frequency): the same step count here.
            max_episode_steps=int(duration * policy_frequency),
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

# Kinematics in absolute coordinates, x and y in [-100, 100] m, vx and vy in
# [-15, 15] m/s (presence not normalized).
_ROUNDABOUT = dict(
    observation_absolute=True,
    observation_features_range=[float("nan"), float("nan"), -100, 100, -100, 100, -15, 15, -15, 15],
    target_speeds=[0.0, 8.0, 16.0],
    collision_reward=-1,
    high_speed_reward=0.2,
    right_lane_reward=0,
    lane_change_reward=-0.05,
    duration=11,
    normalize_reward=True,
)
_highway(("roundabout-v0", "Roundabout-v0"), "roundabout", **_ROUNDABOUT)
_highway(("roundabout-v1",), "roundabout", neighbour_vehicles_connected_lanes=True, **_ROUNDABOUT)
_ROUNDABOUT_GENERIC = dict(_ROUNDABOUT, roundabout_radius=20, roundabout_lanes=2, vehicles_count=5, duration=17)
_highway(("roundabout-generic-v0",), "roundabout_generic", **_ROUNDABOUT_GENERIC)
_highway(
    ("roundabout-generic-v1",),
    "roundabout_generic",
    neighbour_vehicles_connected_lanes=True,
    **_ROUNDABOUT_GENERIC,
)
