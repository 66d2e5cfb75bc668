"""py_env: from a family's two bound C++ classes to the user classes."""

from __future__ import annotations

from typing import Any, TypeVar

from parallel_pool.python.dm_env_pool import DMEnvPool
from parallel_pool.python.gym_env import GymEnvPool
from parallel_pool.python.gymnasium_env import GymnasiumEnvPool
from parallel_pool.python.spec import EnvSpec
from parallel_pool.python.vector_env import VectorEnvPool

_Pool = TypeVar("_Pool")


def py_env(
    cpp_spec: type, cpp_pool: type, methods: dict[str, Any] | None = None
) -> tuple[type[EnvSpec], type[DMEnvPool], type[GymEnvPool], type[GymnasiumEnvPool]]:
    """Returns (XxxEnvSpec, XxxDMEnvPool, XxxGymEnvPool, XxxGymnasiumEnvPool).

    `cpp_spec` / `cpp_pool` are `_XxxEnvSpec` / `_XxxEnvPool` from the
    family's extension module (see parallel_pool/core/py_env_pool.h). The
    gymnasium class carries a fifth, `XxxVectorEnvPool` (gymnasium's VectorEnv
    contract, make_vec's), as its `vector_pool_cls`. `methods`: what a family's
    pools offer besides the API (e.g. the goal envs' `compute_reward`), given to
    every flavour.
    """
    name = cpp_spec.__name__.lstrip("_").removesuffix("EnvSpec")
    spec_cls = type(f"{name}EnvSpec", (EnvSpec,), {"_cpp_cls": cpp_spec})

    def pool(flavour: str, base: type[_Pool]) -> type[_Pool]:
        return type(
            f"{name}{flavour}EnvPool", (base,), {"_spec_cls": spec_cls, "_pool_cls": cpp_pool, **(methods or {})}
        )

    gymnasium_cls = pool("Gymnasium", GymnasiumEnvPool)
    gymnasium_cls.vector_pool_cls = pool("Vector", VectorEnvPool)
    return spec_cls, pool("DM", DMEnvPool), pool("Gym", GymEnvPool), gymnasium_cls
