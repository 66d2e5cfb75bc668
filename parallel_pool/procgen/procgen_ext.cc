// The Python module of the procgen family: one env class for every game
// (the game is config: env_name).
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/procgen/procgen_env.h"

PYBIND11_MODULE(procgen_ext, m) {
  parallel_pool::InitNumpy();
  parallel_pool::BindEnv<parallel_pool::procgen::ProcgenEnvPool>(m, "Procgen");
}
