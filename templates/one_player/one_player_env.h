// OnePlayerEnv: the one-player env to copy (`tools/new_family.py NAME`).
//
// A walk to the end of a line of cells 0..length. The agent starts on a cell
// drawn from the env's seeded generator in [0, length - 1] and each step
// moves one cell left, stays, or moves one cell right (clamped to the line).
// Reaching cell `length` terminates the episode with reward 1; every other
// step is rewarded -step_cost. Truncation at max_episode_steps is the base
// class's.
//
// Observation "obs": float32 [1], the agent's cell, in [0, length].
// Action "action": int in [0, 2]: 0 left, 1 stay, 2 right.
// Info "info:start": int, the cell the episode started on.
#ifndef TEMPLATES_ONE_PLAYER_ONE_PLAYER_ENV_H_
#define TEMPLATES_ONE_PLAYER_ONE_PLAYER_ENV_H_

#include <algorithm>
#include <random>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/core/env.h"

namespace parallel_pool::one_player {

// 1. The single declaration: config, state spec, action spec; the pool, the
// Python spaces and the dm_env specs are all derived from it.
class OnePlayerEnvFns {
 public:
  // The family's config keys and defaults; registration.py may override the
  // defaults per task id, users per pool.
  static auto DefaultConfig() { return MakeDict("length"_.Bind(5), "step_cost"_.Bind(0.1)); }

  // The one place the config is checked, once per pool, before StateSpec
  // sees it: a config no env could run with is a ValueError naming the key.
  template <typename Config>
  static void Validate(const Config& conf) {
    // The start is drawn from [0, length - 1]: at least one cell before the goal.
    RequireConfig(conf["length"_] >= 1, "length: expected an int >= 1");
    RequireConfig(conf["step_cost"_] >= 0.0, "step_cost: expected a float >= 0");
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    // Bounds may depend on the config: they become the Box's low and high.
    float length = static_cast<float>(conf["length"_]);
    return MakeDict("obs"_.Bind(Spec<float>({1}, {0.0F, length})),
                    "info:start"_.Bind(Spec<int>({})));
  }

  template <typename Config>
  static auto ActionSpec(const Config& /*conf*/) {
    // The leading -1 is the player axis, kept with one player: Discrete(3).
    return MakeDict("action"_.Bind(Spec<int>({-1}, {0, 2})));
  }
};

using OnePlayerEnvSpec = EnvSpec<OnePlayerEnvFns>;

// 2. The env: Reset, Step, IsTerminated. The base class does the rest
// (elapsed steps, truncation, done, discount, step type, autoreset).
class OnePlayerEnv : public Env<OnePlayerEnvSpec> {
 public:
  OnePlayerEnv(const Spec& spec, int env_id)
      : Env(spec, env_id), length_(spec.config["length"_]), step_cost_(spec.config["step_cost"_]) {}

 protected:
  void Reset() override {
    // gen_ is seeded per env (seed + env_id, or the user's env_seeds):
    // draw every random number from it, so rollouts are reproducible.
    start_ = std::uniform_int_distribution<int>(0, length_ - 1)(gen_);
    cell_ = start_;
    WriteState(0.0);
  }

  void Step(const Action& action) override {
    int move = action["action"_].Get<int>() - 1;
    cell_ = std::clamp(cell_ + move, 0, length_);
    WriteState(IsTerminated() ? 1.0 : -step_cost_);
  }

  bool IsTerminated() override { return cell_ == length_; }

 private:
  void WriteState(double reward) {
    State& state = Allocate();  // this env's row of the batch
    state["obs"_].Data<float>()[0] = static_cast<float>(cell_);
    state["reward"_] = reward;
    state["info:start"_] = start_;
  }

  const int length_;
  const double step_cost_;
  int start_ = 0;
  int cell_ = 0;
};

// 3. The pool: threads, queues and batching, all generic.
using OnePlayerEnvPool = AsyncEnvPool<OnePlayerEnv>;

}  // namespace parallel_pool::one_player

#endif  // TEMPLATES_ONE_PLAYER_ONE_PLAYER_ENV_H_
