// `a.dot(frame)` for two float64 3x3 matrices, rounded as the NumPy of this
// process rounds it: quadruped fetch's ball_state puts three world vectors
// (stacked as rows) into the torso's frame in one product, which NumPy hands
// to its OpenBLAS's dgemm (a single vector goes to dgemv:
// NumpyVectorTimesMatrix3 in dm_control_env.h).
//
// Every element is a three-term dot product, which the x86-64 dgemm kernels
// of NumPy 2.4's OpenBLAS 0.3.31 accumulate in one of two ways. Under each
// of its core types we found:
//   fused, sum = fma(a, b, sum) from 0: SkylakeX, Cooperlake, SapphireRapids,
//     Haswell, Zen;
//   sequential, sum = sum + a * b from 0: the other 20 (Sandybridge,
//     Nehalem, Atom, the SSE2 ones such as Prescott and Core2, the Bulldozer
//     family, ...).
// That is not dgemv's split (Haswell and Zen round dgemv and ddot
// sequentially), so the dot rounding probe cannot tell it: the module asks
// NumPy itself at import (numpy_blas_binding.h) and sets the setting below.
#ifndef PARALLEL_POOL_NUMPY_EXACT_NUMPY_BLAS_H_
#define PARALLEL_POOL_NUMPY_EXACT_NUMPY_BLAS_H_

#include <atomic>
#include <cmath>

namespace parallel_pool::numpy_exact {

enum class BlasAccumulation : int {
  // sum = sum + a * b from 0: each product rounded, then each sum.
  kSequential = 0,
  // sum = fma(a, b, sum) from 0: one rounding per term.
  kFused = 1,
};
inline constexpr int kNumBlasAccumulations = 2;

// out = a . b (3x3 row-major each), each element accumulated as
// `accumulation` does.
inline void MatrixTimesMatrix3(const double* a, const double* b, double* out,
                               BlasAccumulation accumulation) {
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      double sum = 0.0;
      for (int k = 0; k < 3; ++k) {
        sum = accumulation == BlasAccumulation::kFused ? std::fma(a[3 * i + k], b[3 * k + j], sum)
                                                       : sum + a[3 * i + k] * b[3 * k + j];
      }
      out[3 * i + j] = sum;
    }
  }
}

// How this process's NumPy accumulates dgemm; set at import.
inline std::atomic<int>& NumpyGemmSetting() {
  static std::atomic<int> setting{static_cast<int>(BlasAccumulation::kSequential)};
  return setting;
}

// np.dot(a, b) for two C-contiguous float64 3x3 matrices.
inline void NumpyMatrixTimesMatrix3(const double* a, const double* b, double* out) {
  MatrixTimesMatrix3(
      a, b, out, static_cast<BlasAccumulation>(NumpyGemmSetting().load(std::memory_order_relaxed)));
}

}  // namespace parallel_pool::numpy_exact

#endif  // PARALLEL_POOL_NUMPY_EXACT_NUMPY_BLAS_H_
