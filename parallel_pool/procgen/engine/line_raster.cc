#include "parallel_pool/procgen/engine/line_raster.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <utility>

#include "parallel_pool/procgen/engine/qt_fixed.h"

namespace parallel_pool::procgen {
namespace {

// Qt's Q16Dot16 fixed point (qrasterizer.cpp).
using Fixed = int;
constexpr Fixed kOne = 65536;

Fixed ToFixed(double x) { return TruncToInt(x * 65536.); }
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
  explicit SpanBatch(const CoverageSpanSink& sink) : sink_(sink) {}
  SpanBatch(const SpanBatch&) = delete;
  SpanBatch& operator=(const SpanBatch&) = delete;

  // QT_FT_Span keeps the coverage in an unsigned char: a coverage over 255
  // (rasterizeLine's one-column rectangle adds both edges' widths) wraps.
  void Add(int x, int len, int y, int coverage) {
    if (coverage == 0 || len == 0) return;
    spans_[count_++] = CoverageSpan{x, len, y, coverage & 0xff};
    if (count_ == kSize) Flush();
  }

  // The last batch (explicitly, not from a destructor: the sink may throw).
  void Flush() {
    if (count_ > 0) sink_(spans_, count_);
    count_ = 0;
  }

 private:
  static constexpr int kSize = 256;
  const CoverageSpanSink& sink_;
  CoverageSpan spans_[kSize];
  int count_ = 0;
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
bool Contains(double left, double top, double w, double h, const PointD& p) {
  return InRange(left, w, p.x) && InRange(top, h, p.y);
}

// Q16Dot16FastMultiply: a 32-bit product (wrapping as Qt's int product
// does), shifted.
Fixed FixedFastMul(Fixed x, Fixed y) {
  return static_cast<Fixed>(static_cast<std::uint32_t>(x) * static_cast<std::uint32_t>(y)) >> 16;
}

// qSafeDivide: a huge quotient instead of an infinite one.
double SafeDivide(double x, double y) {
  if (y == 0) return x > 0 ? 1e20 : -1e20;
  return x / y;
}

// qSafeFloatToQ16Dot16: saturated at the int range.
Fixed SafeToFixed(double x) {
  const double tmp = x * 65536.;
  if (tmp > static_cast<double>(INT_MAX)) return INT_MAX;
  if (tmp < static_cast<double>(INT_MIN)) return -INT_MAX;
  return TruncToInt(tmp);  // NaN as x86-64 converts it
}

PointD SnapTo26Dot6(const PointD& p) {
  return PointD{std::floor(p.x * 64) * (1 / 64.0), std::floor(p.y * 64) * (1 / 64.0)};
}

// The part of pixel column x, between rows top and bottom, on the outer side
// of the edge that crosses the row from left_x to right_x (Qt's
// intersectPixelFP, in 16.16; each int operation wraps, as Qt's does).
Fixed IntersectPixel(int x, Fixed top, Fixed bottom, Fixed left_x, Fixed right_x, Fixed slope,
                     Fixed inv_slope) {
  using I = std::int64_t;
  const Fixed lx = IntToFixed(x);
  const Fixed rx = Wrap32(I{lx} + kOne);
  const Fixed left_y =
      Wrap32(I{top} + FixedMul(Wrap32(I{lx} - (slope > 0 ? left_x : right_x)), inv_slope));
  const Fixed right_y = Wrap32(I{left_y} + inv_slope);
  const Fixed height = Wrap32(I{bottom} - top);
  if (left_x >= lx && right_x <= rx) {
    return FixedMul(height, Wrap32(I{left_x} - lx + (Wrap32(I{right_x} - left_x) >> 1)));
  }
  if (left_x >= rx) return height;
  if (left_x >= lx) {
    return Wrap32(I{height} -
                  FixedFastMul(Wrap32(I{rx} - left_x) >> 1,
                               slope > 0 ? Wrap32(I{right_y} - top) : Wrap32(I{bottom} - right_y)));
  }
  if (right_x <= lx) return 0;
  if (right_x <= rx) {
    return FixedFastMul(Wrap32(I{right_x} - lx) >> 1,
                        slope > 0 ? Wrap32(I{bottom} - left_y) : Wrap32(I{left_y} - top));
  }
  if (slope > 0) return Wrap32(I{Wrap32(I{bottom} - right_y)} + (Wrap32(I{right_y} - left_y) >> 1));
  return Wrap32(I{Wrap32(I{right_y} - top)} + (Wrap32(I{left_y} - right_y) >> 1));
}

// The four edge slopes of rasterizeLine's quad (x per y), from its top
// corner down the left and the right side, then on from the left and the
// right corner down to the bottom one.
struct QuadSlopes {
  double top_left, top_right, bottom_left, bottom_right;
};

// The aliased branch of rasterizeLine for a slanted line: each row from the
// one whose centre is below the quad's top corner, spanning the pixels whose
// centres lie between its left and right edges (edges stepped in 16.16 from
// their crossing of the first row's centre), in four segments as the left
// and right corners pass.
void ScanAliasedQuad(const PointD& top, const PointD& left, const PointD& right,
                     const PointD& bottom, const QuadSlopes& slopes, int clip_w, int clip_h,
                     SpanBatch& batch) {
  using I = std::int64_t;
  const int clip_right = clip_w - 1;
  const int clip_bottom = clip_h - 1;
  auto row_below = [](double y) { return y < 0.5F ? -1 : TruncToInt(y - 0.5F); };
  const int i_top = TruncToInt(top.y + 0.5F);
  int i_left = row_below(left.y);
  int i_right = row_below(right.y);
  int i_bottom = row_below(bottom.y);
  int i_middle = std::min(i_left, i_right);
  const Fixed tl = SafeToFixed(slopes.top_left);
  const Fixed tr = SafeToFixed(slopes.top_right);
  const Fixed bl = SafeToFixed(slopes.bottom_left);
  const Fixed br = SafeToFixed(slopes.bottom_right);
  Fixed left_a = SafeToFixed(top.x + 0.5F + (i_top + 0.5F - top.y) * slopes.top_left);
  Fixed left_b = SafeToFixed(left.x + 0.5F + (i_left + 1.5F - left.y) * slopes.bottom_left);
  Fixed right_a = SafeToFixed(top.x - 0.5F + (i_top + 0.5F - top.y) * slopes.top_right);
  Fixed right_b = SafeToFixed(right.x - 0.5F + (i_right + 1.5F - right.y) * slopes.bottom_right);
  int y = i_top;
  // Qt's DO_SEGMENT: rows above the clip skipped (the edges stepped past
  // them at once), the segment's last row clipped to the bottom.
  auto segment = [&](int& last, Fixed& li, Fixed& ri, Fixed ls, Fixed rs) {
    const int ny = std::min(last + 1, 0);
    if (y < ny) {
      const I skipped = Wrap32(I{ny} - y);
      li = Wrap32(I{li} + I{Wrap32(I{ls} * skipped)});
      ri = Wrap32(I{ri} + I{Wrap32(I{rs} * skipped)});
      y = ny;
    }
    if (last > clip_bottom) last = clip_bottom;
    for (; y <= last; ++y) {
      const int x1 = std::max(FixedToInt(li), 0);
      const int x2 = std::min(FixedToInt(ri), clip_right);
      if (x2 >= x1) batch.Add(x1, x2 - x1 + 1, y, 255);
      li = Wrap32(I{li} + ls);
      ri = Wrap32(I{ri} + rs);
    }
  };
  segment(i_middle, left_a, right_a, tl, tr);
  segment(i_right, left_b, right_a, bl, tr);
  segment(i_left, left_a, right_b, tl, br);
  segment(i_bottom, left_b, right_b, bl, br);
}

// The antialiased branch of rasterizeLine for a line neither horizontal nor
// vertical: the quad around it (corners snapped to 26.6), scanned row by
// row, each pixel an edge crosses covered by what the edges leave of it.
void RasterizeSlanted(PointD pa, PointD pb, double width, bool antialiased, int clip_w, int clip_h,
                      SpanBatch& batch) {
  const int clip_right = clip_w - 1;
  const int clip_bottom = clip_h - 1;
  if (pa.y > pb.y) std::swap(pa, pb);
  const double k = 0.5 * width;
  const PointD delta{(pb.x - pa.x) * k, (pb.y - pa.y) * k};
  const PointD perp{delta.y, -delta.x};
  PointD top, left, right, bottom;
  if (pa.x < pb.x) {
    top = PointD{pa.x + perp.x, pa.y + perp.y};
    left = PointD{pa.x - perp.x, pa.y - perp.y};
    right = PointD{pb.x + perp.x, pb.y + perp.y};
    bottom = PointD{pb.x - perp.x, pb.y - perp.y};
  } else {
    top = PointD{pa.x - perp.x, pa.y - perp.y};
    left = PointD{pb.x - perp.x, pb.y - perp.y};
    right = PointD{pa.x + perp.x, pa.y + perp.y};
    bottom = PointD{pb.x + perp.x, pb.y + perp.y};
  }
  top = SnapTo26Dot6(top);
  bottom = SnapTo26Dot6(bottom);
  left = SnapTo26Dot6(left);
  right = SnapTo26Dot6(right);
  const double top_bound = std::clamp(top.y, 0.0, static_cast<double>(clip_bottom));
  const double bottom_bound = std::clamp(bottom.y, 0.0, static_cast<double>(clip_bottom));
  const double tl_slope = SafeDivide(left.x - top.x, left.y - top.y);
  const double bl_slope = SafeDivide(bottom.x - left.x, bottom.y - left.y);
  const double tr_slope = SafeDivide(right.x - top.x, right.y - top.y);
  const double br_slope = SafeDivide(bottom.x - right.x, bottom.y - right.y);
  const Fixed tl_slope_fp = SafeToFixed(tl_slope);
  const Fixed tr_slope_fp = SafeToFixed(tr_slope);
  const Fixed bl_slope_fp = SafeToFixed(bl_slope);
  const Fixed br_slope_fp = SafeToFixed(br_slope);
  const Fixed inv_tl_slope_fp = SafeToFixed(SafeDivide(1, tl_slope));
  const Fixed inv_tr_slope_fp = SafeToFixed(SafeDivide(1, tr_slope));
  const Fixed inv_bl_slope_fp = SafeToFixed(SafeDivide(1, bl_slope));
  const Fixed inv_br_slope_fp = SafeToFixed(SafeDivide(1, br_slope));
  if (!antialiased) {
    ScanAliasedQuad(top, left, right, bottom, QuadSlopes{tl_slope, tr_slope, bl_slope, br_slope},
                    clip_w, clip_h, batch);
    return;
  }

  const int top_row = static_cast<int>(top_bound);
  const Fixed i_top_fp = IntToFixed(top_row);
  const Fixed i_left_fp = IntToFixed(static_cast<int>(left.y));
  const Fixed i_right_fp = IntToFixed(static_cast<int>(right.y));
  const Fixed i_bottom_fp = IntToFixed(static_cast<int>(bottom_bound));
  // Where each edge crosses the current row's top (A: the top edges, B: the
  // bottom ones), in 16.16.
  Fixed left_a = ToFixed(top.x + (top_row - top.y) * tl_slope);
  Fixed right_a = ToFixed(top.x + (top_row - top.y) * tr_slope);
  Fixed left_b = 0;
  Fixed right_b = 0;
  if (i_left_fp < i_top_fp) left_b = ToFixed(left.x + (top_row - left.y) * bl_slope);
  if (i_right_fp < i_top_fp) right_b = ToFixed(right.x + (top_row - right.y) * br_slope);
  const Fixed y_top_fp = ToFixed(top.y);
  const Fixed y_left_fp = ToFixed(left.y);
  const Fixed y_right_fp = ToFixed(right.y);
  const Fixed y_bottom_fp = ToFixed(bottom.y);

  Fixed row_top = std::max(i_top_fp, y_top_fp);
  Fixed top_left_a = Wrap32(std::int64_t{left_a} + FixedMul(tl_slope_fp, row_top - i_top_fp));
  Fixed top_right_a = Wrap32(std::int64_t{right_a} + FixedMul(tr_slope_fp, row_top - i_top_fp));
  for (Fixed y_fp = i_top_fp; y_fp <= i_bottom_fp;) {
    const Fixed row_bottom_left = std::min(y_fp + kOne, y_left_fp);
    const Fixed row_bottom_right = std::min(y_fp + kOne, y_right_fp);
    const Fixed row_top_left = std::max(y_fp, y_left_fp);
    const Fixed row_top_right = std::max(y_fp, y_right_fp);
    const Fixed row_bottom = std::min(y_fp + kOne, y_bottom_fp);
    Fixed top_left_b, bottom_left_a, top_right_b, bottom_right_a, bottom_left_b, bottom_right_b;
    if (y_fp == i_left_fp) {
      const int y = FixedToInt(y_fp);
      left_b = ToFixed(left.x + (y - left.y) * bl_slope);
      top_left_b = Wrap32(std::int64_t{left_b} + FixedMul(bl_slope_fp, row_top_left - y_fp));
      bottom_left_a = Wrap32(std::int64_t{left_a} + FixedMul(tl_slope_fp, row_bottom_left - y_fp));
    } else {
      top_left_b = left_b;
      bottom_left_a = Wrap32(std::int64_t{left_a} + tl_slope_fp);
    }
    if (y_fp == i_right_fp) {
      const int y = FixedToInt(y_fp);
      right_b = ToFixed(right.x + (y - right.y) * br_slope);
      top_right_b = Wrap32(std::int64_t{right_b} + FixedMul(br_slope_fp, row_top_right - y_fp));
      bottom_right_a =
          Wrap32(std::int64_t{right_a} + FixedMul(tr_slope_fp, row_bottom_right - y_fp));
    } else {
      top_right_b = right_b;
      bottom_right_a = Wrap32(std::int64_t{right_a} + tr_slope_fp);
    }
    if (y_fp == i_bottom_fp) {
      bottom_left_b = Wrap32(std::int64_t{left_b} + FixedMul(bl_slope_fp, row_bottom - y_fp));
      bottom_right_b = Wrap32(std::int64_t{right_b} + FixedMul(br_slope_fp, row_bottom - y_fp));
    } else {
      bottom_left_b = Wrap32(std::int64_t{left_b} + bl_slope_fp);
      bottom_right_b = Wrap32(std::int64_t{right_b} + br_slope_fp);
    }
    int left_min, left_max, right_min, right_max;
    if (y_fp < i_left_fp) {
      left_min = FixedToInt(bottom_left_a);
      left_max = FixedToInt(top_left_a);
    } else if (y_fp == i_left_fp) {
      left_min = FixedToInt(std::max(bottom_left_a, top_left_b));
      left_max = FixedToInt(std::max(top_left_a, bottom_left_b));
    } else {
      left_min = FixedToInt(top_left_b);
      left_max = FixedToInt(bottom_left_b);
    }
    left_min = std::clamp(left_min, 0, clip_right);
    left_max = std::clamp(left_max, 0, clip_right);
    if (y_fp < i_right_fp) {
      right_min = FixedToInt(top_right_a);
      right_max = FixedToInt(bottom_right_a);
    } else if (y_fp == i_right_fp) {
      right_min = FixedToInt(std::min(top_right_a, bottom_right_b));
      right_max = FixedToInt(std::min(bottom_right_a, top_right_b));
    } else {
      right_min = FixedToInt(bottom_right_b);
      right_max = FixedToInt(top_right_b);
    }
    right_min = std::clamp(right_min, 0, clip_right);
    right_max = std::clamp(right_max, 0, clip_right);
    if (left_max > right_max) left_max = right_max;
    if (right_min < left_min) right_min = left_min;

    const Fixed row_height = row_bottom - row_top;
    const int y = FixedToInt(y_fp);
    // What the edges leave of pixel x, summed in 64 bits and wrapped to an
    // int where Qt's int sums would have wrapped.
    using I = std::int64_t;
    auto right_excluded = [&](int x) {
      I excluded = 0;
      if (y_fp <= i_right_fp) {
        excluded += I{row_bottom_right} - row_top -
                    IntersectPixel(x, row_top, row_bottom_right, top_right_a, bottom_right_a,
                                   tr_slope_fp, inv_tr_slope_fp);
      }
      if (y_fp >= i_right_fp) {
        excluded += I{row_bottom} - row_top_right -
                    IntersectPixel(x, row_top_right, row_bottom, bottom_right_b, top_right_b,
                                   br_slope_fp, inv_br_slope_fp);
      }
      return excluded;
    };
    auto coverage = [&](I excluded) {
      return FixedToInt(Wrap32(255 * (I{row_height} - excluded)));
    };
    int x = left_min;
    for (; x <= left_max; ++x) {
      I excluded = 0;
      if (y_fp <= i_left_fp) {
        excluded += IntersectPixel(x, row_top, row_bottom_left, bottom_left_a, top_left_a,
                                   tl_slope_fp, inv_tl_slope_fp);
      }
      if (y_fp >= i_left_fp) {
        excluded += IntersectPixel(x, row_top_left, row_bottom, top_left_b, bottom_left_b,
                                   bl_slope_fp, inv_bl_slope_fp);
      }
      if (x >= right_min) excluded += right_excluded(x);
      batch.Add(x, 1, y, coverage(excluded));
    }
    if (x < right_min) {
      batch.Add(x, right_min - x, y, coverage(0));
      x = right_min;
    }
    for (; x <= right_max; ++x) batch.Add(x, 1, y, coverage(right_excluded(x)));
    left_a = Wrap32(std::int64_t{left_a} + tl_slope_fp);
    left_b = Wrap32(std::int64_t{left_b} + bl_slope_fp);
    right_a = Wrap32(std::int64_t{right_a} + tr_slope_fp);
    right_b = Wrap32(std::int64_t{right_b} + br_slope_fp);
    top_left_a = left_a;
    top_right_a = right_a;
    y_fp += kOne;
    row_top = y_fp;
  }
}

}  // namespace

void RasterizeWideLine(double ax, double ay, double bx, double by, double width, bool square_cap,
                       bool antialiased, int clip_w, int clip_h, const CoverageSpanSink& sink) {
  if ((ax == bx && ay == by) || width == 0 || clip_w <= 0 || clip_h <= 0) return;
  PointD pa{ax, ay};
  PointD pb{bx, by};
  if (square_cap) {
    const double k = 0.5 * width;
    const PointD delta{(pb.x - pa.x) * k, (pb.y - pa.y) * k};
    pa = PointD{pa.x - delta.x, pa.y - delta.y};
    pb = PointD{pb.x + delta.x, pb.y + delta.y};
  }
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
    const PointD npa{pa.x + (pb.x - pa.x) * t1, pa.y + (pb.y - pa.y) * t1};
    const PointD npb{pa.x + (pb.x - pa.x) * t2, pa.y + (pb.y - pa.y) * t2};
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
    pa = PointD{x, y - dy};
    pb = PointD{x, y + dy};
    width = 1 / width;
  }
  if (!Equal26Dot6(pa.x, pb.x)) {
    RasterizeSlanted(pa, pb, width, antialiased, clip_w, clip_h, batch);
    batch.Flush();
    return;
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
  if (!antialiased) {
    // Whole pixels whose centres lie inside.
    const int top_row = TruncToInt(pa.y + 0.5F);
    const int bottom_row = pb.y < 0.5F ? -1 : TruncToInt(pb.y - 0.5F);
    const int first = TruncToInt(left + 0.5F);
    const int last = right < 0.5F ? -1 : TruncToInt(right - 0.5F);
    for (int y = top_row; y <= bottom_row; ++y) batch.Add(first, last - first + 1, y, 255);
    batch.Flush();
    return;
  }

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
  batch.Flush();
}

void RectMidline(const Transform& m, const RectF& rect, PointD& a, PointD& b) {
  const double right = rect.x + rect.w;
  const double mid_y = (rect.y + (rect.y + rect.h)) * 0.5;
  a = Map(m, (rect.x + rect.x) * 0.5, mid_y);
  b = Map(m, (right + right) * 0.5, mid_y);
}

}  // namespace parallel_pool::procgen
