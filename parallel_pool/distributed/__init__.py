"""Pools whose envs live on a Ray cluster, behind a local pool's API.

    import ray, parallel_pool.distributed as ppd
    ray.init(address="auto")
    env = ppd.make_gymnasium("Pong-v5", num_envs=256, batch_size=128)

Needs Ray (`pip install parallel_pool[distributed]`) on the driver and
parallel_pool on every node. `import parallel_pool` never imports Ray; only
this subpackage does. See docs/distributed.md.
"""

try:
    import ray  # noqa: F401
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(
        "parallel_pool.distributed needs Ray: pip install 'parallel_pool[distributed]' (ray==2.60.0)"
    ) from error

from parallel_pool.distributed.pool import DistributedPool, make, make_dm, make_gym, make_gymnasium, make_vec
from parallel_pool.distributed.remote_pool import ActorLostError

__all__ = ["ActorLostError", "DistributedPool", "make", "make_dm", "make_gym", "make_gymnasium", "make_vec"]
