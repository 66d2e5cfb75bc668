// The two small BLAS products dm_control's observations take, rounded as the
// NumPy of this process rounds them: a 3-vector times a 3x3 matrix
// (`v.dot(frame)`, NumPy calls BLAS dgemv) and a 3x3 times a 3x3
// (`rows.dot(frame)`, dgemm), which put world vectors into a body's frame
// (quadruped's origin, ball_state and target_position; dog's
// torso_com_velocity and its fetch observations).
//
// Every element is a three-term dot product; OpenBLAS, which NumPy bundles,
// accumulates it in one of two ways, chosen by the kernel it picks for the
// CPU at run time (or OPENBLAS_CORETYPE), separately for dgemv and dgemm.
// Under each of the 25 x86-64 core types of NumPy 2.4's OpenBLAS we found:
//   dgemv: fused on SkylakeX, Cooperlake, SapphireRapids; sequential on the
//          rest (Haswell, Zen, Sandybridge, Core2, the Bulldozer family, ...);
//   dgemm: fused on those and Haswell and Zen; sequential on Sandybridge,
//          Core2, Nehalem, the Bulldozer family, Atom, ...
// As with numpy_math.h's norms, no CPU flag says which: the module asks
// NumPy at import (numpy_ops_binding.h) and sets the two settings below.
#ifndef PARALLEL_POOL_DM_CONTROL_NUMPY_BLAS_H_
#define PARALLEL_POOL_DM_CONTROL_NUMPY_BLAS_H_

#include <atomic>
#include <cmath>

namespace parallel_pool::dm_control {

enum class BlasAccumulation : int {
  // sum = sum + a * b from 0: each product rounded, then each sum.
  kSequential = 0,
  // sum = fma(a, b, sum) from 0: one rounding per term.
  kFused = 1,
};
inline constexpr int kNumBlasAccumulations = 2;

// a[0] * b[0] + a[stride] * b[stride] + ... over 3 terms, as `accumulation`
// rounds it (b strided: a column of a row-major matrix).
inline double Dot3(const double* a, const double* b, int b_stride, BlasAccumulation accumulation) {
  double sum = 0.0;
  for (int k = 0; k < 3; ++k) {
    sum = accumulation == BlasAccumulation::kFused ? std::fma(a[k], b[k * b_stride], sum)
                                                   : sum + a[k] * b[k * b_stride];
  }
  return sum;
}

// out = v . m (v a 3-vector, m 3x3 row-major), as dgemv with `accumulation`.
inline void VectorMatrix3(const double* v, const double* m, double* out,
                          BlasAccumulation accumulation) {
  for (int j = 0; j < 3; ++j) out[j] = Dot3(v, m + j, 3, accumulation);
}

// out = a . b (3x3 row-major each), as dgemm with `accumulation`.
inline void MatrixMatrix3(const double* a, const double* b, double* out,
                          BlasAccumulation accumulation) {
  for (int i = 0; i < 3; ++i) VectorMatrix3(a + 3 * i, b, out + 3 * i, accumulation);
}

// How this process's NumPy accumulates dgemv and dgemm; set at import.
inline std::atomic<int>& NumpyGemvSetting() {
  static std::atomic<int> setting{static_cast<int>(BlasAccumulation::kSequential)};
  return setting;
}
inline std::atomic<int>& NumpyGemmSetting() {
  static std::atomic<int> setting{static_cast<int>(BlasAccumulation::kSequential)};
  return setting;
}

// np.dot(v, m) for a float64 3-vector and a C-contiguous 3x3 matrix.
inline void NumpyVectorMatrix3(const double* v, const double* m, double* out) {
  VectorMatrix3(v, m, out,
                static_cast<BlasAccumulation>(NumpyGemvSetting().load(std::memory_order_relaxed)));
}

// np.dot(a, b) for two C-contiguous float64 3x3 matrices.
inline void NumpyMatrixMatrix3(const double* a, const double* b, double* out) {
  MatrixMatrix3(a, b, out,
                static_cast<BlasAccumulation>(NumpyGemmSetting().load(std::memory_order_relaxed)));
}

}  // namespace parallel_pool::dm_control

#endif  // PARALLEL_POOL_DM_CONTROL_NUMPY_BLAS_H_
