// Binds the cartpole domain.
#define PARALLEL_POOL_NUMPY_SECONDARY_TU
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/dm_control/bindings.h"
#include "parallel_pool/dm_control/cartpole.h"

namespace parallel_pool::dm_control {

void BindCartpole(pybind11::module_& m) { BindEnv<CartpoleEnvPool>(m, "Cartpole"); }

}  // namespace parallel_pool::dm_control
