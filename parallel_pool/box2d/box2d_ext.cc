// The Python module of the box2d family: one BindEnv per env class.
#include "parallel_pool/box2d/bipedal_walker.h"
#include "parallel_pool/box2d/car_racing.h"
#include "parallel_pool/box2d/lunar_lander.h"
#include "parallel_pool/core/py_env_pool.h"

namespace b2 = parallel_pool::box2d;

PYBIND11_MODULE(box2d_ext, m) {
  parallel_pool::InitNumpy();
  parallel_pool::BindEnv<b2::LunarLanderDiscreteEnvPool>(m, "LunarLanderDiscrete");
  parallel_pool::BindEnv<b2::LunarLanderContinuousEnvPool>(m, "LunarLanderContinuous");
  parallel_pool::BindEnv<b2::BipedalWalkerEnvPool>(m, "BipedalWalker");
  parallel_pool::BindEnv<b2::CarRacingContinuousEnvPool>(m, "CarRacingContinuous");
  parallel_pool::BindEnv<b2::CarRacingDiscreteEnvPool>(m, "CarRacingDiscrete");
}
