// Binds the point_mass domain.
#define PARALLEL_POOL_NUMPY_SECONDARY_TU
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/dm_control/bindings.h"
#include "parallel_pool/dm_control/point_mass.h"

namespace parallel_pool::dm_control {

void BindPointMass(pybind11::module_& m) { BindEnv<PointMassEnvPool>(m, "PointMass"); }

}  // namespace parallel_pool::dm_control
