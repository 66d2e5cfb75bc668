"""Where the actors go: the cluster's nodes, one placement group, the actors in it.

Every actor gets one bundle of `cpus_per_actor` CPUs of a placement group,
reserved all at once (or not at all, within `placement_timeout_s`), so a
pool never starts with part of its envs. The placement strategy decides how
the bundles spread over nodes (Ray's: "SPREAD" best effort, "STRICT_SPREAD"
one per node, "PACK", "STRICT_PACK").
"""

from __future__ import annotations

from typing import Any

import ray
from ray.exceptions import GetTimeoutError, RayError
from ray.util.placement_group import placement_group, remove_placement_group
from ray.util.scheduling_strategies import PlacementGroupSchedulingStrategy

from parallel_pool.distributed.host import PoolHost
from parallel_pool.distributed.layout import Layout

STRATEGIES = ("SPREAD", "STRICT_SPREAD", "PACK", "STRICT_PACK")


def node_cpus() -> list[int]:
    """The CPU count of every alive node that has CPUs, in the cluster's node order."""
    return [int(n["Resources"]["CPU"]) for n in ray.nodes() if n["Alive"] and n["Resources"].get("CPU", 0) >= 1]


def start_actors(
    task_id: str,
    layout: Layout,
    configs: list[dict[str, Any]],
    cpus_per_actor: int,
    strategy: str,
    timeout_s: float,
) -> tuple[list[Any], Any, list[dict[str, Any]]]:
    """(actors, their placement group, each actor's PoolHost.describe()).

    Raises RuntimeError when the bundles do not fit in time, or when an actor
    fails to build its pool (with the actor's own error message).
    """
    bundles = [{"CPU": cpus_per_actor} for _ in layout.ranges]
    group = placement_group(bundles, strategy=strategy)
    try:
        ray.get(group.ready(), timeout=timeout_s)
    except GetTimeoutError:
        remove_placement_group(group)
        raise RuntimeError(
            f"placement: {len(bundles)} actors x {cpus_per_actor} CPUs ({strategy}) did not fit in the cluster "
            f"within placement_timeout_s={timeout_s} (free: {ray.available_resources().get('CPU', 0)} CPUs); "
            "lower num_actors or cpus_per_actor, or add nodes"
        ) from None
    host: Any = ray.remote(PoolHost)
    actors = []
    for k, ((start, _), config) in enumerate(zip(layout.ranges, configs, strict=True)):
        placement = PlacementGroupSchedulingStrategy(group, placement_group_bundle_index=k)
        # max_restarts=0: a restarted actor would quietly start its envs' episodes
        # over; its loss is reported instead (remote_pool.ActorLostError).
        options = {"num_cpus": cpus_per_actor, "scheduling_strategy": placement, "max_restarts": 0}
        actors.append(host.options(**options).remote(task_id, config, start))
    try:
        described = ray.get([actor.describe.remote() for actor in actors])
    except RayError as error:
        stop(actors, group)
        raise RuntimeError(f"an actor failed to make its pool of {task_id!r}: {_cause(error)}") from None
    return actors, group, described


def stop(actors: list[Any], group: Any) -> None:
    """Ends the actors and frees their placement group (each step best effort)."""
    if not ray.is_initialized():
        return
    for actor in actors:
        try:
            ray.kill(actor)
        except (RayError, ValueError):
            pass
    try:
        remove_placement_group(group)
    except (RayError, ValueError):
        pass


def _cause(error: RayError) -> str:
    cause = getattr(error, "cause", None)
    if cause is not None:
        return f"{type(cause).__name__}: {cause}"
    text = str(error).strip()
    return text.splitlines()[-1] if text else type(error).__name__
