// dm_control.utils.rewards.tolerance: 1 inside [lower, upper], falling off
// outside with one of dm_control's sigmoids, in C++.
//
// Each formula is dm_control's, evaluated in its order (scale first, then
// the sigmoid of distance * scale). dm_control evaluates them with NumPy's
// float64 ufuncs (np.exp, np.cosh, np.cos, np.tanh, ...); we use the C
// library's. Both are within an ulp or so of the exact value but NumPy's
// SIMD loops (picked per CPU at run time) are not always the C library's
// rounding, so rewards are compared with dm_control's within a stated ulp
// bound (docs/dm_control.md), while physics and observations are exact.
#ifndef PARALLEL_POOL_DM_CONTROL_REWARDS_H_
#define PARALLEL_POOL_DM_CONTROL_REWARDS_H_

#include <cmath>
#include <numbers>
#include <stdexcept>

namespace parallel_pool::dm_control {

enum class Sigmoid {
  kGaussian,
  kHyperbolic,
  kLongTail,
  kReciprocal,
  kCosine,
  kLinear,
  kQuadratic,
  kTanhSquared,
};

// dm_control's default value_at_margin.
inline constexpr double kDefaultValueAtMargin = 0.1;

// _sigmoids(x, value_at_1, sigmoid): x >= 0, the value at x == 1 is value_at_1.
inline double SigmoidValue(double x, double value_at_1, Sigmoid sigmoid) {
  switch (sigmoid) {
    case Sigmoid::kGaussian: {
      const double scale = std::sqrt(-2 * std::log(value_at_1));
      const double xs = x * scale;
      return std::exp(-0.5 * (xs * xs));
    }
    case Sigmoid::kHyperbolic: {
      const double scale = std::acosh(1 / value_at_1);
      return 1 / std::cosh(x * scale);
    }
    case Sigmoid::kLongTail: {
      const double scale = std::sqrt(1 / value_at_1 - 1);
      const double xs = x * scale;
      return 1 / (xs * xs + 1);
    }
    case Sigmoid::kReciprocal: {
      const double scale = 1 / value_at_1 - 1;
      return 1 / (std::abs(x) * scale + 1);
    }
    case Sigmoid::kCosine: {
      const double scale = std::acos(2 * value_at_1 - 1) / std::numbers::pi;
      const double scaled_x = x * scale;
      const double cos_pi_scaled_x = std::cos(std::numbers::pi * scaled_x);
      return std::abs(scaled_x) < 1 ? (1 + cos_pi_scaled_x) / 2 : 0.0;
    }
    case Sigmoid::kLinear: {
      const double scale = 1 - value_at_1;
      const double scaled_x = x * scale;
      return std::abs(scaled_x) < 1 ? 1 - scaled_x : 0.0;
    }
    case Sigmoid::kQuadratic: {
      const double scale = std::sqrt(1 - value_at_1);
      const double scaled_x = x * scale;
      return std::abs(scaled_x) < 1 ? 1 - scaled_x * scaled_x : 0.0;
    }
    case Sigmoid::kTanhSquared: {
      const double scale = std::atanh(std::sqrt(1 - value_at_1));
      const double t = std::tanh(x * scale);
      return 1 - t * t;
    }
  }
  throw std::invalid_argument("unknown sigmoid");
}

// tolerance(x, bounds=(lower, upper), margin, sigmoid, value_at_margin).
inline double Tolerance(double x, double lower, double upper, double margin = 0.0,
                        Sigmoid sigmoid = Sigmoid::kGaussian,
                        double value_at_margin = kDefaultValueAtMargin) {
  const bool in_bounds = lower <= x && x <= upper;
  if (margin == 0) return in_bounds ? 1.0 : 0.0;
  if (in_bounds) return 1.0;
  const double d = (x < lower ? lower - x : x - upper) / margin;
  return SigmoidValue(d, value_at_margin, sigmoid);
}

}  // namespace parallel_pool::dm_control

#endif  // PARALLEL_POOL_DM_CONTROL_REWARDS_H_
