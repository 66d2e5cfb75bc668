// NumpyGenerator: numpy.random.Generator on PCG64, the `np_random` of every
// gymnasium env (gymnasium.utils.seeding.np_random(seed) makes
// Generator(PCG64(SeedSequence(seed)))). Each method draws exactly what the
// numpy method of the same name draws for the same arguments, in the same
// order, so an env ported onto it replays gymnasium's episodes bit for bit.
//
// What numpy does (numpy/random/_generator.pyx, _bounded_integers.pyx.in,
// _common.pyx, src/distributions/distributions.c):
//   random()              next_double.
//   uniform(low, high)    low + (high - low) * next_double, per element; the
//                         range is checked (finite, not negative) first.
//   integers(low, high)   low + BoundedUInt64(high - 1 - low) (Lemire); the
//                         same draws for int64, int32, uint64 and uint32, and
//                         for k scalar calls as for one call of size k.
//   standard_normal()     the ziggurat (standard_normal.h).
//   normal(loc, scale)    loc + scale * standard_normal, per element.
//   choice(n)             integers(0, n); choice(a) is a[choice(len(a))].
//   choice(n, p=p)        cdf = cumsum(p) / its last entry, one random() per
//                         sample, the index of the first cdf entry above it.
//   choice(n, k, replace=False)  Floyd's algorithm then a shuffle of the k
//                         picks, or a partial shuffle of range(n) when n is
//                         above 10000 and k above n / 50 (n / 20 unshuffled).
//   shuffle / permutation Fisher-Yates from the end, by masked rejection.
// Bad arguments raise what numpy raises: std::invalid_argument where numpy
// raises ValueError, std::overflow_error where it raises OverflowError.
#ifndef PARALLEL_POOL_NUMPY_EXACT_NUMPY_GENERATOR_H_
#define PARALLEL_POOL_NUMPY_EXACT_NUMPY_GENERATOR_H_

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "parallel_pool/numpy_exact/bounded_integers.h"
#include "parallel_pool/numpy_exact/pcg64.h"
#include "parallel_pool/numpy_exact/seed_sequence.h"
#include "parallel_pool/numpy_exact/standard_normal.h"

namespace parallel_pool::numpy_exact {

class NumpyGenerator {
 public:
  // np.random.default_rng(seed), i.e. gymnasium's np_random(seed).
  explicit NumpyGenerator(std::uint64_t seed) : bits_(SeedSequence(seed)) {}
  explicit NumpyGenerator(const SeedSequence& seed_sequence) : bits_(seed_sequence) {}

  // The bit generator (Generator.bit_generator), for raw draws.
  Pcg64& bit_generator() { return bits_; }

  // random(): uniform on [0, 1) with 53 random bits.
  double Random() { return bits_.NextDouble(); }
  std::vector<double> Random(std::size_t size) {
    std::vector<double> out(size);
    for (double& value : out) value = Random();
    return out;
  }

  // uniform(low, high).
  double Uniform(double low = 0.0, double high = 1.0) {
    const double range = CheckedRange(low, high);
    return low + range * bits_.NextDouble();
  }
  // uniform(low, high, size).
  std::vector<double> Uniform(double low, double high, std::size_t size) {
    const double range = CheckedRange(low, high);
    std::vector<double> out(size);
    for (double& value : out) value = low + range * bits_.NextDouble();
    return out;
  }
  // uniform(low_array, high_array): one draw per element, in order. numpy
  // checks every range before the first draw.
  std::vector<double> Uniform(const std::vector<double>& low, const std::vector<double>& high) {
    CheckSameLength(low.size(), high.size(), "low", "high");
    std::vector<double> range(low.size());
    for (std::size_t i = 0; i < low.size(); ++i) range[i] = high[i] - low[i];
    for (double r : range) {
      if (!std::isfinite(r)) throw std::overflow_error("Range exceeds valid bounds");
    }
    for (double r : range) {
      if (std::signbit(r)) throw std::invalid_argument("high - low < 0");
    }
    std::vector<double> out(low.size());
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = low[i] + range[i] * bits_.NextDouble();
    return out;
  }

  // integers(low, high, endpoint=endpoint) for int64 (numpy's default dtype).
  std::int64_t Integers(std::int64_t low, std::int64_t high, bool endpoint = false) {
    const std::uint64_t rng = CheckedIntegerRange(low, low, high, endpoint);
    return Offset(low, BoundedUInt64(bits_, rng));
  }
  // integers(low, high, size, endpoint=endpoint).
  std::vector<std::int64_t> Integers(std::int64_t low, std::int64_t high, std::size_t size,
                                     bool endpoint = false) {
    std::vector<std::int64_t> out(size);
    if (size == 0) return out;  // numpy checks nothing for an empty size
    const std::uint64_t rng = CheckedIntegerRange(low, low, high, endpoint);
    for (std::int64_t& value : out) value = Offset(low, BoundedUInt64(bits_, rng));
    return out;
  }
  // integers(low_array, high_array, endpoint=endpoint): one draw per element.
  std::vector<std::int64_t> Integers(const std::vector<std::int64_t>& low,
                                     const std::vector<std::int64_t>& high, bool endpoint = false) {
    CheckSameLength(low.size(), high.size(), "low", "high");
    // numpy words the error by whether every low is 0, not the failing one.
    const bool all_lows_zero =
        std::all_of(low.begin(), low.end(), [](std::int64_t value) { return value == 0; });
    std::vector<std::uint64_t> rng(low.size());
    for (std::size_t i = 0; i < low.size(); ++i) {
      rng[i] = CheckedIntegerRange(all_lows_zero ? 0 : 1, low[i], high[i], endpoint);
    }
    std::vector<std::int64_t> out(low.size());
    for (std::size_t i = 0; i < out.size(); ++i)
      out[i] = Offset(low[i], BoundedUInt64(bits_, rng[i]));
    return out;
  }

  // standard_normal().
  double StandardNormal() { return numpy_exact::StandardNormal(bits_); }
  std::vector<double> StandardNormal(std::size_t size) {
    std::vector<double> out(size);
    for (double& value : out) value = StandardNormal();
    return out;
  }

  // normal(loc, scale).
  double Normal(double loc = 0.0, double scale = 1.0) {
    CheckScale(scale);
    return loc + scale * StandardNormal();
  }
  std::vector<double> Normal(double loc, double scale, std::size_t size) {
    CheckScale(scale);
    std::vector<double> out(size);
    for (double& value : out) value = loc + scale * StandardNormal();
    return out;
  }
  // normal(loc_array, scale_array): one draw per element.
  std::vector<double> Normal(const std::vector<double>& loc, const std::vector<double>& scale) {
    CheckSameLength(loc.size(), scale.size(), "loc", "scale");
    for (double s : scale) CheckScale(s);
    std::vector<double> out(loc.size());
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = loc[i] + scale[i] * StandardNormal();
    return out;
  }

  // choice(n): an index into a population of n; choice(a) is a[Choice(len(a))].
  std::int64_t Choice(std::int64_t n) {
    CheckPopulation(n);
    return Integers(0, n);
  }
  // choice(n, size).
  std::vector<std::int64_t> Choice(std::int64_t n, std::size_t size) {
    if (size == 0) return {};
    CheckPopulation(n);
    return Integers(0, n, size);
  }

  // choice(len(p), p=p): an index drawn with the probabilities p.
  std::int64_t ChoiceWithProbabilities(const std::vector<double>& p) {
    return ChoiceWithProbabilities(p, 1)[0];
  }
  // choice(len(p), size, p=p).
  std::vector<std::int64_t> ChoiceWithProbabilities(const std::vector<double>& p,
                                                    std::size_t size) {
    if (p.empty()) {
      if (size == 0) return {};
      throw std::invalid_argument("a cannot be empty unless no samples are taken");
    }
    CheckProbabilities(p);
    std::vector<double> cdf(p.size());
    std::partial_sum(p.begin(), p.end(), cdf.begin());  // numpy's cumsum adds in order
    const double total = cdf.back();
    for (double& c : cdf) c /= total;
    std::vector<std::int64_t> out(size);
    for (std::int64_t& index : out) {
      // searchsorted(cdf, u, side='right'): the first entry above u.
      const double u = bits_.NextDouble();
      index = std::upper_bound(cdf.begin(), cdf.end(), u) - cdf.begin();
    }
    return out;
  }

  // choice(n, size, replace=False, shuffle=shuffle): size distinct indices.
  std::vector<std::int64_t> ChoiceWithoutReplacement(std::int64_t n, std::size_t size,
                                                     bool shuffle = true) {
    if (size == 0) return {};
    CheckPopulation(n);
    const auto count = static_cast<std::int64_t>(size);
    if (count > n) {
      throw std::invalid_argument(
          "Cannot take a larger sample than population when replace is False");
    }
    const std::int64_t cutoff = shuffle ? 50 : 20;
    if (n > 10000 && count > n / cutoff) {
      // Shuffle the last `size` places of range(n) and keep them.
      std::vector<std::int64_t> population(static_cast<std::size_t>(n));
      std::iota(population.begin(), population.end(), std::int64_t{0});
      ShuffleByLemire(population.data(), n, std::max<std::int64_t>(n - count, 1));
      return std::vector<std::int64_t>(population.end() - count, population.end());
    }
    // Floyd's algorithm: for j in [n - size, n), take a draw from [0, j], or j
    // itself when the draw was already taken.
    std::vector<std::int64_t> picks;
    picks.reserve(size);
    std::unordered_set<std::int64_t> taken;
    for (std::int64_t j = n - count; j < n; ++j) {
      const auto value =
          static_cast<std::int64_t>(BoundedUInt64(bits_, static_cast<std::uint64_t>(j)));
      if (taken.insert(value).second) {
        picks.push_back(value);
      } else {
        taken.insert(j);
        picks.push_back(j);
      }
    }
    if (shuffle) ShuffleByLemire(picks.data(), count, 1);
    return picks;
  }

  // shuffle(x) for a 1-D array or a list, in place.
  template <typename T>
  void Shuffle(T* data, std::size_t size) {
    for (std::size_t i = size; i-- > 1;) {
      const auto j = static_cast<std::size_t>(RandomInterval(bits_, i));
      std::swap(data[i], data[j]);
    }
  }
  template <typename T>
  void Shuffle(std::vector<T>* values) {
    Shuffle(values->data(), values->size());
  }

  // permutation(n): range(n) shuffled.
  std::vector<std::int64_t> Permutation(std::int64_t n) {
    if (n < 0) throw std::invalid_argument("negative dimensions are not allowed");
    std::vector<std::int64_t> out(static_cast<std::size_t>(n));
    std::iota(out.begin(), out.end(), std::int64_t{0});
    Shuffle(&out);
    return out;
  }

 private:
  static double CheckedRange(double low, double high) {
    const double range = high - low;
    if (!std::isfinite(range)) throw std::overflow_error("high - low range exceeds valid bounds");
    if (std::signbit(range)) throw std::invalid_argument("high - low < 0");
    return range;
  }

  static void CheckScale(double scale) {
    if (!std::isnan(scale) && std::signbit(scale)) throw std::invalid_argument("scale < 0");
  }

  static void CheckSameLength(std::size_t a, std::size_t b, const char* a_name,
                              const char* b_name) {
    if (a != b) {
      throw std::invalid_argument(std::string(a_name) + " and " + b_name +
                                  " must have the same length");
    }
  }

  static void CheckPopulation(std::int64_t n) {
    if (n <= 0) {
      throw std::invalid_argument("a must be a positive integer unless no samples are taken");
    }
  }

  // The inclusive width high - low (- 1 unless endpoint), with numpy's checks;
  // numpy's message for an empty range depends on whether `message_low` is 0.
  static std::uint64_t CheckedIntegerRange(std::int64_t message_low, std::int64_t low,
                                           std::int64_t high, bool endpoint) {
    const bool empty = endpoint ? low > high : low >= high;
    if (empty) {
      if (message_low == 0) throw std::invalid_argument(endpoint ? "high < 0" : "high <= 0");
      throw std::invalid_argument(endpoint ? "low > high" : "low >= high");
    }
    const std::uint64_t width = static_cast<std::uint64_t>(high) - static_cast<std::uint64_t>(low);
    return endpoint ? width : width - 1;
  }

  // low + value, wrapping as numpy's unsigned arithmetic does.
  static std::int64_t Offset(std::int64_t low, std::uint64_t value) {
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(low) + value);
  }

  // numpy's p checks: no NaN in the (Kahan) sum, none negative, a sum within
  // sqrt(float64 eps) of 1.
  static void CheckProbabilities(const std::vector<double>& p) {
    double sum = p[0];
    double compensation = 0.0;
    for (std::size_t i = 1; i < p.size(); ++i) {
      const double y = p[i] - compensation;
      const double t = sum + y;
      compensation = (t - sum) - y;
      sum = t;
    }
    if (std::isnan(sum)) throw std::invalid_argument("Probabilities contain NaN");
    for (double q : p) {
      if (q < 0) throw std::invalid_argument("Probabilities are not non-negative");
    }
    const double tolerance = std::sqrt(std::numeric_limits<double>::epsilon());
    if (std::fabs(sum - 1.0) > tolerance) {
      throw std::invalid_argument(
          "Probabilities do not sum to 1. See Notes section of docstring for more information.");
    }
  }

  // Fisher-Yates over data[first..n) from the end, with Lemire draws: the
  // shuffle inside choice(replace=False), unlike Generator.shuffle.
  void ShuffleByLemire(std::int64_t* data, std::int64_t n, std::int64_t first) {
    for (std::int64_t i = n - 1; i >= first; --i) {
      const auto j = static_cast<std::int64_t>(BoundedUInt64(bits_, static_cast<std::uint64_t>(i)));
      std::swap(data[i], data[j]);
    }
  }

  Pcg64 bits_;
};

}  // namespace parallel_pool::numpy_exact

#endif  // PARALLEL_POOL_NUMPY_EXACT_NUMPY_GENERATOR_H_
