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
from parallel_pool.python.spec import EnvSpec
from parallel_pool.registration import (
    list_all_envs,
    make,
    make_dm,
    make_gym,
    make_gymnasium,
    make_spec,
    register,
)

__version__ = "0.1.0"

__all__ = [
    "DMEnvPool",
    "EnvSpec",
    "GymEnvPool",
    "GymnasiumEnvPool",
    "list_all_envs",
    "make",
    "make_dm",
    "make_gym",
    "make_gymnasium",
    "make_spec",
    "register",
]
