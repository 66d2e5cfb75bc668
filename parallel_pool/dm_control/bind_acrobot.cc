// Binds the acrobot domain.
#define PARALLEL_POOL_NUMPY_SECONDARY_TU
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/dm_control/acrobot.h"
#include "parallel_pool/dm_control/bindings.h"

namespace parallel_pool::dm_control {

void BindAcrobot(pybind11::module_& m) { BindEnv<AcrobotEnvPool>(m, "Acrobot"); }

}  // namespace parallel_pool::dm_control
