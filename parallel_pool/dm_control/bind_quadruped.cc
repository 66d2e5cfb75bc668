// Binds the quadruped domain.
#define PARALLEL_POOL_NUMPY_SECONDARY_TU
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/dm_control/bindings.h"
#include "parallel_pool/dm_control/quadruped.h"

namespace parallel_pool::dm_control {

void BindQuadruped(pybind11::module_& m) { BindEnv<QuadrupedEnvPool>(m, "Quadruped"); }

}  // namespace parallel_pool::dm_control
