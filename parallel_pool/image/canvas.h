// Canvas: the drawing gymnasium's classic-control envs do with pygame, pixel
// for pixel, for the render() of any family that draws as they do.
//
// gymnasium draws on a 32-bit pygame Surface with pygame.gfxdraw (SDL_gfx's
// integer algorithms) and pygame.draw.line, in coordinates whose y axis
// points up, then flips the surface vertically. This class reproduces the
// integer arithmetic those routines use, so the frames are equal byte for
// byte (canvas_test.py draws random shapes with both):
//   - coordinates: pygame.gfxdraw truncates each to an int (int(x)), then to
//     16 bits; points outside the surface are clipped as SDL_gfx clips them;
//   - blending: a pixel drawn with weight w (anti-aliasing) moves each
//     channel from d to d + floor((c - d) * a / 256), a = (255 * w) >> 8;
//   - filled_polygon: SDL_gfx's scanline fill, edge crossings in 16.16 fixed
//     point, rounded to pixels as SDL_gfx rounds them;
//   - aapolygon: Wu lines (16.16 error accumulator, 8-bit weights) between
//     consecutive vertices, each without its last pixel;
//   - aacircle: SDL_gfx's anti-aliased ellipse; filled_circle: its midpoint
//     circle of horizontal spans;
//   - pygame.math.Vector2.rotate_rad: the angle reduced with fmod to
//     [0, 2 pi), exact quarter turns within 1e-6, else cos/sin.
// pygame.draw's own routines (polygon, lines, line, circle, aalines, exact
// too) draw on a Canvas from pygame_draw.h.
// Our own code, from the algorithms' published descriptions; no pygame.
#ifndef PARALLEL_POOL_IMAGE_CANVAS_H_
#define PARALLEL_POOL_IMAGE_CANVAS_H_

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/core/env_spec.h"
#include "parallel_pool/core/render.h"

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

  void FilledPolygon(const std::vector<Point>& points, Rgb c) {
    std::vector<int>& vx = scratch_x_;
    std::vector<int>& vy = scratch_y_;
    Convert(points, &vx, &vy);
    const int n = static_cast<int>(vx.size());
    if (n < 3) return;
    int miny = vy[0];
    int maxy = vy[0];
    for (int i = 1; i < n; ++i) {
      miny = std::min(miny, vy[i]);
      maxy = std::max(maxy, vy[i]);
    }
    // SDL_gfx walks every row from miny to maxy and clips each span; rows
    // off the surface draw nothing, so only the surface's rows are walked
    // (a zoomed-in playfield spans thousands of rows off it).
    std::vector<int>& crossings = scratch_crossings_;
    for (int y = std::max(miny, 0); y <= std::min(maxy, height_ - 1); ++y) {
      crossings.clear();
      for (int i = 0; i < n; ++i) {
        const int a = i == 0 ? n - 1 : i - 1;
        int y1 = vy[a];
        int y2 = vy[i];
        int x1 = vx[a];
        int x2 = vx[i];
        if (y1 > y2) {
          std::swap(y1, y2);
          std::swap(x1, x2);
        } else if (y1 == y2) {
          continue;
        }
        if ((y >= y1 && y < y2) || (y == maxy && y > y1 && y <= y2)) {
          crossings.push_back((65536 * (y - y1)) / (y2 - y1) * (x2 - x1) + 65536 * x1);
        }
      }
      std::sort(crossings.begin(), crossings.end());
      for (std::size_t i = 0; i + 1 < crossings.size(); i += 2) {
        HLine(RoundFixed(crossings[i] + 1), RoundFixed(crossings[i + 1] - 1), y, c);
      }
    }
  }

  void AaPolygon(const std::vector<Point>& points, Rgb c) {
    std::vector<int> vx;
    std::vector<int> vy;
    Convert(points, &vx, &vy);
    const std::size_t n = vx.size();
    if (n < 3) return;
    for (std::size_t i = 1; i < n; ++i) AaLine(vx[i - 1], vy[i - 1], vx[i], vy[i], c, false);
    AaLine(vx[n - 1], vy[n - 1], vx[0], vy[0], c, false);
  }

  // An anti-aliased line between float points (Xiaolin Wu's algorithm), for
  // pygame.draw.aalines. Not pygame's own arithmetic: close to its pixels,
  // not equal to them (docs/rendering.md); pygame_draw::AaLines is equal.
  void AaLineF(Point p0, Point p1, Rgb c) {
    const bool steep = std::abs(p1.y - p0.y) > std::abs(p1.x - p0.x);
    if (steep) {
      std::swap(p0.x, p0.y);
      std::swap(p1.x, p1.y);
    }
    if (p0.x > p1.x) std::swap(p0, p1);
    const double dx = p1.x - p0.x;
    const double gradient = dx == 0 ? 1.0 : (p1.y - p0.y) / dx;
    auto plot = [&](int x, int y, double coverage) {
      const int weight = static_cast<int>(coverage * 255);
      if (weight <= 0) return;
      if (steep) {
        Blend(y, x, c, weight);
      } else {
        Blend(x, y, c, weight);
      }
    };
    const int x_start = static_cast<int>(std::round(p0.x));
    const int x_end = static_cast<int>(std::round(p1.x));
    double y = p0.y + gradient * (x_start - p0.x);
    for (int x = x_start; x <= x_end; ++x, y += gradient) {
      const double floor_y = std::floor(y);
      const double fraction = y - floor_y;
      plot(x, static_cast<int>(floor_y), 1 - fraction);
      plot(x, static_cast<int>(floor_y) + 1, fraction);
    }
  }

  // gfxdraw.aacircle: SDL_gfx's anti-aliased ellipse with rx = ry = r.
  void AaCircle(int xc, int yc, int r, Rgb c) { AaEllipse(xc, yc, r, r, c); }

  void FilledCircle(int xc, int yc, int r, Rgb c) {
    if (r < 0) return;
    if (r == 0) {
      Opaque(xc, yc, c);
      return;
    }
    int cx = 0;
    int cy = r;
    int ocx = -1;
    int ocy = -1;
    int df = 1 - r;
    int d_e = 3;
    int d_se = -2 * r + 5;
    do {
      if (ocy != cy) {
        if (cy > 0) {
          HLine(xc - cx, xc + cx, yc + cy, c);
          HLine(xc - cx, xc + cx, yc - cy, c);
        } else {
          HLine(xc - cx, xc + cx, yc, c);
        }
        ocy = cy;
      }
      if (ocx != cx) {
        if (cx != cy) {
          if (cx > 0) {
            HLine(xc - cy, xc + cy, yc - cx, c);
            HLine(xc - cy, xc + cy, yc + cx, c);
          } else {
            HLine(xc - cy, xc + cy, yc, c);
          }
        }
        ocx = cx;
      }
      if (df < 0) {
        df += d_e;
        d_e += 2;
        d_se += 2;
      } else {
        df += d_se;
        d_e += 2;
        d_se += 4;
        --cy;
      }
      ++cx;
    } while (cx <= cy);
  }

 private:
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

  static int RoundFixed(int v) { return (v >> 16) + ((v & 32768) >> 15); }

  static void Convert(const std::vector<Point>& points, std::vector<int>* vx,
                      std::vector<int>* vy) {
    vx->clear();
    vy->clear();
    for (const Point& p : points) {
      vx->push_back(GfxCoordinate(p.x));
      vy->push_back(GfxCoordinate(p.y));
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

  // Wu's anti-aliased line with SDL_gfx's fixed-point error accumulator;
  // `endpoint`: whether the last pixel is drawn.
  void AaLine(int x1, int y1, int x2, int y2, Rgb c, bool endpoint) {
    if (!ClipLine(&x1, &y1, &x2, &y2)) return;
    int xx0 = x1;
    int yy0 = y1;
    int xx1 = x2;
    int yy1 = y2;
    if (yy0 > yy1) {
      std::swap(yy0, yy1);
      std::swap(xx0, xx1);
    }
    int dx = xx1 - xx0;
    int dy = yy1 - yy0;
    if (dx == 0) {
      if (endpoint) {
        VLine(x1, y1, y2, c);
      } else if (dy > 0) {
        VLine(x1, yy0, yy0 + dy, c);
      } else {
        Opaque(x1, y1, c);
      }
      return;
    }
    if (dy == 0) {
      if (endpoint) {
        HLine(x1, x2, y1, c);
      } else {
        HLine(xx0, xx0 + dx, y1, c);  // either way round
      }
      return;
    }
    int xdir = 1;
    if (dx < 0) {
      xdir = -1;
      dx = -dx;
    }
    std::uint32_t erracc = 0;
    Opaque(x1, y1, c);
    if (dy > dx) {
      const std::uint32_t erradj = static_cast<std::uint32_t>((dx << 16) / dy) << 16;
      int x0pxdir = xx0 + xdir;
      while (--dy) {
        const std::uint32_t before = erracc;
        erracc += erradj;
        if (erracc <= before) {
          xx0 = x0pxdir;
          x0pxdir += xdir;
        }
        ++yy0;
        const int weight = static_cast<int>((erracc >> 24) & 255);
        Blend(xx0, yy0, c, 255 - weight);
        Blend(x0pxdir, yy0, c, weight);
      }
    } else {
      const std::uint32_t erradj = static_cast<std::uint32_t>((dy << 16) / dx) << 16;
      int y0p1 = yy0 + 1;
      while (--dx) {
        const std::uint32_t before = erracc;
        erracc += erradj;
        if (erracc <= before) {
          yy0 = y0p1;
          ++y0p1;
        }
        xx0 += xdir;
        const int weight = static_cast<int>((erracc >> 24) & 255);
        Blend(xx0, yy0, c, 255 - weight);
        Blend(xx0, y0p1, c, weight);
      }
    }
    if (endpoint) Opaque(x2, y2, c);
  }

  // Cohen-Sutherland clipping to the surface, SDL_gfx's float slope.
  bool ClipLine(int* x1, int* y1, int* x2, int* y2) const {
    const int left = 0;
    const int right = width_ - 1;
    const int top = 0;
    const int bottom = height_ - 1;
    auto code = [&](int x, int y) {
      int c = 0;
      if (x < left) {
        c |= 1;
      } else if (x > right) {
        c |= 2;
      }
      if (y < top) {
        c |= 8;
      } else if (y > bottom) {
        c |= 4;
      }
      return c;
    };
    while (true) {
      int code1 = code(*x1, *y1);
      int code2 = code(*x2, *y2);
      if ((code1 | code2) == 0) return true;
      if ((code1 & code2) != 0) return false;
      if (code1 == 0) {
        std::swap(*x1, *x2);
        std::swap(*y1, *y2);
        code1 = code2;
      }
      const float m =
          *x2 != *x1 ? static_cast<float>(*y2 - *y1) / static_cast<float>(*x2 - *x1) : 1.0F;
      if (code1 & 1) {
        *y1 += static_cast<std::int16_t>(static_cast<float>(left - *x1) * m);
        *x1 = left;
      } else if (code1 & 2) {
        *y1 += static_cast<std::int16_t>(static_cast<float>(right - *x1) * m);
        *x1 = right;
      } else if (code1 & 4) {
        if (*x2 != *x1) *x1 += static_cast<std::int16_t>(static_cast<float>(bottom - *y1) / m);
        *y1 = bottom;
      } else if (code1 & 8) {
        if (*x2 != *x1) *x1 += static_cast<std::int16_t>(static_cast<float>(top - *y1) / m);
        *y1 = top;
      }
    }
  }

  void AaEllipse(int x, int y, int rx, int ry, Rgb c) {
    if (rx < 0 || ry < 0) return;
    if (rx == 0) {
      VLine(x, y - ry, y + ry, c);
      return;
    }
    if (ry == 0) {
      HLine(x - rx, x + rx, y, c);
      return;
    }
    const int a2 = rx * rx;
    const int b2 = ry * ry;
    const int ds = 2 * a2;
    const int dt = 2 * b2;
    const int xc2 = 2 * x;
    const int yc2 = 2 * y;
    const double sab = std::sqrt(static_cast<double>(a2 + b2));
    const int dxt = static_cast<std::int16_t>(std::lrint(static_cast<double>(a2) / sab));
    int t = 0;
    int s = -2 * a2 * ry;
    int d = 0;
    int xp = x;
    int yp = y - ry;
    Opaque(xp, yp, c);
    Opaque(xc2 - xp, yp, c);
    Opaque(xp, yc2 - yp, c);
    Opaque(xc2 - xp, yc2 - yp, c);
    auto weight_of = [](int num, int den) {
      float cp = 1.0F;
      if (den != 0)
        cp = std::min(1.0F, static_cast<float>(std::abs(num)) / static_cast<float>(std::abs(den)));
      return static_cast<int>(static_cast<std::uint8_t>(cp * 255));
    };
    for (int i = 1; i <= dxt; ++i) {
      --xp;
      d += t - b2;
      int ys;
      if (d >= 0) {
        ys = yp - 1;
      } else if ((d - s - a2) > 0) {
        if ((2 * d - s - a2) >= 0) {
          ys = yp + 1;
        } else {
          ys = yp;
          ++yp;
          d -= s + a2;
          s += ds;
        }
      } else {
        ++yp;
        ys = yp + 1;
        d -= s + a2;
        s += ds;
      }
      t -= dt;
      const int weight = weight_of(d, s);
      const int iweight = 255 - weight;
      const int xx = xc2 - xp;
      Blend(xp, yp, c, iweight);
      Blend(xx, yp, c, iweight);
      Blend(xp, ys, c, weight);
      Blend(xx, ys, c, weight);
      int yy = yc2 - yp;
      Blend(xp, yy, c, iweight);
      Blend(xx, yy, c, iweight);
      yy = yc2 - ys;
      Blend(xp, yy, c, weight);
      Blend(xx, yy, c, weight);
    }
    const int dyt = static_cast<std::int16_t>(std::lrint(static_cast<double>(b2) / sab));
    for (int i = 1; i <= dyt; ++i) {
      ++yp;
      d -= s + a2;
      int xs;
      if (d <= 0) {
        xs = xp + 1;
      } else if ((d + t - b2) < 0) {
        if ((2 * d + t - b2) <= 0) {
          xs = xp - 1;
        } else {
          xs = xp;
          --xp;
          d += t - b2;
          t -= dt;
        }
      } else {
        --xp;
        xs = xp - 1;
        d += t - b2;
        t -= dt;
      }
      s += ds;
      const int weight = weight_of(d, t);
      const int iweight = 255 - weight;
      int xx = xc2 - xp;
      const int yy = yc2 - yp;
      Blend(xp, yp, c, iweight);
      Blend(xx, yp, c, iweight);
      Blend(xp, yy, c, iweight);
      Blend(xx, yy, c, iweight);
      xx = xc2 - xs;
      Blend(xs, yp, c, weight);
      Blend(xx, yp, c, weight);
      Blend(xs, yy, c, weight);
      Blend(xx, yy, c, weight);
    }
  }

  int width_;
  int height_;
  std::vector<int> scratch_x_, scratch_y_, scratch_crossings_;  // FilledPolygon's, reused
  bool rows_reversed_ = false;
  std::vector<std::uint8_t> pixels_;  // rows top to bottom in drawing coordinates, RGB
};

}  // namespace parallel_pool::image

#endif  // PARALLEL_POOL_IMAGE_CANVAS_H_
