#include "parallel_pool/procgen/engine/texture_fetch.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

#include "parallel_pool/procgen/engine/qt_fixed.h"

namespace parallel_pool::procgen {
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

// Where a bilinear fetch of device row y from x on starts in the image and
// how it steps, in 16.16 (half a texel back: the four texels around a
// centre start at its top left one).
struct FixedWalk {
  int fx, fy, fdx, fdy;
};

FixedWalk StartBilinear(const Transform& m, int y, int x) {
  const double cx = x + 0.5;
  const double cy = y + 0.5;
  return FixedWalk{
      Wrap32(std::int64_t{TruncToInt((m.m21 * cy + m.m11 * cx + m.dx) * kFixedScale)} - kHalfPoint),
      Wrap32(std::int64_t{TruncToInt((m.m22 * cy + m.m12 * cx + m.dy) * kFixedScale)} - kHalfPoint),
      TruncToInt(m.m11 * kFixedScale), TruncToInt(m.m12 * kFixedScale)};
}

// Scaled up across, not flipped (both fetches alike): each column of the two
// rows interpolated down first (8 bits), then across (8 bits). `texel(row,
// column)` reads a premultiplied texel.
template <typename Texel>
void UpscaleAcross(std::uint32_t* out, std::uint32_t* end, int fx, int fdx, int fy, int row1,
                   int row2, int last_x, const Texel& texel) {
  const std::uint32_t disty = (fy & 0xffff) >> 8;
  const std::uint32_t idisty = 256 - disty;
  auto column = [&](int c) {
    c = std::clamp(c, 0, last_x);
    const std::uint32_t t = texel(row1, c);
    const std::uint32_t b = texel(row2, c);
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
    *b = (((rb1 * idistx + rb2 * distx) >> 8) & 0xff00ffU) |
         ((ag1 * idistx + ag2 * distx) & 0xff00ff00U);
  }
}

// How many more steps of `fd` from `f` (16.16) stay within texels 0 to
// `last`, so that a texel and the next one are both inside the image.
std::int64_t StepsInside(int f, int fd, int last) {
  if (fd > 0) return (std::int64_t{last} * kFixedScale - f) / fd;
  if (fd < 0) return (0 - std::int64_t{f}) / fd;
  return INT64_MAX;
}

// fetchTransformedBilinearARGB32PM, for an RGB32 or premultiplied image.
void FetchBilinearPremultiplied(std::uint32_t* out, const Image& src, const Transform& m, int y,
                                int x, int length) {
  auto [fx, fy, fdx, fdy] = StartBilinear(m, y, x);
  const int last_x = src.width() - 1;
  const int last_y = src.height() - 1;
  std::uint32_t* const end = out + length;
  if (fdy == 0) {
    int y1 = fy >> 16;
    int y2 = 0;
    PixelBounds(last_y, y1, y2);
    const std::uint32_t* s1 = src.Row(y1);
    const std::uint32_t* s2 = src.Row(y2);
    if (fdx <= kFixedScale && fdx > 0) {
      UpscaleAcross(out, end, fx, fdx, fy, y1, y2, last_x,
                    [&src](int row, int col) { return src.Row(row)[col]; });
      return;
    }
    if ((fdx < 0 && fdx > -(kFixedScale / 8)) || std::fabs(m.m22) < 1. / 8.) {
      // Scaled up more than 8x down the image, or flipped and scaled up more
      // than 8x across (Qt 5.9's choice): 8-bit weights.
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
    // Scaled down across (or flipped and scaled up at most 8x). Texels at
    // the image's edge first (the rows only), then the span inside it, in
    // groups of kDownscaleGroup with 4-bit weights (rounded), the rest with
    // 8-bit ones.
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
    // The pixels before the image's right (or left) edge, in counts: Qt's
    // pointer arithmetic may point before the span, ours does not.
    const std::int64_t inside = std::min<std::int64_t>(end - b, StepsInside(fx, fdx, last_x));
    std::uint32_t* const bounded_end = b + std::max<std::int64_t>(inside, 0);
    while (bounded_end - b >= kDownscaleGroup) {
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
  // Rotated with either diagonal factor under 1/8 (zoomed in more than 8x,
  // or turned by about a quarter): 8-bit weights at every pixel.
  // The four texels around the current position, and their 8-bit blend.
  struct Around {
    int x1, x2, y1, y2;
  };
  auto around = [&]() {
    Around a{fx >> 16, 0, fy >> 16, 0};
    PixelBounds(last_x, a.x1, a.x2);
    PixelBounds(last_y, a.y1, a.y2);
    return a;
  };
  auto blend8 = [&](const Around& a) {
    const std::uint32_t* s1 = src.Row(a.y1);
    const std::uint32_t* s2 = src.Row(a.y2);
    return Interpolate4(s1[a.x1], s1[a.x2], s2[a.x1], s2[a.x2], (fx & 0xffff) >> 8,
                        (fy & 0xffff) >> 8);
  };
  std::uint32_t* b = out;
  if (std::fabs(m.m11) < 1. / 8. || std::fabs(m.m22) < 1. / 8.) {
    for (; b < end; ++b, fx += fdx, fy += fdy) *b = blend8(around());
    return;
  }
  // Rotated: texels at the image's edge first (8-bit weights), then the span
  // inside it in Qt's AVX2 groups with 4-bit weights (rounded), the rest
  // with 8-bit ones.
  for (; b < end; ++b, fx += fdx, fy += fdy) {
    const Around a = around();
    if (a.x1 != a.x2 && a.y1 != a.y2) break;
    *b = blend8(a);
  }
  const std::int64_t inside =
      std::min({std::int64_t{end - b}, StepsInside(fx, fdx, last_x), StepsInside(fy, fdy, last_y)});
  std::uint32_t* const bounded_end = b + std::max<std::int64_t>(inside, 0);
  while (bounded_end - b >= kDownscaleGroup) {
    for (int k = 0; k < kDownscaleGroup; ++k, ++b, fx += fdx, fy += fdy) {
      const int xx = fx >> 16;
      const int yy = fy >> 16;
      const std::uint32_t* s1 = src.Row(yy);
      const std::uint32_t* s2 = src.Row(yy + 1);
      const std::uint32_t distx4 = (((fx & 0xffff) >> 8) + 0x08) >> 4;
      const std::uint32_t disty4 = (((fy & 0xffff) >> 8) + 0x08) >> 4;
      *b = Interpolate4x16(s1[xx], s1[xx + 1], s2[xx], s2[xx + 1], distx4, disty4);
    }
  }
  for (; b < end; ++b, fx += fdx, fy += fdy) {
    *b = blend8(around());
  }
}

// The generic fetchTransformedBilinear for 32-bit pixels, which Qt takes for
// an ARGB32 image: each texel premultiplied (qPremultiply) as it is read;
// scaled up across, the columns interpolated first as above; otherwise, at
// every pixel alike, 8-bit weights where Qt zooms in more than 8x and
// rounded 4-bit ones elsewhere (no groups, no edge cases).
void FetchBilinearArgb32(std::uint32_t* out, const Image& src, const Transform& m, int y, int x,
                         int length) {
  auto [fx, fy, fdx, fdy] = StartBilinear(m, y, x);
  const int last_x = src.width() - 1;
  const int last_y = src.height() - 1;
  auto texel = [&src](int row, int col) { return FetchedPixel(src, src.Row(row)[col]); };
  auto weight4 = [](int f) { return static_cast<std::uint32_t>(((f & 0xffff) + 0x0800) >> 12); };
  auto weight8 = [](int f) { return static_cast<std::uint32_t>((f & 0xffff) >> 8); };
  std::uint32_t* const end = out + length;
  bool zoomed = std::fabs(m.m11) < 1. / 8. || std::fabs(m.m22) < 1. / 8.;
  int y1 = 0;
  int y2 = 0;
  if (fdy == 0) {
    y1 = fy >> 16;
    PixelBounds(last_y, y1, y2);
    if (fdx <= kFixedScale && fdx > 0) {
      UpscaleAcross(out, end, fx, fdx, fy, y1, y2, last_x, texel);
      return;
    }
    zoomed = (fdx < 0 && fdx > -(kFixedScale / 8)) || std::fabs(m.m22) < 1. / 8.;
  }
  for (std::uint32_t* b = out; b < end; ++b, fx += fdx, fy += fdy) {
    int x1 = fx >> 16;
    int x2 = 0;
    PixelBounds(last_x, x1, x2);
    if (fdy != 0) {
      y1 = fy >> 16;
      PixelBounds(last_y, y1, y2);
    }
    const std::uint32_t tl = texel(y1, x1);
    const std::uint32_t tr = texel(y1, x2);
    const std::uint32_t bl = texel(y2, x1);
    const std::uint32_t br = texel(y2, x2);
    *b = zoomed ? Interpolate4(tl, tr, bl, br, weight8(fx), weight8(fy))
                : Interpolate4x16(tl, tr, bl, br, weight4(fx), weight4(fy));
  }
}

// Both bilinear fetches beyond fixed-point sampling (an image scaled down
// by more than 100, or far from the origin): the texel position in double,
// 8-bit weights from its fraction.
void FetchBilinearFloat(std::uint32_t* out, const Image& src, const Transform& m, int y, int x,
                        int length) {
  const double cx = x + 0.5;
  const double cy = y + 0.5;
  // An affine map: Qt's homogeneous w stays 1.
  double fx = m.m21 * cy + m.m11 * cx + m.dx;
  double fy = m.m22 * cy + m.m12 * cx + m.dy;
  const int last_x = src.width() - 1;
  const int last_y = src.height() - 1;
  auto texel = [&src](int row, int col) { return FetchedPixel(src, src.Row(row)[col]); };
  for (int i = 0; i < length; ++i, fx += m.m11, fy += m.m12) {
    const double px = fx - 0.5;
    const double py = fy - 0.5;
    int x1 = FloorToInt(px);
    int y1 = FloorToInt(py);
    const auto distx = static_cast<std::uint32_t>(TruncToInt((px - x1) * 256));
    const auto disty = static_cast<std::uint32_t>(TruncToInt((py - y1) * 256));
    int x2 = 0;
    int y2 = 0;
    PixelBounds(last_x, x1, x2);
    PixelBounds(last_y, y1, y2);
    out[i] = Interpolate4(texel(y1, x1), texel(y1, x2), texel(y2, x1), texel(y2, x2), distx, disty);
  }
}

}  // namespace

Transform TextureInverse(const Transform& c) {
  constexpr double kNudge = 1.0 / 65536;
  const TransformType type = Classify(c);
  Transform inv;
  if (type == TransformType::kTranslate) {
    // QTransform multiplies and inverts by type: a scale within Qt's fuzz of
    // 1 is dropped.
    inv.dx = -(kNudge + c.dx);
    inv.dy = -(kNudge + c.dy);
    return inv;
  }
  if (type == TransformType::kScale) {
    const double m11 = c.m11;
    const double m22 = c.m22;
    const double m31 = kNudge * c.m11 + c.dx;
    const double m32 = kNudge * c.m22 + c.dy;
    inv.m11 = 1. / m11;
    inv.m22 = 1. / m22;
    inv.dx = -m31 * inv.m11;
    inv.dy = -m32 * inv.m22;
    return inv;
  }
  const double m11 = c.m11;
  const double m12 = c.m12;
  const double m21 = c.m21;
  const double m22 = c.m22;
  const double m31 = kNudge * c.m11 + kNudge * c.m21 + c.dx;
  const double m32 = kNudge * c.m12 + kNudge * c.m22 + c.dy;
  const double det = m11 * m22 - m12 * m21;
  const double dinv = 1.0 / det;
  inv.m11 = m22 * dinv;
  inv.m12 = -m12 * dinv;
  inv.m21 = -m21 * dinv;
  inv.m22 = m11 * dinv;
  inv.dx = (m21 * m32 - m22 * m31) * dinv;
  inv.dy = (m12 * m31 - m11 * m32) * dinv;
  return inv;
}

bool FixedPointSampling(const Transform& inverse) {
  return inverse.m11 * inverse.m11 + inverse.m21 * inverse.m21 < 1e4 &&
         inverse.m12 * inverse.m12 + inverse.m22 * inverse.m22 < 1e4 &&
         std::fabs(inverse.dx) < 1e4 && std::fabs(inverse.dy) < 1e4;
}

void FetchNearest(std::uint32_t* out, const Image& src, const Transform& m, int y, int x,
                  int length) {
  const double cx = x + 0.5;
  const double cy = y + 0.5;
  const int last_x = src.width() - 1;
  const int last_y = src.height() - 1;
  auto put = [&](std::uint32_t* b, int px, int py) {
    *b = FetchedPixel(src, src.Row(std::clamp(py, 0, last_y))[std::clamp(px, 0, last_x)]);
  };
  if (FixedPointSampling(m)) {
    const int fdx = TruncToInt(m.m11 * kFixedScale);
    const int fdy = TruncToInt(m.m12 * kFixedScale);
    int fx = TruncToInt((m.m21 * cy + m.m11 * cx + m.dx) * kFixedScale);
    int fy = TruncToInt((m.m22 * cy + m.m12 * cx + m.dy) * kFixedScale);
    for (int i = 0; i < length; ++i) {
      put(out + i, fx >> 16, fy >> 16);
      fx = Wrap32(std::int64_t{fx} + fdx);
      fy = Wrap32(std::int64_t{fy} + fdy);
    }
    return;
  }
  // Floating point (an affine map: Qt's w stays 1).
  double fx = m.m21 * cy + m.m11 * cx + m.dx;
  double fy = m.m22 * cy + m.m12 * cx + m.dy;
  for (int i = 0; i < length; ++i) {
    put(out + i, FloorToInt(fx), FloorToInt(fy));
    fx += m.m11;
    fy += m.m12;
  }
}

void FetchBilinear(std::uint32_t* out, const Image& src, const Transform& inverse, int y, int x,
                   int length) {
  if (!FixedPointSampling(inverse)) {
    FetchBilinearFloat(out, src, inverse, y, x, length);
  } else if (src.format() == PixelFormat::kArgb32) {
    FetchBilinearArgb32(out, src, inverse, y, x, length);
  } else {
    FetchBilinearPremultiplied(out, src, inverse, y, x, length);
  }
}

}  // namespace parallel_pool::procgen
