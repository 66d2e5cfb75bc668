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

# merge-v0 has no time limit (its _is_truncated is False): EnvPool's 200 steps, which
# its episodes (the ramp is passed at x > 370 m, at 20 m/s or more) never reach.
_MERGE = dict(high_speed_reward=0.2, lane_change_reward=-0.05, duration=200)
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
