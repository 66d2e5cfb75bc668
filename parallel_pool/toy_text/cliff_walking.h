// CliffWalkingEnv: Sutton & Barto's cliff walk (Example 6.6), as gymnasium's
// CliffWalking-v1 (is_slippery=false, also old gym's CliffWalking-v0) and
// CliffWalkingSlippery-v1 (is_slippery=true).
//
// A 4x12 grid; the agent starts at (3, 0) and must reach the goal (3, 11).
// The cells (3, 1..10) are the cliff: stepping into it gives -100 and sends
// the agent back to the start without ending the episode. Every other step
// gives -1; reaching the goal terminates. Moves off the grid leave the agent
// in place. On a slippery cliff the agent moves in the intended direction or
// in one of the two perpendicular ones, each with probability 1/3.
//
// Observation "obs": int64 (gymnasium's Discrete dtype) in [0, 47], row * 12 + col.
// Action "action": int in [0, 3]: 0 up, 1 right, 2 down, 3 left.
// Info "prob": the probability of the branch taken (1 at reset), as
//   gymnasium's info["prob"].
#ifndef PARALLEL_POOL_TOY_TEXT_CLIFF_WALKING_H_
#define PARALLEL_POOL_TOY_TEXT_CLIFF_WALKING_H_

#include <algorithm>
#include <cstdint>
#include <random>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/core/env.h"

namespace parallel_pool::toy_text {

class CliffWalkingEnvFns {
 public:
  static auto DefaultConfig() { return MakeDict("is_slippery"_.Bind(false)); }

  template <typename Config>
  static auto StateSpec(const Config& /*conf*/) {
    return MakeDict("obs"_.Bind(Spec<std::int64_t>({}, {0, 47})),
                    "info:prob"_.Bind(Spec<double>({}, {0.0, 1.0})));
  }

  template <typename Config>
  static auto ActionSpec(const Config& /*conf*/) {
    return MakeDict("action"_.Bind(Spec<int>({-1}, {0, 3})));
  }
};

using CliffWalkingEnvSpec = EnvSpec<CliffWalkingEnvFns>;

class CliffWalkingEnv : public Env<CliffWalkingEnvSpec> {
 public:
  CliffWalkingEnv(const Spec& spec, int env_id)
      : Env(spec, env_id), is_slippery_(spec.config["is_slippery"_]) {}

 protected:
  void Reset() override {
    row_ = kRows - 1;
    col_ = 0;
    WriteState(0.0, 1.0);
  }

  void Step(const Action& action) override {
    int a = action["action"_].Get<int>();
    double prob = 1.0;
    if (is_slippery_) {
      // gymnasium's order of branches: (a-1)%4, a, (a+1)%4, each 1/3.
      int branch = std::uniform_int_distribution<int>(0, 2)(gen_);
      a = (a + 3 + branch) % 4;
      prob = 1.0 / 3.0;
    }
    static constexpr int kDelta[4][2] = {{-1, 0}, {0, 1}, {1, 0}, {0, -1}};
    row_ = std::clamp(row_ + kDelta[a][0], 0, kRows - 1);
    col_ = std::clamp(col_ + kDelta[a][1], 0, kCols - 1);
    double reward = -1.0;
    if (row_ == kRows - 1 && col_ > 0 && col_ < kCols - 1) {
      reward = -100.0;
      row_ = kRows - 1;
      col_ = 0;
    }
    WriteState(reward, prob);
  }

  bool IsTerminated() override { return row_ == kRows - 1 && col_ == kCols - 1; }

 private:
  static constexpr int kRows = 4;
  static constexpr int kCols = 12;

  void WriteState(double reward, double prob) {
    State state = Allocate();
    state["obs"_] = row_ * kCols + col_;
    state["reward"_] = reward;
    state["info:prob"_] = prob;
  }

  bool is_slippery_;
  int row_ = kRows - 1;
  int col_ = 0;
};

using CliffWalkingEnvPool = AsyncEnvPool<CliffWalkingEnv>;

}  // namespace parallel_pool::toy_text

#endif  // PARALLEL_POOL_TOY_TEXT_CLIFF_WALKING_H_
