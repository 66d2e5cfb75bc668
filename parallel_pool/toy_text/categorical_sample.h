// CategoricalSample: gymnasium.envs.toy_text.utils.categorical_sample, the
// draw behind the start states and every step of FrozenLake, CliffWalking
// and Taxi:
//   csprob_n = np.cumsum(prob_n); return np.argmax(csprob_n > np_random.random())
// One random() per call, also when one outcome is certain (a non-slippery
// step, a single start state): gymnasium draws it, so its stream moves on.
// The index is the first whose running sum exceeds the draw, or 0 when none
// does (np.argmax of all False), which happens when rounding leaves the
// last sum below 1 and the draw above it.
#ifndef PARALLEL_POOL_TOY_TEXT_CATEGORICAL_SAMPLE_H_
#define PARALLEL_POOL_TOY_TEXT_CATEGORICAL_SAMPLE_H_

#include <cstddef>
#include <numeric>
#include <vector>

#include "parallel_pool/numpy_exact/numpy_generator.h"

namespace parallel_pool::toy_text {

// np.cumsum(probs): the running sums, added in order.
inline std::vector<double> CumSum(const std::vector<double>& probs) {
  std::vector<double> sums(probs.size());
  std::partial_sum(probs.begin(), probs.end(), sums.begin());
  return sums;
}

// categorical_sample over the probabilities whose running sums are `cumsum`.
inline int CategoricalSample(const std::vector<double>& cumsum,
                             numpy_exact::NumpyGenerator* np_random) {
  const double u = np_random->Random();
  for (std::size_t i = 0; i < cumsum.size(); ++i) {
    if (cumsum[i] > u) return static_cast<int>(i);
  }
  return 0;
}

}  // namespace parallel_pool::toy_text

#endif  // PARALLEL_POOL_TOY_TEXT_CATEGORICAL_SAMPLE_H_
