// SimStep: what LunarLander's and BipedalWalker's simulations return from a
// reset or a step, and how their envs write it: gymnasium's state list, its
// reward and whether the episode ended.
#ifndef PARALLEL_POOL_BOX2D_SIM_STEP_H_
#define PARALLEL_POOL_BOX2D_SIM_STEP_H_

#include <array>
#include <cstddef>

#include "parallel_pool/core/dict.h"

namespace parallel_pool::box2d {

template <std::size_t N>
struct SimStep {
  std::array<double, N> state{};  // gymnasium's state list, before its float32 cast
  double reward = 0.0;
  bool terminated = false;
};

// The step into an env's state: obs = np.array(state, dtype=np.float32), and
// the reward.
template <std::size_t N, typename State>
void WriteSimStep(const SimStep<N>& step, const State& state) {
  float* obs = state["obs"_].template Data<float>();
  for (std::size_t i = 0; i < N; ++i) obs[i] = static_cast<float>(step.state[i]);
  state["reward"_] = step.reward;
}

}  // namespace parallel_pool::box2d

#endif  // PARALLEL_POOL_BOX2D_SIM_STEP_H_
