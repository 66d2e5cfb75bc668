// np.dot(x, y) of two contiguous float64 vectors of any length, and
// np.linalg.norm(v) = sqrt(v.dot(v)), rounded as the NumPy of this process
// rounds them: NumPy hands both to its OpenBLAS's ddot.
//
// numpy_math.h's DotSelf covers the short vectors most tasks take norms of
// (n < 16), where every kernel is a plain loop. From 16 elements on, ddot
// runs a vector microkernel on the first n & -16 elements and the plain loop
// on the rest, and the microkernels differ in their lanes, blocks and
// whether they fuse. NumPy 2.4's OpenBLAS 0.3.31 has five on x86-64; each
// of its 21 core types runs exactly one of them (checked with
// OPENBLAS_CORETYPE on 16-byte-aligned random vectors, x.x and x.y, every
// length from 1 to 49 and 64, 65, 100; NumPy's fresh arrays and mjData's
// arrays are so aligned, and that is all the kernels' alignment handling
// is modelled for). Which one runs is OpenBLAS's own run-time choice, so the
// module that uses this asks NumPy at import (numpy_ddot_binding.h).
#ifndef PARALLEL_POOL_NUMPY_EXACT_NUMPY_DDOT_H_
#define PARALLEL_POOL_NUMPY_EXACT_NUMPY_DDOT_H_

#include <array>
#include <atomic>
#include <cmath>
#include <cstddef>

namespace parallel_pool::numpy_exact {

enum class DdotKernel : int {
  // Haswell, Zen: four 4-lane accumulators (acc[k][j] takes element
  // 16b + 4k + j) with fused multiply-adds; the tail sum += x*y unfused.
  kHaswell = 0,
  // SkylakeX, Cooperlake, SapphireRapids: four 8-lane fused accumulators
  // over blocks of 32, folded to 4 lanes, then four 4-lane ones over a last
  // block of 16; the tail fused too.
  kSkylakeX = 1,
  // Sandybridge and the Bulldozer family: Haswell's lanes, unfused.
  kSandybridge = 2,
  // Nehalem, Atom, Barcelona, Bobcat: four 2-lane accumulators over blocks
  // of 8 (acc[k][j] takes element 8b + 2k + j), unfused; the tail unfused.
  kNehalem = 3,
  // The SSE2 assembly kernel (Prescott, Core2, Penryn, Dunnington,
  // Opteron, Nano): Nehalem's lanes over every whole block of 8 (no
  // n & -16 split), then a block of 4 into the first two accumulators, a
  // pair into the first, a last element into its low lane.
  kSse2 = 4,
};
inline constexpr int kNumDdotKernels = 5;
inline constexpr std::array<const char*, kNumDdotKernels> kDdotKernelNames = {
    "haswell", "skylakex", "sandybridge", "nehalem", "sse2"};

namespace internal {

// Haswell's and Sandybridge's microkernel on the first n1 (a multiple of
// 16) elements.
inline double FourByFourLanes(const double* x, const double* y, std::size_t n1, bool fused) {
  double acc[4][4] = {};
  for (std::size_t i = 0; i < n1; i += 16) {
    for (std::size_t k = 0; k < 4; ++k) {
      for (std::size_t j = 0; j < 4; ++j) {
        const std::size_t e = i + 4 * k + j;
        acc[k][j] = fused ? std::fma(x[e], y[e], acc[k][j]) : acc[k][j] + x[e] * y[e];
      }
    }
  }
  double lane[2];
  for (std::size_t j = 0; j < 2; ++j) {
    const double a0 = acc[0][j] + acc[0][j + 2];
    const double a1 = acc[1][j] + acc[1][j + 2];
    const double a2 = acc[2][j] + acc[2][j + 2];
    const double a3 = acc[3][j] + acc[3][j + 2];
    lane[j] = (a0 + a1) + (a2 + a3);
  }
  return lane[0] + lane[1];
}

// SkylakeX's microkernel on the first n1 (a multiple of 16) elements.
inline double SkylakeXLanes(const double* x, const double* y, std::size_t n1) {
  const std::size_t n32 = n1 & ~static_cast<std::size_t>(31);
  double wide[4][8] = {};
  std::size_t i = 0;
  for (; i < n32; i += 32) {
    for (std::size_t k = 0; k < 4; ++k) {
      for (std::size_t j = 0; j < 8; ++j) {
        const std::size_t e = i + 8 * k + j;
        wide[k][j] = std::fma(x[e], y[e], wide[k][j]);
      }
    }
  }
  double acc[4][4];
  for (std::size_t k = 0; k < 4; ++k) {
    for (std::size_t j = 0; j < 4; ++j) acc[k][j] = wide[k][j] + wide[k][j + 4];
  }
  for (; i < n1; i += 16) {
    for (std::size_t k = 0; k < 4; ++k) {
      for (std::size_t j = 0; j < 4; ++j) {
        const std::size_t e = i + 4 * k + j;
        acc[k][j] = std::fma(x[e], y[e], acc[k][j]);
      }
    }
  }
  double w[4];
  for (std::size_t j = 0; j < 4; ++j) w[j] = ((acc[0][j] + acc[1][j]) + acc[2][j]) + acc[3][j];
  return (w[0] + w[2]) + (w[1] + w[3]);
}

// The 2-lane accumulators of Nehalem's microkernel and the SSE2 kernel,
// added (a0 + a1) + (a2 + a3) lane by lane, then the two lanes.
inline double SumOfPairLanes(const double (&acc)[4][2]) {
  const double low = (acc[0][0] + acc[1][0]) + (acc[2][0] + acc[3][0]);
  const double high = (acc[0][1] + acc[1][1]) + (acc[2][1] + acc[3][1]);
  return low + high;
}

inline void AddBlocksOf8(const double* x, const double* y, std::size_t begin, std::size_t end,
                         double (&acc)[4][2]) {
  for (std::size_t i = begin; i < end; i += 8) {
    for (std::size_t k = 0; k < 8; ++k) acc[k / 2][k % 2] += x[i + k] * y[i + k];
  }
}

inline double Sse2(const double* x, const double* y, std::size_t n) {
  double acc[4][2] = {};
  const std::size_t n8 = n & ~static_cast<std::size_t>(7);
  AddBlocksOf8(x, y, 0, n8, acc);
  std::size_t i = n8;
  if (n - i >= 4) {
    for (std::size_t k = 0; k < 4; ++k) acc[k / 2][k % 2] += x[i + k] * y[i + k];
    i += 4;
  }
  if (n - i >= 2) {
    for (std::size_t k = 0; k < 2; ++k) acc[0][k] += x[i + k] * y[i + k];
    i += 2;
  }
  if (i < n) acc[0][0] += x[i] * y[i];
  return SumOfPairLanes(acc);
}

}  // namespace internal

// x . y (n elements each) as `kernel` rounds it.
inline double Ddot(const double* x, const double* y, std::size_t n, DdotKernel kernel) {
  if (kernel == DdotKernel::kSse2) return internal::Sse2(x, y, n);
  const std::size_t n1 = n & ~static_cast<std::size_t>(15);
  double dot = 0.0;
  if (n1 > 0) {
    switch (kernel) {
      case DdotKernel::kHaswell:
        dot = internal::FourByFourLanes(x, y, n1, /*fused=*/true);
        break;
      case DdotKernel::kSandybridge:
        dot = internal::FourByFourLanes(x, y, n1, /*fused=*/false);
        break;
      case DdotKernel::kSkylakeX:
        dot = internal::SkylakeXLanes(x, y, n1);
        break;
      case DdotKernel::kNehalem:
      case DdotKernel::kSse2: {
        double acc[4][2] = {};
        internal::AddBlocksOf8(x, y, 0, n1, acc);
        dot = internal::SumOfPairLanes(acc);
        break;
      }
    }
  }
  const bool fused_tail = kernel == DdotKernel::kSkylakeX;
  for (std::size_t i = n1; i < n; ++i)
    dot = fused_tail ? std::fma(x[i], y[i], dot) : dot + x[i] * y[i];
  return dot;
}

// The kernel of the NumPy this process runs; set when the module is
// imported (numpy_ddot_binding.h), before any env exists. Process-wide, as
// OpenBLAS's choice is.
inline std::atomic<int>& NumpyDdotKernelSetting() {
  static std::atomic<int> setting{static_cast<int>(DdotKernel::kHaswell)};
  return setting;
}

inline DdotKernel NumpyDdotKernel() {
  return static_cast<DdotKernel>(NumpyDdotKernelSetting().load(std::memory_order_relaxed));
}

// np.dot(x, y) of two contiguous float64 vectors of n elements.
inline double NumpyDdot(const double* x, const double* y, std::size_t n) {
  return Ddot(x, y, n, NumpyDdotKernel());
}

// np.linalg.norm(v) of a contiguous float64 vector of any length.
inline double NumpyDdotNorm(const double* v, std::size_t n) {
  return std::sqrt(NumpyDdot(v, v, n));
}

}  // namespace parallel_pool::numpy_exact

#endif  // PARALLEL_POOL_NUMPY_EXACT_NUMPY_DDOT_H_
