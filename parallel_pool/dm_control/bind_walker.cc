// Binds the walker domain.
#define PARALLEL_POOL_NUMPY_SECONDARY_TU
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/dm_control/bindings.h"
#include "parallel_pool/dm_control/walker.h"

namespace parallel_pool::dm_control {

void BindWalker(pybind11::module_& m) { BindEnv<WalkerEnvPool>(m, "Walker"); }

}  // namespace parallel_pool::dm_control
