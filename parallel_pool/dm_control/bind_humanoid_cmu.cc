// Binds the humanoid_CMU domain.
#define PARALLEL_POOL_NUMPY_SECONDARY_TU
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/dm_control/bindings.h"
#include "parallel_pool/dm_control/humanoid_cmu.h"

namespace parallel_pool::dm_control {

void BindHumanoidCMU(pybind11::module_& m) { BindEnv<HumanoidCMUEnvPool>(m, "HumanoidCMU"); }

}  // namespace parallel_pool::dm_control
