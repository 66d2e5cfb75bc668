#include "parallel_pool/procgen/engine/smooth_raster.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <utility>

namespace parallel_pool::procgen {
namespace {

// Qt's Q16Dot16 fixed point (qrasterizer.cpp).
using Fixed = int;
constexpr Fixed kOne = 65536;
Fixed ToFixed(double x) { return static_cast<Fixed>(x * 65536.); }
Fixed IntToFixed(int i) { return i * kOne; }
int FixedToInt(Fixed f) { return f >> 16; }
Fixed FixedMul(Fixed x, Fixed y) {
  return static_cast<Fixed>((static_cast<std::int64_t>(x) * static_cast<std::int64_t>(y)) >> 16);
}

// q26Dot6Compare: equal at a 64th of a pixel, truncated.
bool Equal26Dot6(double p1, double p2) { return static_cast<int>((p2 - p1) * 64.) == 0; }

// QSpanBuffer: spans with coverage, handed on 256 at a time.
class SpanBatch {
 public:
  explicit SpanBatch(const SpanSink& sink) : sink_(sink) {}
  SpanBatch(const SpanBatch&) = delete;
  SpanBatch& operator=(const SpanBatch&) = delete;
  ~SpanBatch() { Flush(); }

  void Add(int x, int len, int y, int coverage) {
    if (coverage == 0 || len == 0) return;
    spans_[count_++] = CoverageSpan{x, len, y, coverage};
    if (count_ == kSize) Flush();
  }

 private:
  static constexpr int kSize = 256;
  void Flush() {
    if (count_ > 0) sink_(spans_, count_);
    count_ = 0;
  }
  const SpanSink& sink_;
  CoverageSpan spans_[kSize];
  int count_ = 0;
};

struct Point {
  double x, y;
};

// One axis of QRectF::contains: v within [start, start + size], the size of
// either sign, an empty range containing nothing.
bool InRange(double start, double size, double v) {
  double lo = start;
  double hi = start;
  if (size < 0) {
    lo += size;
  } else {
    hi += size;
  }
  return lo != hi && !(v < lo || v > hi);
}

// QRectF::contains for the clip rectangle QRectF(left, top, w, h).
bool Contains(double left, double top, double w, double h, const Point& p) {
  return InRange(left, w, p.x) && InRange(top, h, p.y);
}

}  // namespace

void RasterizeRectLine(double ax, double ay, double bx, double by, double width, int clip_w,
                       int clip_h, const SpanSink& sink) {
  if ((ax == bx && ay == by) || width == 0 || clip_w <= 0 || clip_h <= 0) return;
  Point pa{ax, ay};
  Point pb{bx, by};
  // The clip rectangle grown by half the line's width on each side.
  const double offx = std::fabs(by - ay) * width * 0.5;
  const double offy = std::fabs(bx - ax) * width * 0.5;
  const double cleft = 0 - offx;
  const double ctop = 0 - offy;
  const double cw = (clip_w + offx) - cleft;
  const double ch = (clip_h + offy) - ctop;
  if (!Contains(cleft, ctop, cw, ch, pa) || !Contains(cleft, ctop, cw, ch, pb)) {
    // Liang-Barsky, as Qt clips the line before rasterising it.
    double t1 = 0;
    double t2 = 1;
    const double o[2] = {pa.x, pa.y};
    const double d[2] = {pb.x - pa.x, pb.y - pa.y};
    const double low[2] = {cleft, ctop};
    const double high[2] = {cleft + cw, ctop + ch};
    for (int i = 0; i < 2; ++i) {
      if (d[i] == 0) {
        if (o[i] <= low[i] || o[i] >= high[i]) return;
        continue;
      }
      const double d_inv = 1 / d[i];
      double t_low = (low[i] - o[i]) * d_inv;
      double t_high = (high[i] - o[i]) * d_inv;
      if (t_low > t_high) std::swap(t_low, t_high);
      if (t1 < t_low) t1 = t_low;
      if (t2 > t_high) t2 = t_high;
      if (t1 >= t2) return;
    }
    const Point npa{pa.x + (pb.x - pa.x) * t1, pa.y + (pb.y - pa.y) * t1};
    const Point npb{pa.x + (pb.x - pa.x) * t2, pa.y + (pb.y - pa.y) * t2};
    pa = npa;
    pb = npb;
  }
  {
    // The width is relative to the line's length: keep it for the clipped one.
    const double d0x = ax - bx;
    const double d0y = ay - by;
    const double w0 = d0x * d0x + d0y * d0y;
    const double dx = pa.x - pb.x;
    const double dy = pa.y - pb.y;
    const double w = dx * dx + dy * dy;
    if (w == 0) return;
    width *= std::sqrt(w0 / w);
  }
  SpanBatch batch(sink);
  if (Equal26Dot6(pa.y, pb.y)) {
    // Horizontal: turned into the vertical line across the same rectangle.
    const double x = (pa.x + pb.x) * 0.5;
    const double dx = std::fabs(pb.x - pa.x) * 0.5;
    const double y = pa.y;
    const double dy = width * dx;
    pa = Point{x, y - dy};
    pb = Point{x, y + dy};
    width = 1 / width;
  }
  if (!Equal26Dot6(pa.x, pb.x)) {
    throw std::logic_error("RasterizeRectLine: the line is neither horizontal nor vertical");
  }
  if (pa.y > pb.y) std::swap(pa, pb);
  const double dy = pb.y - pa.y;
  const double half_width = 0.5 * width * dy;
  double left = pa.x - half_width;
  double right = pa.x + half_width;
  left = std::clamp(left, 0.0, static_cast<double>(clip_w));
  right = std::clamp(right, 0.0, static_cast<double>(clip_w));
  pa.y = std::clamp(pa.y, 0.0, static_cast<double>(clip_h));
  pb.y = std::clamp(pb.y, 0.0, static_cast<double>(clip_h));
  if (Equal26Dot6(left, right) || Equal26Dot6(pa.y, pb.y)) return;

  // Columns: a partly covered left one, whole ones, a partly covered right
  // one, each with its horizontal coverage (times 255, in 16.16).
  const int ileft = static_cast<int>(left);
  const int iright = static_cast<int>(right);
  const Fixed left_width = IntToFixed(ileft + 1) - ToFixed(left);
  const Fixed right_width = ToFixed(right) - IntToFixed(iright);
  Fixed coverage[3];
  int xs[3];
  int lens[3];
  int n = 1;
  if (ileft == iright) {
    coverage[0] = (left_width + right_width) * 255;
    xs[0] = ileft;
    lens[0] = 1;
  } else {
    coverage[0] = left_width * 255;
    xs[0] = ileft;
    lens[0] = 1;
    if (left_width == kOne) {
      lens[0] = iright - ileft;
    } else if (iright - ileft > 1) {
      coverage[1] = IntToFixed(255);
      xs[1] = ileft + 1;
      lens[1] = iright - ileft - 1;
      ++n;
    }
    if (right_width != 0) {
      coverage[n] = right_width * 255;
      xs[n] = iright;
      lens[n] = 1;
      ++n;
    }
  }
  const Fixed top_row = IntToFixed(static_cast<int>(pa.y));
  const Fixed bottom_row = IntToFixed(static_cast<int>(pb.y));
  const Fixed y_top = ToFixed(pa.y);
  const Fixed y_bottom = ToFixed(pb.y);
  for (Fixed row = top_row; row <= bottom_row; row += kOne) {
    const Fixed row_height = std::min(row + kOne, y_bottom) - std::max(row, y_top);
    const int y = FixedToInt(row);
    if (y > clip_h - 1) break;
    for (int i = 0; i < n; ++i) {
      batch.Add(xs[i], lens[i], y, FixedToInt(FixedMul(row_height, coverage[i])));
    }
  }
}

namespace {

// Per channel (x a + y b) / 256, truncated (Qt's INTERPOLATE_PIXEL_256).
std::uint32_t Interpolate256(std::uint32_t x, std::uint32_t a, std::uint32_t y, std::uint32_t b) {
  std::uint32_t t = (x & 0xff00ffU) * a + (y & 0xff00ffU) * b;
  t >>= 8;
  t &= 0xff00ffU;
  x = ((x >> 8) & 0xff00ffU) * a + ((y >> 8) & 0xff00ffU) * b;
  x &= 0xff00ff00U;
  return x | t;
}

// interpolate_4_pixels as Qt 5.9 computes it: 8-bit weights, down the two
// columns first, then across.
std::uint32_t Interpolate4(std::uint32_t tl, std::uint32_t tr, std::uint32_t bl, std::uint32_t br,
                           std::uint32_t distx, std::uint32_t disty) {
  const std::uint32_t left = Interpolate256(tl, 256 - disty, bl, disty);
  const std::uint32_t right = Interpolate256(tr, 256 - disty, br, disty);
  return Interpolate256(left, 256 - distx, right, distx);
}

// interpolate_4_pixels_16: 4-bit weights, the four products summed.
std::uint32_t Interpolate4x16(std::uint32_t tl, std::uint32_t tr, std::uint32_t bl,
                              std::uint32_t br, std::uint32_t distx, std::uint32_t disty) {
  const std::uint32_t distxy = distx * disty;
  const std::uint32_t wtl = 16 * 16 - 16 * distx - 16 * disty + distxy;
  const std::uint32_t wtr = distx * 16 - distxy;
  const std::uint32_t wbl = disty * 16 - distxy;
  const std::uint32_t wbr = distxy;
  const std::uint32_t rb = (tl & 0xff00ffU) * wtl + (tr & 0xff00ffU) * wtr +
                           (bl & 0xff00ffU) * wbl + (br & 0xff00ffU) * wbr;
  const std::uint32_t ag = ((tl >> 8) & 0xff00ffU) * wtl + ((tr >> 8) & 0xff00ffU) * wtr +
                           ((bl >> 8) & 0xff00ffU) * wbl + ((br >> 8) & 0xff00ffU) * wbr;
  return ((rb >> 8) & 0xff00ffU) | (ag & 0xff00ff00U);
}

// fetchTransformedBilinear_pixelBounds, not tiled: the texel pair around v.
void PixelBounds(int last, int& v1, int& v2) {
  if (v1 < 0) {
    v2 = v1 = 0;
  } else if (v1 >= last) {
    v2 = v1 = last;
  } else {
    v2 = v1 + 1;
  }
}

// The pixels inside the image that Qt 5.9.7's downscaling loop blends in
// one AVX2 step, with 4-bit weights (the rest of a span gets 8-bit ones).
// This is the reference's own arithmetic on a CPU with AVX2, the x86-64
// machines procgen runs on today; on one without AVX2 its SSE2 loop takes
// four at a time and its frames differ in the last bit of some pixels.
constexpr int kDownscaleGroup = 8;
constexpr int kFixedScale = 1 << 16;
constexpr int kHalfPoint = 1 << 15;

}  // namespace

void FetchBilinear(std::uint32_t* out, const Image& src, const InverseMap& m, int y, int x,
                   int length) {
  const double cx = x + 0.5;
  const double cy = y + 0.5;
  const int fdx = static_cast<int>(m.m11 * kFixedScale);
  const int fdy = static_cast<int>(m.m12 * kFixedScale);
  int fx = static_cast<int>((m.m21 * cy + m.m11 * cx + m.dx) * kFixedScale) - kHalfPoint;
  int fy = static_cast<int>((m.m22 * cy + m.m12 * cx + m.dy) * kFixedScale) - kHalfPoint;
  const int last_x = src.width() - 1;
  const int last_y = src.height() - 1;
  std::uint32_t* const end = out + length;
  if (fdy == 0) {
    int y1 = fy >> 16;
    int y2 = 0;
    PixelBounds(last_y, y1, y2);
    const std::uint32_t* s1 = src.Row(y1);
    const std::uint32_t* s2 = src.Row(y2);
    if (std::abs(fdx) <= kFixedScale) {
      // Scaled up across: each column interpolated down first (8 bits),
      // then across (8 bits).
      const std::uint32_t disty = (fy & 0xffff) >> 8;
      const std::uint32_t idisty = 256 - disty;
      auto column = [&](int c) {
        c = std::clamp(c, 0, last_x);
        const std::uint32_t t = s1[c];
        const std::uint32_t b = s2[c];
        const std::uint32_t rb =
            (((t & 0xff00ffU) * idisty + (b & 0xff00ffU) * disty) >> 8) & 0xff00ffU;
        const std::uint32_t ag =
            ((((t >> 8) & 0xff00ffU) * idisty + ((b >> 8) & 0xff00ffU) * disty) >> 8) & 0xff00ffU;
        return std::pair<std::uint32_t, std::uint32_t>{rb, ag};
      };
      for (std::uint32_t* b = out; b < end; ++b, fx += fdx) {
        const int x1 = fx >> 16;
        const auto [rb1, ag1] = column(x1);
        const auto [rb2, ag2] = column(x1 + 1);
        const std::uint32_t distx = (fx & 0xffff) >> 8;
        const std::uint32_t idistx = 256 - distx;
        const std::uint32_t rb = ((rb1 * idistx + rb2 * distx) >> 8) & 0xff00ffU;
        const std::uint32_t ag = (ag1 * idistx + ag2 * distx) & 0xff00ff00U;
        *b = rb | ag;
      }
      return;
    }
    if (std::fabs(m.m22) < 1. / 8.) {
      // Scaled up more than 8x down the image: 8-bit weights.
      const std::uint32_t disty = (fy & 0xffff) >> 8;
      for (std::uint32_t* b = out; b < end; ++b, fx += fdx) {
        int x1 = fx >> 16;
        int x2 = 0;
        PixelBounds(last_x, x1, x2);
        const std::uint32_t distx = (fx & 0xffff) >> 8;
        *b = Interpolate4(s1[x1], s1[x2], s2[x1], s2[x2], distx, disty);
      }
      return;
    }
    // Scaled down across. Texels at the image's edge first (the rows only),
    // then the span inside it, in groups of kDownscaleGroup with 4-bit
    // weights (rounded), the rest with 8-bit ones.
    const std::uint32_t disty8 = (fy & 0xffff) >> 8;
    const std::uint32_t disty4 = (disty8 + 0x08) >> 4;
    std::uint32_t* b = out;
    for (; b < end; ++b, fx += fdx) {
      int x1 = fx >> 16;
      int x2 = 0;
      PixelBounds(last_x, x1, x2);
      if (x1 != x2) break;
      *b = Interpolate256(s1[x1], 256 - disty8, s2[x1], disty8);
    }
    std::uint32_t* bounded_end = end;
    const std::int64_t max_fx = std::int64_t{last_x} * kFixedScale;
    const std::int64_t min_fx = 0;
    if (fdx > 0) {
      bounded_end = std::min(bounded_end, b + (max_fx - fx) / fdx);
    } else if (fdx < 0) {
      bounded_end = std::min(bounded_end, b + (min_fx - fx) / fdx);
    }
    while (b < bounded_end - (kDownscaleGroup - 1)) {
      for (int k = 0; k < kDownscaleGroup; ++k, ++b, fx += fdx) {
        const int xx = fx >> 16;
        const std::uint32_t distx4 = (((fx & 0xffff) >> 8) + 0x08) >> 4;
        *b = Interpolate4x16(s1[xx], s1[xx + 1], s2[xx], s2[xx + 1], distx4, disty4);
      }
    }
    for (; b < bounded_end; ++b, fx += fdx) {
      const int xx = fx >> 16;
      *b = Interpolate4(s1[xx], s1[xx + 1], s2[xx], s2[xx + 1], (fx & 0xffff) >> 8, disty8);
    }
    for (; b < end; ++b, fx += fdx) {
      int x1 = fx >> 16;
      int x2 = 0;
      PixelBounds(last_x, x1, x2);
      *b = Interpolate4(s1[x1], s1[x2], s2[x1], s2[x2], (fx & 0xffff) >> 8, disty8);
    }
    return;
  }
  // A rotated image's sampling (Qt's rotate helpers) is not reproduced yet.
  throw std::logic_error("FetchBilinear: rotated images are not reproduced");
}

}  // namespace parallel_pool::procgen
