"""`EnvPoolMixin`, under the module path EnvPool's users import it from.

Code written for EnvPool tells its pools apart with
`isinstance(env, envpool.python.envpool.EnvPoolMixin)` (TorchRL does): every
pool here, of every flavour, is an instance of `PoolBase`, which this name
stands for.
"""

from parallel_pool.python.pool import PoolBase

EnvPoolMixin = PoolBase

__all__ = ["EnvPoolMixin"]
