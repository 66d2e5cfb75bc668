// The x86-64 integer semantics Qt's fixed-point code runs with in its
// binary, where C++ leaves them undefined: float-to-int conversion out of
// range, and int sums that overflow.
#ifndef PARALLEL_POOL_PROCGEN_ENGINE_QT_FIXED_H_
#define PARALLEL_POOL_PROCGEN_ENGINE_QT_FIXED_H_

#include <climits>
#include <cstdint>

namespace parallel_pool::procgen {

// (int)x as the x86-64 conversion (cvttsd2si) gives it: a value out of the
// int range (a slope Qt made huge by dividing by zero) or NaN becomes
// INT_MIN.
inline int TruncToInt(double x) {
  if (!(x >= -2147483648.0 && x < 2147483648.0)) return INT_MIN;
  return static_cast<int>(x);
}

// An int sum, difference or product (computed in 64 bits) wrapped to 32 bits,
// as x86-64 wraps it.
inline int Wrap32(std::int64_t x) { return static_cast<int>(static_cast<std::uint32_t>(x)); }

// Qt's `int(v) - (v < 0)`, the texel left of (or above) v: the conversion as
// TruncToInt, the difference wrapped.
inline int FloorToInt(double v) { return Wrap32(std::int64_t{TruncToInt(v)} - (v < 0)); }

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_ENGINE_QT_FIXED_H_
