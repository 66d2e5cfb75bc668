// scipy.ndimage.zoom(input, factor) of a 2-D float64 array with its
// defaults (order=3, mode='constant', cval=0, prefilter=True,
// grid_mode=False), bit for bit, for dm_control's quadruped escape terrain
// (its smooth random bumps). Checked against SciPy 1.17 by
// numpy_exact_test.py.
//
// The computation, in three stages:
//   1. Output grid: round(input shape * factor) samples per axis; output
//      index k samples the input at k * (n_in - 1) / (n_out - 1).
//   2. Prefilter: the input becomes cubic B-spline coefficients, axis 0
//      first, then axis 1. Each line is scaled by the filter's gain, then
//      run through a first-order recursive filter with the pole
//      sqrt(3) - 2 forwards and backwards, both started as if the line were
//      mirrored at its ends (SciPy has no exact prefilter for mode
//      'constant' and uses the mirror one).
//   3. Evaluation: every output point weighs the 4 x 4 coefficients around
//      its coordinate (taps past an edge reflected back inside) with the
//      cubic B-spline of each axis; a coordinate beyond the edge gives cval.
// Every floating-point operation happens in SciPy's order, so the module
// that compiles this header must not contract them into fused
// multiply-adds (NO_FMA_COPTS). pow is the C library's, as SciPy's.
#ifndef PARALLEL_POOL_NUMPY_EXACT_SCIPY_ZOOM_H_
#define PARALLEL_POOL_NUMPY_EXACT_SCIPY_ZOOM_H_

#include <array>
#include <cmath>
#include <cstddef>
#include <vector>

namespace parallel_pool::numpy_exact {

// The cubic B-spline prefilter's pole, sqrt(3) - 2, to the digits SciPy
// writes it with (so it rounds to the same double).
inline constexpr double kCubicSplinePole = -0.267949192431122706472553658494127633;

namespace zoom_internal {

// n doubles spaced `stride` apart: one row or one column of a row-major
// array, filtered in place.
class StridedLine {
 public:
  StridedLine(double* first, std::ptrdiff_t size, std::ptrdiff_t stride)
      : first_(first), size_(size), stride_(stride) {}

  double& operator[](std::ptrdiff_t i) const { return first_[i * stride_]; }
  std::ptrdiff_t size() const { return size_; }

 private:
  double* first_;
  std::ptrdiff_t size_;
  std::ptrdiff_t stride_;
};

// A first-order recursion y[k] = next(x[k], y[k - 1]) run over the line in
// place, from its first sample (forwards) or its last (backwards); the
// sample it starts from is replaced by `start`, the recursion's value there.
template <typename Next>
void RecursivePass(const StridedLine& line, bool backwards, double start, Next next) {
  const std::ptrdiff_t n = line.size();
  const auto at = [&](std::ptrdiff_t k) -> double& { return line[backwards ? n - 1 - k : k]; };
  at(0) = start;
  for (std::ptrdiff_t k = 1; k < n; ++k) at(k) = next(at(k), at(k - 1));
}

// The forward recursion's value at sample 0 for a line continued by its
// mirror image: the geometric sum of z^k times the samples met going
// backwards through the mirrored period, closed by 1 / (1 - z^(2n-2)). The
// terms are summed pairwise, nearest first, as SciPy sums them.
inline double MirroredForwardStart(const StridedLine& line, double z) {
  const std::ptrdiff_t last = line.size() - 1;
  const double z_last = std::pow(z, static_cast<double>(last));
  double sum = line[0] + z_last * line[last];
  double z_k = z;
  for (std::ptrdiff_t k = 1; k < last; ++k) {
    sum += z_k * (line[k] + z_last * line[last - k]);
    z_k *= z;
  }
  return sum / (1 - z_last * z_last);
}

// The backward recursion's value at the last sample for a mirrored line,
// from the forward pass's last two outputs.
inline double MirroredBackwardStart(const StridedLine& line, double z) {
  const std::ptrdiff_t last = line.size() - 1;
  return (z * line[last - 1] + line[last]) * z / (z * z - 1);
}

// Cubic B-spline coefficients of one line, in place. A line of one sample
// is its own coefficient (SciPy leaves it untouched, gain included).
inline void CubicSplineCoefficients(const StridedLine& line) {
  if (line.size() < 2) return;
  const double z = kCubicSplinePole;
  const double gain = (1.0 - z) * (1.0 - 1.0 / z);
  for (std::ptrdiff_t i = 0; i < line.size(); ++i) line[i] *= gain;
  RecursivePass(line, /*backwards=*/false, MirroredForwardStart(line, z),
                [z](double x, double previous) { return x + z * previous; });
  RecursivePass(line, /*backwards=*/true, MirroredBackwardStart(line, z),
                [z](double x, double previous) { return z * (previous - x); });
}

// Reflects an index into [0, size) the way a mirrored line repeats: with
// period 2 * size - 2, the edge samples not doubled. size > 1.
inline std::ptrdiff_t ReflectIndex(std::ptrdiff_t index, std::ptrdiff_t size) {
  const std::ptrdiff_t period = 2 * size - 2;
  std::ptrdiff_t phase = index % period;
  if (phase < 0) phase += period;
  return phase < size ? phase : period - phase;
}

// The cubic B-spline's value at a distance d <= 1 from its centre.
inline double CubicBSplineInner(double d) { return (d * d * (d - 2.0) * 3.0 + 4.0) / 6.0; }

// Its value at a distance 2 - t, 0 < t <= 1, from its centre.
inline double CubicBSplineOuter(double t) { return t * t * t / 6.0; }

// Where one output index along an axis reads the coefficients: four
// consecutive input indices (reflected at the edges) and their weights, or
// nothing when the sample lies beyond the input (cval).
struct AxisTaps {
  bool outside = false;
  std::array<std::ptrdiff_t, 4> index{};
  std::array<double, 4> weight{};
};

inline std::vector<AxisTaps> TapsAlongAxis(std::ptrdiff_t in_len, std::ptrdiff_t out_len) {
  // SciPy's zoom factor for grid_mode=False: the end samples stay aligned;
  // 1 where there is one output sample.
  const double step =
      out_len > 1 ? static_cast<double>(in_len - 1) / static_cast<double>(out_len - 1) : 1.0;
  std::vector<AxisTaps> taps(out_len);
  for (std::ptrdiff_t k = 0; k < out_len; ++k) {
    AxisTaps& tap = taps[k];
    const double position = static_cast<double>(k) * step;
    if (position < 0 || position > static_cast<double>(in_len - 1)) {
      tap.outside = true;
      continue;
    }
    const double below = std::floor(position);
    const std::ptrdiff_t first = static_cast<std::ptrdiff_t>(below) - 1;
    for (int h = 0; h < 4; ++h) {
      tap.index[h] = in_len > 1 ? ReflectIndex(first + h, in_len) : 0;
    }
    // The weights of the taps at distances 1 + f, f, 1 - f and 2 - f; the
    // last is what the others leave of 1, subtracted one by one.
    const double f = position - below;
    tap.weight[0] = CubicBSplineOuter(1.0 - f);
    tap.weight[1] = CubicBSplineInner(f);
    tap.weight[2] = CubicBSplineInner(1.0 - f);
    tap.weight[3] = 1.0;
    for (int h = 0; h < 3; ++h) tap.weight[3] -= tap.weight[h];
  }
  return taps;
}

}  // namespace zoom_internal

// scipy.ndimage.zoom(input, (out_rows / rows, out_cols / cols)) for a
// row-major `rows` x `cols` input.
inline std::vector<double> ScipyZoomCubic(const std::vector<double>& input, std::ptrdiff_t rows,
                                          std::ptrdiff_t cols, std::ptrdiff_t out_rows,
                                          std::ptrdiff_t out_cols) {
  using zoom_internal::AxisTaps;
  using zoom_internal::StridedLine;
  std::vector<double> coefficients = input;
  for (std::ptrdiff_t c = 0; c < cols; ++c) {
    zoom_internal::CubicSplineCoefficients(StridedLine(coefficients.data() + c, rows, cols));
  }
  for (std::ptrdiff_t r = 0; r < rows; ++r) {
    zoom_internal::CubicSplineCoefficients(StridedLine(coefficients.data() + r * cols, cols, 1));
  }
  const std::vector<AxisTaps> row_taps = zoom_internal::TapsAlongAxis(rows, out_rows);
  const std::vector<AxisTaps> col_taps = zoom_internal::TapsAlongAxis(cols, out_cols);
  std::vector<double> out(out_rows * out_cols, 0.0);  // cval where a tap set is outside
  for (std::ptrdiff_t r = 0; r < out_rows; ++r) {
    const AxisTaps& down = row_taps[r];
    if (down.outside) continue;
    for (std::ptrdiff_t c = 0; c < out_cols; ++c) {
      const AxisTaps& across = col_taps[c];
      if (across.outside) continue;
      // Each term weighted by its row weight, then its column weight, and
      // added in row-major tap order.
      double value = 0.0;
      for (int a = 0; a < 4; ++a) {
        const double* row = coefficients.data() + down.index[a] * cols;
        for (int b = 0; b < 4; ++b)
          value += row[across.index[b]] * down.weight[a] * across.weight[b];
      }
      out[r * out_cols + c] = value;
    }
  }
  return out;
}

}  // namespace parallel_pool::numpy_exact

#endif  // PARALLEL_POOL_NUMPY_EXACT_SCIPY_ZOOM_H_
