// Binds the lqr domain.
#define PARALLEL_POOL_NUMPY_SECONDARY_TU
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/dm_control/bindings.h"
#include "parallel_pool/dm_control/lqr.h"

namespace parallel_pool::dm_control {

void BindLqr(pybind11::module_& m) { BindEnv<LqrEnvPool>(m, "Lqr"); }

}  // namespace parallel_pool::dm_control
