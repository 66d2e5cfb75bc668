// Bounded integers as numpy.random.Generator draws them from a Pcg64.
//
// Two methods, because numpy uses two and they consume the stream
// differently (numpy/random/src/distributions/distributions.c):
//   * Lemire's multiply-and-reject (BoundedUInt64), behind
//     Generator.integers, choice without p and choice's internal shuffles.
//     Ranges that fit in 32 bits draw 32-bit words, so two draws may share
//     one 64-bit output; wider ranges draw 64-bit words.
//   * Masked rejection (RandomInterval), behind Generator.shuffle and
//     Generator.permutation: the draw is and-ed with the smallest all-ones
//     mask covering the bound and redrawn while above it.
#ifndef PARALLEL_POOL_NUMPY_EXACT_BOUNDED_INTEGERS_H_
#define PARALLEL_POOL_NUMPY_EXACT_BOUNDED_INTEGERS_H_

#include <cstdint>
#include <limits>

#include "parallel_pool/numpy_exact/pcg64.h"

namespace parallel_pool::numpy_exact {

// The smallest all-ones bit mask >= max.
inline std::uint64_t SmallestMaskCovering(std::uint64_t max) {
  std::uint64_t mask = max;
  mask |= mask >> 1;
  mask |= mask >> 2;
  mask |= mask >> 4;
  mask |= mask >> 8;
  mask |= mask >> 16;
  mask |= mask >> 32;
  return mask;
}

// A uniform integer in [0, rng] (rng inclusive), numpy's
// random_bounded_uint64 with Lemire's method: what every 32- and 64-bit dtype
// of Generator.integers draws, scalar or array, as off + this.
inline std::uint64_t BoundedUInt64(Pcg64& bits, std::uint64_t rng) {
  constexpr std::uint64_t kMax32 = std::numeric_limits<std::uint32_t>::max();
  constexpr std::uint64_t kMax64 = std::numeric_limits<std::uint64_t>::max();
  if (rng == 0) return 0;
  if (rng == kMax32) return bits.NextUInt32();  // Lemire's range would be 2^32
  if (rng < kMax32) {
    const std::uint32_t range = static_cast<std::uint32_t>(rng) + 1;
    std::uint64_t scaled = static_cast<std::uint64_t>(bits.NextUInt32()) * range;
    auto leftover = static_cast<std::uint32_t>(scaled);
    if (leftover < range) {
      // Reject the draws that would make low results more likely.
      const std::uint32_t threshold =
          (std::numeric_limits<std::uint32_t>::max() - static_cast<std::uint32_t>(rng)) % range;
      while (leftover < threshold) {
        scaled = static_cast<std::uint64_t>(bits.NextUInt32()) * range;
        leftover = static_cast<std::uint32_t>(scaled);
      }
    }
    return scaled >> 32;
  }
  if (rng == kMax64) return bits.NextUInt64();  // Lemire's range would be 2^64
  const std::uint64_t range = rng + 1;
  using UInt128 = Pcg64::UInt128;
  UInt128 scaled = static_cast<UInt128>(bits.NextUInt64()) * range;
  auto leftover = static_cast<std::uint64_t>(scaled);
  if (leftover < range) {
    const std::uint64_t threshold = (kMax64 - rng) % range;
    while (leftover < threshold) {
      scaled = static_cast<UInt128>(bits.NextUInt64()) * range;
      leftover = static_cast<std::uint64_t>(scaled);
    }
  }
  return static_cast<std::uint64_t>(scaled >> 64);
}

// A uniform integer in [0, max] (max inclusive) by masked rejection, numpy's
// random_interval: 32-bit draws while max fits in 32 bits.
inline std::uint64_t RandomInterval(Pcg64& bits, std::uint64_t max) {
  if (max == 0) return 0;
  const std::uint64_t mask = SmallestMaskCovering(max);
  std::uint64_t value;
  if (max <= std::numeric_limits<std::uint32_t>::max()) {
    while ((value = bits.NextUInt32() & mask) > max) {
    }
  } else {
    while ((value = bits.NextUInt64() & mask) > max) {
    }
  }
  return value;
}

}  // namespace parallel_pool::numpy_exact

#endif  // PARALLEL_POOL_NUMPY_EXACT_BOUNDED_INTEGERS_H_
