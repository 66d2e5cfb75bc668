// NChainEnv: the n-chain of old gym's NChain-v0 (Strens, 2000), as EnvPool's.
//
// The agent walks a chain of n states starting at state 0. Action 0
// ("forward") moves one state up the chain with reward 0, or, at the last
// state, stays there with reward `large`. Action 1 ("backward") returns to
// state 0 with reward `small`. With probability `slip` the other action is
// taken instead. The episode never terminates; it is only truncated (1000
// steps in NChain-v0).
// Draws: one np_random.random() per step, compared with `slip`, as old gym's
// NChain-v0 drew np_random.rand().
//
// Observation "obs": int64 (gymnasium's Discrete dtype) in [0, n - 1], the agent's state.
// Action "action": int in [0, 1]: 0 forward, 1 backward.
#ifndef PARALLEL_POOL_TOY_TEXT_NCHAIN_H_
#define PARALLEL_POOL_TOY_TEXT_NCHAIN_H_

#include <cstdint>
#include <stdexcept>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/core/env.h"
#include "parallel_pool/numpy_exact/numpy_generator.h"

namespace parallel_pool::toy_text {

class NChainEnvFns {
 public:
  static auto DefaultConfig() {
    return MakeDict("n"_.Bind(5), "slip"_.Bind(0.2), "small"_.Bind(2.0), "large"_.Bind(10.0));
  }

  template <typename Config>
  static void Validate(const Config& conf) {
    RequireConfig(conf["n"_] >= 1, "n: NChain needs n >= 1");
    double slip = conf["slip"_];
    RequireConfig(slip >= 0.0 && slip <= 1.0, "slip: must be in [0, 1]");
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    return MakeDict("obs"_.Bind(Spec<std::int64_t>({}, {0, conf["n"_] - 1})));
  }

  template <typename Config>
  static auto ActionSpec(const Config& /*conf*/) {
    return MakeDict("action"_.Bind(Spec<int>({-1}, {0, 1})));
  }
};

using NChainEnvSpec = EnvSpec<NChainEnvFns>;

class NChainEnv : public Env<NChainEnvSpec> {
 public:
  NChainEnv(const Spec& spec, int env_id)
      : Env(spec, env_id),
        n_(spec.config["n"_]),
        slip_(spec.config["slip"_]),
        small_(spec.config["small"_]),
        large_(spec.config["large"_]) {}

 protected:
  void Reset() override {
    state_ = 0;
    WriteState(0.0);
  }

  void Step(const Action& action) override {
    bool backward = action["action"_].Get<int>() == 1;
    if (np_random_.Random() < slip_) backward = !backward;
    double reward;
    if (backward) {
      state_ = 0;
      reward = small_;
    } else if (state_ < n_ - 1) {
      ++state_;
      reward = 0.0;
    } else {
      reward = large_;
    }
    WriteState(reward);
  }

  // gymnasium's reset(seed=...): a new np_random from the seed.
  void Reseed() override { np_random_ = numpy_exact::NumpyGenerator(seed()); }

  bool IsTerminated() override { return false; }

 private:
  void WriteState(double reward) {
    State& state = Allocate();
    state["obs"_] = state_;
    state["reward"_] = reward;
  }

  int n_;
  double slip_;
  double small_;
  double large_;
  int state_ = 0;
  // gymnasium's self.np_random, seeded as reset(seed=seed()) seeds it.
  numpy_exact::NumpyGenerator np_random_{seed()};
};

using NChainEnvPool = AsyncEnvPool<NChainEnv>;

}  // namespace parallel_pool::toy_text

#endif  // PARALLEL_POOL_TOY_TEXT_NCHAIN_H_
