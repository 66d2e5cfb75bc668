// Canvas: an RGB surface with the drawing gymnasium's classic-control envs
// do with pygame, pixel for pixel, for the render() of any family that draws
// as they do.
//
// gymnasium draws on a 32-bit pygame Surface with pygame.gfxdraw (pygame-ce
// 2.5.8's copy of SDL_gfx) and pygame.draw, in coordinates whose y axis
// points up, then flips the surface vertically. The primitives below are
// written here, in this code's own structure, to behave as SDL_gfx's do:
// the same pixels and the same integer and float arithmetic wherever it
// decides a pixel (canvas_test.py draws random shapes with both, equal byte
// for byte). What decides them:
//   - coordinates: pygame.gfxdraw truncates each to an int (int(x)), then to
//     16 bits; lines are clipped to the surface as SDL_gfx clips them
//     (Cohen-Sutherland, a float slope, each move truncated to 16 bits);
//   - blending: a pixel drawn with weight w (anti-aliasing) moves each
//     channel from d to d + floor((c - d) * a / 256), a = (255 * w) >> 8;
//   - filled_polygon: a scanline fill (scanline.h), edge crossings in 16.16
//     fixed point, a span's ends moved in by one unit and rounded halves up;
//   - aapolygon: Wu lines (a 32-bit accumulator gaining the slope's 16-bit
//     fraction shifted up, weights its top byte) between consecutive
//     vertices, each without its last pixel;
//   - aacircle: an anti-aliased ellipse walk (octants of lrint(a^2 /
//     sqrt(a^2 + b^2)) steps, weights (Uint8)(255 * error share));
//     filled_circle: the midpoint circle's spans, each row at its widest;
//   - pygame.math.Vector2.rotate_rad: the angle reduced with fmod to
//     [0, 2 pi), exact quarter turns within 1e-6, else cos/sin.
// pygame.draw's own routines (polygon, lines, line, circle, aalines) draw on
// a Canvas from pygame_draw.h.
#ifndef PARALLEL_POOL_IMAGE_CANVAS_H_
#define PARALLEL_POOL_IMAGE_CANVAS_H_

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <numbers>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/core/env_spec.h"
#include "parallel_pool/core/render.h"
#include "parallel_pool/image/line_walk.h"
#include "parallel_pool/image/scanline.h"

namespace parallel_pool::image {

// render()'s checks for an env drawn on a Canvas at its reference's one
// frame size (gymnasium's), with one view.
inline RenderRequest CheckFixedFrame(RenderRequest request, int height, int width,
                                     const std::string& env) {
  // Another render_height / render_width: the core resizes this frame to it
  // (core/render.h's ResizedFrames).
  RequireConfig(request.camera_id == -1, "render_camera_id: " + env +
                                             " has one view, camera -1 (got " +
                                             std::to_string(request.camera_id) + ")");
  return RenderRequest{height, width, -1};
}

struct Rgb {
  std::uint8_t r, g, b;
};

struct Point {
  double x, y;
};

// pygame.math.Vector2(p).rotate_rad(angle).
inline Point RotateRad(Point p, double angle) {
  constexpr double kEpsilon = 1e-6;
  constexpr double kTwoPi = 2 * std::numbers::pi;
  constexpr double kQuarter = std::numbers::pi / 2;
  angle = std::fmod(angle, kTwoPi);
  if (angle < 0) angle += kTwoPi;
  if (std::fmod(angle + kEpsilon, kQuarter) < 2 * kEpsilon) {
    switch (static_cast<int>((angle + kEpsilon) / kQuarter)) {
      case 1:
        return {-p.y, p.x};
      case 2:
        return {-p.x, -p.y};
      case 3:
        return {p.y, -p.x};
      default:  // 0 or 4: a whole turn
        return p;
    }
  }
  const double c = std::cos(angle);
  const double s = std::sin(angle);
  return {c * p.x - s * p.y, s * p.x + c * p.y};
}

// pygame.gfxdraw's coordinate conversion: int(value), kept to 16 bits.
inline int GfxCoordinate(double value) {
  return static_cast<std::int16_t>(static_cast<long long>(value));
}

class Canvas {
 public:
  Canvas(int width, int height) : width_(width), height_(height), pixels_(3 * width * height) {}

  int width() const { return width_; }
  int height() const { return height_; }

  // Makes this a surface of another size, its pixels undefined until drawn:
  // for a frame whose surface changes size from one frame to the next
  // (BipedalWalker's grows as the walker goes), drawn in one buffer.
  void Resize(int width, int height) {
    width_ = width;
    height_ = height;
    rows_reversed_ = false;
    pixels_.resize(3 * static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
  }

  void Fill(Rgb c) { FillSpan(0, width_ * height_, c); }

  // The surface as gymnasium returns it: flipped vertically, rows of RGB.
  void CopyFlipped(std::uint8_t* rgb) const {
    const std::size_t row = 3 * static_cast<std::size_t>(width_);
    for (int y = 0; y < height_; ++y) {
      const int stored = rows_reversed_ ? y : height_ - 1 - y;
      std::memcpy(rgb + row * y, pixels_.data() + row * stored, row);
    }
  }

  // The stored rows: the surface's rows top to bottom, or bottom to top
  // once FlipVertically has turned it (rows_reversed()).
  const std::vector<std::uint8_t>& pixels() const { return pixels_; }
  bool rows_reversed() const { return rows_reversed_; }

  // pygame.transform.flip(surface, False, True), for drawing that goes on
  // after gymnasium's flip (CarRacing's dashboard). Nothing moves: row y is
  // found at the other end of the storage from now on.
  void FlipVertically() { rows_reversed_ = !rows_reversed_; }

  // One pixel; nothing off the surface (pygame's set_at), so that callers
  // with their own algorithms (pygame_draw.h) need not clip.
  void SetAt(int x, int y, Rgb c) { Opaque(x, y, c); }
  // The pixel at (x, y), which must be on the surface: blending reads it.
  Rgb GetAt(int x, int y) const {
    const std::uint8_t* p = &pixels_[3 * static_cast<std::size_t>(Index(x, y))];
    return {p[0], p[1], p[2]};
  }

  // ---- pygame.gfxdraw ----

  void HLine(int x1, int x2, int y, Rgb c) {
    if (x1 > x2) std::swap(x1, x2);
    if (y < 0 || y >= height_ || x2 < 0 || x1 >= width_) return;
    x1 = std::max(x1, 0);
    x2 = std::min(x2, width_ - 1);
    FillSpan(Index(x1, y), x2 - x1 + 1, c);
  }

  void VLine(int x, int y1, int y2, Rgb c) {
    if (y1 > y2) std::swap(y1, y2);
    if (x < 0 || x >= width_ || y2 < 0 || y1 >= height_) return;
    y1 = std::max(y1, 0);
    y2 = std::min(y2, height_ - 1);
    for (int y = y1; y <= y2; ++y) Put(Index(x, y), c);
  }

  // gfxdraw.filled_polygon: spans between pairs of edge crossings, each
  // crossing in 16.16 fixed point (SDL_gfx's precision), a span's ends
  // rounded inwards by one unit of it, then to the nearest pixel.
  void FilledPolygon(const std::vector<Point>& points, Rgb c) {
    ToGfxCoordinates(points, &scratch_x_, &scratch_y_);
    if (scratch_x_.size() < 3) return;
    PolygonEdges(scratch_x_, scratch_y_, &scratch_edges_);
    const auto [top, bottom] = std::minmax_element(scratch_y_.begin(), scratch_y_.end());
    // Rows off the surface would draw nothing: a zoomed-in playfield spans
    // thousands of them.
    FillScanlines<PolygonEdge>(
        scratch_edges_, std::max(*top, 0), std::min(*bottom, height_ - 1),
        [](const PolygonEdge& e, int row, std::size_t) {
          // SDL_gfx's int arithmetic, which wraps for edges reaching far
          // off the surface: the 16.16 rise divided by the edge's height,
          // then scaled by its run.
          const int rise = Wrap32(std::int64_t{65536} * (row - e.top_y));
          const int along = rise / (e.bottom_y - e.top_y);
          return Wrap32(std::int64_t{along} * (e.bottom_x - e.top_x) +
                        std::int64_t{65536} * e.top_x);
        },
        [&](int row, int left, int right) {
          HLine(RoundFixed(Wrap32(std::int64_t{left} + 1)),
                RoundFixed(Wrap32(std::int64_t{right} - 1)), row, c);
        },
        &scratch_crossings_);
  }

  // gfxdraw.aapolygon: an anti-aliased line along each edge, the closing one
  // included, each leaving out its last pixel (the next edge's first).
  void AaPolygon(const std::vector<Point>& points, Rgb c) {
    std::vector<int> xs;
    std::vector<int> ys;
    ToGfxCoordinates(points, &xs, &ys);
    const std::size_t n = xs.size();
    if (n < 3) return;
    // The closing edge last: where edges meet, the blending order shows.
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t next = i + 1 < n ? i + 1 : 0;
      AaLine({xs[i], ys[i]}, {xs[next], ys[next]}, c, /*draw_end=*/false);
    }
  }

  // An anti-aliased line between float points (Xiaolin Wu's algorithm), for
  // pygame.draw.aalines. Not pygame's own arithmetic: close to its pixels,
  // not equal to them (docs/rendering.md); pygame_draw::AaLines is equal.
  void AaLineF(Point p0, Point p1, Rgb c) {
    const LineAxes axes{std::abs(p1.y - p0.y) > std::abs(p1.x - p0.x)};
    auto [from_major, from_minor] = axes.FromSurface(p0.x, p0.y);
    auto [to_major, to_minor] = axes.FromSurface(p1.x, p1.y);
    if (from_major > to_major) {
      std::swap(from_major, to_major);
      std::swap(from_minor, to_minor);
    }
    const double run = to_major - from_major;
    const double gradient = run == 0 ? 1.0 : (to_minor - from_minor) / run;
    auto plot = [&](int major, int minor, double coverage) {
      const int weight = static_cast<int>(coverage * 255);
      if (weight <= 0) return;
      const auto [x, y] = axes.ToSurface(major, minor);
      Blend(x, y, c, weight);
    };
    const int first = static_cast<int>(std::round(from_major));
    const int last = static_cast<int>(std::round(to_major));
    double minor = from_minor + gradient * (first - from_major);
    for (int major = first; major <= last; ++major, minor += gradient) {
      const double below = std::floor(minor);
      const double fraction = minor - below;
      plot(major, static_cast<int>(below), 1 - fraction);
      plot(major, static_cast<int>(below) + 1, fraction);
    }
  }

  // gfxdraw.aacircle: SDL_gfx's anti-aliased ellipse with both radii r.
  void AaCircle(int xc, int yc, int r, Rgb c) { AaEllipse(xc, yc, r, r, c); }

  // gfxdraw.filled_circle: SDL_gfx walks one octant of the midpoint circle
  // and draws, for each of its points (x, y), the spans at rows +-x of half
  // width y, and at rows +-y of half width x the first time y reaches them
  // (the narrowest, for rows the walk stays on). Spans about one centre
  // overlap, so each row is drawn once, at the widest asked of it.
  void FilledCircle(int xc, int yc, int r, Rgb c) {
    if (r < 0) return;
    circle_rows_.Reset(height_);
    auto widen = [&](int offset, int half_width) {
      circle_rows_.Widen(std::int64_t{yc} + offset, half_width);
      circle_rows_.Widen(std::int64_t{yc} - offset, half_width);
    };
    int x = 0;
    int y = r;
    int decision = 1 - r;  // the midpoint's side of the circle, scaled
    bool y_is_new = true;
    while (x <= y) {
      if (y_is_new) widen(y, x);
      if (x != y) widen(x, y);
      y_is_new = decision >= 0;
      decision += y_is_new ? 2 * (x - y) + 5 : 2 * x + 3;
      if (y_is_new) --y;
      ++x;
    }
    circle_rows_.ForEach(
        [&](int row, int half_width) { HLine(xc - half_width, xc + half_width, row, c); });
  }

 private:
  struct IntPoint {
    int x, y;
  };

  // The int an int64 holds modulo 2^32, as SDL_gfx's 32-bit arithmetic
  // leaves it.
  static int Wrap32(std::int64_t v) { return static_cast<int>(v); }

  // A 16.16 fixed-point value to the nearest pixel, halves up.
  static int RoundFixed(int v) { return (v >> 16) + ((v & 32768) >> 15); }

  static void ToGfxCoordinates(const std::vector<Point>& points, std::vector<int>* xs,
                               std::vector<int>* ys) {
    xs->clear();
    ys->clear();
    for (const Point& p : points) {
      xs->push_back(GfxCoordinate(p.x));
      ys->push_back(GfxCoordinate(p.y));
    }
  }

  // Where pixel (x, y) of the surface is stored.
  int Index(int x, int y) const { return (rows_reversed_ ? height_ - 1 - y : y) * width_ + x; }

  void Put(int index, Rgb c) {
    pixels_[3 * index] = c.r;
    pixels_[3 * index + 1] = c.g;
    pixels_[3 * index + 2] = c.b;
  }

  // count pixels of colour c from pixel `index` on: the first written, then
  // doubled by copies of what is written (a frame's fills are most of its
  // drawing: CarRacing fills a 1000 x 800 surface about twice a step).
  void FillSpan(int index, int count, Rgb c) {
    if (count <= 0) return;
    std::uint8_t* p = &pixels_[3 * static_cast<std::size_t>(index)];
    if (c.r == c.g && c.g == c.b) {
      std::memset(p, c.r, 3 * static_cast<std::size_t>(count));
      return;
    }
    p[0] = c.r;
    p[1] = c.g;
    p[2] = c.b;
    std::size_t done = 3;
    const std::size_t total = 3 * static_cast<std::size_t>(count);
    while (done < total) {
      const std::size_t chunk = std::min(done, total - done);
      std::memcpy(p + done, p, chunk);
      done += chunk;
    }
  }

  // A pixel of colour c at weight w (255: opaque), as SDL_gfx blends it.
  void Blend(int x, int y, Rgb c, int weight) {
    if (x < 0 || x >= width_ || y < 0 || y >= height_) return;
    const int alpha = (255 * weight) >> 8;
    const int i = Index(x, y);
    if (alpha == 255) {
      Put(i, c);
      return;
    }
    std::uint8_t* p = &pixels_[3 * i];
    const std::array<int, 3> src{c.r, c.g, c.b};
    for (int k = 0; k < 3; ++k)
      p[k] = static_cast<std::uint8_t>(p[k] + ((src[k] - p[k]) * alpha >> 8));
  }

  void Opaque(int x, int y, Rgb c) {
    if (x < 0 || x >= width_ || y < 0 || y >= height_) return;
    Put(Index(x, y), c);
  }

  // SDL_gfx's anti-aliased line: clipped to the surface, its first end
  // opaque, the pixels between the ends as pairs across the minor axis
  // weighted by Wu's error accumulator, the last end opaque if draw_end.
  void AaLine(IntPoint a, IntPoint b, Rgb c, bool draw_end) {
    const std::optional<std::pair<IntPoint, IntPoint>> clipped = ClipToSurface(a, b);
    if (!clipped) return;
    const auto [first, last] = *clipped;
    // Lines along an axis are solid, their last pixel included whatever
    // draw_end says.
    if (first.x == last.x) {
      VLine(first.x, first.y, last.y, c);
      return;
    }
    if (first.y == last.y) {
      HLine(first.x, last.x, first.y, c);
      return;
    }
    Opaque(first.x, first.y, c);
    // The interior is walked downwards, from whichever end is higher.
    const bool first_is_higher = first.y < last.y;
    const IntPoint top = first_is_higher ? first : last;
    const IntPoint bottom = first_is_higher ? last : first;
    const int run = std::abs(bottom.x - top.x);
    const int rise = bottom.y - top.y;
    const int x_direction = bottom.x > top.x ? 1 : -1;
    const LineAxes axes{rise > run};
    const int length = std::max(run, rise);  // along the major axis
    const int drift = std::min(run, rise);   // along the minor axis
    const int major_direction = axes.major_is_y ? 1 : x_direction;
    const int minor_direction = axes.major_is_y ? x_direction : 1;
    auto [major, minor] = axes.FromSurface(top.x, top.y);
    // The accumulator holds the minor axis' fractional position in 32 bits
    // (a 16-bit quotient shifted up, so a 45-degree line's step is 2^32,
    // i.e. 0: every sum then counts as a carry); a carry moves the minor
    // axis on, and its top byte weights the pixel beyond.
    const std::uint32_t step = static_cast<std::uint32_t>((drift << 16) / length) << 16;
    std::uint32_t accumulator = 0;
    for (int i = 1; i < length; ++i) {
      const std::uint32_t sum = accumulator + step;
      if (sum <= accumulator) minor += minor_direction;
      accumulator = sum;
      major += major_direction;
      const int beyond = static_cast<int>(accumulator >> 24);
      const auto [x, y] = axes.ToSurface(major, minor);
      const auto [x2, y2] = axes.ToSurface(major, minor + minor_direction);
      Blend(x, y, c, 255 - beyond);
      Blend(x2, y2, c, beyond);
    }
    if (draw_end) Opaque(last.x, last.y, c);
  }

  // The part of segment a-b on the surface, or none, as SDL_gfx finds it
  // (Cohen-Sutherland): while an end is outside, it is moved along the line
  // onto the border it is beyond (columns before rows), by a float slope
  // truncated to 16 bits. The ends come back in the order the clipping left
  // them: when only the second end is outside the ends trade places first,
  // and the line is then drawn from the other end.
  std::optional<std::pair<IntPoint, IntPoint>> ClipToSurface(IntPoint a, IntPoint b) const {
    constexpr unsigned kLeftOf = 1, kRightOf = 2, kBelow = 4, kAbove = 8;
    auto outside = [&](IntPoint p) {
      unsigned where = 0;
      if (p.x < 0) {
        where |= kLeftOf;
      } else if (p.x > width_ - 1) {
        where |= kRightOf;
      }
      if (p.y < 0) {
        where |= kAbove;
      } else if (p.y > height_ - 1) {
        where |= kBelow;
      }
      return where;
    };
    while (true) {
      unsigned where = outside(a);
      const unsigned where_b = outside(b);
      if ((where | where_b) == 0) return std::pair{a, b};
      if ((where & where_b) != 0) return std::nullopt;
      if (where == 0) {
        std::swap(a, b);
        where = where_b;
      }
      const float slope =
          a.x != b.x ? static_cast<float>(b.y - a.y) / static_cast<float>(b.x - a.x) : 1.0F;
      if ((where & (kLeftOf | kRightOf)) != 0) {
        const int column = (where & kLeftOf) != 0 ? 0 : width_ - 1;
        a.y += static_cast<std::int16_t>(static_cast<float>(column - a.x) * slope);
        a.x = column;
      } else {
        const int row = (where & kBelow) != 0 ? height_ - 1 : 0;
        if (a.x != b.x) a.x += static_cast<std::int16_t>(static_cast<float>(row - a.y) / slope);
        a.y = row;
      }
    }
  }

  // One axis of the ellipse walk below. The walk moves away from the
  // centre on x and towards it on y; a step along an axis changes the
  // error by gain(), and moves the axis' accumulator by 2 * offset (offset:
  // the square of the other radius), down on x, up on y.
  struct EllipseAxis {
    int position;     // the walk's pixel on this axis
    int direction;    // -1 or +1
    int accumulator;  // x: 0 at the top, falling; y: -2 a^2 b there, rising
    int offset;
    bool outward;

    int gain() const { return outward ? accumulator - offset : -(accumulator + offset); }
    void Step() {
      position += direction;
      accumulator += outward ? -2 * offset : 2 * offset;
    }
  };

  // SDL_gfx's anti-aliased ellipse. A walk from the top of the ellipse along
  // its upper-left quarter (mirrored to the other three), first stepping x
  // as the major axis until the slope reaches 1 (a^2 / sqrt(a^2 + b^2)
  // steps, rounded), then y; its error is the ellipse's implicit function,
  // kept up incrementally. Each step draws the walk's pixel and one beside
  // it across the minor axis, their weights split by the error's share of
  // the minor axis' accumulator. Radii above 1023 overflow SDL_gfx's int
  // arithmetic (2 a^2 b) and are not promised.
  void AaEllipse(int xc, int yc, int rx, int ry, Rgb c) {
    if (rx < 0 || ry < 0) return;
    if (rx == 0) {
      VLine(xc, yc - ry, yc + ry, c);
      return;
    }
    if (ry == 0) {
      HLine(xc - rx, xc + rx, yc, c);
      return;
    }
    const int a2 = rx * rx;
    const int b2 = ry * ry;
    EllipseAxis x_axis{xc, -1, 0, b2, /*outward=*/true};
    EllipseAxis y_axis{yc - ry, 1, -2 * a2 * ry, a2, /*outward=*/false};
    Opaque(xc, yc - ry, c);  // the top and bottom, opaque
    Opaque(xc, yc + ry, c);
    const double diagonal = std::sqrt(static_cast<double>(a2 + b2));
    const int x_steps = static_cast<std::int16_t>(std::lrint(static_cast<double>(a2) / diagonal));
    const int y_steps = static_cast<std::int16_t>(std::lrint(static_cast<double>(b2) / diagonal));
    int error = 0;
    // Past the slope of 1 the axes trade roles, and the error's sign
    // convention flips with them.
    EllipseOctant(xc, yc, &x_axis, &y_axis, /*minor_is_y=*/true, 1, x_steps, &error, c);
    EllipseOctant(xc, yc, &y_axis, &x_axis, /*minor_is_y=*/false, -1, y_steps, &error, c);
  }

  // `steps` steps of the ellipse walk along `major`; sign: +1 in the first
  // octant, -1 in the second, where the error counts the other way.
  void EllipseOctant(int xc, int yc, EllipseAxis* major, EllipseAxis* minor, bool minor_is_y,
                     int sign, int steps, int* error, Rgb c) {
    for (int i = 0; i < steps; ++i) {
      *error += major->gain();
      major->Step();
      // Which side of the ellipse the walk is on, before and after a minor
      // step, decides whether it takes the step and where the second pixel
      // goes: behind the walk, ahead of it, or (after the step) either. The
      // sign is applied to the comparisons, not to the error (a negation
      // could overflow).
      auto beyond = [sign](int v) { return sign > 0 ? v > 0 : v < 0; };
      auto at_or_beyond = [sign](int v) { return sign > 0 ? v >= 0 : v <= 0; };
      const int gain = minor->gain();
      int beside;
      if (at_or_beyond(*error)) {
        beside = minor->position - minor->direction;
      } else if (beyond(*error + gain) && at_or_beyond(2 * *error + gain)) {
        beside = minor->position + minor->direction;
      } else {
        const bool overshoots = !beyond(*error + gain);
        *error += gain;
        minor->Step();
        beside = minor->position + (overshoots ? 1 : -1) * minor->direction;
      }
      float share = 1.0F;
      if (minor->accumulator != 0) {
        share = std::min(1.0F, static_cast<float>(std::abs(*error)) /
                                   static_cast<float>(std::abs(minor->accumulator)));
      }
      const int weight = static_cast<std::uint8_t>(share * 255);
      const int x = minor_is_y ? major->position : minor->position;
      const int y = minor_is_y ? minor->position : major->position;
      const int beside_x = minor_is_y ? x : beside;
      const int beside_y = minor_is_y ? beside : y;
      // The two pixels are one apart across the minor axis, and reflections
      // about the centre keep that distance odd: no image of one is an
      // image of the other, so the order of the blends within a step is
      // free.
      BlendMirrored(xc, yc, x, y, 255 - weight, c);
      BlendMirrored(xc, yc, beside_x, beside_y, weight, c);
    }
  }

  // Pixel (x, y) and its mirror images about (xc, yc), at one weight.
  void BlendMirrored(int xc, int yc, int x, int y, int weight, Rgb c) {
    const int mirrored_x = 2 * xc - x;
    const int mirrored_y = 2 * yc - y;
    Blend(x, y, c, weight);
    Blend(mirrored_x, y, c, weight);
    Blend(x, mirrored_y, c, weight);
    Blend(mirrored_x, mirrored_y, c, weight);
  }

  int width_;
  int height_;
  // FilledPolygon's and FilledCircle's, reused from call to call.
  std::vector<int> scratch_x_, scratch_y_, scratch_crossings_;
  std::vector<PolygonEdge> scratch_edges_;
  CenteredRows circle_rows_;
  bool rows_reversed_ = false;
  std::vector<std::uint8_t> pixels_;  // rows top to bottom in drawing coordinates, RGB
};

}  // namespace parallel_pool::image

#endif  // PARALLEL_POOL_IMAGE_CANVAS_H_
