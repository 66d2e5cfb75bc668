// SeveralPlayersEnv: the multi-player env to copy (`tools/new_family.py NAME --multi-player`).
//
// The smallest complete env with players: every env has max_num_players
// players, each with its own action, obs row and reward.
//
// Each step, player p chooses a number a_p in [0, 9] and is rewarded a_p.
// The obs of player p is [env_id, p, elapsed_step, secret], where `secret` is
// drawn from the env's seeded generator at reset (so seeding is visible).
// The episode terminates after `episode_length` steps.
#ifndef TEMPLATES_SEVERAL_PLAYERS_SEVERAL_PLAYERS_ENV_H_
#define TEMPLATES_SEVERAL_PLAYERS_SEVERAL_PLAYERS_ENV_H_

#include <random>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/core/env.h"

namespace parallel_pool::several_players {

// 1. The single declaration: config, observation/info spec, action spec.
class SeveralPlayersEnvFns {
 public:
  // Takes max_num_players > 1 (a one-player env is refused it).
  static constexpr bool kMultiPlayer = true;

  static auto DefaultConfig() { return MakeDict("episode_length"_.Bind(5)); }

  template <typename Config>
  static auto StateSpec(const Config& /*conf*/) {
    return MakeDict("obs"_.Bind(Spec<int>({-1, 4})), "info:action_sum"_.Bind(Spec<int>({})));
  }

  template <typename Config>
  static auto ActionSpec(const Config& /*conf*/) {
    return MakeDict("action"_.Bind(Spec<int>({-1}, {0, 9})));
  }
};

using SeveralPlayersEnvSpec = EnvSpec<SeveralPlayersEnvFns>;

// 2. The env: Reset, Step, IsTerminated.
class SeveralPlayersEnv : public Env<SeveralPlayersEnvSpec> {
 public:
  SeveralPlayersEnv(const Spec& spec, int env_id)
      : Env(spec, env_id), episode_length_(spec.config["episode_length"_]) {}

 protected:
  void Reset() override {
    secret_ = std::uniform_int_distribution<int>(0, 999)(gen_);
    action_sum_ = 0;
    WriteState(nullptr);
  }

  void Step(const Action& action) override { WriteState(&action); }

  bool IsTerminated() override { return elapsed_step() >= episode_length_; }

 private:
  void WriteState(const Action* action) {
    State& state = Allocate(max_num_players_);
    int* obs = state["obs"_].Data<int>();
    double* reward = state["reward"_].Data<double>();
    for (int p = 0; p < max_num_players_; ++p) {
      int a = action == nullptr ? 0 : (*action)["action"_].Get<int>(p);
      action_sum_ += a;
      reward[p] = a;
      int* row = obs + 4 * p;
      row[0] = env_id_;
      row[1] = p;
      row[2] = elapsed_step();
      row[3] = secret_;
    }
    state["info:action_sum"_] = action_sum_;
  }

  int episode_length_;
  int secret_ = 0;
  int action_sum_ = 0;
};

// 3. The pool.
using SeveralPlayersEnvPool = AsyncEnvPool<SeveralPlayersEnv>;

}  // namespace parallel_pool::several_players

#endif  // TEMPLATES_SEVERAL_PLAYERS_SEVERAL_PLAYERS_ENV_H_
