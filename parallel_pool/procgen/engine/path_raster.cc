#include "parallel_pool/procgen/engine/path_raster.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <utility>

#include "parallel_pool/procgen/engine/qt_round.h"

namespace parallel_pool::procgen {
namespace {

// One cubic of QBezier's flattening stack.
struct Bezier {
  double x1, y1, x2, y2, x3, y3, x4, y4;
};

// QBezier::split: the halves at t = 1/2, each coordinate as Qt computes it.
void Split(const Bezier& b, Bezier& first, Bezier& second) {
  const double cx = (b.x2 + b.x3) * .5;
  first.x1 = b.x1;
  first.x2 = (b.x1 + b.x2) * .5;
  second.x3 = (b.x3 + b.x4) * .5;
  second.x4 = b.x4;
  first.x3 = (first.x2 + cx) * .5;
  second.x2 = (second.x3 + cx) * .5;
  first.x4 = second.x1 = (first.x3 + second.x2) * .5;
  const double cy = (b.y2 + b.y3) * .5;
  first.y1 = b.y1;
  first.y2 = (b.y1 + b.y2) * .5;
  second.y3 = (b.y3 + b.y4) * .5;
  second.y4 = b.y4;
  first.y3 = (first.y2 + cy) * .5;
  second.y2 = (second.y3 + cy) * .5;
  first.y4 = second.y1 = (first.y3 + second.y2) * .5;
}

// A coordinate in 26.6 fixed point, rounded (QOutlineMapper's qreal_to_fixed_26_6).
int ToFixed26Dot6Rounded(double v) { return QRound(v * 64); }

// QCosmeticStroker's toF26Dot6: truncated.
int ToFixed26Dot6(double v) { return static_cast<int>(v * 64.); }

// F16Dot16FixedDiv.
int FixedDiv(int x, int y) {
  if (std::abs(x) > 0x7fff) {
    return static_cast<int>(static_cast<std::int64_t>(x) * (1 << 16) / y);
  }
  return x * (1 << 16) / y;
}

}  // namespace

void FlattenCubic(const PointD& p1, const PointD& p2, const PointD& p3, const PointD& p4,
                  double threshold, std::vector<PointD>& out) {
  // QBezier::addToPolygon: a stack of at most 10 halves, the first half on
  // top; a piece flat enough (or 9 splits deep) gives its end point.
  Bezier beziers[10];
  int levels[10];
  beziers[0] = {p1.x, p1.y, p2.x, p2.y, p3.x, p3.y, p4.x, p4.y};
  levels[0] = 9;
  int top = 0;
  while (top >= 0) {
    const Bezier& b = beziers[top];
    const double y4y1 = b.y4 - b.y1;
    const double x4x1 = b.x4 - b.x1;
    double l = std::fabs(x4x1) + std::fabs(y4y1);
    double d;
    if (l > 1.) {
      d = std::fabs((x4x1) * (b.y1 - b.y2) - (y4y1) * (b.x1 - b.x2)) +
          std::fabs((x4x1) * (b.y1 - b.y3) - (y4y1) * (b.x1 - b.x3));
    } else {
      d = std::fabs(b.x1 - b.x2) + std::fabs(b.y1 - b.y2) + std::fabs(b.x1 - b.x3) +
          std::fabs(b.y1 - b.y3);
      l = 1.;
    }
    if (d < threshold * l || levels[top] == 0) {
      out.push_back({b.x4, b.y4});
      --top;
    } else {
      const Bezier whole = b;
      Split(whole, beziers[top + 1], beziers[top]);
      levels[top + 1] = --levels[top];
      ++top;
    }
  }
}

std::vector<PointD> FlattenedOutline(const PointD& start, const std::vector<PointD>& cubics) {
  std::vector<PointD> polygon = {start};
  for (std::size_t i = 0; i + 2 < cubics.size(); i += 3) {
    FlattenCubic(polygon.back(), cubics[i], cubics[i + 1], cubics[i + 2], 0.25, polygon);
  }
  return polygon;
}

void FillPolygon(const std::vector<PointD>& points, int width, int height, const SpanSink& span) {
  if (points.size() < 3) return;
  struct Fixed {
    int x, y;
  };
  std::vector<Fixed> fixed;
  fixed.reserve(points.size());
  for (const PointD& p : points)
    fixed.push_back({ToFixed26Dot6Rounded(p.x), ToFixed26Dot6Rounded(p.y)});
  int min_y = fixed[0].y;
  int max_y = fixed[0].y;
  for (const Fixed& p : fixed) {
    min_y = std::min(min_y, p.y);
    max_y = std::max(max_y, p.y);
  }
  // QRasterizer::rasterize: the rows whose centres the outline spans.
  const int top = std::max(0, (min_y + 32) >> 6);
  const int bottom = std::min(height - 1, (max_y - 32) >> 6);
  if (top > bottom) return;
  const int left_fp = 0;
  const int right_fp = width * (1 << 16);
  // QScanConverter::mergeLine: each edge as the 16.16 x of its crossing at
  // its first row's centre and its step per row. (Qt replaces the part of an
  // edge beyond the device's left or right side by a vertical edge on that
  // side; clipping the spans to the device, as the caller does, fills the
  // same pixels.)
  struct Line {
    int x, delta, top, bottom, winding;
  };
  std::vector<Line> lines;
  for (std::size_t j = 0; j + 1 < fixed.size(); ++j) {
    Fixed a = fixed[j];
    Fixed b = fixed[j + 1];
    int winding = 1;
    if (a.y > b.y) {
      std::swap(a, b);
      winding = -1;
    }
    const int i_top = std::max(top, (a.y + 32) >> 6);
    const int i_bottom = std::min(bottom, (b.y - 32) >> 6);
    if (i_top > i_bottom) continue;
    const int a_fp = (1 << 16) / 2 + a.x * (1 << 10);
    if (b.x == a.x) {
      lines.push_back({std::clamp(a_fp, left_fp, right_fp), 0, i_top, i_bottom, winding});
    } else {
      const double slope = (b.x - a.x) / static_cast<double>(b.y - a.y);
      const auto slope_fp = static_cast<int>(slope * 65536.);
      const int x_fp =
          a_fp + static_cast<int>((static_cast<std::int64_t>(slope_fp) *
                                   (i_top * (1 << 16) + (1 << 16) / 2 - a.y * (1 << 10))) >>
                                  16);
      lines.push_back({x_fp, slope_fp, i_top, i_bottom, winding});
    }
  }
  // Each row: the crossings in x order; the intervals after an odd count of
  // them are inside (odd-even: the ellipse path's fill rule).
  std::vector<std::pair<int, int>> crossings;
  for (int y = top; y <= bottom; ++y) {
    crossings.clear();
    for (const Line& line : lines) {
      if (y < line.top || y > line.bottom) continue;
      crossings.emplace_back((line.x + line.delta * (y - line.top)) >> 16, line.winding);
    }
    std::stable_sort(crossings.begin(), crossings.end(),
                     [](const auto& l, const auto& r) { return l.first < r.first; });
    int x = 0;
    int winding = 0;
    for (const auto& [current, w] : crossings) {
      if ((winding & 1) != 0 && current > x) span(x, y, current - x);
      x = current;
      winding += w;
    }
  }
}

CosmeticStroker::CosmeticStroker(int width, int height, SpanSink plot)
    : width_(width),
      height_(height),
      plot_(std::move(plot)),
      xmin_(-1),
      xmax_(width + 1),
      ymin_(-1),
      ymax_(height + 1) {}

CosmeticStroker CosmeticStroker::Antialiased(int width, int height, PixelSink plot) {
  CosmeticStroker stroker(width, height, SpanSink{});
  stroker.plot_aa_ = std::move(plot);
  return stroker;
}

void CosmeticStroker::DrawLine(const PointD& a, const PointD& b) {
  if (a.x == b.x && a.y == b.y) {
    if (plot_aa_) {
      const int x = QRound(a.x);
      const int y = QRound(a.y);
      if (x >= 0 && x < width_ && y >= 0 && y < height_) plot_aa_(x, y, 255);
    } else {
      plot_(QRound(a.x), QRound(a.y), 1);
    }
    return;
  }
  last_pixel_.x = INT_MIN;
  StrokeLine(a.x, a.y, b.x, b.y, kCapBegin | kCapEnd);
}

void CosmeticStroker::DrawClosedCubics(const PointD& start, const std::vector<PointD>& cubics) {
  if (cubics.size() < 3) return;
  last_pixel_ = Pixel{};
  // A closed contour: the last segment's direction and last pixel, for the
  // dropout control of the first.
  const PointD& before_end = cubics[cubics.size() - 2];
  const PointD& end = cubics.back();
  CalculateLastPoint(before_end.x, before_end.y, end.x, end.y);
  PointD p = start;
  for (std::size_t i = 0; i + 2 < cubics.size(); i += 3) {
    RenderCubic(p, cubics[i], cubics[i + 1], cubics[i + 2]);
    p = cubics[i + 2];
  }
}

bool CosmeticStroker::ClipLine(double& x1, double& y1, double& x2, double& y2) {
  const auto clipped = [this] {
    last_pixel_.x = INT_MIN;
    return true;
  };
  if (x1 < xmin_) {
    if (x2 <= xmin_) return clipped();
    y1 += (y2 - y1) / (x2 - x1) * (xmin_ - x1);
    x1 = xmin_;
  } else if (x1 > xmax_) {
    if (x2 >= xmax_) return clipped();
    y1 += (y2 - y1) / (x2 - x1) * (xmax_ - x1);
    x1 = xmax_;
  }
  if (x2 < xmin_) {
    last_pixel_.x = INT_MIN;
    y2 += (y2 - y1) / (x2 - x1) * (xmin_ - x2);
    x2 = xmin_;
  } else if (x2 > xmax_) {
    last_pixel_.x = INT_MIN;
    y2 += (y2 - y1) / (x2 - x1) * (xmax_ - x2);
    x2 = xmax_;
  }
  if (y1 < ymin_) {
    if (y2 <= ymin_) return clipped();
    x1 += (x2 - x1) / (y2 - y1) * (ymin_ - y1);
    y1 = ymin_;
  } else if (y1 > ymax_) {
    if (y2 >= ymax_) return clipped();
    x1 += (x2 - x1) / (y2 - y1) * (ymax_ - y1);
    y1 = ymax_;
  }
  if (y2 < ymin_) {
    last_pixel_.x = INT_MIN;
    x2 += (x2 - x1) / (y2 - y1) * (ymin_ - y2);
    y2 = ymin_;
  } else if (y2 > ymax_) {
    last_pixel_.x = INT_MIN;
    x2 += (x2 - x1) / (y2 - y1) * (ymax_ - y2);
    y2 = ymax_;
  }
  return false;
}

// Qt writes the mostly vertical and the mostly horizontal case out twice;
// here they are one, in terms of the major axis (a: y when vertical) and the
// minor one (b), with the pixels' x and y compared as Qt compares them.
bool CosmeticStroker::SetUp(double x1d, double y1d, double x2d, double y2d, Segment& s) {
  if (ClipLine(x1d, y1d, x2d, y2d)) return false;
  const int x1 = ToFixed26Dot6(x1d), y1 = ToFixed26Dot6(y1d);
  const int x2 = ToFixed26Dot6(x2d), y2 = ToFixed26Dot6(y2d);
  s.vertical = std::abs(x2 - x1) < std::abs(y2 - y1);
  if (!s.vertical && x2 == x1) return false;
  s.a1 = s.vertical ? y1 : x1;
  s.a2 = s.vertical ? y2 : x2;
  int b1 = s.vertical ? x1 : y1;
  int b2 = s.vertical ? x2 : y2;
  s.swapped = s.a1 > s.a2;
  if (s.swapped) {
    std::swap(s.a1, s.a2);
    std::swap(b1, b2);
  }
  s.inc = FixedDiv(b2 - b1, s.a2 - s.a1);
  s.b = b1 * (1 << 10);
  return true;
}

void CosmeticStroker::CalculateLastPoint(double x1, double y1, double x2, double y2) {
  last_pixel_ = Pixel{};
  Segment s;
  if (!SetUp(x1, y1, x2, y2, s)) return;
  const int a = (s.a1 + 32) >> 6;
  const int as = (s.a2 + 32) >> 6;
  const int round = s.inc > 0 ? 32 : 0;
  if (a == as) return;
  const int b = s.b + (((a * (1 << 6)) + round - s.a1) * s.inc >> 6);
  if (s.swapped) {
    last_pixel_ = s.At(a, b >> 16);
    last_dir_ = s.vertical ? kBottomToTop : kRightToLeft;
  } else {
    last_pixel_ = s.At(as - 1, (b + (as - a - 1) * s.inc) >> 16);
    last_dir_ = s.vertical ? kTopToBottom : kLeftToRight;
  }
  last_axis_aligned_ = std::abs(s.inc) < (1 << 14);
}

void CosmeticStroker::RenderCubic(const PointD& p1, const PointD& p2, const PointD& p3,
                                  const PointD& p4) {
  // Stored end first, as Qt's renderCubic stores them.
  constexpr int kMaxSubdivisions = 6;
  PointD points[3 * kMaxSubdivisions + 4];
  points[3] = p1;
  points[2] = p2;
  points[1] = p3;
  points[0] = p4;
  RenderCubicSubdivision(points, kMaxSubdivisions);
}

void CosmeticStroker::RenderCubicSubdivision(PointD* points, int level) {
  if (level != 0) {
    const double dx = points[3].x - points[0].x;
    const double dy = points[3].y - points[0].y;
    const double len = .25 * (std::fabs(dx) + std::fabs(dy));
    if (std::fabs(dx * (points[0].y - points[2].y) - dy * (points[0].x - points[2].x)) >= len ||
        std::fabs(dx * (points[0].y - points[1].y) - dy * (points[0].x - points[1].x)) >= len) {
      // splitCubic: points[0..3] the end's half, points[3..6] the start's.
      points[6] = points[3];
      for (double PointD::*c : {&PointD::x, &PointD::y}) {
        const double c1 = points[1].*c;
        const double d1 = points[2].*c;
        const double a = (points[0].*c + c1) * .5;
        const double b = (points[3].*c + d1) * .5;
        const double mid = (c1 + d1) * .5;
        points[1].*c = a;
        points[5].*c = b;
        const double a2 = (a + mid) * .5;
        const double b2 = (b + mid) * .5;
        points[2].*c = a2;
        points[4].*c = b2;
        points[3].*c = (a2 + b2) * .5;
      }
      --level;
      RenderCubicSubdivision(points + 3, level);
      RenderCubicSubdivision(points, level);
      return;
    }
  }
  StrokeLine(points[3].x, points[3].y, points[0].x, points[0].y, 0);
}

void CosmeticStroker::StrokeLine(double x1, double y1, double x2, double y2, int caps) {
  if (plot_aa_) {
    StrokeLineAntialiased(x1, y1, x2, y2, caps);
    return;
  }
  Segment s;
  if (!SetUp(x1, y1, x2, y2, s)) return;
  Pixel last = last_pixel_;
  const bool vertical = s.vertical;
  const bool swapped = s.swapped;
  const int inc = s.inc;
  int a1 = s.a1;
  int a2 = s.a2;
  int b = s.b;
  int dir = vertical ? kTopToBottom : kLeftToRight;
  if (swapped) {
    caps = ((caps & kCapBegin) << 1) | ((caps & kCapEnd) >> 1);
    dir = vertical ? kBottomToTop : kRightToLeft;
  }
  // A reversal of direction joins with a cap.
  if ((last_dir_ ^ (vertical ? kVerticalMask : kHorizontalMask)) == dir) {
    caps |= swapped ? kCapEnd : kCapBegin;
  }
  if ((caps & kCapBegin) != 0) {
    a1 -= 32;
    b -= inc >> 1;
  }
  if ((caps & kCapEnd) != 0) a2 += 32;
  int a = (a1 + 32) >> 6;
  int as = (a2 + 32) >> 6;
  const int round = inc > 0 ? 32 : 0;
  // A cap that rounded away from the last point of the previous segment
  // rounds back.
  if ((caps & kCapBegin) != 0 && (vertical ? last_pixel_.y : last_pixel_.x) == a + 1) ++a;
  if (a != as) {
    b += ((a * (1 << 6)) + round - a1) * inc >> 6;
    Pixel first = s.At(a, b >> 16);
    last = s.At(as - 1, (b + (as - a - 1) * inc) >> 16);
    if (swapped) std::swap(first, last);
    const bool axis_aligned = std::abs(inc) < (1 << 14);
    if (last_pixel_.x > INT_MIN) {
      const int gap_x = std::abs(last_pixel_.x - first.x);
      const int gap_y = std::abs(last_pixel_.y - first.y);
      if (first.x == last_pixel_.x && first.y == last_pixel_.y) {
        // The previous segment drew this pixel.
        if (swapped) {
          --as;
        } else {
          ++a;
          b += inc;
        }
      } else if (last_dir_ != dir && ((axis_aligned && last_axis_aligned_ &&
                                       last_pixel_.x != first.x && last_pixel_.y != first.y) ||
                                      gap_x > 1 || gap_y > 1)) {
        // A pixel would be missing between the two: draw one more.
        if (swapped) {
          ++as;
        } else {
          --a;
          b -= inc;
        }
      } else if (last_dir_ == dir && gap_x <= 1 && gap_y > 1) {
        b += inc >> 1;
        const int minor = swapped ? (b >> 16) : ((b + (as - a - 1) * inc) >> 16);
        (vertical ? last.x : last.y) = minor;
      }
    }
    last_dir_ = dir;
    last_axis_aligned_ = axis_aligned;
    do {
      const Pixel p = s.At(a, b >> 16);
      if (p.x >= 0 && p.x < width_ && p.y >= 0 && p.y < height_) plot_(p.x, p.y, 1);
      b += inc;
    } while (++a < as);
  }
  last_pixel_ = last;
}

void CosmeticStroker::StrokeLineAntialiased(double x1d, double y1d, double x2d, double y2d,
                                            int caps) {
  // drawLineAA, its mostly vertical and mostly horizontal cases in terms of
  // the major axis a and the minor one b, as StrokeLine's are.
  Segment s;
  if (!SetUp(x1d, y1d, x2d, y2d, s)) return;
  if (s.swapped) caps = ((caps & kCapBegin) << 1) | ((caps & kCapEnd) >> 1);
  int a1 = s.a1;
  int a2 = s.a2;
  // The minor axis at the first step's centre, in 16.16, half a pixel back.
  const int b1 = s.b >> 10;
  int b = (b1 - 32) * (1 << 10);
  b -= (((a1 & 63) - 32) * s.inc) >> 6;
  if ((caps & kCapBegin) != 0) {
    a1 -= 32;
    b -= s.inc >> 1;
  }
  if ((caps & kCapEnd) != 0) a2 += 32;
  int a = a1 >> 6;
  const int as = a2 >> 6;
  int alpha_start = 0;
  int alpha_end = 0;
  if (a == as) {
    alpha_start = a2 - a1;
  } else {
    alpha_start = 64 - (a1 & 63);
    alpha_end = a2 & 63;
  }
  auto plot = [&](int major, int minor, int coverage) {
    const Pixel p = s.At(major, minor);
    if (p.x < 0 || p.x >= width_ || p.y < 0 || p.y >= height_) return;
    plot_aa_(p.x, p.y, coverage);
  };
  auto pair = [&](int major, int weight) {
    const int alpha = (b >> 8) & 0xff;
    plot(major, b >> 16, (255 - alpha) * weight >> 6);
    plot(major, (b >> 16) + 1, alpha * weight >> 6);
  };
  pair(a, alpha_start);
  b += s.inc;
  ++a;
  for (; a < as; ++a) {
    const int alpha = (b >> 8) & 0xff;
    plot(a, b >> 16, 255 - alpha);
    plot(a, (b >> 16) + 1, alpha);
    b += s.inc;
  }
  if (alpha_end != 0) pair(a, alpha_end);
}

}  // namespace parallel_pool::procgen
