// Binds the stacker domain.
#define PARALLEL_POOL_NUMPY_SECONDARY_TU
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/dm_control/bindings.h"
#include "parallel_pool/dm_control/stacker.h"

namespace parallel_pool::dm_control {

void BindStacker(pybind11::module_& m) { BindEnv<StackerEnvPool>(m, "Stacker"); }

}  // namespace parallel_pool::dm_control
