// Binds the humanoid domain.
#define PARALLEL_POOL_NUMPY_SECONDARY_TU
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/dm_control/bindings.h"
#include "parallel_pool/dm_control/humanoid.h"

namespace parallel_pool::dm_control {

void BindHumanoid(pybind11::module_& m) { BindEnv<HumanoidEnvPool>(m, "Humanoid"); }

}  // namespace parallel_pool::dm_control
