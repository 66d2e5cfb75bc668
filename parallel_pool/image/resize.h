// Resizer: cv::resize for uint8 images, INTER_AREA and INTER_LINEAR, byte for
// byte, without OpenCV.
//
// One Resizer serves one (source size, destination size, channels, method):
// every table is built once in the constructor and Resize() allocates
// nothing. Images are row-major HWC (channels interleaved), as OpenCV's.
//
// OpenCV's choice of algorithm for 8-bit images, followed here:
//   - same size: a copy;
//   - both scale factors integers (OpenCV computes scale = 1 / (dst / src) in
//     double): "fast area", the mean of each cell; INTER_LINEAR at exactly
//     2x2 goes there too;
//   - INTER_AREA with both scale factors >= 1: the area average in float:
//     each source row is filtered horizontally with OpenCV's weight tables,
//     the filtered rows are summed with their vertical weights, the sums
//     rounded. With SSE2 (every x86-64) four source rows are filtered at
//     once and the vertical sums run four columns at once: the same float
//     operations in the same order per value, 3x faster (320x240 -> 84x84:
//     61 -> 21 us a plane). A row equal to the row above is filtered once,
//     and with SetReuse a row (or output row) unchanged since the last call
//     is not recomputed at all (Atari frames: most of them);
//   - otherwise (INTER_LINEAR, or INTER_AREA enlarging along some axis):
//     bilinear in 11-bit fixed point (INTER_AREA enlarging with its own
//     coefficients), horizontal pass into int, then vertical.
// What makes OpenCV's bytes what they are, reproduced here (read in OpenCV's
// resize.cpp, confirmed by resize_test.py against opencv-python 5.0 on Atari
// frames and noise, gray and RGB, many sizes):
//   - area: float operations in OpenCV's order, with no fused multiply-add
//     (build with -ffp-contract=off), rounding half to even;
//   - linear: the vertical pass does what OpenCV's SIMD code does, on every
//     column: ((x0 >> 4) * b0 >> 16) + ((x1 >> 4) * b1 >> 16), rounded by 2
//     bits; not the exact (x0 * b0 + x1 * b1) >> 22, which differs at times;
//   - fast area: the 2x2 mean rounds half up (OpenCV's integer SIMD), other
//     integer scales multiply by 1/area in float and round half to even.
#ifndef PARALLEL_POOL_IMAGE_RESIZE_H_
#define PARALLEL_POOL_IMAGE_RESIZE_H_

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <stdexcept>
#include <vector>

namespace parallel_pool::image {

class Resizer {
 public:
  Resizer(int src_h, int src_w, int dst_h, int dst_w, int channels, bool inter_area)
      : src_h_(src_h), src_w_(src_w), dst_h_(dst_h), dst_w_(dst_w), cn_(channels) {
    if (src_h < 1 || src_w < 1 || dst_h < 1 || dst_w < 1) {
      throw std::invalid_argument("Resizer: sizes must be >= 1");
    }
    // OpenCV treats 2 and 4 channels differently in places; only these two
    // are checked against it.
    if (channels != 1 && channels != 3) {
      throw std::invalid_argument("Resizer: 1 or 3 channels only");
    }
    if (src_h == dst_h && src_w == dst_w) {
      method_ = Method::kCopy;
      return;
    }
    // OpenCV: inv_scale = dst / src, scale = 1 / inv_scale, both in double.
    const double inv_scale_x = static_cast<double>(dst_w) / src_w;
    const double inv_scale_y = static_cast<double>(dst_h) / src_h;
    const double scale_x = 1.0 / inv_scale_x;
    const double scale_y = 1.0 / inv_scale_y;
    const int iscale_x = SaturateInt(scale_x);
    const int iscale_y = SaturateInt(scale_y);
    const bool is_area_fast =
        std::abs(scale_x - iscale_x) < DBL_EPSILON && std::abs(scale_y - iscale_y) < DBL_EPSILON;
    bool area = inter_area;
    if (!area && is_area_fast && iscale_x == 2 && iscale_y == 2) area = true;
    if (area && scale_x >= 1 && scale_y >= 1) {
      if (is_area_fast) {
        InitAreaFast(iscale_x, iscale_y);
      } else {
        InitArea(scale_x, scale_y);
      }
    } else {
      InitLinear(scale_x, scale_y, inv_scale_x, inv_scale_y, area);
    }
  }

  // Consecutive frames of a game repeat most rows. With reuse on, Resize
  // keeps each source row's horizontal pass and its output between calls,
  // and recomputes only the source rows whose bytes changed and the output
  // rows that read them: the same bytes as without, for any sequence of
  // images (area shrinking only; the other methods ignore it).
  void SetReuse(bool on) {
    if (method_ != Method::kArea) return;
    reuse_ = on;
    has_last_dst_ = false;
    const std::size_t stride = static_cast<std::size_t>(src_w_) * cn_;
    filtered_from_.assign(on ? static_cast<std::size_t>(src_h_) * stride : 0, 0);
    row_known_.assign(on ? static_cast<std::size_t>(src_h_) : 0, 0);
    last_dst_.assign(on ? static_cast<std::size_t>(dst_size()) : 0, 0);
    tap_key_.assign(on ? row_taps_.size() : 0, 0);
  }

  int src_size() const { return src_h_ * src_w_ * cn_; }
  int dst_size() const { return dst_h_ * dst_w_ * cn_; }

  void Resize(const std::uint8_t* src, std::uint8_t* dst) {
    switch (method_) {
      case Method::kCopy:
        std::memcpy(dst, src, static_cast<std::size_t>(src_size()));
        return;
      case Method::kAreaFast:
        ResizeAreaFast(src, dst);
        return;
      case Method::kArea:
        ResizeArea(src, dst);
        return;
      case Method::kLinear:
        ResizeLinear(src, dst);
        return;
    }
  }

 private:
  enum class Method { kCopy, kAreaFast, kArea, kLinear };

  // OpenCV's fixed point for bilinear weights.
  static constexpr int kCoefBits = 11;
  static constexpr int kCoefScale = 1 << kCoefBits;

  // cvRound / saturate_cast<int>: round half to even (the FPU default).
  static int SaturateInt(double v) { return static_cast<int>(std::nearbyint(v)); }
  static int RoundFloat(float v) { return static_cast<int>(std::nearbyint(v)); }
  static std::uint8_t SaturateU8(int v) { return static_cast<std::uint8_t>(std::clamp(v, 0, 255)); }
  static std::uint8_t SaturateU8(float v) { return SaturateU8(RoundFloat(v)); }
  static std::int16_t SaturateShort(int v) {
    return static_cast<std::int16_t>(std::clamp(v, -32768, 32767));
  }
  static std::int16_t SaturateShort(float v) { return SaturateShort(RoundFloat(v)); }
  static int Floor(double v) { return static_cast<int>(std::floor(v)); }
  static int Ceil(double v) { return static_cast<int>(std::ceil(v)); }

  // ---------------------------------------------------------------- area

  // One (destination index, source index, weight) entry of OpenCV's area
  // tables, in OpenCV's order.
  struct AreaTap {
    int dst;
    int src;
    float weight;
  };

  static std::vector<AreaTap> AreaTable(int ssize, int dsize, double scale) {
    std::vector<AreaTap> taps;
    for (int dx = 0; dx < dsize; ++dx) {
      const double fsx1 = dx * scale;
      const double fsx2 = fsx1 + scale;
      const double cell_width = std::min(scale, ssize - fsx1);
      int sx1 = Ceil(fsx1);
      int sx2 = Floor(fsx2);
      sx2 = std::min(sx2, ssize - 1);
      sx1 = std::min(sx1, sx2);
      if (sx1 - fsx1 > 1e-3) {
        taps.push_back({dx, sx1 - 1, static_cast<float>((sx1 - fsx1) / cell_width)});
      }
      for (int sx = sx1; sx < sx2; ++sx) {
        taps.push_back({dx, sx, static_cast<float>(1.0 / cell_width)});
      }
      if (fsx2 - sx2 > 1e-3) {
        taps.push_back(
            {dx, sx2,
             static_cast<float>(std::min(std::min(fsx2 - sx2, 1.0), cell_width) / cell_width)});
      }
    }
    return taps;
  }

  void InitArea(double scale_x, double scale_y) {
    method_ = Method::kArea;
    // Horizontal taps per destination column (channels expanded), in
    // OpenCV's order, padded to taps_per_col_ with zero weights (which add
    // exactly 0). A column's taps are consecutive in OpenCV's table.
    const std::vector<AreaTap> xtab = AreaTable(src_w_, dst_w_, scale_x);
    std::vector<int> count(dst_w_, 0);
    for (const AreaTap& t : xtab) ++count[t.dst];
    taps_per_col_ = *std::max_element(count.begin(), count.end());
    const int cols = dst_w_ * cn_;
    const auto slots = static_cast<std::size_t>(taps_per_col_) * cols;
    tap_src_.assign(slots, -1);
    tap_weight_.assign(slots, 0.0F);
    std::fill(count.begin(), count.end(), 0);
    for (const AreaTap& t : xtab) {
      const int k = count[t.dst]++;
      for (int c = 0; c < cn_; ++c) {
        const std::size_t i = static_cast<std::size_t>(t.dst * cn_ + c) * taps_per_col_ + k;
        tap_src_[i] = t.src * cn_ + c;
        tap_weight_[i] = t.weight;
      }
    }
    // Padding reads a valid pixel: the column's first.
    for (std::size_t i = 0; i < slots; ++i) {
      if (tap_src_[i] < 0) tap_src_[i] = tap_src_[i - i % taps_per_col_];
    }
    row_taps_ = AreaTable(src_h_, dst_h_, scale_y);
    dst_row_taps_.assign(static_cast<std::size_t>(dst_h_) + 1, 0);
    for (const AreaTap& t : row_taps_) ++dst_row_taps_[t.dst + 1];
    for (int d = 0; d < dst_h_; ++d) dst_row_taps_[d + 1] += dst_row_taps_[d];
    // Room for four interleaved rows (FilterRowsTaps).
    row_float_.assign(static_cast<std::size_t>(src_w_) * cn_ * 4, 0.0F);
    row_buf_.assign(static_cast<std::size_t>(cols) * 4, 0.0F);
    rows_filtered_.assign(static_cast<std::size_t>(src_h_) * cols, 0.0F);
    row_sum_.assign(cols, 0.0F);
    row_ref_.assign(src_h_, 0);
    row_version_.assign(src_h_, 0);
    pending_.reserve(src_h_);
  }

  // Which source rows need their horizontal pass, into pending_: a row equal
  // to the row above shares its result (row_ref_), and with reuse on a row
  // equal to what its rows_filtered_ row was computed from keeps it. Same
  // bytes in, same floats out: the result is OpenCV's either way.
  void PlanRows(const std::uint8_t* src) {
    const std::size_t stride = static_cast<std::size_t>(src_w_) * cn_;
    pending_.clear();
    for (int r = 0; r < src_h_; ++r) {
      const std::uint8_t* row = src + r * stride;
      if (r > 0 && std::memcmp(row, row - stride, stride) == 0) {
        row_ref_[r] = row_ref_[r - 1];
        continue;
      }
      row_ref_[r] = r;
      std::uint8_t* known = reuse_ ? filtered_from_.data() + r * stride : nullptr;
      if (known != nullptr && row_known_[r] && std::memcmp(row, known, stride) == 0) continue;
      pending_.push_back(r);
      ++row_version_[r];
      if (known != nullptr) {
        std::memcpy(known, row, stride);
        row_known_[r] = 1;
      }
    }
  }

  void ResizeArea(const std::uint8_t* src, std::uint8_t* dst) {
    PlanRows(src);
    switch (taps_per_col_) {
      case 2:
        FilterRowsTaps<2>(src);
        break;
      case 3:
        FilterRowsTaps<3>(src);
        break;
      case 4:
        FilterRowsTaps<4>(src);
        break;
      case 5:
        FilterRowsTaps<5>(src);
        break;
      case 6:
        FilterRowsTaps<6>(src);
        break;
      default:
        FilterRowsTaps<0>(src);
    }
    VerticalArea(dst);
  }

  // The vertical pass: each destination row is the sum, in OpenCV's order,
  // of its source rows' horizontal results times their weights. With reuse
  // on, a destination row whose source rows all kept their results since the
  // last call is the last call's row.
  void VerticalArea(std::uint8_t* dst) {
    const int cols = dst_w_ * cn_;
    float* sum = row_sum_.data();
    for (int d = 0; d < dst_h_; ++d) {
      const int begin = dst_row_taps_[d];
      const int end = dst_row_taps_[d + 1];
      std::uint8_t* out = dst + static_cast<std::size_t>(d) * cols;
      if (reuse_) {
        bool same = has_last_dst_;
        for (int i = begin; i < end; ++i) {
          const int r = row_ref_[row_taps_[i].src];
          const std::uint64_t key = (static_cast<std::uint64_t>(r) << 32) | row_version_[r];
          same = same && tap_key_[i] == key;
          tap_key_[i] = key;
        }
        std::uint8_t* last = last_dst_.data() + static_cast<std::size_t>(d) * cols;
        if (same) {
          std::memcpy(out, last, cols);
          continue;
        }
        SumRow(begin, end, sum);
        StoreRow(sum, last);
        std::memcpy(out, last, cols);
      } else {
        SumRow(begin, end, sum);
        StoreRow(sum, out);
      }
    }
    has_last_dst_ = reuse_;
  }

  // sum = b0 * row0, then sum = sum + b * row for each further tap: OpenCV's
  // order (its first row starts from sum = 0, and 0 + x is exactly x).
  void SumRow(int begin, int end, float* sum) const {
    const int cols = dst_w_ * cn_;
    for (int i = begin; i < end; ++i) {
      const AreaTap& t = row_taps_[i];
      const float* buf = rows_filtered_.data() + static_cast<std::size_t>(row_ref_[t.src]) * cols;
      if (i == begin) {
        for (int col = 0; col < cols; ++col) sum[col] = t.weight * buf[col];
      } else {
        AddScaled(sum, t.weight, buf, cols);
      }
    }
  }

  // sum += beta * buf, element by element (the same float operations either way).
  static void AddScaled(float* sum, float beta, const float* buf, int cols) {
    int col = 0;
#if defined(__SSE2__)
    const __m128 b = _mm_set1_ps(beta);
    for (; col + 4 <= cols; col += 4) {
      _mm_storeu_ps(sum + col,
                    _mm_add_ps(_mm_loadu_ps(sum + col), _mm_mul_ps(b, _mm_loadu_ps(buf + col))));
    }
#endif
    for (; col < cols; ++col) sum[col] = sum[col] + beta * buf[col];
  }

  // out = saturate_cast<uchar>(sum): rounded half to even, clamped to [0, 255].
  void StoreRow(const float* sum, std::uint8_t* out) const {
    const int cols = dst_w_ * cn_;
    int col = 0;
#if defined(__SSE2__)
    // cvtps2dq rounds as the FPU is set (half to even, as nearbyint); the
    // saturating packs clamp as std::clamp(v, 0, 255) does.
    for (; col + 8 <= cols; col += 8) {
      const __m128i lo = _mm_cvtps_epi32(_mm_loadu_ps(sum + col));
      const __m128i hi = _mm_cvtps_epi32(_mm_loadu_ps(sum + col + 4));
      const __m128i bytes = _mm_packus_epi16(_mm_packs_epi32(lo, hi), _mm_setzero_si128());
      _mm_storel_epi64(reinterpret_cast<__m128i*>(out + col), bytes);
    }
#endif
    for (; col < cols; ++col) out[col] = SaturateU8(sum[col]);
  }

  // The horizontal pass of the pending_ rows into their rows of
  // rows_filtered_: for each column, (((p0 * w0) + p1 * w1) + p2 * w2) ...,
  // as OpenCV sums them. With SSE2 (every x86-64) four rows at once: the rows
  // are interleaved as floats (pixel i of the four rows side by side), so
  // each tap is one vector load, multiply and add for four rows, and every
  // row gets exactly the scalar float operations in their order (the
  // intrinsics never fuse a multiply-add).
  template <int kTaps>
  void FilterRowsTaps(const std::uint8_t* src) {
    const int src_cols = src_w_ * cn_;
    const int cols = dst_w_ * cn_;
    const int taps = kTaps > 0 ? kTaps : taps_per_col_;
    const int* idx0 = tap_src_.data();
    const float* w0 = tap_weight_.data();
    const auto count = static_cast<int>(pending_.size());
#if defined(__SSE2__)
    float* lanes = row_float_.data();  // src_cols x 4
    float* out = row_buf_.data();      // cols x 4
    for (int k = 0; k < count; k += 4) {
      // A last group of fewer than four repeats its last row: same result,
      // written twice.
      const std::uint8_t* rows[4];
      float* row[4];
      for (int l = 0; l < 4; ++l) {
        const int r = pending_[std::min(k + l, count - 1)];
        rows[l] = src + static_cast<std::size_t>(r) * src_cols;
        row[l] = rows_filtered_.data() + static_cast<std::size_t>(r) * cols;
      }
      int i = 0;
      for (; i + 4 <= src_cols; i += 4) {  // 4 pixels of 4 rows: convert, transpose
        __m128 p0 = FourPixels(rows[0] + i), p1 = FourPixels(rows[1] + i);
        __m128 p2 = FourPixels(rows[2] + i), p3 = FourPixels(rows[3] + i);
        _MM_TRANSPOSE4_PS(p0, p1, p2, p3);
        _mm_storeu_ps(lanes + 4 * i, p0);
        _mm_storeu_ps(lanes + 4 * i + 4, p1);
        _mm_storeu_ps(lanes + 4 * i + 8, p2);
        _mm_storeu_ps(lanes + 4 * i + 12, p3);
      }
      for (; i < src_cols; ++i) {
        _mm_storeu_ps(lanes + 4 * i, _mm_setr_ps(rows[0][i], rows[1][i], rows[2][i], rows[3][i]));
      }
      const int* idx = idx0;
      const float* w = w0;
      for (int col = 0; col < cols; ++col, idx += taps, w += taps) {
        __m128 b = _mm_mul_ps(_mm_loadu_ps(lanes + 4 * idx[0]), _mm_set1_ps(w[0]));
        for (int t = 1; t < taps; ++t) {
          b = _mm_add_ps(b, _mm_mul_ps(_mm_loadu_ps(lanes + 4 * idx[t]), _mm_set1_ps(w[t])));
        }
        _mm_storeu_ps(out + 4 * col, b);
      }
      int col = 0;
      for (; col + 4 <= cols; col += 4) {
        __m128 c0 = _mm_loadu_ps(out + 4 * col), c1 = _mm_loadu_ps(out + 4 * col + 4);
        __m128 c2 = _mm_loadu_ps(out + 4 * col + 8), c3 = _mm_loadu_ps(out + 4 * col + 12);
        _MM_TRANSPOSE4_PS(c0, c1, c2, c3);
        _mm_storeu_ps(row[0] + col, c0);
        _mm_storeu_ps(row[1] + col, c1);
        _mm_storeu_ps(row[2] + col, c2);
        _mm_storeu_ps(row[3] + col, c3);
      }
      for (; col < cols; ++col) {
        for (int l = 0; l < 4; ++l) row[l][col] = out[4 * col + l];
      }
    }
#else
    float* pixels = row_float_.data();
    for (int k = 0; k < count; ++k) {
      const int r = pending_[k];
      const std::uint8_t* src_row = src + static_cast<std::size_t>(r) * src_cols;
      for (int i = 0; i < src_cols; ++i) pixels[i] = static_cast<float>(src_row[i]);
      float* buf = rows_filtered_.data() + static_cast<std::size_t>(r) * cols;
      const int* idx = idx0;
      const float* w = w0;
      for (int col = 0; col < cols; ++col, idx += taps, w += taps) {
        float b = pixels[idx[0]] * w[0];
        for (int t = 1; t < taps; ++t) b = b + pixels[idx[t]] * w[t];
        buf[col] = b;
      }
    }
#endif
  }

#if defined(__SSE2__)
  static __m128 FourPixels(const std::uint8_t* p) {
    std::int32_t bytes;
    std::memcpy(&bytes, p, sizeof(bytes));
    const __m128i zero = _mm_setzero_si128();
    const __m128i wide =
        _mm_unpacklo_epi16(_mm_unpacklo_epi8(_mm_cvtsi32_si128(bytes), zero), zero);
    return _mm_cvtepi32_ps(wide);
  }
#endif

  // ----------------------------------------------------------- fast area

  void InitAreaFast(int iscale_x, int iscale_y) {
    method_ = Method::kAreaFast;
    iscale_x_ = iscale_x;
    iscale_y_ = iscale_y;
  }

  void ResizeAreaFast(const std::uint8_t* src, std::uint8_t* dst) {
    const int cols = dst_w_ * cn_;
    const int src_stride = src_w_ * cn_;
    const int area = iscale_x_ * iscale_y_;
    const float scale = 1.0F / static_cast<float>(area);
    // OpenCV's 2x2 path is integer SIMD that rounds half up; every other
    // integer scale multiplies by 1/area in float and rounds half to even.
    const bool half_up = iscale_x_ == 2 && iscale_y_ == 2;
    for (int dy = 0; dy < dst_h_; ++dy) {
      const std::uint8_t* s = src + static_cast<std::size_t>(dy) * iscale_y_ * src_stride;
      std::uint8_t* out = dst + static_cast<std::size_t>(dy) * cols;
      for (int col = 0; col < cols; ++col) {
        const int c = col % cn_;
        const int x0 = (col / cn_) * iscale_x_ * cn_ + c;
        int sum = 0;
        for (int sy = 0; sy < iscale_y_; ++sy) {
          const std::uint8_t* r = s + static_cast<std::size_t>(sy) * src_stride + x0;
          for (int sx = 0; sx < iscale_x_; ++sx) sum += r[sx * cn_];
        }
        out[col] = half_up ? static_cast<std::uint8_t>((sum + 2) >> 2)
                           : SaturateU8(static_cast<float>(sum) * scale);
      }
    }
  }

  // -------------------------------------------------------------- linear

  void InitLinear(double scale_x, double scale_y, double inv_scale_x, double inv_scale_y,
                  bool area_mode) {
    method_ = Method::kLinear;
    const int cols = dst_w_ * cn_;
    xmin_ = 0;
    xmax_ = dst_w_;
    x_src_.resize(cols);
    x_alpha_.resize(static_cast<std::size_t>(cols) * 2);
    for (int dx = 0; dx < dst_w_; ++dx) {
      int sx;
      float fx;
      if (!area_mode) {
        fx = static_cast<float>((dx + 0.5) * scale_x - 0.5);
        sx = Floor(fx);
        fx -= static_cast<float>(sx);
      } else {
        sx = Floor(dx * scale_x);
        fx = static_cast<float>((dx + 1) - (sx + 1) * inv_scale_x);
        fx = fx <= 0 ? 0.0F : fx - static_cast<float>(Floor(fx));
      }
      if (sx < 0) {
        xmin_ = dx + 1;
        fx = 0;
        sx = 0;
      }
      if (sx + 1 >= src_w_) {
        xmax_ = std::min(xmax_, dx);
        if (sx >= src_w_ - 1) {
          fx = 0;
          sx = src_w_ - 1;
        }
      }
      const std::int16_t a0 = SaturateShort((1.0F - fx) * kCoefScale);
      const std::int16_t a1 = SaturateShort(fx * kCoefScale);
      for (int c = 0; c < cn_; ++c) {
        x_src_[dx * cn_ + c] = sx * cn_ + c;
        x_alpha_[(dx * cn_ + c) * 2] = a0;
        x_alpha_[(dx * cn_ + c) * 2 + 1] = a1;
      }
    }
    y_src_.resize(dst_h_);
    y_beta_.resize(static_cast<std::size_t>(dst_h_) * 2);
    for (int dy = 0; dy < dst_h_; ++dy) {
      int sy;
      float fy;
      if (!area_mode) {
        fy = static_cast<float>((dy + 0.5) * scale_y - 0.5);
        sy = Floor(fy);
        fy -= static_cast<float>(sy);
      } else {
        sy = Floor(dy * scale_y);
        fy = static_cast<float>((dy + 1) - (sy + 1) * inv_scale_y);
        fy = fy <= 0 ? 0.0F : fy - static_cast<float>(Floor(fy));
      }
      y_src_[dy] = sy;
      y_beta_[dy * 2] = SaturateShort((1.0F - fy) * kCoefScale);
      y_beta_[dy * 2 + 1] = SaturateShort(fy * kCoefScale);
    }
    hrows_[0].assign(cols, 0);
    hrows_[1].assign(cols, 0);
  }

  // Horizontal pass of one source row into int (weights sum to 2048).
  void LinearRow(const std::uint8_t* src_row, int* out) const {
    const int cols = dst_w_ * cn_;
    // Left of xmin_ the weights are (2048, 0): the same formula applies.
    const int hi = xmax_ * cn_;
    for (int col = 0; col < std::min(hi, cols); ++col) {
      const int s = x_src_[col];
      out[col] = src_row[s] * x_alpha_[col * 2] + src_row[s + cn_] * x_alpha_[col * 2 + 1];
    }
    for (int col = std::max(hi, 0); col < cols; ++col) out[col] = src_row[x_src_[col]] * kCoefScale;
  }

  void ResizeLinear(const std::uint8_t* src, std::uint8_t* dst) {
    const int cols = dst_w_ * cn_;
    const int src_stride = src_w_ * cn_;
    int cached[2] = {-1, -1};  // the source row each of hrows_ holds
    // The filtered source row `sy`, computed at most once per pair of
    // consecutive destination rows; never evicts the row `keep`.
    auto filtered = [&](int sy, int keep) -> const int* {
      for (int k = 0; k < 2; ++k) {
        if (cached[k] == sy) return hrows_[k].data();
      }
      const int slot = cached[0] == keep ? 1 : 0;
      LinearRow(src + static_cast<std::size_t>(sy) * src_stride, hrows_[slot].data());
      cached[slot] = sy;
      return hrows_[slot].data();
    };
    for (int dy = 0; dy < dst_h_; ++dy) {
      const int sy0 = std::clamp(y_src_[dy], 0, src_h_ - 1);
      const int sy1 = std::clamp(y_src_[dy] + 1, 0, src_h_ - 1);
      const int* s0 = filtered(sy0, sy1);
      const int* s1 = filtered(sy1, sy0);
      const int b0 = y_beta_[dy * 2];
      const int b1 = y_beta_[dy * 2 + 1];
      std::uint8_t* out = dst + static_cast<std::size_t>(dy) * cols;
      // OpenCV's SIMD arithmetic, which its current builds apply to the whole
      // row (the tail too): (x >> 4) saturated to int16, the high half of
      // the 16 x 16-bit product, the two summed (saturating), then a
      // rounding right shift by 2. Not the scalar (x0 * b0 + x1 * b1 +
      // 2^21) >> 22, which differs by one now and then.
      for (int col = 0; col < cols; ++col) {
        const int t0 = (SaturateShort(s0[col] >> 4) * b0) >> 16;
        const int t1 = (SaturateShort(s1[col] >> 4) * b1) >> 16;
        out[col] = SaturateU8((SaturateShort(t0 + t1) + 2) >> 2);
      }
    }
  }

  int src_h_, src_w_, dst_h_, dst_w_, cn_;
  Method method_ = Method::kCopy;
  // area
  int taps_per_col_ = 0;
  std::vector<int> tap_src_;
  std::vector<float> tap_weight_;
  std::vector<AreaTap> row_taps_;
  std::vector<int> dst_row_taps_;           // destination row d's taps: [d], [d + 1] of row_taps_
  std::vector<float> rows_filtered_;        // source rows' horizontal passes
  std::vector<int> row_ref_;                // source row r's pass: rows_filtered_ row row_ref_[r]
  std::vector<std::uint32_t> row_version_;  // bumped when a rows_filtered_ row is recomputed
  std::vector<int> pending_;                // rows whose pass this call computes
  std::vector<float> row_float_, row_buf_, row_sum_;
  // reuse (SetReuse): the bytes each rows_filtered_ row came from, the last
  // output, and the (row, version) each tap of it read.
  bool reuse_ = false;
  bool has_last_dst_ = false;
  std::vector<std::uint8_t> filtered_from_, row_known_, last_dst_;
  std::vector<std::uint64_t> tap_key_;
  // fast area
  int iscale_x_ = 1, iscale_y_ = 1;
  // linear
  int xmin_ = 0, xmax_ = 0;
  std::vector<int> x_src_, y_src_;
  std::vector<std::int16_t> x_alpha_, y_beta_;
  std::vector<int> hrows_[2];
};

}  // namespace parallel_pool::image

#endif  // PARALLEL_POOL_IMAGE_RESIZE_H_
