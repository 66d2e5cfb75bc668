// The few NumPy float64 operations gymnasium's MuJoCo envs apply to the
// simulation's output, reproduced operation for operation so that rewards
// and observations round exactly as gymnasium's do.
//
//   np.sum(x), np.sum(np.square(x))  NumPy's pairwise summation (below)
//   np.linalg.norm(v)                sqrt(v.dot(v)); the dot product is BLAS
//                                    ddot (NumPy's bundled OpenBLAS)
//   np.einsum('b,bj->j', m, x)       sequential multiply-then-add per column
//   x ** 2 on a float64 scalar       C pow(x, 2.0), not x * x
//
// Each was checked against NumPy 2.4 on 10^5 random inputs (see
// docs/mujoco.md). The BUILD compiles this family with -ffp-contract=off: an
// implicit fused multiply-add would round once where NumPy rounds twice.
#ifndef PARALLEL_POOL_MUJOCO_NUMPY_MATH_H_
#define PARALLEL_POOL_MUJOCO_NUMPY_MATH_H_

#include <cmath>
#include <cstddef>

namespace parallel_pool::mujoco {

// NumPy's add.reduce over a contiguous float64 array of `n` elements, with
// each element passed through `f` first (np.sum(f(x))). NumPy sums
// pairwise: below 8 elements a plain loop from 0.0; up to 128, eight
// interleaved partial sums combined as a tree, then the remainder one by
// one; above 128, the two halves (split at a multiple of 8) recursively.
template <typename F>
double NumpyPairwiseSum(const double* a, std::size_t n, F f) {
  if (n < 8) {
    double res = 0.0;
    for (std::size_t i = 0; i < n; ++i) res += f(a[i]);
    return res;
  }
  if (n <= 128) {
    double r[8];
    for (std::size_t j = 0; j < 8; ++j) r[j] = f(a[j]);
    std::size_t i = 8;
    for (; i < n - (n % 8); i += 8) {
      for (std::size_t j = 0; j < 8; ++j) r[j] += f(a[i + j]);
    }
    double res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; ++i) res += f(a[i]);
    return res;
  }
  std::size_t n2 = n / 2;
  n2 -= n2 % 8;
  return NumpyPairwiseSum(a, n2, f) + NumpyPairwiseSum(a + n2, n - n2, f);
}

// np.sum(x).
inline double NumpySum(const double* a, std::size_t n) {
  return NumpyPairwiseSum(a, n, [](double x) { return x; });
}

// np.sum(np.square(x)).
inline double NumpySumOfSquares(const double* a, std::size_t n) {
  return NumpyPairwiseSum(a, n, [](double x) { return x * x; });
}

// Whether NumPy's OpenBLAS runs a kernel built with fused multiply-adds.
// OpenBLAS picks its kernel by CPU at run time (DYNAMIC_ARCH); every kernel
// for an FMA-capable x86 core (Haswell, Zen, SkylakeX, ...) is compiled with
// -mfma, and its scalar loop `dot += y[i] * x[i]` becomes an FMA.
inline bool BlasUsesFma() {
#if defined(__x86_64__) || defined(__i386__)
  static const bool fma = __builtin_cpu_supports("fma");
  return fma;
#else
  return false;
#endif
}

// np.linalg.norm(v) for a contiguous float64 vector shorter than 16
// elements: sqrt(ddot(v, v)). OpenBLAS's ddot runs its vector kernel on the
// first n & -16 elements and a scalar loop on the rest, so for n < 16 it is
// the scalar loop only, fused on FMA cores.
inline double NumpyNorm(const double* v, std::size_t n) {
  double dot = 0.0;
  if (BlasUsesFma()) {
    for (std::size_t i = 0; i < n; ++i) dot = std::fma(v[i], v[i], dot);
  } else {
    for (std::size_t i = 0; i < n; ++i) dot += v[i] * v[i];
  }
  return std::sqrt(dot);
}

// `x ** y` on a NumPy float64 scalar: C pow(). GCC would fold pow(x, 2.0)
// into x * x, which glibc's pow does not always equal, so the exponent is
// hidden from the optimizer.
inline double PyPow(double x, double y) {
  volatile double exponent = y;
  return std::pow(x, static_cast<double>(exponent));
}

}  // namespace parallel_pool::mujoco

#endif  // PARALLEL_POOL_MUJOCO_NUMPY_MATH_H_
