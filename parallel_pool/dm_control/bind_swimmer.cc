// Binds the swimmer domain.
#define PARALLEL_POOL_NUMPY_SECONDARY_TU
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/dm_control/bindings.h"
#include "parallel_pool/dm_control/swimmer.h"

namespace parallel_pool::dm_control {

void BindSwimmer(pybind11::module_& m) { BindEnv<SwimmerEnvPool>(m, "Swimmer"); }

}  // namespace parallel_pool::dm_control
