// Binds the dog domain.
#define PARALLEL_POOL_NUMPY_SECONDARY_TU
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/dm_control/bindings.h"
#include "parallel_pool/dm_control/dog.h"

namespace parallel_pool::dm_control {

void BindDog(pybind11::module_& m) { BindEnv<DogEnvPool>(m, "Dog"); }

}  // namespace parallel_pool::dm_control
