// The Python module of minigrid: one BindEnv per env class.
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/minigrid/minigrid_env.h"

// The module's name must be the family's name + "_ext", the file's stem: the
// family's __init__.py imports parallel_pool.minigrid.minigrid_ext.
PYBIND11_MODULE(minigrid_ext, m) {
  parallel_pool::InitNumpy();
  // Binds _MinigridEnvSpec and _MinigridEnvPool.
  parallel_pool::BindEnv<parallel_pool::minigrid::MinigridEnvPool>(m, "Minigrid");
}
