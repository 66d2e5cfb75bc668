"""parallel_pool: many RL environments in C++ threads, batched into numpy.

A drop-in for EnvPool: `import parallel_pool as envpool` keeps user code
running. See README.md and docs/.
"""

from parallel_pool import (
    entry,  # noqa: F401  (registers every family)
    xla,  # noqa: F401  (gives PoolBase.xla() its builder)
)
from parallel_pool.python.dm_env_pool import DMEnvPool
from parallel_pool.python.gym_env import GymEnvPool
from parallel_pool.python.gymnasium_env import GymnasiumEnvPool
from parallel_pool.python.protocol import EnvPool
from parallel_pool.python.spec import EnvSpec
from parallel_pool.python.vector_env import VectorEnvPool
from parallel_pool.registration import (
    GYMNASIUM_NAMESPACE,
    list_all_envs,
    make,
    make_dm,
    make_gym,
    make_gymnasium,
    make_spec,
    make_vec,
    register,
)

__version__ = "0.1.0"


def make_pettingzoo(task_id: str, num_players: int = 2, **config: object) -> object:
    """One match of a multi-player task as a PettingZoo `ParallelEnv` (needs the `pettingzoo`
    extra; parallel_pool/integrations/pettingzoo_env.py). Imports PettingZoo only when called."""
    from parallel_pool.integrations.pettingzoo_env import MatchEnv

    return MatchEnv(task_id, num_players, **config)


def make_pettingzoo_batched(task_id: str, num_matches: int = 1, num_players: int = 2, **config: object) -> object:
    """`num_matches` matches of a multi-player task stepped in one call, values laid out agents x
    matches (parallel_pool/integrations/pettingzoo_env.py). Imports PettingZoo only when called."""
    from parallel_pool.integrations.pettingzoo_env import MatchBatch

    return MatchBatch(task_id, num_matches, num_players, **config)


__all__ = [
    "GYMNASIUM_NAMESPACE",
    "DMEnvPool",
    "EnvPool",
    "EnvSpec",
    "GymEnvPool",
    "GymnasiumEnvPool",
    "VectorEnvPool",
    "list_all_envs",
    "make",
    "make_dm",
    "make_gym",
    "make_gymnasium",
    "make_pettingzoo",
    "make_pettingzoo_batched",
    "make_spec",
    "make_vec",
    "register",
]
