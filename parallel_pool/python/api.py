"""py_env: from a family's two bound C++ classes to the four user classes."""

from __future__ import annotations

from parallel_pool.python.dm_env_pool import DMEnvPool
from parallel_pool.python.gym_env import GymEnvPool
from parallel_pool.python.gymnasium_env import GymnasiumEnvPool
from parallel_pool.python.spec import EnvSpec


def py_env(cpp_spec: type, cpp_pool: type) -> tuple[type, type, type, type]:
    """Returns (XxxEnvSpec, XxxDMEnvPool, XxxGymEnvPool, XxxGymnasiumEnvPool).

    `cpp_spec` / `cpp_pool` are `_XxxEnvSpec` / `_XxxEnvPool` from the
    family's extension module (see parallel_pool/core/py_env_pool.h).
    """
    name = cpp_spec.__name__.lstrip("_").removesuffix("EnvSpec")
    spec_cls = type(f"{name}EnvSpec", (EnvSpec,), {"_cpp_cls": cpp_spec})
    made = [spec_cls]
    for flavour, base in (("DM", DMEnvPool), ("Gym", GymEnvPool), ("Gymnasium", GymnasiumEnvPool)):
        made.append(type(f"{name}{flavour}EnvPool", (base,), {"_spec_cls": spec_cls, "_pool_cls": cpp_pool}))
    return tuple(made)  # type: ignore[return-value]
