// Binds the fish domain.
#define PARALLEL_POOL_NUMPY_SECONDARY_TU
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/dm_control/bindings.h"
#include "parallel_pool/dm_control/fish.h"

namespace parallel_pool::dm_control {

void BindFish(pybind11::module_& m) { BindEnv<FishEnvPool>(m, "Fish"); }

}  // namespace parallel_pool::dm_control
