// pygame_draw: pygame.draw's polygon, lines, line, circle, aalines and aaline
// (pygame-ce 2.5.8, src_c/draw.c) on a Canvas, pixel for pixel, for the
// render() of families that draw as gymnasium's Box2D envs do (CarRacing's
// car and indicators, its skid marks; MountainCar's track).
//
// Coordinates are pygame's: x to the right, y down, pixel (x, y) is row y of
// Canvas::pixels() (the canvas keeps rows in drawing order; CopyFlipped is
// the flip gymnasium applies afterwards). Points outside the surface are
// fine: everything is clipped to it as pygame clips.
//
// What makes pygame's pixels what they are, reproduced here (canvas_test.py
// draws random shapes, off the surface and degenerate ones too, with both):
//   - coordinates: polygon, lines, line and circle take ints; pygame
//     truncates a Python float with a C cast, (int)x (ToInt below);
//     aalines and aaline take C floats, (float)x;
//   - polygon with 3 points is a separate triangle fill (draw_filltri: float
//     slopes from the lowest vertex), with more its scanline fill
//     (draw_fillpoly): edges crossed at y in [y1, y2), and at the bottom row
//     also the edges that end there; each crossing
//     (y - y1) * (x2 - x1) / (float)(y2 - y1) rounded down if it is the
//     even-numbered crossing found on the row (in edge order), up if odd,
//     then spans between sorted pairs; afterwards every horizontal edge
//     strictly between the top and bottom rows is drawn; a polygon one row
//     high is the span from its least to its greatest x;
//   - line width w > 1: Bresenham's centre line, at each step a span of w
//     pixels across the line's minor axis (from -w/2 + (1 - w % 2) to
//     +w/2), ends cut square; w == 1: plain Bresenham;
//   - aaline: pygame's own Wu variant in single-precision float, clipped a
//     pixel wider than the surface, each pixel blended as
//     (Uint8)(b * colour + (1 - b) * background) in float; aalines adds its
//     endpoint rules (an endpoint off the pixel grid is drawn by one segment
//     only, plus a pixel where a steep and a flat segment meet).
// Arithmetic pygame does in int wraps here as x86's does (C++20 conversions
// are modular); coordinates beyond +-2^30 are outside what pygame itself
// computes reliably (its int arithmetic overflows) and are not promised.
// Our own code, written from the behaviour of pygame's; no pygame source.
#ifndef PARALLEL_POOL_IMAGE_PYGAME_DRAW_H_
#define PARALLEL_POOL_IMAGE_PYGAME_DRAW_H_

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

#include "parallel_pool/image/canvas.h"

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

// draw_fillpoly: the scanline fill of 4 or more vertices.
inline void FillPolygon(Canvas* canvas, const std::vector<int>& xs, const std::vector<int>& ys,
                        Rgb c) {
  const int n = static_cast<int>(xs.size());
  const auto [miny_it, maxy_it] = std::minmax_element(ys.begin(), ys.end());
  const int miny = *miny_it;
  const int maxy = *maxy_it;
  if (miny == maxy) {
    const auto [minx_it, maxx_it] = std::minmax_element(xs.begin(), xs.end());
    canvas->HLine(*minx_it, *maxx_it, miny, c);
    return;
  }
  // Each row's crossings depend on that row alone, so rows off the surface
  // (which pygame computes and clips away) are skipped.
  const int y_first = std::max(miny, 0);
  const int y_last = std::min(maxy, canvas->height() - 1);
  std::vector<int> crossings;
  crossings.reserve(n);
  for (int y = y_first; y <= y_last; ++y) {
    crossings.clear();
    for (int i = 0; i < n; ++i) {
      const int previous = i == 0 ? n - 1 : i - 1;
      int x1 = xs[previous];
      int y1 = ys[previous];
      int x2 = xs[i];
      int y2 = ys[i];
      if (y1 > y2) {
        std::swap(x1, x2);
        std::swap(y1, y2);
      } else if (y1 == y2) {
        continue;  // horizontal edges: after the scan
      }
      // Half-open [y1, y2) so a vertex between two edges counts once; the
      // bottom row closes the edges that end on it.
      if ((y >= y1 && y < y2) || (y == maxy && y2 == maxy)) {
        // int product, then float division, as pygame's expression does.
        const float offset = static_cast<float>(WrapMul(WrapSub(y, y1), WrapSub(x2, x1))) /
                             static_cast<float>(WrapSub(y2, y1));
        // pygame rounds by the parity of the crossing's position in edge
        // order (not in x order): floor for even, ceil for odd.
        const float rounded = crossings.size() % 2 == 0 ? std::floor(offset) : std::ceil(offset);
        crossings.push_back(WrapAdd(FloatToInt(rounded), x1));
      }
    }
    std::sort(crossings.begin(), crossings.end());
    for (std::size_t i = 0; i + 1 < crossings.size(); i += 2) {
      canvas->HLine(crossings[i], crossings[i + 1], y, c);
    }
  }
  // The scan leaves out horizontal edges that are a lower border (inside
  // above, outside below); pygame draws every horizontal edge strictly
  // between the top and bottom rows.
  for (int i = 0; i < n; ++i) {
    const int previous = i == 0 ? n - 1 : i - 1;
    const int y = ys[i];
    if (miny < y && ys[previous] == y && y < maxy) canvas->HLine(xs[i], xs[previous], y, c);
  }
}

// draw_filltri: three vertices sorted by y; each row spans from the long
// edge (top to bottom vertex) to the short edge on that side of the middle
// vertex, with float slopes truncated toward zero.
inline void FillTriangle(Canvas* canvas, const std::vector<int>& xs, const std::vector<int>& ys,
                         Rgb c) {
  int p0x = xs[0], p0y = ys[0];
  int p1x = xs[1], p1y = ys[1];
  int p2x = xs[2], p2y = ys[2];
  // pygame's exact sequence of swaps (it decides which of equal-y vertices
  // ends up where, and so the spans of a flat triangle).
  if (p1y < p0y) {
    std::swap(p1x, p0x);
    std::swap(p1y, p0y);
  }
  if (p2y < p1y) {
    std::swap(p1x, p2x);
    std::swap(p1y, p2y);
    if (p1y < p0y) {
      std::swap(p1x, p0x);
      std::swap(p1y, p0y);
    }
  }
  if (p0y == p1y && p1y == p2y && p0x == p1x && p1x != p2x) {
    std::swap(p1x, p2x);
    std::swap(p1y, p2y);
  }
  // Slopes: int / (int + 1e-17) in double (the 1e-17 only keeps a flat
  // edge from dividing by zero), stored as float.
  auto slope = [](int dx, int dy) {
    return static_cast<float>(static_cast<double>(dx) / (static_cast<double>(dy) + 1e-17));
  };
  const float d1 = slope(WrapSub(p2x, p0x), WrapSub(p2y, p0y));
  const float d2 = slope(WrapSub(p1x, p0x), WrapSub(p1y, p0y));
  const float d3 = slope(WrapSub(p2x, p1x), WrapSub(p2y, p1y));
  const int y_first = std::max(p0y, 0);
  const int y_last = std::min(p2y, canvas->height() - 1);
  for (int y = y_first; y <= y_last; ++y) {
    const int x1 = WrapAdd(p0x, FloatToInt(static_cast<float>(WrapSub(y, p0y)) * d1));
    const int x2 = y < p1y ? WrapAdd(p0x, FloatToInt(static_cast<float>(WrapSub(y, p0y)) * d2))
                           : WrapAdd(p1x, FloatToInt(static_cast<float>(WrapSub(y, p1y)) * d3));
    canvas->HLine(x1, x2, y, c);
  }
}

// draw_line: width 1, Bresenham from (x1, y1) to (x2, y2), both ends drawn.
inline void ThinLine(Canvas* canvas, int x1, int y1, int x2, int y2, Rgb c) {
  if (y1 == y2) {  // a point, or horizontal: the same pixels as a span
    canvas->HLine(x1, x2, y1, c);
    return;
  }
  if (x1 == x2) {
    canvas->VLine(x1, y1, y2, c);
    return;
  }
  const int dx = std::abs(WrapSub(x2, x1));
  const int dy = std::abs(WrapSub(y2, y1));
  const int sx = x1 < x2 ? 1 : -1;
  const int sy = y1 < y2 ? 1 : -1;
  int err = (dx > dy ? dx : -dy) / 2;
  while (x1 != x2 || y1 != y2) {
    canvas->SetAt(x1, y1, c);
    const int e2 = err;
    if (e2 > -dx) {
      err -= dy;
      x1 += sx;
    }
    if (e2 < dy) {
      err += dx;
      y1 += sy;
    }
  }
  canvas->SetAt(x2, y2, c);
}

// draw_line_width.
inline void WideLine(Canvas* canvas, int x1, int y1, int x2, int y2, int width, Rgb c) {
  if (width < 1) return;
  if (width == 1) {
    ThinLine(canvas, x1, y1, x2, y2, c);
    return;
  }
  const int end_x = canvas->width() - 1;
  const int end_y = canvas->height() - 1;
  // An even width puts its extra pixel on the + side.
  const int extra = 1 - width % 2;
  const int half = width / 2;
  // Thickness grows along x for lines at least as tall as wide (45 degrees
  // included), along y otherwise.
  const bool across_x = std::abs(WrapSub(x1, x2)) <= std::abs(WrapSub(y1, y2));
  {
    // pygame's early out: the bounding box, widened across the line only,
    // misses the surface.
    int left = std::min(x1, x2), right = std::max(x1, x2);
    int top = std::min(y1, y2), bottom = std::max(y1, y2);
    if (across_x) {
      left = WrapSub(left, half);
      right = WrapAdd(right, half);
    } else {
      top = WrapSub(top, half);
      bottom = WrapAdd(bottom, half);
    }
    if (0 > right || 0 > bottom || canvas->width() <= left || canvas->height() <= top) return;
  }
  if (x1 == x2 && y1 == y2) {
    // A point: one horizontal span (the box test above kept y1 on the surface).
    const int start = std::max(x1 - half + extra, 0);
    const int end = std::min(end_x, x1 + half);
    if (start <= end) canvas->HLine(start, end, y1, c);
    return;
  }
  const int dx = std::abs(WrapSub(x2, x1));
  const int dy = std::abs(WrapSub(y2, y1));
  const int sx = x2 > x1 ? 1 : -1;
  const int sy = y2 > y1 ? 1 : -1;
  int err = (dx > dy ? dx : -dy) / 2;
  auto step = [&] {
    const int e2 = err;
    if (e2 > -dx) {
      err -= dy;
      x1 += sx;
    }
    if (e2 < dy) {
      err += dx;
      y1 += sy;
    }
  };
  if (across_x) {
    while (y1 != y2 + sy) {
      if (y1 >= 0 && y1 <= end_y) {
        const int start = std::max(x1 - half + extra, 0);
        const int end = std::min(end_x, x1 + half);
        if (start <= end) canvas->HLine(start, end, y1, c);
      }
      step();
    }
  } else {
    while (x1 != x2 + sx) {
      if (x1 >= 0 && x1 <= end_x) {
        const int start = std::max(y1 - half + extra, 0);
        const int end = std::min(end_y, y1 + half);
        if (start <= end) canvas->VLine(x1, start, end, c);
      }
      step();
    }
  }
}

// get_antialiased_color + set_at: colour c at brightness b over the pixel
// there, each channel (Uint8)(b * c + (1 - b) * background) in float.
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

// draw_aaline, in float as pygame computes it.
inline void AaSegment(Canvas* canvas, float from_x, float from_y, float to_x, float to_y, Rgb c,
                      bool disable_first_endpoint, bool disable_second_endpoint, bool extra_pixel) {
  float dx = to_x - from_x;
  float dy = to_y - from_y;
  // pygame's fabs() works in double; the comparisons are the same.
  if (std::fabs(static_cast<double>(dx)) < 0.0001 && std::fabs(static_cast<double>(dy)) < 0.0001) {
    const int x = ToInt(std::floor(static_cast<double>(from_x) + 0.5));
    const int y = ToInt(std::floor(static_cast<double>(from_y) + 0.5));
    BlendAt(canvas, x, y, c, 1.0F);
    return;
  }
  // The line is clipped one pixel wider than the surface, so the pixels on
  // the border still get their share.
  float clip_left = -1.0F;
  float clip_right = (clip_left + static_cast<float>(canvas->width())) + 1.0F;
  float clip_top = -1.0F;
  float clip_bottom = (clip_top + static_cast<float>(canvas->height())) + 1.0F;
  const bool steep = std::fabs(dx) < std::fabs(dy);
  if (steep) {  // work along the major axis, called x from here on
    std::swap(from_x, from_y);
    std::swap(to_x, to_y);
    std::swap(dx, dy);
    std::swap(clip_left, clip_top);
    std::swap(clip_right, clip_bottom);
  }
  if (dx < 0) {
    std::swap(from_x, to_x);
    std::swap(from_y, to_y);
    dx = -dx;
    dy = -dy;
  }
  if (to_x <= clip_left || from_x >= clip_right) return;
  const float gradient = dy / dx;
  if (from_x < clip_left) {
    from_y += gradient * (clip_left - from_x);
    from_x = clip_left;
  }
  if (to_x > clip_right) {
    to_y += gradient * (clip_right - to_x);
    to_x = clip_right;
  }
  if (gradient > 0.0F) {
    if (to_y <= clip_top || from_y >= clip_bottom) return;
    if (from_y < clip_top) {
      from_x += (clip_top - from_y) / gradient;
      from_y = clip_top;
    }
    if (to_y > clip_bottom) {
      to_x += (clip_bottom - to_y) / gradient;
      to_y = clip_bottom;
    }
  } else {
    if (from_y <= clip_top || to_y >= clip_bottom) return;
    if (to_y < clip_top) {
      to_x += (clip_top - to_y) / gradient;
      to_y = clip_top;
    }
    if (from_y > clip_bottom) {
      from_x += (clip_bottom - from_y) / gradient;
      from_y = clip_bottom;
    }
  }
  // pygame shifts y down a pixel so truncation floors, and draws a pixel up.
  from_y += 1.0F;
  to_y += 1.0F;
  // A pixel (x, y) along the major axis at brightness b.
  auto plot = [&](int x, int y, float b) {
    if (steep) {
      BlendAt(canvas, y, x, c, b);
    } else {
      BlendAt(canvas, x, y, c, b);
    }
  };
  // An endpoint's two pixels, weighted by how much of its column the
  // segment covers (gap).
  auto endpoint = [&](int x_pixel, float y_end, float gap) {
    const int y = FloatToInt(y_end);
    float brightness = y_end - static_cast<float>(y);
    if (static_cast<float>(y) < y_end) plot(x_pixel, y, brightness * gap);
    brightness = 1 - brightness;
    plot(x_pixel, y - 1, brightness * gap);
  };
  int x_pixel_start = 0;
  float intersect_y = 0.0F;
  if (!disable_first_endpoint || extra_pixel) {
    x_pixel_start = FloatToInt(from_x);
    intersect_y = from_y + gradient * (static_cast<float>(x_pixel_start) - from_x);
    if (to_x > clip_left + 1.0F) {
      endpoint(x_pixel_start, intersect_y, static_cast<float>(1 + x_pixel_start) - from_x);
      intersect_y += gradient;
      ++x_pixel_start;
    }
  }
  if (disable_first_endpoint) {  // the main loop starts past the endpoint
    x_pixel_start = ToInt(std::ceil(static_cast<double>(from_x)));
    intersect_y = from_y + gradient * (static_cast<float>(x_pixel_start) - from_x);
  }
  const int x_pixel_end = ToInt(std::ceil(static_cast<double>(to_x)));
  if ((!disable_second_endpoint || extra_pixel) && from_x < clip_right - 1.0F) {
    const float y_end = to_y + gradient * (static_cast<float>(x_pixel_end) - to_x);
    endpoint(x_pixel_end, y_end, static_cast<float>(1 - x_pixel_end) + to_x);
  }
  for (int x = x_pixel_start; x < x_pixel_end; ++x) {
    const int y = FloatToInt(intersect_y);
    const float brightness = (1 - intersect_y) + static_cast<float>(y);
    plot(x, y - 1, brightness);
    if (static_cast<float>(y) < intersect_y) plot(x, y, 1 - brightness);
    intersect_y += gradient;
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

// pygame.draw.circle(surface, color, center, radius), filled (width 0):
// the midpoint circle as horizontal spans. Centre and radius are truncated
// to ints; a radius below 1 draws nothing.
inline void Circle(Canvas* canvas, Point center, double radius, Rgb color) {
  const int x0 = ToInt(center.x);
  const int y0 = ToInt(center.y);
  const int r = ToInt(radius);
  if (r < 1) return;
  // pygame's early out (a box one radius wider than the surface).
  if (x0 > canvas->width() + r || x0 < -r || y0 > canvas->height() + r || y0 < -r) return;
  // pygame caps the right end so x0 + x cannot overflow.
  const int xmax = x0 < 0 ? x0 + INT_MAX + 1 : INT_MAX - x0;
  int f = 1 - r;
  int ddf_x = 0;
  int ddf_y = -2 * r;
  int x = 0;
  int y = r;
  while (x < y) {
    if (f >= 0) {
      --y;
      ddf_y += 2;
      f += ddf_y;
    }
    ++x;
    ddf_x += 2;
    f += ddf_x + 1;
    // The spans at rows +-y only when y is about to step (no overdraw).
    if (f >= 0) {
      canvas->HLine(x0 - x, x0 + std::min(x - 1, xmax), y0 + y - 1, color);
      canvas->HLine(x0 - x, x0 + std::min(x - 1, xmax), y0 - y, color);
    }
    canvas->HLine(x0 - y, x0 + std::min(y - 1, xmax), y0 + x - 1, color);
    canvas->HLine(x0 - y, x0 + std::min(y - 1, xmax), y0 - x, color);
  }
}

// pygame.draw.aaline(surface, color, start, end) (width 1): both endpoints
// drawn.
inline void AaLine(Canvas* canvas, Point start, Point end, Rgb color) {
  internal::AaSegment(canvas, static_cast<float>(start.x), static_cast<float>(start.y),
                      static_cast<float>(end.x), static_cast<float>(end.y), color, false, false,
                      false);
}

// pygame.draw.aalines(surface, color, closed, points): consecutive aalines
// with pygame's endpoint rules. pygame's 2-point case reads past its own
// buffer (the first segment's "next" point); there we take the segment as
// its own successor (no extra pixel), so 2 points are not promised equal.
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
    float x0, y0, x1, y1;
  };
  auto steep = [](const Segment& s) { return std::fabs(s.x1 - s.x0) < std::fabs(s.y1 - s.y0); };
  // An endpoint off the pixel grid is left to the segment that goes on
  // from it.
  auto off_grid = [](const Segment& s) {
    return !(std::round(s.x1) == s.x1 && std::round(s.y1) == s.y1);
  };
  auto draw = [&](const Segment& s, bool disable_first, bool disable_second, bool extra) {
    internal::AaSegment(canvas, s.x0, s.y0, s.x1, s.y1, color, disable_first, disable_second,
                        extra);
  };
  Segment segment{xs[0], ys[0], xs[1], ys[1]};
  Segment previous = segment;
  // The first segment: pygame compares it with a "next" segment from its
  // end to point 2 measured, in y, from point 0 (its expression as written).
  const bool next_steep =
      n > 2 ? std::fabs(xs[2] - segment.x1) < std::fabs(ys[2] - segment.y0) : steep(segment);
  bool extra = steep(previous) && !next_steep;
  bool disabled = off_grid(segment);
  draw(segment, closed && disabled, disabled, extra);
  for (std::size_t i = 2; i + 1 < n; ++i) {
    segment = {xs[i - 1], ys[i - 1], xs[i], ys[i]};
    extra = steep(previous) != steep(segment);
    disabled = off_grid(segment);
    previous = segment;
    draw(segment, disabled, disabled, extra);
  }
  // The last segment (for 2 points, the first one again, as in pygame).
  segment = {xs[n - 2], ys[n - 2], xs[n - 1], ys[n - 1]};
  extra = steep(previous) != steep(segment);
  disabled = off_grid(segment);
  previous = segment;
  draw(segment, disabled, closed && disabled, extra);
  if (closed && n > 2) {
    segment = {xs[n - 1], ys[n - 1], xs[0], ys[0]};
    extra = steep(previous) != steep(segment);
    disabled = off_grid(segment);
    draw(segment, disabled, disabled, extra);
  }
}

}  // namespace parallel_pool::image::pygame_draw

#endif  // PARALLEL_POOL_IMAGE_PYGAME_DRAW_H_
