// Binds the cheetah domain (one translation unit per domain keeps rebuilds
// of the family module incremental).
#define PARALLEL_POOL_NUMPY_SECONDARY_TU
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/dm_control/bindings.h"
#include "parallel_pool/dm_control/cheetah.h"

namespace parallel_pool::dm_control {

void BindCheetah(pybind11::module_& m) { BindEnv<CheetahEnvPool>(m, "Cheetah"); }

}  // namespace parallel_pool::dm_control
