// The Python module of one_player: one BindEnv per env class.
#include "parallel_pool/core/py_env_pool.h"
#include "templates/one_player/one_player_env.h"

// The module's name must be the family's name + "_ext", the file's stem: the
// family's __init__.py imports templates.one_player.one_player_ext.
PYBIND11_MODULE(one_player_ext, m) {
  parallel_pool::InitNumpy();
  // Binds _OnePlayerEnvSpec and _OnePlayerEnvPool.
  parallel_pool::BindEnv<parallel_pool::one_player::OnePlayerEnvPool>(m, "OnePlayer");
}
