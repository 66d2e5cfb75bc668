// The checks every send passes before it reaches an env, whoever sends it
// (the numpy binding, the XLA port, a C++ caller of the pool): each rule is
// stated once here and called from each of them. Discrete actions must lie
// in their declared range; continuous actions must not be NaN (out-of-range
// values are passed on: each env clips them the way its reference
// implementation does).
#ifndef PARALLEL_POOL_CORE_ACTION_CHECK_H_
#define PARALLEL_POOL_CORE_ACTION_CHECK_H_

#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "parallel_pool/core/array.h"
#include "parallel_pool/core/spec.h"

namespace parallel_pool {

// A send carries one array per action field. The binding and the XLA port
// call this before they read the fields (they index them by field), the
// pool before it copies them (for C++ callers).
inline void CheckActionFieldCount(std::size_t expected, std::size_t got) {
  if (got != expected) {
    throw std::invalid_argument("action: expected " + std::to_string(expected) + " fields, got " +
                                std::to_string(got));
  }
}

// The env ids of a send, a reset or a render name at least one env. The C++
// side owns this rule and the next: the Python layer only shapes the argument
// into an int array. The binding calls this before it converts the actions,
// so an empty selection is named first.
inline void CheckEnvIdsGiven(const std::vector<int>& ids) {
  if (ids.empty()) {
    throw std::invalid_argument(
        "env_id: no env given (an empty selection); leave it out to name every env");
  }
}

// At least one env id, each in [0, num_envs).
inline void CheckEnvIdsInRange(const std::vector<int>& ids, int num_envs) {
  CheckEnvIdsGiven(ids);
  for (int id : ids) {
    if (id < 0 || id >= num_envs) {
      throw std::invalid_argument("env_id: " + std::to_string(id) + " is outside [0, " +
                                  std::to_string(num_envs) + ")");
    }
  }
}

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
