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
// Draws: gymnasium's categorical_sample, once at reset (the single start
// state always wins) and once every step, slippery or not.
//
// Observation "obs": int64 (gymnasium's Discrete dtype) in [0, 47], row * 12 + col.
// Action "action": int in [0, 3]: 0 up, 1 right, 2 down, 3 left.
// Info "prob": the probability of the branch taken (1 at reset), as
//   gymnasium's info["prob"].
#ifndef PARALLEL_POOL_TOY_TEXT_CLIFF_WALKING_H_
#define PARALLEL_POOL_TOY_TEXT_CLIFF_WALKING_H_

#include <algorithm>
#include <cstdint>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/core/env.h"
#include "parallel_pool/numpy_exact/numpy_generator.h"
#include "parallel_pool/toy_text/categorical_sample.h"

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
    CategoricalSample(kStart, &np_random_);  // index 36, (3, 0), whatever it draws
    row_ = kRows - 1;
    col_ = 0;
    WriteState(0.0, 1.0);
  }

  void Step(const Action& action) override {
    int a = action["action"_].Get<int>();
    double prob = 1.0;
    const int branch = CategoricalSample(is_slippery_ ? kSlippery : kCertain, &np_random_);
    if (is_slippery_) {
      // gymnasium's order of branches: (a-1)%4, a, (a+1)%4, each 1/3.
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

  // gymnasium's reset(seed=...): a new np_random from the seed.
  void Reseed() override { np_random_ = numpy_exact::NumpyGenerator(seed()); }

  bool IsTerminated() override { return row_ == kRows - 1 && col_ == kCols - 1; }

 private:
  static constexpr int kRows = 4;
  static constexpr int kCols = 12;
  // Running sums of gymnasium's probabilities: the start distribution (1 at
  // state 36), one certain move, and the three slippery branches of 1/3.
  inline static const std::vector<double> kStart = [] {
    std::vector<double> p(kRows * kCols, 0.0);
    p[(kRows - 1) * kCols] = 1.0;
    return CumSum(p);
  }();
  inline static const std::vector<double> kCertain = {1.0};
  inline static const std::vector<double> kSlippery = CumSum(std::vector<double>(3, 1.0 / 3.0));

  void WriteState(double reward, double prob) {
    State& state = Allocate();
    state["obs"_] = row_ * kCols + col_;
    state["reward"_] = reward;
    state["info:prob"_] = prob;
  }

  bool is_slippery_;
  int row_ = kRows - 1;
  int col_ = 0;
  // gymnasium's self.np_random, seeded as reset(seed=seed()) seeds it.
  numpy_exact::NumpyGenerator np_random_{seed()};
};

using CliffWalkingEnvPool = AsyncEnvPool<CliffWalkingEnv>;

}  // namespace parallel_pool::toy_text

#endif  // PARALLEL_POOL_TOY_TEXT_CLIFF_WALKING_H_
