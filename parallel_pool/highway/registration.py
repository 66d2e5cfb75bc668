"""Registers the highway task ids: highway-env 1.12.1's, each with its default_config.

Every id is registered under highway-env's name (`highway-v0`) and, where EnvPool 1.2.5
has the scenario, under EnvPool's CamelCase name too (`Highway-v0`). The config keys
are highway-env's config names, flattened where highway-env nests them
(`observation_*`, `action_*`) and named as EnvPool names them where it has them
(`reward_speed_low`/`high` for `reward_speed_range`, `observation_vehicles_count`).
"""

import math
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
}
_highway(("intersection-v0", "Intersection-v0"), "intersection", **_INTERSECTION)
_highway(("intersection-v2",), "intersection", **_INTERSECTION, neighbour_vehicles_connected_lanes=True)
