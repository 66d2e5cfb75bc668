"""make(), make_gym(), make_gymnasium(), make_vec(), make_dm(): pools whose envs live on a Ray cluster.

The pool a user gets is the family's own gym / gymnasium / dm_env pool class
with a RemotePool in place of the C++ pool, so every method, attribute,
space and error of a local pool is there (docs/distributed.md).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import ray

from parallel_pool.distributed import cluster
from parallel_pool.distributed.layout import plan, seeds
from parallel_pool.distributed.remote_pool import RemotePool
from parallel_pool.registration import registry


class DistributedPool:
    """Mixed in before a family's pool class: the same pool, its envs in Ray actors.

    Extra attributes: `actors` (the Ray actor handles), `env_ranges` (actor k
    holds env ids `range(*env_ranges[k])`), `actor_batch_size` (0 in sync
    mode), `actor_nodes` (each actor's node id) and `placement_group`.
    """

    config: Any  # the family pool's (PoolBase.config), which this is mixed into

    def __init__(self, spec: Any, remote: RemotePool, described: list[dict[str, Any]]) -> None:
        # The family's pool, driving the RemotePool in place of a C++ pool.
        super().__init__(spec, cpp_pool=remote)  # type: ignore[call-arg]
        self.actors = remote._actors
        self.env_ranges = remote._ranges
        self.actor_batch_size = remote._b
        self.actor_nodes = [d["node_id"] for d in described]
        self.config["num_threads"] = described[0]["num_threads"]

    def __repr__(self) -> str:
        cfg = self.config
        return (
            f"{type(self).__name__}(num_envs={cfg.num_envs}, batch_size={cfg.batch_size}, "
            f"actors={len(self.actors)}, actor_batch_size={self.actor_batch_size}, "
            f"num_threads={cfg.num_threads} per actor, seed={cfg.seed})"
        )


_CLASSES: dict[type, type] = {}


def _distributed_class(local: type) -> type:
    cls = _CLASSES.get(local)
    if cls is None:
        cls = type(f"Distributed{local.__name__}", (DistributedPool, local), {"__module__": __name__})
        _CLASSES[local] = cls
    return cls


def _positive_int(key: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{key}: expected an int, got {type(value).__name__} {value!r}")
    if value < 1:
        raise ValueError(f"{key}: expected an int >= 1, got {value}")
    return int(value)


def _actors_and_cpus(num_envs: int, num_actors: Any, envs_per_actor: Any, cpus_per_actor: Any) -> tuple[int, int]:
    """(number of actors, CPUs per actor) from the options given and the cluster's nodes."""
    nodes = cluster.node_cpus()
    if not nodes:
        raise RuntimeError("the Ray cluster has no alive node with CPUs")
    if num_actors is not None:
        num_actors = _positive_int("num_actors", num_actors)
    if envs_per_actor is not None:
        per = _positive_int("envs_per_actor", envs_per_actor)
        implied = math.ceil(num_envs / per)
        if num_actors is not None and num_actors != implied:
            raise ValueError(
                f"num_actors={num_actors} and envs_per_actor={per} disagree for num_envs={num_envs} "
                f"(that is {implied} actors); pass one of them"
            )
        num_actors = implied
    one_per_node = num_actors is None
    if one_per_node:
        num_actors = min(len(nodes), num_envs)
    if cpus_per_actor is not None:
        cpus = _positive_int("cpus_per_actor", cpus_per_actor)
    elif one_per_node:
        cpus = min(nodes)  # every node fits one actor
    else:
        cpus = max(1, sum(nodes) // num_actors)
    return num_actors, cpus


def make(
    task_id: str,
    env_type: str,
    *,
    num_actors: int | None = None,
    envs_per_actor: int | None = None,
    cpus_per_actor: int | None = None,
    actor_batch_size: int | None = None,
    placement_strategy: str = "SPREAD",
    placement_timeout_s: float = 60.0,
    **config: Any,
) -> Any:
    """A pool of `task_id` envs spread over Ray actors, with the API of `env_type`.

    `config` is a local pool's (num_envs, batch_size, seed, ...; every key is
    checked here first, with the local pool's errors). The options:

    - `num_actors` / `envs_per_actor` (one of them): how many actors; default
      one per alive node with CPUs. Actor k holds a contiguous range of env ids.
    - `cpus_per_actor`: CPUs each actor reserves, and its local pool's
      `num_threads` unless `num_threads` is given; default the smallest node's
      CPUs with one actor per node, else the cluster's CPUs / num_actors.
    - `actor_batch_size` (async mode): results each actor hands over at a
      time; must divide batch_size and num_envs (layout.py picks the default).
    - `placement_strategy`: Ray's placement group strategy, default "SPREAD";
      `placement_timeout_s`: how long to wait for the CPUs.

    Calls `ray.init()` (a local Ray instance) if Ray is not initialised yet.
    """
    if config.get("render_mode") is not None:
        raise ValueError(
            "render_mode: a distributed pool does not render (its envs live in the actors); "
            "render with a local pool (dm_control's from_pixels observations do work here)"
        )
    cls = _distributed_class(registry.pool_class(task_id, env_type, config))
    spec = registry.make_spec(task_id, **config)
    cfg = spec.config
    if cfg.max_num_players != 1:
        raise ValueError(
            f"max_num_players: a distributed pool runs one player per env, got {cfg.max_num_players}; "
            "use a local pool for multi-player envs"
        )
    if placement_strategy not in cluster.STRATEGIES:
        raise ValueError(f"placement_strategy: expected one of {cluster.STRATEGIES}, got {placement_strategy!r}")
    if isinstance(placement_timeout_s, bool) or not isinstance(placement_timeout_s, (int, float)):
        raise TypeError(f"placement_timeout_s: expected a number of seconds, got {placement_timeout_s!r}")
    if not ray.is_initialized():
        ray.init()
    num_envs, batch_size = cfg.num_envs, cfg.batch_size
    num_actors, cpus = _actors_and_cpus(num_envs, num_actors, envs_per_actor, cpus_per_actor)
    layout = plan(num_envs, batch_size, num_actors, actor_batch_size)
    env_seeds = seeds(num_envs, cfg.seed, cfg.env_seeds)
    # Each actor's config: the user's keys (its own installation fills in the
    # defaults, e.g. paths), its share of the envs, their seeds and their
    # per-env config values.
    common = {k: v for k, v in config.items() if k not in ("seed", "env_seed")}
    threads = config.get("num_threads") or cpus
    configs = []
    for start, stop in layout.ranges:
        local = dict(common, num_envs=stop - start, seed=env_seeds[start:stop], num_threads=threads)
        local.update({key: values[start:stop] for key, values in spec.per_env.items()})  # its envs' own values
        local["batch_size"] = layout.actor_batch_size or stop - start
        configs.append(local)
    actors, group, described = cluster.start_actors(
        task_id, layout, configs, cpus, placement_strategy, float(placement_timeout_s)
    )
    remote = RemotePool(
        actors,
        layout,
        batch_size,
        described[0],
        list(spec.action_array_spec.values()),
        autoreset_disabled=cfg.autoreset_mode == "disabled",
        on_close=lambda: cluster.stop(actors, group),
    )
    try:
        pool = cls(spec, remote, described)
    except BaseException:
        remote._close()
        raise
    pool.placement_group = group
    return pool


def make_gymnasium(task_id: str, **kwargs: Any) -> Any:
    """make(task_id, "gymnasium", ...): EnvPool's gymnasium pool (one env's spaces)."""
    return make(task_id, "gymnasium", **kwargs)


def make_vec(task_id: str, num_envs: int = 1, **kwargs: Any) -> Any:
    """make(task_id, "vector", ...): gymnasium's VectorEnv contract, as parallel_pool.make_vec."""
    return make(task_id, "vector", num_envs=num_envs, **kwargs)


def make_gym(task_id: str, **kwargs: Any) -> Any:
    """make(task_id, "gym", ...): the gym 0.26 API."""
    return make(task_id, "gym", **kwargs)


def make_dm(task_id: str, **kwargs: Any) -> Any:
    """make(task_id, "dm", ...): a dm_env.Environment."""
    return make(task_id, "dm", **kwargs)
