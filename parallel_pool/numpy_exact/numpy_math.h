// The few NumPy float64 (and, for float32 actions, float32) operations
// gymnasium's and dm_control's MuJoCo tasks apply to the simulation's output
// and the action, reproduced operation for operation so
// that rewards and observations round exactly as theirs do.
//
//   np.sum(x), np.sum(np.square(x))  NumPy's pairwise summation (below), in
//                                    float64, or in float32 for a float32 x
//   np.linalg.norm(v)                sqrt(v.dot(v)); the dot product is BLAS
//                                    ddot (NumPy's bundled OpenBLAS)
//   np.einsum('b,bj->j', m, x)       sequential multiply-then-add per column
// (`x ** 2` on a float64 scalar is python_float.h's PyPow.)
//
// Each was checked against NumPy 2.4 on 10^5 random inputs (see
// docs/mujoco.md). Every module that compiles this header must use
// -ffp-contract=off: an implicit fused multiply-add would round once where
// NumPy rounds twice.
#ifndef PARALLEL_POOL_NUMPY_EXACT_NUMPY_MATH_H_
#define PARALLEL_POOL_NUMPY_EXACT_NUMPY_MATH_H_

#include <atomic>
#include <cmath>
#include <cstddef>

namespace parallel_pool::numpy_exact {

// NumPy's add.reduce over a contiguous array of `n` elements of T (float64
// or float32), with each element passed through `f` first (np.sum(f(x))).
// NumPy sums pairwise: below 8 elements a plain loop from 0; up to 128,
// eight interleaved partial sums combined as a tree, then the remainder one
// by one; above 128, the two halves (split at a multiple of 8) recursively.
// The partial sums are of the array's own type: a float32 array is summed
// in float32 (NumPy's FLOAT_pairwise_sum), rounding after every addition.
template <typename T, typename F>
T NumpyPairwiseSum(const T* a, std::size_t n, F f) {
  if (n < 8) {
    T res = 0;
    for (std::size_t i = 0; i < n; ++i) res += f(a[i]);
    return res;
  }
  if (n <= 128) {
    T r[8];
    for (std::size_t j = 0; j < 8; ++j) r[j] = f(a[j]);
    std::size_t i = 8;
    for (; i < n - (n % 8); i += 8) {
      for (std::size_t j = 0; j < 8; ++j) r[j] += f(a[i + j]);
    }
    T res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
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

// np.sum(np.square(x)) of a float32 array: under NumPy's promotion rules
// (NEP 50) np.square of float32 is float32 and so is its sum, every square
// and every addition rounded to float. Widening to double first, the
// obvious C++, gives a different (more exact) value in most cases.
inline float NumpySumOfSquares(const float* a, std::size_t n) {
  return NumpyPairwiseSum(a, n, [](float x) { return x * x; });
}

// How NumPy's BLAS rounds the dot product of a short float64 vector with
// itself (np.linalg.norm(v) is sqrt(v.dot(v)), and v.dot(v) is OpenBLAS's
// ddot). OpenBLAS picks its ddot kernel per CPU at run time (DYNAMIC_ARCH,
// or OPENBLAS_CORETYPE), and for the 2- and 3-element vectors gymnasium
// takes norms of, every x86-64 kernel of NumPy 2.4's OpenBLAS 0.3.31 rounds
// in one of three ways (checked under all 25 of its core types; see
// docs/mujoco.md):
enum class DotRounding : int {
  // sum += x[i] * x[i], two roundings per element (Haswell, Zen, Sandybridge,
  // Nehalem, the AMD Bulldozer family, Atom, ...).
  kSequential = 0,
  // sum = fma(x[i], x[i], sum), one rounding (SkylakeX, Cooperlake,
  // SapphireRapids: the AVX-512 kernels).
  kFused = 1,
  // Two interleaved partial sums (even and odd elements), added at the end
  // (Prescott, Core2, Penryn, Opteron, ...: the SSE2 kernels). That is what
  // the SSE2 kernel's eight partial sums reduce to for up to 4 elements;
  // DotSelf follows the kernel for any length (dm_control's lqr_6_2 takes
  // norms of 6 and 12).
  kTwoAccumulators = 2,
};
inline constexpr int kNumDotRoundings = 3;

// x . x rounded as `rounding` does.
inline double DotSelf(const double* x, std::size_t n, DotRounding rounding) {
  switch (rounding) {
    case DotRounding::kFused: {
      double dot = 0.0;
      for (std::size_t i = 0; i < n; ++i) dot = std::fma(x[i], x[i], dot);
      return dot;
    }
    case DotRounding::kTwoAccumulators: {
      // OpenBLAS's SSE2 ddot: four two-lane registers take blocks of 8
      // elements; the remaining 4 go to the first two registers, a remaining
      // 2 to the first, a last element to its low lane; then the registers
      // are added (r0 + r1) + (r2 + r3) lane by lane, and the two lanes.
      // Checked for 1 to 19, 24, 32, 33, 40, 64 and 100 elements under every
      // SSE2 core type.
      double lanes[4][2] = {};
      std::size_t i = 0;
      for (; i + 8 <= n; i += 8) {
        for (std::size_t k = 0; k < 8; ++k) lanes[k / 2][k % 2] += x[i + k] * x[i + k];
      }
      if (n - i >= 4) {
        for (std::size_t k = 0; k < 4; ++k) lanes[k / 2][k % 2] += x[i + k] * x[i + k];
        i += 4;
      }
      if (n - i >= 2) {
        for (std::size_t k = 0; k < 2; ++k) lanes[0][k] += x[i + k] * x[i + k];
        i += 2;
      }
      if (i < n) lanes[0][0] += x[i] * x[i];
      const double low = (lanes[0][0] + lanes[1][0]) + (lanes[2][0] + lanes[3][0]);
      const double high = (lanes[0][1] + lanes[1][1]) + (lanes[2][1] + lanes[3][1]);
      return low + high;
    }
    case DotRounding::kSequential:
      break;
  }
  double dot = 0.0;
  for (std::size_t i = 0; i < n; ++i) dot += x[i] * x[i];
  return dot;
}

// The rounding of the NumPy this process runs. Which kernel NumPy's OpenBLAS
// runs is not a CPU flag but its own run-time choice, so it is learned from
// NumPy itself: the family's Python module probes v.dot(v) on fixed vectors
// when it is imported and sets the matching rounding here, before any env
// exists (parallel_pool/numpy_exact/numpy_probe.py). Process-wide, as NumPy's
// kernel choice is.
inline std::atomic<int>& NumpyDotRoundingSetting() {
  static std::atomic<int> setting{static_cast<int>(DotRounding::kSequential)};
  return setting;
}

inline DotRounding NumpyDotRounding() {
  return static_cast<DotRounding>(NumpyDotRoundingSetting().load(std::memory_order_relaxed));
}

// np.linalg.norm(v) for a contiguous float64 vector of 2 or 3 elements, as
// the NumPy of this process rounds it.
inline double NumpyNorm(const double* v, std::size_t n) {
  return std::sqrt(DotSelf(v, n, NumpyDotRounding()));
}

}  // namespace parallel_pool::numpy_exact

#endif  // PARALLEL_POOL_NUMPY_EXACT_NUMPY_MATH_H_
