// The Python module of the vizdoom family: one env class for every scenario
// (the cfg decides screen, buttons and variables).
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/vizdoom/vizdoom_env.h"

PYBIND11_MODULE(vizdoom_ext, m) {
  parallel_pool::InitNumpy();
  parallel_pool::BindEnv<parallel_pool::vizdoom::VizdoomEnvPool>(m, "Vizdoom");
  // The envs alive in this process, as the engine watchdog counts them: an env
  // whose constructor failed must not stay on its list (vizdoom tests).
  m.def("_watched_envs", [] { return parallel_pool::vizdoom::EngineWatchdog::Instance().size(); });
}
