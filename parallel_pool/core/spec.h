// Spec<T>: the declared type, shape and bounds of one observation, action or
// info field. An env declares each field once; the pool's buffers, the Python
// spaces and the dm_env specs are all derived from that declaration.
#ifndef PARALLEL_POOL_CORE_SPEC_H_
#define PARALLEL_POOL_CORE_SPEC_H_

#include <cstddef>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

#include "parallel_pool/core/dtype.h"

namespace parallel_pool {

// What the pool needs of a Spec to allocate buffers, without its element type.
struct ArraySpec {
  DType dtype;
  // Shape of one env's (or, if per_player, one player's) value.
  std::vector<std::size_t> shape;
  // A leading -1 in the declared shape: one row per player, not per env.
  bool per_player;
  // False for a field its config switched off (Spec::OnlyIf): no rows in the
  // batch, and not part of what the pool returns.
  bool enabled = true;
};

template <typename T>
class Spec {
 public:
  using dtype = T;

  // `shape` may start with -1, meaning "one row per player".
  explicit Spec(std::vector<int> shape)
      : shape(std::move(shape)),
        low(std::numeric_limits<T>::lowest()),
        high(std::numeric_limits<T>::max()) {}

  // Every element lies in [bounds.first, bounds.second].
  Spec(std::vector<int> shape, std::pair<T, T> bounds)
      : shape(std::move(shape)), low(bounds.first), high(bounds.second), has_bounds(true) {}

  // Element i lies in [low[i], high[i]].
  Spec(std::vector<int> shape, std::vector<T> low_each, std::vector<T> high_each)
      : shape(std::move(shape)),
        low(std::numeric_limits<T>::lowest()),
        high(std::numeric_limits<T>::max()),
        elementwise_low(std::move(low_each)),
        elementwise_high(std::move(high_each)),
        has_bounds(true) {
    if (elementwise_low.size() != elementwise_high.size()) {
      throw std::invalid_argument("Spec: low and high differ in length");
    }
  }

  bool per_player() const { return !shape.empty() && shape[0] == -1; }

  // The shape of one value, without the per-player marker.
  std::vector<std::size_t> value_shape() const {
    std::vector<std::size_t> out;
    for (std::size_t i = per_player() ? 1 : 0; i < shape.size(); ++i) {
      if (shape[i] < 0) throw std::invalid_argument("Spec: negative dimension");
      out.push_back(static_cast<std::size_t>(shape[i]));
    }
    return out;
  }

  ArraySpec array_spec() const {
    if (!enabled) return {DTypeOf<T>(), {0}, false, false};
    return {DTypeOf<T>(), value_shape(), per_player()};
  }

  // This field exists only when `on` (e.g. a config key asks for it): off,
  // it takes no space in the batch and the pool does not return it, so a
  // default pool pays nothing for it. The env must not write it when off.
  Spec OnlyIf(bool on) const {
    Spec out = *this;
    out.enabled = on;
    return out;
  }

  std::vector<int> shape;
  T low;
  T high;
  std::vector<T> elementwise_low;
  std::vector<T> elementwise_high;
  bool has_bounds = false;
  bool enabled = true;
};

}  // namespace parallel_pool

#endif  // PARALLEL_POOL_CORE_SPEC_H_
