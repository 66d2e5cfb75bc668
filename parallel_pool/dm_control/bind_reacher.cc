// Binds the reacher domain.
#define PARALLEL_POOL_NUMPY_SECONDARY_TU
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/dm_control/bindings.h"
#include "parallel_pool/dm_control/reacher.h"

namespace parallel_pool::dm_control {

void BindReacher(pybind11::module_& m) { BindEnv<ReacherEnvPool>(m, "Reacher"); }

}  // namespace parallel_pool::dm_control
