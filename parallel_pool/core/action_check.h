// The value checks every action passes before it reaches an env, whoever
// sends it (the numpy binding, the XLA port): discrete actions must lie in
// their declared range; continuous actions must not be NaN (out-of-range
// values are passed on: each env clips them the way its reference
// implementation does).
#ifndef PARALLEL_POOL_CORE_ACTION_CHECK_H_
#define PARALLEL_POOL_CORE_ACTION_CHECK_H_

#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "parallel_pool/core/array.h"
#include "parallel_pool/core/spec.h"

namespace parallel_pool {

// Throws std::invalid_argument (ValueError in Python) naming `what`.
template <typename T>
void CheckActionValues(const Array& a, const Spec<T>& spec, const std::string& what) {
  const T* v = a.Data<T>();
  std::size_t n = a.size();
  std::size_t per_row = spec.elementwise_low.empty() ? 1 : spec.elementwise_low.size();
  for (std::size_t i = 0; i < n; ++i) {
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(v[i])) throw std::invalid_argument(what + ": contains NaN");
    } else if constexpr (!std::is_same_v<T, bool>) {
      if (!spec.has_bounds) continue;
      T lo = spec.elementwise_low.empty() ? spec.low : spec.elementwise_low[i % per_row];
      T hi = spec.elementwise_high.empty() ? spec.high : spec.elementwise_high[i % per_row];
      if (v[i] < lo || v[i] > hi) {
        throw std::invalid_argument(what + ": value " + std::to_string(v[i]) + " is outside [" +
                                    std::to_string(lo) + ", " + std::to_string(hi) + "]");
      }
    }
  }
}

}  // namespace parallel_pool

#endif  // PARALLEL_POOL_CORE_ACTION_CHECK_H_
