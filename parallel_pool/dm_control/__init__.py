"""The dm_control family: dm_control's suite tasks in C++, seed for seed identical to dm_control.

Importing it probes how this process's NumPy rounds short norms (as the MuJoCo
family does; dm_control's joint randomizer normalises quaternions with
np.linalg.norm).
"""

# The one absolute import of a family's own module: mypy resolves a module imported
# as a whole (rather than names from it) only by its full name.
import parallel_pool.dm_control.dm_control_ext as dm_control_ext
from parallel_pool.numpy_exact import numpy_probe
from parallel_pool.python.api import py_env

NUMPY_DOT_ROUNDING: str | None = numpy_probe.configure(dm_control_ext)

# Every domain's classes: <Domain>EnvSpec, <Domain>DMEnvPool, <Domain>GymEnvPool,
# <Domain>GymnasiumEnvPool, made from the module's _<Domain>EnvSpec and
# _<Domain>EnvPool (one pair per domain of BUILD's DOMAINS).
DOMAIN_CLASSES = tuple(
    name[1 : -len("EnvSpec")] for name in dir(dm_control_ext) if name.startswith("_") and name.endswith("EnvSpec")
)

__all__ = ["DOMAIN_CLASSES", "NUMPY_DOT_ROUNDING"]
for _name in DOMAIN_CLASSES:
    _made = py_env(getattr(dm_control_ext, f"_{_name}EnvSpec"), getattr(dm_control_ext, f"_{_name}EnvPool"))
    for _cls in _made:
        globals()[_cls.__name__] = _cls
        __all__.append(_cls.__name__)
