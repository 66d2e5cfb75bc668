// Pcg64: numpy.random.PCG64, the bit generator under gymnasium's np_random.
//
// What numpy does (numpy/random/_pcg64.pyx, src/pcg64/pcg64.{h,c}):
//   * Seeding: words = SeedSequence.generate_state(4, uint64); the initial
//     state is (words[0] << 64 | words[1]) and the stream selector
//     (words[2] << 64 | words[3]). As in O'Neill's pcg_setseq_128_srandom_r,
//     the increment is (selector << 1) | 1, and the state starts at 0, takes
//     one LCG step, adds the initial state, and takes another step.
//   * next_uint64: one 128-bit LCG step with O'Neill's default multiplier,
//     then the XSL-RR output of the new state: the two halves xor-ed, rotated
//     right by the top 6 bits.
//   * next_uint32: the low half of a 64-bit draw, keeping the high half for
//     the next call. The kept half survives any next_uint64 or next_double in
//     between: only next_uint32 reads or clears it.
//   * next_double: the top 53 bits of a 64-bit draw times 2^-53.
#ifndef PARALLEL_POOL_NUMPY_EXACT_PCG64_H_
#define PARALLEL_POOL_NUMPY_EXACT_PCG64_H_

#include <cstdint>
#include <vector>

#include "parallel_pool/numpy_exact/seed_sequence.h"

namespace parallel_pool::numpy_exact {

class Pcg64 {
 public:
  using UInt128 = unsigned __int128;

  explicit Pcg64(const SeedSequence& seed_sequence) {
    const std::vector<std::uint64_t> words = seed_sequence.GenerateState64(4);
    const UInt128 initial_state = Join(words[0], words[1]);
    const UInt128 selector = Join(words[2], words[3]);
    increment_ = (selector << 1) | 1U;
    state_ = 0;
    Step();
    state_ += initial_state;
    Step();
  }

  // PCG64(seed) for a seed that fits in 64 bits.
  explicit Pcg64(std::uint64_t seed) : Pcg64(SeedSequence(seed)) {}

  std::uint64_t NextUInt64() {
    Step();
    const auto high = static_cast<std::uint64_t>(state_ >> 64);
    const auto low = static_cast<std::uint64_t>(state_);
    const unsigned rotation = static_cast<unsigned>(high >> 58);
    const std::uint64_t folded = high ^ low;
    return (folded >> rotation) | (folded << ((64U - rotation) & 63U));
  }

  std::uint32_t NextUInt32() {
    if (has_kept_half_) {
      has_kept_half_ = false;
      return kept_half_;
    }
    const std::uint64_t draw = NextUInt64();
    kept_half_ = static_cast<std::uint32_t>(draw >> 32);
    has_kept_half_ = true;
    return static_cast<std::uint32_t>(draw);
  }

  double NextDouble() {
    return static_cast<double>(NextUInt64() >> 11) * (1.0 / 9007199254740992.0);
  }

  // The 128-bit state and increment, as bit_generator.state reports them.
  UInt128 state() const { return state_; }
  UInt128 increment() const { return increment_; }

 private:
  // O'Neill's default 128-bit LCG multiplier.
  static constexpr UInt128 kMultiplier =
      (static_cast<UInt128>(2549297995355413924ULL) << 64) | 4865540595714422341ULL;

  static UInt128 Join(std::uint64_t high, std::uint64_t low) {
    return (static_cast<UInt128>(high) << 64) | low;
  }

  void Step() { state_ = state_ * kMultiplier + increment_; }

  UInt128 state_ = 0;
  UInt128 increment_ = 0;
  bool has_kept_half_ = false;
  std::uint32_t kept_half_ = 0;
};

}  // namespace parallel_pool::numpy_exact

#endif  // PARALLEL_POOL_NUMPY_EXACT_PCG64_H_
