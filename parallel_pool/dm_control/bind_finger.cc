// Binds the finger domain.
#define PARALLEL_POOL_NUMPY_SECONDARY_TU
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/dm_control/bindings.h"
#include "parallel_pool/dm_control/finger.h"

namespace parallel_pool::dm_control {

void BindFinger(pybind11::module_& m) { BindEnv<FingerEnvPool>(m, "Finger"); }

}  // namespace parallel_pool::dm_control
