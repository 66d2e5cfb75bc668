// The Python module of the classic_control family: one BindEnv per env class.
#include "parallel_pool/classic_control/acrobot.h"
#include "parallel_pool/classic_control/cartpole.h"
#include "parallel_pool/classic_control/mountain_car.h"
#include "parallel_pool/classic_control/mountain_car_continuous.h"
#include "parallel_pool/classic_control/pendulum.h"
#include "parallel_pool/core/py_env_pool.h"

namespace cc = parallel_pool::classic_control;

PYBIND11_MODULE(classic_control_ext, m) {
  parallel_pool::InitNumpy();
  parallel_pool::BindEnv<cc::CartPoleEnvPool>(m, "CartPole");
  parallel_pool::BindEnv<cc::PendulumEnvPool>(m, "Pendulum");
  parallel_pool::BindEnv<cc::MountainCarEnvPool>(m, "MountainCar");
  parallel_pool::BindEnv<cc::MountainCarContinuousEnvPool>(m, "MountainCarContinuous");
  parallel_pool::BindEnv<cc::AcrobotEnvPool>(m, "Acrobot");
}
