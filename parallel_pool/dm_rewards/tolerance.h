// dm_control.utils.rewards.tolerance: 1 inside [lower, upper], falling off
// outside with one of dm_control's sigmoids, in C++. The dm_control family's
// rewards use it, and so do metaworld's (its reward_utils.tolerance is
// dm_control's function).
//
// dm_control squares with `**2`, which rounds differently on its two kinds of
// input: on an array (a control vector, a velocity pair) NumPy squares, x * x;
// on a scalar (a height, a distance: a NumPy float64) it calls C pow(x, 2),
// which differs from x * x in about 0.1% of cases, and a gaussian's tail
// turns that ulp into tens of ulp of reward. Tolerance() is the scalar form,
// TolerancePerElement() the array one.
//
// Each formula is dm_control's, evaluated in its order (scale first, then
// the sigmoid of distance * scale). dm_control evaluates them with NumPy's
// float64 ufuncs (np.exp, np.log, np.cosh, np.arccosh, np.cos, np.arccos,
// np.tanh, np.arctanh), whose SIMD loops NumPy picks per CPU at run time and
// which are not always the C library's rounding; so these call NumPy's own
// loops (numpy_ufunc.h), as the observations do.
#ifndef PARALLEL_POOL_DM_REWARDS_TOLERANCE_H_
#define PARALLEL_POOL_DM_REWARDS_TOLERANCE_H_

#include <cmath>
#include <numbers>
#include <stdexcept>

#include "parallel_pool/numpy_exact/numpy_ufunc.h"
#include "parallel_pool/numpy_exact/python_float.h"

namespace parallel_pool::dm_rewards {

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

// How `**2` rounds: C pow on a NumPy scalar, x * x on an array's elements.
enum class Squaring { kScalarPow, kElementwise };

inline double NumpySquare(double x, Squaring squaring) {
  return squaring == Squaring::kScalarPow ? numpy_exact::PyPow(x, 2) : x * x;
}

// _sigmoids(x, value_at_1, sigmoid): x >= 0, the value at x == 1 is value_at_1.
inline double SigmoidValue(double x, double value_at_1, Sigmoid sigmoid,
                           Squaring squaring = Squaring::kScalarPow) {
  switch (sigmoid) {
    case Sigmoid::kGaussian: {
      const double scale = std::sqrt(-2 * numpy_exact::NumpyLog(value_at_1));
      return numpy_exact::NumpyExp(-0.5 * NumpySquare(x * scale, squaring));
    }
    case Sigmoid::kHyperbolic: {
      const double scale = numpy_exact::NumpyArccosh(1 / value_at_1);
      return 1 / numpy_exact::NumpyCosh(x * scale);
    }
    case Sigmoid::kLongTail: {
      const double scale = std::sqrt(1 / value_at_1 - 1);
      return 1 / (NumpySquare(x * scale, squaring) + 1);
    }
    case Sigmoid::kReciprocal: {
      const double scale = 1 / value_at_1 - 1;
      return 1 / (std::abs(x) * scale + 1);
    }
    case Sigmoid::kCosine: {
      const double scale = numpy_exact::NumpyArccos(2 * value_at_1 - 1) / std::numbers::pi;
      const double scaled_x = x * scale;
      const double cos_pi_scaled_x = numpy_exact::NumpyCos(std::numbers::pi * scaled_x);
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
      return std::abs(scaled_x) < 1 ? 1 - NumpySquare(scaled_x, squaring) : 0.0;
    }
    case Sigmoid::kTanhSquared: {
      const double scale = numpy_exact::NumpyArctanh(std::sqrt(1 - value_at_1));
      return 1 - NumpySquare(numpy_exact::NumpyTanh(x * scale), squaring);
    }
  }
  throw std::invalid_argument("unknown sigmoid");
}

namespace internal {
inline double Tolerance(double x, double lower, double upper, double margin, Sigmoid sigmoid,
                        double value_at_margin, Squaring squaring) {
  const bool in_bounds = lower <= x && x <= upper;
  if (margin == 0) return in_bounds ? 1.0 : 0.0;
  if (in_bounds) return 1.0;
  const double d = (x < lower ? lower - x : x - upper) / margin;
  return SigmoidValue(d, value_at_margin, sigmoid, squaring);
}
}  // namespace internal

// tolerance(x, bounds=(lower, upper), margin, sigmoid, value_at_margin) of a
// scalar x.
inline double Tolerance(double x, double lower, double upper, double margin = 0.0,
                        Sigmoid sigmoid = Sigmoid::kGaussian,
                        double value_at_margin = kDefaultValueAtMargin) {
  return internal::Tolerance(x, lower, upper, margin, sigmoid, value_at_margin,
                             Squaring::kScalarPow);
}

// One element of tolerance(x, ...) of an array x.
inline double TolerancePerElement(double x, double lower, double upper, double margin = 0.0,
                                  Sigmoid sigmoid = Sigmoid::kGaussian,
                                  double value_at_margin = kDefaultValueAtMargin) {
  return internal::Tolerance(x, lower, upper, margin, sigmoid, value_at_margin,
                             Squaring::kElementwise);
}

}  // namespace parallel_pool::dm_rewards

#endif  // PARALLEL_POOL_DM_REWARDS_TOLERANCE_H_
