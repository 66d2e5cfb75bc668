// The Python module of several_players: one BindEnv per env class.
#include "parallel_pool/core/py_env_pool.h"
#include "templates/several_players/several_players_env.h"

PYBIND11_MODULE(several_players_ext, m) {
  parallel_pool::InitNumpy();
  parallel_pool::BindEnv<parallel_pool::several_players::SeveralPlayersEnvPool>(m,
                                                                                "SeveralPlayers");
}
