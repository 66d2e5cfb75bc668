// FrozenLakeEnv: gymnasium's FrozenLake-v1 on its fixed 4x4 or 8x8 map.
//
// The agent walks from S (top left) to G (bottom right) over frozen tiles F
// without falling into a hole H. On a slippery lake the agent moves in the
// intended direction with probability success_rate, else in one of the two
// perpendicular directions with equal probability. Moves off the board leave
// the agent in place. Reaching G gives reward 1 and terminates; falling into
// H terminates with reward 0; every other step gives 0.
// Draws: gymnasium's categorical_sample, once at reset (the single S always
// wins) and once every step, slippery or not.
//
// Observation "obs": int64 (gymnasium's Discrete dtype) in [0, size*size - 1], row * size + col.
// Action "action": int in [0, 3]: 0 left, 1 down, 2 right, 3 up.
// Info "prob": the probability of the branch taken (1 at reset), as
//   gymnasium's info["prob"].
#ifndef PARALLEL_POOL_TOY_TEXT_FROZEN_LAKE_H_
#define PARALLEL_POOL_TOY_TEXT_FROZEN_LAKE_H_

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/core/env.h"
#include "parallel_pool/numpy_exact/numpy_generator.h"
#include "parallel_pool/toy_text/categorical_sample.h"

namespace parallel_pool::toy_text {

// The two maps gymnasium ships ("4x4" and "8x8").
inline const std::vector<std::string>& FrozenLakeMap(int size) {
  static const std::vector<std::string> kMap4 = {"SFFF", "FHFH", "FFFH", "HFFG"};
  static const std::vector<std::string> kMap8 = {"SFFFFFFF", "FFFFFFFF", "FFFHFFFF", "FFFFFHFF",
                                                 "FFFHFFFF", "FHHFFFHF", "FHFFHFHF", "FFFHFFFG"};
  if (size == 4) return kMap4;
  if (size == 8) return kMap8;
  throw std::invalid_argument("size: FrozenLake must be 4 or 8, got " + std::to_string(size));
}

class FrozenLakeEnvFns {
 public:
  static auto DefaultConfig() {
    return MakeDict("size"_.Bind(4), "reward_threshold"_.Bind(0.7), "is_slippery"_.Bind(true),
                    "success_rate"_.Bind(1.0 / 3.0));
  }

  template <typename Config>
  static void Validate(const Config& conf) {
    FrozenLakeMap(conf["size"_]);
    double p = conf["success_rate"_];
    RequireConfig(p >= 0.0 && p <= 1.0, "success_rate: must be in [0, 1]");
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    int size = conf["size"_];
    return MakeDict("obs"_.Bind(Spec<std::int64_t>({}, {0, size * size - 1})),
                    "info:prob"_.Bind(Spec<double>({}, {0.0, 1.0})));
  }

  template <typename Config>
  static auto ActionSpec(const Config& /*conf*/) {
    return MakeDict("action"_.Bind(Spec<int>({-1}, {0, 3})));
  }
};

using FrozenLakeEnvSpec = EnvSpec<FrozenLakeEnvFns>;

class FrozenLakeEnv : public Env<FrozenLakeEnvSpec> {
 public:
  FrozenLakeEnv(const Spec& spec, int env_id)
      : Env(spec, env_id),
        size_(spec.config["size"_]),
        map_(FrozenLakeMap(size_)),
        is_slippery_(spec.config["is_slippery"_]),
        success_rate_(spec.config["success_rate"_]),
        fail_rate_((1.0 - success_rate_) / 2.0),
        step_cumsum_(is_slippery_ ? CumSum({fail_rate_, success_rate_, fail_rate_})
                                  : std::vector<double>{1.0}) {}

 protected:
  void Reset() override {
    // Both maps have a single S, at the top left: gymnasium's draw among
    // the start states always picks it.
    np_random_.Random();
    row_ = 0;
    col_ = 0;
    WriteState(0.0, 1.0);
  }

  void Step(const Action& action) override {
    int a = action["action"_].Get<int>();
    double prob = 1.0;
    const int branch = CategoricalSample(step_cumsum_, &np_random_);
    if (is_slippery_) {
      // gymnasium samples among (a-1)%4, a, (a+1)%4 with the two
      // perpendicular moves sharing the failure mass equally.
      a = (a + 3 + branch) % 4;
      prob = branch == 1 ? success_rate_ : fail_rate_;
    }
    Move(a);
    WriteState(Tile() == 'G' ? 1.0 : 0.0, prob);
  }

  // gymnasium's reset(seed=...): a new np_random from the seed.
  void Reseed() override { np_random_ = numpy_exact::NumpyGenerator(seed()); }

  bool IsTerminated() override { return Tile() == 'G' || Tile() == 'H'; }

 private:
  char Tile() const { return map_[row_][col_]; }

  void Move(int a) {
    switch (a) {
      case 0:
        col_ = std::max(col_ - 1, 0);
        break;
      case 1:
        row_ = std::min(row_ + 1, size_ - 1);
        break;
      case 2:
        col_ = std::min(col_ + 1, size_ - 1);
        break;
      default:
        row_ = std::max(row_ - 1, 0);
        break;
    }
  }

  void WriteState(double reward, double prob) {
    State& state = Allocate();
    state["obs"_] = row_ * size_ + col_;
    state["reward"_] = reward;
    state["info:prob"_] = prob;
  }

  int size_;
  const std::vector<std::string>& map_;
  bool is_slippery_;
  double success_rate_;
  double fail_rate_;
  // Running sums of a step's branch probabilities, as gymnasium's P lists them.
  std::vector<double> step_cumsum_;
  int row_ = 0;
  int col_ = 0;
  // gymnasium's self.np_random, seeded as reset(seed=seed()) seeds it.
  numpy_exact::NumpyGenerator np_random_{seed()};
};

using FrozenLakeEnvPool = AsyncEnvPool<FrozenLakeEnv>;

}  // namespace parallel_pool::toy_text

#endif  // PARALLEL_POOL_TOY_TEXT_FROZEN_LAKE_H_
