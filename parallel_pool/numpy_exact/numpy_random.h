// NumpyRandomState: numpy.random.RandomState, the legacy generator every
// dm_control task draws its initial state from (`task_kwargs={"random": s}`
// makes `np.random.RandomState(s)`), reproduced draw for draw so that a pool
// seeded with s starts exactly the episode dm_control starts.
//
// What numpy does, from its source (numpy/random/_mt19937.pyx, mtrand.pyx,
// src/legacy/legacy-distributions.c, src/distributions/distributions.c):
//   RandomState(int s)   MT19937 seeded by init_genrand(s), which is what
//                        std::mt19937(s) does; the same 32-bit stream follows.
//   random_sample/rand   53-bit double from two draws: ((a >> 5) * 2^26 +
//                        (b >> 6)) / 2^53.
//   uniform(low, high)   low + (high - low) * random_sample(), per element.
//   randn/standard_normal  the legacy polar (Marsaglia) method, which makes
//                        two normals from each accepted pair and keeps the
//                        second for the next call.
//   randint(low, high)   masked rejection: draw 32 bits & (smallest all-ones
//                        mask >= high - low - 1) until <= high - low - 1
//                        (for ranges below 2^32).
// The arithmetic must round as numpy's C does: this header is compiled with
// -ffp-contract=off (no fused multiply-add).
#ifndef PARALLEL_POOL_NUMPY_EXACT_NUMPY_RANDOM_H_
#define PARALLEL_POOL_NUMPY_EXACT_NUMPY_RANDOM_H_

#include <cmath>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <vector>

namespace parallel_pool::numpy_exact {

class NumpyRandomState {
 public:
  explicit NumpyRandomState(std::uint32_t seed) : mt_(seed) {}

  // The next raw 32-bit output of MT19937.
  std::uint32_t NextUInt32() { return static_cast<std::uint32_t>(mt_()); }

  // random_sample(): uniform on [0, 1) with 53 random bits.
  double RandomSample() {
    const std::uint32_t a = NextUInt32() >> 5;
    const std::uint32_t b = NextUInt32() >> 6;
    return (a * 67108864.0 + b) / 9007199254740992.0;
  }

  // uniform(low, high) for scalar bounds.
  double Uniform(double low, double high) {
    const double range = high - low;
    return low + range * RandomSample();
  }

  // uniform(low, high, size=n).
  std::vector<double> Uniform(double low, double high, std::size_t n) {
    std::vector<double> out(n);
    for (double& x : out) x = Uniform(low, high);
    return out;
  }

  // standard_normal() / randn(), numpy's legacy gauss.
  double StandardNormal() {
    if (has_gauss_) {
      has_gauss_ = false;
      const double kept = gauss_;
      gauss_ = 0.0;
      return kept;
    }
    double x1;
    double x2;
    double r2;
    do {
      x1 = 2.0 * RandomSample() - 1.0;
      x2 = 2.0 * RandomSample() - 1.0;
      r2 = x1 * x1 + x2 * x2;
    } while (r2 >= 1.0 || r2 == 0.0);
    const double f = std::sqrt(-2.0 * std::log(r2) / r2);
    gauss_ = f * x1;
    has_gauss_ = true;
    return f * x2;
  }

  // randn(n).
  std::vector<double> StandardNormal(std::size_t n) {
    std::vector<double> out(n);
    for (double& x : out) x = StandardNormal();
    return out;
  }

  // randint(low, high): an integer in [low, high).
  std::int64_t RandInt(std::int64_t low, std::int64_t high) {
    if (high <= low) throw std::invalid_argument("RandInt: high must be > low");
    const std::uint64_t range = static_cast<std::uint64_t>(high - low) - 1;
    if (range == 0) return low;
    if (range > 0xFFFFFFFFULL) throw std::invalid_argument("RandInt: range beyond 32 bits");
    std::uint32_t mask = static_cast<std::uint32_t>(range);
    mask |= mask >> 1;
    mask |= mask >> 2;
    mask |= mask >> 4;
    mask |= mask >> 8;
    mask |= mask >> 16;
    std::uint32_t value;
    while ((value = NextUInt32() & mask) > range) {
    }
    return low + static_cast<std::int64_t>(value);
  }

 private:
  std::mt19937 mt_;
  bool has_gauss_ = false;
  double gauss_ = 0.0;
};

}  // namespace parallel_pool::numpy_exact

#endif  // PARALLEL_POOL_NUMPY_EXACT_NUMPY_RANDOM_H_
