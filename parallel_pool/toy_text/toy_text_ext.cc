// The Python module of the toy_text family: one BindEnv per env class.
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/toy_text/blackjack.h"
#include "parallel_pool/toy_text/catch.h"
#include "parallel_pool/toy_text/cliff_walking.h"
#include "parallel_pool/toy_text/frozen_lake.h"
#include "parallel_pool/toy_text/nchain.h"
#include "parallel_pool/toy_text/taxi.h"

PYBIND11_MODULE(toy_text_ext, m) {
  namespace tt = parallel_pool::toy_text;
  parallel_pool::InitNumpy();
  parallel_pool::BindEnv<tt::CatchEnvPool>(m, "Catch");
  parallel_pool::BindEnv<tt::FrozenLakeEnvPool>(m, "FrozenLake");
  parallel_pool::BindEnv<tt::TaxiEnvPool>(m, "Taxi");
  parallel_pool::BindEnv<tt::NChainEnvPool>(m, "NChain");
  parallel_pool::BindEnv<tt::CliffWalkingEnvPool>(m, "CliffWalking");
  parallel_pool::BindEnv<tt::BlackjackEnvPool>(m, "Blackjack");
}
