// Binds the hopper domain.
#define PARALLEL_POOL_NUMPY_SECONDARY_TU
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/dm_control/bindings.h"
#include "parallel_pool/dm_control/hopper.h"

namespace parallel_pool::dm_control {

void BindHopper(pybind11::module_& m) { BindEnv<HopperEnvPool>(m, "Hopper"); }

}  // namespace parallel_pool::dm_control
