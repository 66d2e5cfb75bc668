// pygame_draw: pygame.draw's polygon, lines, line, circle, aalines and aaline
// (as pygame-ce 2.5.8 draws them) on a Canvas, pixel for pixel, for the
// render() of families that draw as gymnasium's Box2D envs do (CarRacing's
// car and indicators, its skid marks; LunarLander's particles and outlines).
// Written here, in this code's own structure (scanline.h's fill,
// line_walk.h's walks), to behave as pygame's draw module does: the same
// pixels, from the same int and float arithmetic wherever it decides one.
//
// Coordinates are pygame's: x to the right, y down, pixel (x, y) is row y of
// Canvas::pixels() (the canvas keeps rows in drawing order; CopyFlipped is
// the flip gymnasium applies afterwards). Points outside the surface are
// fine: everything is clipped to it as pygame clips.
//
// What makes pygame's pixels what they are (canvas_test.py draws random
// shapes, off the surface and degenerate ones too, with both):
//   - coordinates: polygon, lines, line and circle take ints; pygame
//     truncates a Python float with a C cast, (int)x (ToInt below);
//     aalines and aaline take C floats, (float)x;
//   - polygon with 3 points is a triangle fill of its own: vertices sorted
//     by y (stably), each row spanning from the long edge to the short edge
//     beside it, x = x0 + (int)((float)(y - y0) * slope) with slopes
//     dx / (dy + 1e-17) in double; a flat triangle whose first two
//     vertices share x takes its third as the middle one;
//   - polygon with more points: a scanline fill whose crossing on row y is
//     (y - y1) * (x2 - x1) / (float)(y2 - y1), rounded down if it is the
//     even-numbered crossing found on the row (in edge order), up if odd;
//     every horizontal edge strictly between the top and bottom rows is
//     drawn afterwards; a polygon one row high is the span from its least
//     to its greatest x;
//   - line width w > 1: Bresenham's walk, at each pixel a span of w pixels
//     across the line's minor axis (from -w/2 + (1 - w % 2) to +w/2), ends
//     cut square; w == 1: the walk's pixels;
//   - circle: the midpoint circle centred between pixels, as spans;
//   - aaline: a Wu line in single-precision float, clipped to a box one
//     pixel wider than the surface, y shifted down a pixel so truncation
//     floors, each pixel blended as (Uint8)(b * colour + (1 - b) *
//     background) in float; aalines adds its endpoint rules (an endpoint
//     off the pixel grid is drawn by one segment only, plus a pixel where
//     a steep and a flat segment meet).
// Arithmetic pygame does in int wraps here as x86's does (C++20 conversions
// are modular); coordinates beyond +-2^30 are outside what pygame itself
// computes reliably (its int arithmetic overflows) and are not promised.
#ifndef PARALLEL_POOL_IMAGE_PYGAME_DRAW_H_
#define PARALLEL_POOL_IMAGE_PYGAME_DRAW_H_

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

#include "parallel_pool/image/canvas.h"
#include "parallel_pool/image/line_walk.h"
#include "parallel_pool/image/scanline.h"

namespace parallel_pool::image::pygame_draw {

// (int)v as pygame's C casts a Python float: truncation toward zero; a value
// out of int's range (or NaN) gives INT_MIN, as x86's cvttsd2si does (C
// leaves it undefined; the result must not depend on the CPU we run on).
inline int ToInt(double v) {
  if (v >= -2147483648.0 && v < 2147483648.0) return static_cast<int>(v);
  return INT_MIN;
}

namespace internal {

// int arithmetic as pygame's compiled C does it on x86: modulo 2^32.
inline int WrapAdd(int a, int b) { return static_cast<int>(static_cast<std::int64_t>(a) + b); }
inline int WrapSub(int a, int b) { return static_cast<int>(static_cast<std::int64_t>(a) - b); }
inline int WrapMul(int a, int b) { return static_cast<int>(static_cast<std::int64_t>(a) * b); }

// (int)f for a C float, with x86's out-of-range result.
inline int FloatToInt(float f) {
  if (f >= -2147483648.0F && f < 2147483648.0F) return static_cast<int>(f);
  return INT_MIN;
}

// Pixels first..last of row `row` (or of column `row`, if !along_x),
// clipped to the surface; first <= last, in int64 so that a thick line's
// span near the ends of int's range does not wrap onto the surface.
inline void ClippedSpan(Canvas* canvas, bool along_x, std::int64_t row, std::int64_t first,
                        std::int64_t last, Rgb c) {
  const std::int64_t rows = along_x ? canvas->height() : canvas->width();
  const std::int64_t length = along_x ? canvas->width() : canvas->height();
  if (row < 0 || row >= rows) return;
  first = std::max<std::int64_t>(first, 0);
  last = std::min(last, length - 1);
  if (first > last) return;
  if (along_x) {
    canvas->HLine(static_cast<int>(first), static_cast<int>(last), static_cast<int>(row), c);
  } else {
    canvas->VLine(static_cast<int>(row), static_cast<int>(first), static_cast<int>(last), c);
  }
}

// The scanline fill of 4 or more vertices.
inline void FillPolygon(Canvas* canvas, const std::vector<int>& xs, const std::vector<int>& ys,
                        Rgb c) {
  const auto [top, bottom] = std::minmax_element(ys.begin(), ys.end());
  const int top_row = *top;
  const int bottom_row = *bottom;
  if (top_row == bottom_row) {  // no edge crosses a row: pygame draws the row
    const auto [left, right] = std::minmax_element(xs.begin(), xs.end());
    canvas->HLine(*left, *right, top_row, c);
    return;
  }
  std::vector<PolygonEdge> edges;
  PolygonEdges(xs, ys, &edges);
  std::vector<int> scratch;
  // Rows off the surface are skipped: each row's crossings depend on that
  // row alone.
  FillScanlines<PolygonEdge>(
      edges, std::max(top_row, 0), std::min(bottom_row, canvas->height() - 1),
      [](const PolygonEdge& e, int row, std::size_t index) {
        // An int product divided in float, then rounded by the crossing's
        // parity on the row (in edge order, not in x order).
        const float offset =
            static_cast<float>(WrapMul(WrapSub(row, e.top_y), WrapSub(e.bottom_x, e.top_x))) /
            static_cast<float>(WrapSub(e.bottom_y, e.top_y));
        const float rounded = index % 2 == 0 ? std::floor(offset) : std::ceil(offset);
        return WrapAdd(FloatToInt(rounded), e.top_x);
      },
      [&](int row, int left, int right) { canvas->HLine(left, right, row, c); }, &scratch);
  // The rows leave out a horizontal edge that is a lower border (inside
  // above, outside below); pygame adds every horizontal edge strictly
  // between the top and bottom rows.
  const std::size_t n = xs.size();
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t from = i == 0 ? n - 1 : i - 1;
    const int y = ys[i];
    if (top_row < y && y < bottom_row && ys[from] == y) canvas->HLine(xs[i], xs[from], y, c);
  }
}

// A triangle's edge for the scanline fill: x at a row from its upper end
// and a float slope, truncated toward zero.
struct TriangleEdge {
  int origin_x, origin_y;
  float slope;
  std::int64_t first_row, last_row;
};

// The fill of 3 vertices: each row crosses the long edge (top vertex to
// bottom vertex) and one short edge, the upper one above the middle vertex
// and the lower one from its row down.
inline void FillTriangle(Canvas* canvas, const std::vector<int>& xs, const std::vector<int>& ys,
                         Rgb c) {
  struct Vertex {
    int x, y;
  };
  std::array<Vertex, 3> v{{{xs[0], ys[0]}, {xs[1], ys[1]}, {xs[2], ys[2]}}};
  // Stable: of vertices on one row, the order given decides which is the
  // middle one, and so a flat triangle's span.
  std::stable_sort(v.begin(), v.end(), [](const Vertex& a, const Vertex& b) { return a.y < b.y; });
  if (v[0].y == v[2].y && v[0].x == v[1].x && v[1].x != v[2].x) std::swap(v[1], v[2]);
  // dx / (dy + 1e-17) in double (the 1e-17 keeps a flat edge from dividing
  // by zero), kept as float.
  auto edge = [](Vertex from, Vertex to, std::int64_t first_row, std::int64_t last_row) {
    const double dx = WrapSub(to.x, from.x);
    const double dy = WrapSub(to.y, from.y);
    return TriangleEdge{from.x, from.y, static_cast<float>(dx / (dy + 1e-17)), first_row, last_row};
  };
  const std::array<TriangleEdge, 3> edges{
      edge(v[0], v[2], v[0].y, v[2].y),
      edge(v[0], v[1], v[0].y, std::int64_t{v[1].y} - 1),
      edge(v[1], v[2], v[1].y, v[2].y),
  };
  std::vector<int> scratch;
  FillScanlines<TriangleEdge>(
      edges, std::max(v[0].y, 0), std::min(v[2].y, canvas->height() - 1),
      [](const TriangleEdge& e, int row, std::size_t) {
        return WrapAdd(e.origin_x,
                       FloatToInt(static_cast<float>(WrapSub(row, e.origin_y)) * e.slope));
      },
      [&](int row, int left, int right) { canvas->HLine(left, right, row, c); }, &scratch);
}

// Width 1: the walk's pixels, both ends drawn.
inline void ThinLine(Canvas* canvas, int x1, int y1, int x2, int y2, Rgb c) {
  // Along an axis the walk's pixels are a span, clipped once.
  if (y1 == y2) {
    canvas->HLine(x1, x2, y1, c);
    return;
  }
  if (x1 == x2) {
    canvas->VLine(x1, y1, y2, c);
    return;
  }
  BresenhamWalk(x1, y1, x2, y2).ForEach([&](int x, int y) { canvas->SetAt(x, y, c); });
}

// Width > 1: at each pixel of the walk, a span across the minor axis.
inline void WideLine(Canvas* canvas, int x1, int y1, int x2, int y2, int width, Rgb c) {
  if (width < 1) return;
  if (width == 1) {
    ThinLine(canvas, x1, y1, x2, y2, c);
    return;
  }
  const int half = width / 2;
  const int extra = 1 - width % 2;  // an even width's extra pixel is on the + side
  // Spans are rows for lines at least as tall as wide (45 degrees and a
  // single point included), columns otherwise.
  const bool spans_are_rows = std::abs(WrapSub(x1, x2)) <= std::abs(WrapSub(y1, y2));
  // pygame's early out: the bounding box, widened across the line only,
  // misses the surface.
  std::int64_t left = std::min(x1, x2), right = std::max(x1, x2);
  std::int64_t top = std::min(y1, y2), bottom = std::max(y1, y2);
  std::int64_t& low = spans_are_rows ? left : top;
  std::int64_t& high = spans_are_rows ? right : bottom;
  low = WrapSub(static_cast<int>(low), half);
  high = WrapAdd(static_cast<int>(high), half);
  if (right < 0 || bottom < 0 || left >= canvas->width() || top >= canvas->height()) return;
  BresenhamWalk(x1, y1, x2, y2).ForEach([&](int x, int y) {
    const int across = spans_are_rows ? x : y;
    ClippedSpan(canvas, spans_are_rows, spans_are_rows ? y : x, std::int64_t{across} - half + extra,
                std::int64_t{across} + half, c);
  });
}

// Colour c at brightness b over the pixel there, each channel
// (Uint8)(b * c + (1 - b) * background) in float, as pygame blends.
inline void BlendAt(Canvas* canvas, int x, int y, Rgb c, float brightness) {
  if (x < 0 || x >= canvas->width() || y < 0 || y >= canvas->height()) return;
  const Rgb bg = canvas->GetAt(x, y);
  auto mix = [brightness](std::uint8_t fg, std::uint8_t back) {
    const float v =
        brightness * static_cast<float>(fg) + (1 - brightness) * static_cast<float>(back);
    // (Uint8) of a float compiles to a truncation to int, low byte kept.
    return static_cast<std::uint8_t>(FloatToInt(v));
  };
  canvas->SetAt(x, y, {mix(c.r, bg.r), mix(c.g, bg.g), mix(c.b, bg.b)});
}

// A point of an anti-aliased segment in the frame of its major axis.
struct AxisPoint {
  float major, minor;
};

// An anti-aliased segment in its frame, oriented along +major, clipped.
struct FrameSegment {
  AxisPoint from, to;
  float gradient;  // minor per major
};

// The box the segment is clipped to, in its frame.
struct FrameBox {
  float major_low, major_high, minor_low, minor_high;
};

// What is left of from-to (run d_major > 0, rise d_minor) inside the box:
// first along the major axis, then along the minor one, each moved end
// sliding along the line by the float gradient; none if nothing is left.
inline std::optional<FrameSegment> ClipToBox(AxisPoint from, AxisPoint to, float d_major,
                                             float d_minor, const FrameBox& box) {
  if (to.major <= box.major_low || from.major >= box.major_high) return std::nullopt;
  const float gradient = d_minor / d_major;
  if (from.major < box.major_low) {
    from.minor += gradient * (box.major_low - from.major);
    from.major = box.major_low;
  }
  if (to.major > box.major_high) {
    to.minor += gradient * (box.major_high - to.major);
    to.major = box.major_high;
  }
  // On the minor axis, the end with the lesser coordinate is the first for
  // a rising segment, the last otherwise (a flat one included).
  AxisPoint& low = gradient > 0.0F ? from : to;
  AxisPoint& high = gradient > 0.0F ? to : from;
  if (high.minor <= box.minor_low || low.minor >= box.minor_high) return std::nullopt;
  if (low.minor < box.minor_low) {
    low.major += (box.minor_low - low.minor) / gradient;
    low.minor = box.minor_low;
  }
  if (high.minor > box.minor_high) {
    high.major += (box.minor_high - high.minor) / gradient;
    high.minor = box.minor_high;
  }
  return FrameSegment{from, to, gradient};
}

// Which of a segment's ends aalines leaves to the segment next to it, and
// whether it draws them anyway (where the polyline turns between steep and
// flat).
struct AaEnds {
  bool skip_first = false;
  bool skip_last = false;
  bool turn = false;
};

// pygame's anti-aliased segment, in float as pygame computes it: two pixels
// across the minor axis at each column of the major axis, their brightness
// split by where the line crosses the column; the end columns also scaled by
// how much of the column the segment covers.
inline void AaSegment(Canvas* canvas, float x0, float y0, float x1, float y1, Rgb c, AaEnds ends) {
  const float dx = x1 - x0;
  const float dy = y1 - y0;
  // pygame's fabs() works in double; the comparisons are the same.
  if (std::fabs(static_cast<double>(dx)) < 0.0001 && std::fabs(static_cast<double>(dy)) < 0.0001) {
    BlendAt(canvas, ToInt(std::floor(static_cast<double>(x0) + 0.5)),
            ToInt(std::floor(static_cast<double>(y0) + 0.5)), c, 1.0F);
    return;
  }
  const LineAxes axes{std::fabs(dx) < std::fabs(dy)};
  const auto [d_major, d_minor] = axes.FromSurface(dx, dy);
  const auto [major0, minor0] = axes.FromSurface(x0, y0);
  const auto [major1, minor1] = axes.FromSurface(x1, y1);
  const auto [width, height] =
      axes.FromSurface(static_cast<float>(canvas->width()), static_cast<float>(canvas->height()));
  // A pixel wider than the surface on each side, so that the pixels on its
  // border still get their share.
  const FrameBox box{-1.0F, width, -1.0F, height};
  const bool forward = d_major >= 0;
  const std::optional<FrameSegment> clipped =
      forward ? ClipToBox({major0, minor0}, {major1, minor1}, d_major, d_minor, box)
              : ClipToBox({major1, minor1}, {major0, minor0}, -d_major, -d_minor, box);
  if (!clipped) return;
  const float gradient = clipped->gradient;
  // Shifted a pixel down the minor axis so that truncation floors; every
  // pixel is drawn one up again.
  const AxisPoint from{clipped->from.major, clipped->from.minor + 1.0F};
  const AxisPoint to{clipped->to.major, clipped->to.minor + 1.0F};
  auto plot = [&](int major, int minor, float brightness) {
    const auto [x, y] = axes.ToSurface(major, minor);
    BlendAt(canvas, x, y, c, brightness);
  };
  auto end_column = [&](int major, float minor, float coverage) {
    const int below = FloatToInt(minor);
    const float share = minor - static_cast<float>(below);
    if (static_cast<float>(below) < minor) plot(major, below, share * coverage);
    plot(major, below - 1, (1 - share) * coverage);
  };
  int first = 0;
  float minor = 0.0F;
  if (!ends.skip_first || ends.turn) {
    first = FloatToInt(from.major);
    minor = from.minor + gradient * (static_cast<float>(first) - from.major);
    if (to.major > box.major_low + 1.0F) {
      end_column(first, minor, static_cast<float>(1 + first) - from.major);
      minor += gradient;
      ++first;
    }
  }
  if (ends.skip_first) {  // the columns start past the first end
    first = ToInt(std::ceil(static_cast<double>(from.major)));
    minor = from.minor + gradient * (static_cast<float>(first) - from.major);
  }
  const int last = ToInt(std::ceil(static_cast<double>(to.major)));
  if ((!ends.skip_last || ends.turn) && from.major < box.major_high - 1.0F) {
    end_column(last, to.minor + gradient * (static_cast<float>(last) - to.major),
               static_cast<float>(1 - last) + to.major);
  }
  for (int major = first; major < last; ++major, minor += gradient) {
    const int below = FloatToInt(minor);
    const float brightness = (1 - minor) + static_cast<float>(below);
    plot(major, below - 1, brightness);
    if (static_cast<float>(below) < minor) plot(major, below, 1 - brightness);
  }
}

inline std::vector<int> Xs(std::span<const Point> points) {
  std::vector<int> out(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) out[i] = ToInt(points[i].x);
  return out;
}

inline std::vector<int> Ys(std::span<const Point> points) {
  std::vector<int> out(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) out[i] = ToInt(points[i].y);
  return out;
}

}  // namespace internal

// pygame.draw.lines(surface, color, closed, points, width): a line of
// `width` between consecutive points, and from the last back to the first
// if closed (and there are more than 2 points). Fewer than 2 points is
// pygame's ValueError; width < 1 draws nothing.
inline void Lines(Canvas* canvas, std::span<const Point> points, Rgb color, bool closed,
                  int width = 1) {
  if (points.size() < 2) {
    throw std::invalid_argument("pygame_draw::Lines: points must contain 2 or more points");
  }
  if (width < 1) return;
  const std::vector<int> xs = internal::Xs(points);
  const std::vector<int> ys = internal::Ys(points);
  const std::size_t n = points.size();
  for (std::size_t i = 1; i < n; ++i) {
    internal::WideLine(canvas, xs[i - 1], ys[i - 1], xs[i], ys[i], width, color);
  }
  if (closed && n > 2) internal::WideLine(canvas, xs[n - 1], ys[n - 1], xs[0], ys[0], width, color);
}

// pygame.draw.line(surface, color, start, end, width).
inline void Line(Canvas* canvas, Point start, Point end, Rgb color, int width = 1) {
  internal::WideLine(canvas, ToInt(start.x), ToInt(start.y), ToInt(end.x), ToInt(end.y), width,
                     color);
}

// pygame.draw.polygon(surface, color, points, width): filled for width 0,
// else its outline, lines(closed=True, width). Fewer than 3 points is
// pygame's ValueError.
inline void Polygon(Canvas* canvas, std::span<const Point> points, Rgb color, int width = 0) {
  if (width != 0) {
    Lines(canvas, points, color, true, width);
    return;
  }
  if (points.size() < 3) {
    throw std::invalid_argument("pygame_draw::Polygon: points must contain more than 2 points");
  }
  const std::vector<int> xs = internal::Xs(points);
  const std::vector<int> ys = internal::Ys(points);
  if (points.size() == 3) {
    internal::FillTriangle(canvas, xs, ys, color);
  } else {
    internal::FillPolygon(canvas, xs, ys, color);
  }
}

// pygame.draw.circle(surface, color, center, radius), filled (width 0).
// Centre and radius are truncated to ints; a radius below 1 draws nothing.
// The circle is centred between pixels: the span at offset k covers rows
// y0 - k and y0 + k - 1, columns x0 - w to x0 + w - 1. A midpoint walk along
// one octant gives, at each of its points (x, y), rows +-x a half width y,
// and rows +-y a half width x when y is about to step (its widest there);
// each row is drawn once, at the widest asked of it.
inline void Circle(Canvas* canvas, Point center, double radius, Rgb color) {
  const int x0 = ToInt(center.x);
  const int y0 = ToInt(center.y);
  const int r = ToInt(radius);
  if (r < 1) return;
  // pygame's early out (a box one radius wider than the surface).
  if (x0 > std::int64_t{canvas->width()} + r || x0 < -std::int64_t{r} ||
      y0 > std::int64_t{canvas->height()} + r || y0 < -std::int64_t{r}) {
    return;
  }
  // pygame caps the right end so that x0 + x cannot overflow.
  const int right_cap = x0 < 0 ? x0 + INT_MAX + 1 : INT_MAX - x0;
  CenteredRows rows;
  rows.Reset(canvas->height());
  auto widen = [&](int offset, int half_width) {
    rows.Widen(std::int64_t{y0} - offset, half_width);
    rows.Widen(std::int64_t{y0} + offset - 1, half_width);
  };
  int x = 0;
  int y = r;
  int decision = 1 - r;  // the midpoint's side of the circle, scaled
  while (x < y) {
    if (decision >= 0) {
      --y;
      decision -= 2 * y;
    }
    ++x;
    decision += 2 * x + 1;
    if (decision >= 0) widen(y, x);
    widen(x, y);
  }
  rows.ForEach([&](int row, int half_width) {
    canvas->HLine(x0 - half_width, x0 + std::min(half_width - 1, right_cap), row, color);
  });
}

// pygame.draw.aaline(surface, color, start, end) (width 1): both endpoints
// drawn.
inline void AaLine(Canvas* canvas, Point start, Point end, Rgb color) {
  internal::AaSegment(canvas, static_cast<float>(start.x), static_cast<float>(start.y),
                      static_cast<float>(end.x), static_cast<float>(end.y), color, {});
}

// pygame.draw.aalines(surface, color, closed, points): consecutive aalines
// with pygame's endpoint rules. pygame's 2-point case reads past its own
// buffer (the first segment's "next" point); there we take the segment as
// its own successor (no turn pixel), so 2 points are not promised equal.
inline void AaLines(Canvas* canvas, std::span<const Point> points, Rgb color, bool closed) {
  const std::size_t n = points.size();
  if (n < 2) {
    throw std::invalid_argument("pygame_draw::AaLines: points must contain 2 or more points");
  }
  std::vector<float> xs(n);
  std::vector<float> ys(n);
  for (std::size_t i = 0; i < n; ++i) {
    xs[i] = static_cast<float>(points[i].x);
    ys[i] = static_cast<float>(points[i].y);
  }
  struct Segment {
    std::size_t from, to;
    bool steep;
    bool end_off_grid;  // its last end is not on a pixel
  };
  auto segment = [&](std::size_t from, std::size_t to) {
    const bool steep = std::fabs(xs[to] - xs[from]) < std::fabs(ys[to] - ys[from]);
    const bool on_grid = std::round(xs[to]) == xs[to] && std::round(ys[to]) == ys[to];
    return Segment{from, to, steep, !on_grid};
  };
  // In drawing order: consecutive points (pygame draws a 2-point polyline's
  // one segment twice, as its first and as its last), then the closing one.
  std::vector<Segment> segments;
  for (std::size_t i = 1; i < n; ++i) segments.push_back(segment(i - 1, i));
  if (n == 2) segments.push_back(segments.front());
  const std::size_t last_open = segments.size() - 1;
  if (closed && n > 2) segments.push_back(segment(n - 1, 0));
  for (std::size_t k = 0; k < segments.size(); ++k) {
    const Segment& s = segments[k];
    // An end off the grid is left to one of the two segments that share it
    // (both ends of a segment, by its last end's placement); an open
    // polyline's own ends are drawn, a closed one's are shared too.
    internal::AaEnds ends{s.end_off_grid, s.end_off_grid, false};
    if (k == 0) {
      ends.skip_first = closed && s.end_off_grid;
      // pygame compares the first segment with a "next" one from its end
      // to point 2 but measured in y from point 0 (its expression as
      // written).
      const bool next_steep = n > 2 ? std::fabs(xs[2] - xs[1]) < std::fabs(ys[2] - ys[0]) : s.steep;
      ends.turn = s.steep && !next_steep;
    } else {
      ends.turn = segments[k - 1].steep != s.steep;
    }
    if (k == last_open) ends.skip_last = closed && s.end_off_grid;
    internal::AaSegment(canvas, xs[s.from], ys[s.from], xs[s.to], ys[s.to], color, ends);
  }
}

}  // namespace parallel_pool::image::pygame_draw

#endif  // PARALLEL_POOL_IMAGE_PYGAME_DRAW_H_
