// The Python module of the vizdoom family: one env class for every scenario
// (the cfg decides screen, buttons and variables).
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/vizdoom/vizdoom_env.h"

PYBIND11_MODULE(vizdoom_ext, m) {
  parallel_pool::InitNumpy();
  parallel_pool::BindEnv<parallel_pool::vizdoom::VizdoomEnvPool>(m, "Vizdoom");
}
