// Binds the pendulum domain.
#define PARALLEL_POOL_NUMPY_SECONDARY_TU
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/dm_control/bindings.h"
#include "parallel_pool/dm_control/pendulum.h"

namespace parallel_pool::dm_control {

void BindPendulum(pybind11::module_& m) { BindEnv<PendulumEnvPool>(m, "Pendulum"); }

}  // namespace parallel_pool::dm_control
