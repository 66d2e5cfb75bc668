// Python/NumPy float arithmetic that gymnasium's classic-control code (and
// the `x ** 2` of gymnasium's and dm_control's MuJoCo tasks) relies on,
// reproduced in C++ so that our float64 state evolves bit-identically to the
// reference.
//
// Two things differ from the obvious C++:
//   * `x ** 2` on a Python or NumPy float calls C pow(x, 2.0). GCC folds
//     pow(x, 2.0) into x * x, and glibc's pow is not always correctly rounded
//     (about 1 input in 1,500 gives a result one ulp away from x * x), so the
//     exponent is hidden from the optimizer.
//   * `x % y` on floats takes the sign of y (floor semantics), not of x as
//     std::fmod does.
//
// Modules that compile this header use NUMPY_EXACT_COPTS (copts.bzl,
// -ffp-contract=off): a fused multiply-add rounds once where Python rounds
// twice.
#ifndef PARALLEL_POOL_NUMPY_EXACT_PYTHON_FLOAT_H_
#define PARALLEL_POOL_NUMPY_EXACT_PYTHON_FLOAT_H_

#include <cmath>

namespace parallel_pool::numpy_exact {

// Python's `x ** y` for floats (and NumPy's for float64 scalars).
inline double PyPow(double x, double y) {
  volatile double exponent = y;  // keeps GCC from turning pow(x, 2) into x * x
  return std::pow(x, static_cast<double>(exponent));
}

// NumPy's `x ** y` for float32 scalars, which calls powf.
inline float PyPowF(float x, float y) {
  volatile float exponent = y;
  return std::pow(x, static_cast<float>(exponent));
}

// Python's (and NumPy's) `x % y` for floats: fmod, shifted into y's sign.
inline double PyMod(double x, double y) {
  double mod = std::fmod(x, y);
  if (mod != 0.0) {
    if ((y < 0.0) != (mod < 0.0)) mod += y;
  } else {
    mod = std::copysign(0.0, y);
  }
  return mod;
}

}  // namespace parallel_pool::numpy_exact

#endif  // PARALLEL_POOL_NUMPY_EXACT_PYTHON_FLOAT_H_
