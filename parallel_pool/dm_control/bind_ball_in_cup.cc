// Binds the ball_in_cup domain.
#define PARALLEL_POOL_NUMPY_SECONDARY_TU
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/dm_control/ball_in_cup.h"
#include "parallel_pool/dm_control/bindings.h"

namespace parallel_pool::dm_control {

void BindBallInCup(pybind11::module_& m) { BindEnv<BallInCupEnvPool>(m, "BallInCup"); }

}  // namespace parallel_pool::dm_control
