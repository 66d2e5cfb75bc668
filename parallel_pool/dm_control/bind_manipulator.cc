// Binds the manipulator domain.
#define PARALLEL_POOL_NUMPY_SECONDARY_TU
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/dm_control/bindings.h"
#include "parallel_pool/dm_control/manipulator.h"

namespace parallel_pool::dm_control {

void BindManipulator(pybind11::module_& m) { BindEnv<ManipulatorEnvPool>(m, "Manipulator"); }

}  // namespace parallel_pool::dm_control
