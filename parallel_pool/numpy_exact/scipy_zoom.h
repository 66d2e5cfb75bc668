// scipy.ndimage.zoom(input, factor) of a 2-D float64 array with its
// defaults (order=3, mode='constant', cval=0, prefilter=True,
// grid_mode=False), operation for operation as SciPy computes it, for
// dm_control's quadruped escape terrain (its smooth random bumps).
//
// What SciPy does (scipy/ndimage/_interpolation.py, src/ni_splines.c,
// src/ni_interpolation.c; checked bit for bit against SciPy 1.17):
//   output shape   round(input shape * factor) per axis; the sample
//                  coordinate of output index k is k * (n_in - 1) / (n_out - 1).
//   prefilter      spline_filter: a cubic B-spline filter along axis 0, then
//                  axis 1, each line scaled by the filter's gain and run
//                  causally then anticausally with the pole sqrt(3) - 2,
//                  initialised for mirror boundaries (mode 'constant' has no
//                  exact prefilter, so SciPy uses mirror's).
//   interpolation  per output point, the 4 x 4 coefficients around the
//                  coordinate (indices past the border mirrored), weighted
//                  by the cubic B-spline weights of each axis and summed
//                  row tap by row tap; a coordinate beyond the border gives
//                  cval.
// Arithmetic in SciPy's order, without fused multiply-adds (modules that
// compile this header use NUMPY_EXACT_COPTS, -ffp-contract=off); pow is the
// C library's, as SciPy's.
#ifndef PARALLEL_POOL_NUMPY_EXACT_SCIPY_ZOOM_H_
#define PARALLEL_POOL_NUMPY_EXACT_SCIPY_ZOOM_H_

#include <array>
#include <cmath>
#include <cstddef>
#include <vector>

namespace parallel_pool::numpy_exact {

// The cubic B-spline's pole, as ni_splines.c writes it.
inline constexpr double kCubicSplinePole = -0.267949192431122706472553658494127633;

// ni_splines.c's apply_filter for order 3 and mirror initialisation, in
// place on the `n` values c[0], c[stride], ...
inline void CubicSplineFilterLine(double* line, std::ptrdiff_t n, std::ptrdiff_t stride) {
  if (n <= 1) return;
  auto c = [line, stride](std::ptrdiff_t i) -> double& { return line[i * stride]; };
  const double z = kCubicSplinePole;
  const double gain = (1.0 - z) * (1.0 - 1.0 / z);
  for (std::ptrdiff_t i = 0; i < n; ++i) c(i) *= gain;
  // Causal initialisation (mirror boundary).
  double z_i = z;
  const double z_n_1 = std::pow(z, static_cast<double>(n - 1));
  c(0) = c(0) + z_n_1 * c(n - 1);
  for (std::ptrdiff_t i = 1; i < n - 1; ++i) {
    c(0) += z_i * (c(i) + z_n_1 * c(n - 1 - i));
    z_i *= z;
  }
  c(0) /= 1 - z_n_1 * z_n_1;
  for (std::ptrdiff_t i = 1; i < n; ++i) c(i) += z * c(i - 1);
  // Anticausal initialisation (mirror boundary).
  c(n - 1) = (z * c(n - 2) + c(n - 1)) * z / (z * z - 1);
  for (std::ptrdiff_t i = n - 2; i >= 0; --i) c(i) = z * (c(i + 1) - c(i));
}

// ni_interpolation.c's map_coordinate for mirror boundaries (len > 1), as
// the interpolation maps tap indices past the border.
inline std::ptrdiff_t MirrorIndex(std::ptrdiff_t index, std::ptrdiff_t len) {
  double in = static_cast<double>(index);
  const std::ptrdiff_t sz2 = 2 * len - 2;
  if (in < 0) {
    in =
        static_cast<double>(sz2 * static_cast<std::ptrdiff_t>(-in / static_cast<double>(sz2))) + in;
    in = in <= static_cast<double>(1 - len) ? in + static_cast<double>(sz2) : -in;
  } else if (in > static_cast<double>(len - 1)) {
    in -= static_cast<double>(sz2 * static_cast<std::ptrdiff_t>(in / static_cast<double>(sz2)));
    if (in >= static_cast<double>(len)) in = static_cast<double>(sz2) - in;
  }
  return static_cast<std::ptrdiff_t>(in);
}

// The 4 taps of one output index along one axis: the input indices and the
// cubic B-spline weights (get_spline_interpolation_weights), or none when
// the coordinate lies beyond the border (mode 'constant': cval).
struct CubicTaps {
  bool outside = false;
  std::array<std::ptrdiff_t, 4> index{};
  std::array<double, 4> weight{};
};

inline std::vector<CubicTaps> CubicTapsAlongAxis(std::ptrdiff_t in_len, std::ptrdiff_t out_len) {
  // zoom = (n_in - 1) / (n_out - 1), 1 where n_out is 1.
  const double zoom =
      out_len > 1 ? static_cast<double>(in_len - 1) / static_cast<double>(out_len - 1) : 1.0;
  std::vector<CubicTaps> taps(out_len);
  for (std::ptrdiff_t k = 0; k < out_len; ++k) {
    const double cc = static_cast<double>(k) * zoom;
    CubicTaps& tap = taps[k];
    if (cc < 0 || cc > static_cast<double>(in_len - 1)) {
      tap.outside = true;
      continue;
    }
    const std::ptrdiff_t start = static_cast<std::ptrdiff_t>(std::floor(cc)) - 1;
    const bool at_edge = start < 0 || start + 3 >= in_len;
    for (int h = 0; h < 4; ++h) {
      tap.index[h] =
          at_edge && in_len > 1 ? MirrorIndex(start + h, in_len) : (in_len > 1 ? start + h : 0);
    }
    const double x = cc - std::floor(cc);
    const double y = x;
    const double z = 1.0 - x;
    tap.weight[1] = (y * y * (y - 2.0) * 3.0 + 4.0) / 6.0;
    tap.weight[2] = (z * z * (z - 2.0) * 3.0 + 4.0) / 6.0;
    tap.weight[0] = z * z * z / 6.0;
    tap.weight[3] = 1.0;
    for (int h = 0; h < 3; ++h) tap.weight[3] -= tap.weight[h];
  }
  return taps;
}

// scipy.ndimage.zoom(input, out shape / in shape) for a row-major
// `rows` x `cols` input into `out_rows` x `out_cols`.
inline std::vector<double> ScipyZoomCubic(const std::vector<double>& input, std::ptrdiff_t rows,
                                          std::ptrdiff_t cols, std::ptrdiff_t out_rows,
                                          std::ptrdiff_t out_cols) {
  std::vector<double> coefficients = input;
  for (std::ptrdiff_t j = 0; j < cols; ++j) {
    CubicSplineFilterLine(coefficients.data() + j, rows, cols);
  }
  for (std::ptrdiff_t i = 0; i < rows; ++i) {
    CubicSplineFilterLine(coefficients.data() + i * cols, cols, 1);
  }
  const std::vector<CubicTaps> row_taps = CubicTapsAlongAxis(rows, out_rows);
  const std::vector<CubicTaps> col_taps = CubicTapsAlongAxis(cols, out_cols);
  std::vector<double> out(out_rows * out_cols);
  for (std::ptrdiff_t r = 0; r < out_rows; ++r) {
    const CubicTaps& rt = row_taps[r];
    for (std::ptrdiff_t c = 0; c < out_cols; ++c) {
      const CubicTaps& ct = col_taps[c];
      double t = 0.0;  // cval
      if (!rt.outside && !ct.outside) {
        for (int a = 0; a < 4; ++a) {
          for (int b = 0; b < 4; ++b) {
            double coefficient = coefficients[rt.index[a] * cols + ct.index[b]];
            coefficient *= rt.weight[a];
            coefficient *= ct.weight[b];
            t += coefficient;
          }
        }
      }
      out[r * out_cols + c] = t;
    }
  }
  return out;
}

}  // namespace parallel_pool::numpy_exact

#endif  // PARALLEL_POOL_NUMPY_EXACT_SCIPY_ZOOM_H_
