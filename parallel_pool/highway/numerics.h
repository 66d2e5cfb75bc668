// highway-env's arithmetic as NumPy rounds it: its vehicle models call
// np.sin, np.tan, np.arcsin, np.power, ... on float64 scalars, and NumPy's
// own loops (taken from the ufuncs at import, numpy_ufunc.h) differ from the
// C library's on an AVX-512 CPU; its 2-vector dot products and norms are
// OpenBLAS's ddot, whose kernel (fused or not) OpenBLAS picks per CPU
// (numpy_ddot.h, probed at import), and so are its 2x2 rotations: a matrix
// times a vector is dgemv, a matrix times a matrix dgemm (numpy_gemv.h,
// numpy_blas.h, both probed at import). Everything else is plain IEEE double
// arithmetic in the reference's order, compiled without FMA contraction.
#ifndef PARALLEL_POOL_HIGHWAY_NUMERICS_H_
#define PARALLEL_POOL_HIGHWAY_NUMERICS_H_

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "parallel_pool/numpy_exact/numpy_blas.h"
#include "parallel_pool/numpy_exact/numpy_ddot.h"
#include "parallel_pool/numpy_exact/numpy_gemv.h"
#include "parallel_pool/numpy_exact/numpy_ufunc.h"

namespace parallel_pool::highway {

inline constexpr double kPi = 3.141592653589793;

struct Vec2 {
  double x = 0.0;
  double y = 0.0;
};
inline Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
inline Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
inline Vec2 operator-(Vec2 a) { return {-a.x, -a.y}; }
inline Vec2 operator*(double s, Vec2 a) { return {s * a.x, s * a.y}; }
inline Vec2 operator*(Vec2 a, double s) { return {a.x * s, a.y * s}; }
inline Vec2 operator/(Vec2 a, double s) { return {a.x / s, a.y / s}; }
inline bool operator==(Vec2 a, Vec2 b) { return a.x == b.x && a.y == b.y; }

inline double Sin(double x) { return numpy_exact::NumpySin(x); }
inline double Cos(double x) { return numpy_exact::NumpyCos(x); }
inline double Tan(double x) { return numpy_exact::NumpyTan(x); }
inline double Arctan(double x) { return numpy_exact::NumpyArctan(x); }
inline double Arcsin(double x) { return numpy_exact::NumpyArcsin(x); }
inline double Arctan2(double y, double x) { return numpy_exact::NumpyArctan2(y, x); }
inline double Power(double x, double y) { return numpy_exact::NumpyPower(x, y); }
// np.power(x, 2).
inline double Square(double x) { return numpy_exact::NumpySquare(x); }
inline double Exp(double x) { return numpy_exact::NumpyExp(x); }

namespace internal {
// SkylakeX's 2-element dot: fused multiply-adds as the FMA instruction does
// them, called only where NumPy's own ddot kernel fuses (which runs on FMA
// hardware only); the package is compiled without -mfma, where std::fma is a
// call into libm.
__attribute__((target("fma"))) inline double FusedDot(double ax, double ay, double bx, double by) {
  return __builtin_fma(ay, by, __builtin_fma(ax, bx, 0.0));
}
}  // namespace internal

// np.dot(a, b) of 2-element float64 arrays: OpenBLAS's ddot of 2 elements,
// all in its kernels' scalar tail (numpy_ddot.h): fused on SkylakeX,
// sum = sum + a * b from 0 on the others but the SSE2 kernel's, which
// numpy_ddot.h does as it is. (The lane geometry calls this most of all.)
inline double Dot(Vec2 a, Vec2 b) {
  switch (numpy_exact::NumpyDdotKernel()) {
    case numpy_exact::DdotKernel::kSkylakeX:
      return internal::FusedDot(a.x, a.y, b.x, b.y);
    case numpy_exact::DdotKernel::kHaswell:
    case numpy_exact::DdotKernel::kSandybridge:
    case numpy_exact::DdotKernel::kNehalem:
      return (0.0 + a.x * b.x) + a.y * b.y;
    default: {
      const double x[2] = {a.x, a.y};
      const double y[2] = {b.x, b.y};
      return numpy_exact::NumpyDdot(x, y, 2);
    }
  }
}
namespace internal {
// Two of SkylakeX's fused 2-element dots in one call (a function with the
// FMA target is never inlined into this package's code). Scalar arguments:
// packing them into a vector register goes through the stack, a store
// forwarding stall on every call.
__attribute__((target("fma"))) inline Vec2 FusedDots(double ax, double ay, double bx, double by,
                                                     double cx, double cy) {
  return {__builtin_fma(ay, by, __builtin_fma(ax, bx, 0.0)),
          __builtin_fma(ay, cy, __builtin_fma(ax, cx, 0.0))};
}
}  // namespace internal

namespace internal {
// FusedDots of points[i] - origin, for each point, in one call.
template <typename Pair>
__attribute__((target("fma"))) void FusedDotsFrom(const Vec2* points, std::size_t n, Vec2 origin,
                                                  Vec2 b, Vec2 c, Pair* out) {
  for (std::size_t i = 0; i < n; ++i) {
    const double ax = points[i].x - origin.x;
    const double ay = points[i].y - origin.y;
    out[i] = Pair{__builtin_fma(ay, b.y, __builtin_fma(ax, b.x, 0.0)),
                  __builtin_fma(ay, c.y, __builtin_fma(ax, c.x, 0.0))};
  }
}
}  // namespace internal

// {Dot(a, b), Dot(a, c)}: a lane's two coordinates of a point.
inline Vec2 Dots(Vec2 a, Vec2 b, Vec2 c) {
  switch (numpy_exact::NumpyDdotKernel()) {
    case numpy_exact::DdotKernel::kSkylakeX:
      return internal::FusedDots(a.x, a.y, b.x, b.y, c.x, c.y);
    case numpy_exact::DdotKernel::kHaswell:
    case numpy_exact::DdotKernel::kSandybridge:
    case numpy_exact::DdotKernel::kNehalem:
      return {(0.0 + a.x * b.x) + a.y * b.y, (0.0 + a.x * c.x) + a.y * c.y};
    default:
      return {Dot(a, b), Dot(a, c)};
  }
}

// Dots(points[i] - origin, b, c) for each of n points (the kernel chosen
// once), into a pair of doubles each.
template <typename Pair>
void DotsFrom(const Vec2* points, std::size_t n, Vec2 origin, Vec2 b, Vec2 c, Pair* out) {
  switch (numpy_exact::NumpyDdotKernel()) {
    case numpy_exact::DdotKernel::kSkylakeX:
      internal::FusedDotsFrom(points, n, origin, b, c, out);
      return;
    case numpy_exact::DdotKernel::kHaswell:
    case numpy_exact::DdotKernel::kSandybridge:
    case numpy_exact::DdotKernel::kNehalem:
      for (std::size_t i = 0; i < n; ++i) {
        const Vec2 a = points[i] - origin;
        out[i] = Pair{(0.0 + a.x * b.x) + a.y * b.y, (0.0 + a.x * c.x) + a.y * c.y};
      }
      return;
    default:
      for (std::size_t i = 0; i < n; ++i) {
        const Vec2 d = Dots(points[i] - origin, b, c);
        out[i] = Pair{d.x, d.y};
      }
  }
}

// np.power(x, y) remembered by its arguments' bits (a hit returns the value
// NumPy gave for exactly those arguments). The IDM asks the same power
// several times a frame: a vehicle's own acceleration, then MOBIL's
// predictions. Want() gathers arguments known in advance, which Compute()
// gets in one NumPy call (elementwise: numpy_ufunc.h).
//
// The table holds one frame's powers (speeds change every frame, so older
// ones are seldom asked again): Compute() starts a generation, and only the
// current generation's entries count. Open addressing, so that no power of
// the frame evicts another.
class PowerMemo {
 public:
  double Power(double x, double y) {
    const std::uint64_t xb = Bits(x);
    const std::uint64_t yb = Bits(y);
    Entry* e = Find(xb, yb);
    if (e != nullptr && e->generation == generation_) return e->value;
    const double value = numpy_exact::NumpyPower(x, y);
    if (e != nullptr) *e = {xb, yb, value, generation_};
    return value;
  }
  void Want(double x, double y) {
    // The batch call would miss a scalar call's fast path (numpy_ufunc.h).
    if (numpy_exact::NumpyPowerMayShortcut(y)) return;
    xs_.push_back(x);
    ys_.push_back(y);
  }
  void Compute() {
    ++generation_;
    const std::ptrdiff_t n = static_cast<std::ptrdiff_t>(xs_.size());
    values_.resize(n);
    numpy_exact::NumpyPower(xs_.data(), ys_.data(), values_.data(), n);
    for (std::ptrdiff_t i = 0; i < n; ++i) {
      const std::uint64_t xb = Bits(xs_[i]);
      const std::uint64_t yb = Bits(ys_[i]);
      Entry* e = Find(xb, yb);
      if (e != nullptr && e->generation != generation_) *e = {xb, yb, values_[i], generation_};
    }
    xs_.clear();
    ys_.clear();
  }

 private:
  struct Entry {
    std::uint64_t x;
    std::uint64_t y;
    double value;
    std::uint64_t generation;  // 0: never written
  };
  static constexpr int kSlotBits = 7;
  static constexpr std::size_t kSlots = std::size_t{1} << kSlotBits;
  static std::uint64_t Bits(double v) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &v, sizeof bits);
    return bits;
  }
  // The entry of (x, y) in this generation, else the free slot where it
  // goes (an entry of an older generation is free); null if the table is full.
  Entry* Find(std::uint64_t xb, std::uint64_t yb) {
    std::size_t slot = static_cast<std::size_t>(
        ((xb ^ (yb * 0x9E3779B97F4A7C15ULL)) * 0xBF58476D1CE4E5B9ULL) >> (64 - kSlotBits));
    for (std::size_t probes = 0; probes < kSlots; ++probes, slot = (slot + 1) & (kSlots - 1)) {
      Entry& e = entries_[slot];
      if (e.generation != generation_ || (e.x == xb && e.y == yb)) return &e;
    }
    return nullptr;
  }
  std::array<Entry, kSlots> entries_{};
  std::uint64_t generation_ = 1;
  std::vector<double> xs_;
  std::vector<double> ys_;
  std::vector<double> values_;
};

// np.linalg.norm(a): sqrt(a . a).
inline double Norm(Vec2 a) { return std::sqrt(Dot(a, a)); }

// A 2x2 float64 matrix, row-major: {{a, b}, {c, d}}.
struct Mat2 {
  double m[2][2];
};

// `m @ v` (or m.dot(v)) of a 2x2 matrix and a 2-vector: OpenBLAS's dgemv,
// whose two-term rows are its tail (numpy_gemv.h), added to y = 0.
inline Vec2 MatVec(const Mat2& a, Vec2 v) {
  const auto tail = static_cast<numpy_exact::GemvTail>(
      numpy_exact::NumpyGemvSetting().load(std::memory_order_relaxed));
  double out[2];
  for (int r = 0; r < 2; ++r) {
    const double* row = a.m[r];
    out[r] = tail == numpy_exact::GemvTail::kFused ? 0.0 + std::fma(row[0], v.x, row[1] * v.y)
                                                   : 0.0 + (row[0] * v.x + row[1] * v.y);
  }
  return {out[0], out[1]};
}

// One column of `m @ points` (points a 2 x n matrix): OpenBLAS's dgemm,
// each element accumulated from 0 as numpy_blas.h's setting does.
inline Vec2 MatMulColumn(const Mat2& a, Vec2 column) {
  const auto accumulation = static_cast<numpy_exact::BlasAccumulation>(
      numpy_exact::NumpyGemmSetting().load(std::memory_order_relaxed));
  double out[2];
  for (int r = 0; r < 2; ++r) {
    const double* row = a.m[r];
    double sum = 0.0;
    if (accumulation == numpy_exact::BlasAccumulation::kFused) {
      sum = std::fma(row[0], column.x, sum);
      sum = std::fma(row[1], column.y, sum);
    } else {
      sum = sum + row[0] * column.x;
      sum = sum + row[1] * column.y;
    }
    out[r] = sum;
  }
  return {out[0], out[1]};
}

// The rotation [[cos a, -sin a], [sin a, cos a]].
inline Mat2 Rotation(double angle) {
  const double c = Cos(angle);
  const double s = Sin(angle);
  return {{{c, -s}, {s, c}}};
}

// Python's (and np.remainder's) x % m: the sign of m.
inline double FloorMod(double x, double m) {
  // Already in (0, m): fmod returns x itself, so skip its call (most
  // heading differences are).
  if (m > 0 && x > 0 && x < m) return x;
  double mod = std::fmod(x, m);
  if (mod != 0.0) {
    if ((m < 0) != (mod < 0)) mod += m;
  } else {
    mod = std::copysign(0.0, m);
  }
  return mod;
}

// utils.wrap_to_pi.
inline double WrapToPi(double x) { return FloorMod(x + kPi, 2 * kPi) - kPi; }

// utils.not_zero.
inline double NotZero(double x, double eps = 1e-2) {
  if (std::abs(x) > eps) return x;
  return x >= 0 ? eps : -eps;
}

// np.clip of a scalar (NaN stays NaN).
inline double Clip(double x, double lo, double hi) { return std::min(std::max(x, lo), hi); }

// utils.lmap: v from [x0, x1] to [y0, y1].
inline double Lmap(double v, double x0, double x1, double y0, double y1) {
  return y0 + (v - x0) * (y1 - y0) / (x1 - x0);
}

// The direction [cos h, sin h] of a heading.
inline Vec2 Direction(double heading) { return {Cos(heading), Sin(heading)}; }

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_NUMERICS_H_
