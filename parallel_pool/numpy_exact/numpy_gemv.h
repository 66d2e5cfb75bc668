// `a @ x` for a C-contiguous float64 3 x n matrix and an n-vector, rounded as
// the NumPy of this process rounds it: gymnasium-robotics' Fetch takes site
// velocities as `jac @ qvel` (a 3 x nv Jacobian), which NumPy's matmul hands
// to its OpenBLAS as cblas_dgemv(ColMajor, Trans, nv, 3): the transposed
// kernel (dgemv_t), one dot product of length n per output row.
//
// Under each of the 17 x86-64 core types of NumPy 2.4's OpenBLAS 0.3.31 we
// checked (all four that pytest.bzl runs the tests under among them), that
// kernel takes the first nb = n & ~3 terms of each row as follows:
//   rows 0 and 1 (its two-column block): two partial sums, the even and the
//     odd terms, each `sum = sum + a * x` from 0, then even + odd;
//   row 2 (its one-column block): four partial sums, by term index mod 4,
//     then (s0 + s2) + (s1 + s3);
// and then y = 0.0 + that (beta = 0, alpha = 1). The last n & 3 terms are
// added to y by compiled C whose rounding depends on the core type (GemvTail).
// The Python side probes NumPy at import (numpy_gemv_binding.h) and sets the
// tail rounding below. Compile with -ffp-contract=off (NO_FMA_COPTS).
#ifndef PARALLEL_POOL_NUMPY_EXACT_NUMPY_GEMV_H_
#define PARALLEL_POOL_NUMPY_EXACT_NUMPY_GEMV_H_

#include <atomic>
#include <cmath>
#include <cstddef>

namespace parallel_pool::numpy_exact {

// How the last n & 3 terms of each row reach y (k = n & 3, t_i = a_i * x_i of
// those terms).
enum class GemvTail : int {
  // y = y + ((t_0 + t_1) + t_2), each product rounded: Sandybridge, Nehalem,
  // the SSE2 core types (Prescott, Core2, ...), the Bulldozer family, Atom.
  kPlain = 0,
  // The compiler's contraction into fused multiply-adds (Haswell, Zen,
  // SkylakeX, Cooperlake, SapphireRapids): k = 1: y = fma(a_0, x_0, y);
  // k = 2: y = y + fma(a_0, x_0, t_1); k = 3: y = y + fma(a_2, x_2,
  // fma(a_0, x_0, t_1)).
  kFused = 1,
};
inline constexpr int kNumGemvTails = 2;

// out[r] = row r of `a` (3 x n, row-major) . x, as dgemv_t rounds it with
// `tail`.
inline void MatrixTimesVector3xN(const double* a, const double* x, std::size_t n, GemvTail tail,
                                 double* out) {
  const std::size_t tail_size = n & 3;
  const std::size_t nb = n - tail_size;
  for (std::size_t r = 0; r < 3; ++r) {
    const double* row = a + r * n;
    double y = 0.0;
    if (nb > 0) {
      double block;
      if (r < 2) {
        double even = 0.0;
        double odd = 0.0;
        for (std::size_t i = 0; i < nb; i += 2) {
          even = even + row[i] * x[i];
          odd = odd + row[i + 1] * x[i + 1];
        }
        block = even + odd;
      } else {
        double lane[4] = {0.0, 0.0, 0.0, 0.0};
        for (std::size_t i = 0; i < nb; i += 4) {
          for (std::size_t k = 0; k < 4; ++k) lane[k] = lane[k] + row[i + k] * x[i + k];
        }
        block = (lane[0] + lane[2]) + (lane[1] + lane[3]);
      }
      y = y + block;
    }
    const double* at = row + nb;
    const double* xt = x + nb;
    if (tail == GemvTail::kFused) {
      switch (tail_size) {
        case 1:
          y = std::fma(at[0], xt[0], y);
          break;
        case 2:
          y = y + std::fma(at[0], xt[0], at[1] * xt[1]);
          break;
        case 3:
          y = y + std::fma(at[2], xt[2], std::fma(at[0], xt[0], at[1] * xt[1]));
          break;
        default:
          break;
      }
    } else if (tail_size > 0) {
      double sum = at[0] * xt[0];
      for (std::size_t k = 1; k < tail_size; ++k) sum = sum + at[k] * xt[k];
      y = y + sum;
    }
    out[r] = y;
  }
}

// The tail rounding of this process's NumPy; set at import.
inline std::atomic<int>& NumpyGemvSetting() {
  static std::atomic<int> setting{static_cast<int>(GemvTail::kPlain)};
  return setting;
}

// `a @ x` for a C-contiguous 3 x n float64 matrix, as this process's NumPy
// computes it.
inline void NumpyMatrixTimesVector3xN(const double* a, const double* x, std::size_t n,
                                      double* out) {
  MatrixTimesVector3xN(
      a, x, n, static_cast<GemvTail>(NumpyGemvSetting().load(std::memory_order_relaxed)), out);
}

}  // namespace parallel_pool::numpy_exact

#endif  // PARALLEL_POOL_NUMPY_EXACT_NUMPY_GEMV_H_
