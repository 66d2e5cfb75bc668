// Per-pixel-alpha surfaces (pygame.SRCALPHA) as pygame-ce 2.5.8 draws on,
// turns and blits them: pygame.draw.rect, pygame.transform.rotate and
// Surface.blit, pixel for pixel.
//
// What the drawing here can make is only opaque pixels on a transparent
// ground: draw.rect writes its colour with alpha 255 (pygame.draw never
// blends), transform.rotate copies source pixels (nearest neighbour) and
// fills the rest with the source's top-left colour made transparent, and a
// blit of such a surface copies its opaque pixels and leaves the others'
// destination alone (SDL's and pygame's alpha blending both give exactly
// the source at alpha 255 and the destination at alpha 0).
#ifndef PARALLEL_POOL_IMAGE_PYGAME_SURFACE_H_
#define PARALLEL_POOL_IMAGE_PYGAME_SURFACE_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "parallel_pool/image/canvas.h"

namespace parallel_pool::image {

struct Rgba {
  std::uint8_t r, g, b, a;
};

// A pygame.Surface((w, h), pygame.SRCALPHA): transparent black at first.
class AlphaSurface {
 public:
  AlphaSurface() = default;
  AlphaSurface(int width, int height)
      : width_(std::max(width, 0)),
        height_(std::max(height, 0)),
        pixels_(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_),
                Rgba{0, 0, 0, 0}) {}

  int width() const { return width_; }
  int height() const { return height_; }
  Rgba At(int x, int y) const { return pixels_[Index(x, y)]; }
  void Set(int x, int y, Rgba c) { pixels_[Index(x, y)] = c; }
  // Nothing off the surface.
  void SetClipped(int x, int y, Rgba c) {
    if (x >= 0 && x < width_ && y >= 0 && y < height_) Set(x, y, c);
  }

 private:
  std::size_t Index(int x, int y) const {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) +
           static_cast<std::size_t>(x);
  }

  int width_ = 0;
  int height_ = 0;
  std::vector<Rgba> pixels_;
};

namespace pygame_surface_internal {

// draw.c's drawhorzlineclip: x1..x2 (either order) on row y, clipped.
inline void HorizontalLine(AlphaSurface* s, int x1, int x2, int y, Rgba c) {
  if (y < 0 || y >= s->height()) return;
  if (x1 > x2) std::swap(x1, x2);
  x1 = std::max(x1, 0);
  x2 = std::min(x2, s->width() - 1);
  for (int x = x1; x <= x2; ++x) s->Set(x, y, c);
}

}  // namespace pygame_surface_internal

// pygame.draw.rect(surface, color, (x, y, w, h), width) without rounded
// corners: an empty rect (w or h <= 0, or off the surface) draws nothing; a
// border of `width` when twice it is less than the clipped rect's width and
// height, else the whole clipped rect filled.
inline void DrawRect(AlphaSurface* s, int x, int y, int w, int h, Rgba c, int width = 0) {
  if (width < 0 || w <= 0 || h <= 0) return;
  const int left = std::max(x, 0);
  const int top = std::max(y, 0);
  const int right = std::min(x + w, s->width());  // exclusive
  const int bottom = std::min(y + h, s->height());
  if (right <= left || bottom <= top) return;
  const int clipped_w = right - left;
  const int clipped_h = bottom - top;
  if (width > 0 && 2 * width < clipped_w && 2 * width < clipped_h) {
    const int x1 = x, y1 = y, x2 = x + w - 1, y2 = y + h - 1;
    for (int i = 0; i < width; ++i) {
      pygame_surface_internal::HorizontalLine(s, x1, x2, y1 + i, c);
      pygame_surface_internal::HorizontalLine(s, x1, x2, y2 - i, c);
    }
    for (int i = 0; i < (y2 - y1) - 2 * width + 1; ++i) {
      pygame_surface_internal::HorizontalLine(s, x1, x1 + width - 1, y1 + width + i, c);
      pygame_surface_internal::HorizontalLine(s, x2 - width + 1, x2, y1 + width + i, c);
    }
    return;
  }
  for (int row = top; row < bottom; ++row) {
    for (int col = left; col < right; ++col) s->Set(col, row, c);
  }
}

// pygame.transform.rotate(surface, angle): angle is the float32 pygame parses
// (degrees, counterclockwise). Whole quarter turns move pixels exactly (the
// size swapped for odd ones); other angles sample the source at 16.16 fixed
// point steps into a surface the size of the turned one's bounding box.
inline AlphaSurface Rotate(const AlphaSurface& src, float angle) {
  if (src.width() < 1 || src.height() < 1) return src;
  if (std::fmod(static_cast<double>(angle), 90.0) == 0.0) {
    int turns = (static_cast<int>(angle) / 90) % 4;
    if (turns < 0) turns += 4;
    const int w = src.width();
    const int h = src.height();
    AlphaSurface dst(turns % 2 ? h : w, turns % 2 ? w : h);
    for (int y = 0; y < dst.height(); ++y) {
      for (int x = 0; x < dst.width(); ++x) {
        switch (turns) {
          case 1:
            dst.Set(x, y, src.At(w - 1 - y, x));
            break;
          case 2:
            dst.Set(x, y, src.At(w - 1 - x, h - 1 - y));
            break;
          case 3:
            dst.Set(x, y, src.At(y, h - 1 - x));
            break;
          default:
            dst.Set(x, y, src.At(x, y));
        }
      }
    }
    return dst;
  }
  const double radians = static_cast<double>(angle) * .01745329251994329;
  const double sine = std::sin(radians);
  const double cosine = std::cos(radians);
  const double w = src.width();
  const double h = src.height();
  const double cx = cosine * w;
  const double cy = cosine * h;
  const double sx = sine * w;
  const double sy = sine * h;
  const int new_w = static_cast<int>(
      std::max(std::max(std::max(std::fabs(cx + sy), std::fabs(cx - sy)), std::fabs(-cx + sy)),
               std::fabs(-cx - sy)));
  const int new_h = static_cast<int>(
      std::max(std::max(std::max(std::fabs(sx + cy), std::fabs(sx - cy)), std::fabs(-sx + cy)),
               std::fabs(-sx - cy)));
  AlphaSurface dst(new_w, new_h);
  Rgba ground = src.At(0, 0);
  ground.a = 0;
  const int centre_y = dst.height() / 2;
  const int xd = (src.width() - dst.width()) << 15;
  const int yd = (src.height() - dst.height()) << 15;
  const int isin = static_cast<int>(sine * 65536);
  const int icos = static_cast<int>(cosine * 65536);
  const int ax = (dst.width() << 15) -
                 static_cast<int>(
                     cosine * static_cast<double>((static_cast<long long>(dst.width()) - 1) << 15));
  const int ay =
      (dst.height() << 15) -
      static_cast<int>(sine * static_cast<double>((static_cast<long long>(dst.width()) - 1) << 15));
  const int x_max = (src.width() << 16) - 1;
  const int y_max = (src.height() << 16) - 1;
  for (int y = 0; y < dst.height(); ++y) {
    int dx = ax + isin * (centre_y - y) + xd;
    int dy = ay - icos * (centre_y - y) + yd;
    for (int x = 0; x < dst.width(); ++x) {
      if (dx < 0 || dy < 0 || dx > x_max || dy > y_max) {
        dst.Set(x, y, ground);
      } else {
        dst.Set(x, y, src.At(dx >> 16, dy >> 16));
      }
      dx += icos;
      dy += isin;
    }
  }
  return dst;
}

// Surface.blit(src, (x, y)) of a surface with only opaque and transparent
// pixels (see above), onto a Canvas or another AlphaSurface.
inline void Blit(Canvas* dst, const AlphaSurface& src, int x, int y) {
  for (int row = 0; row < src.height(); ++row) {
    const int ty = y + row;
    if (ty < 0 || ty >= dst->height()) continue;
    for (int col = 0; col < src.width(); ++col) {
      const Rgba p = src.At(col, row);
      if (p.a == 0) continue;
      dst->SetAt(x + col, ty, Rgb{p.r, p.g, p.b});
    }
  }
}

inline void Blit(AlphaSurface* dst, const AlphaSurface& src, int x, int y) {
  for (int row = 0; row < src.height(); ++row) {
    for (int col = 0; col < src.width(); ++col) {
      const Rgba p = src.At(col, row);
      if (p.a != 0) dst->SetClipped(x + col, y + row, p);
    }
  }
}

// pygame's conversion of a float blit position: int(value), toward zero.
inline int BlitCoordinate(double value) {
  if (!(value > -2147483648.0 && value < 2147483648.0)) return value > 0 ? INT32_MAX : INT32_MIN;
  return static_cast<int>(value);
}

}  // namespace parallel_pool::image

#endif  // PARALLEL_POOL_IMAGE_PYGAME_SURFACE_H_
