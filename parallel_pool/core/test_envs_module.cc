// A Python module of the core's test envs, for tests only: CounterEnv's
// `sleep_us` makes a slow env, which the interruption tests
// (parallel_pool/python/reliability_test.py) wait on. Not named *_ext, so
// neither the wheel nor `make develop` picks it up, and no task id is
// registered for it.
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/core/test_envs.h"

PYBIND11_MODULE(test_envs_module, m) {
  parallel_pool::InitNumpy();
  parallel_pool::BindEnv<parallel_pool::testing::CounterEnvPool>(m, "Counter");
}
