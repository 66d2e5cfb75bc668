// Qt 5.9.7's byte arithmetic for blending premultiplied ARGB pixels
// (qdrawhelper_p.h), shared by the aliased and the antialiased painters.
#ifndef PARALLEL_POOL_PROCGEN_ENGINE_QT_BLEND_H_
#define PARALLEL_POOL_PROCGEN_ENGINE_QT_BLEND_H_

#include <cstdint>

namespace parallel_pool::procgen {

// Each of the four 8-bit channels of `x` times a / 255, rounded as Qt's
// BYTE_MUL: (t + t / 256 + 128) / 256 per channel, with t = c * a.
inline std::uint32_t ByteMul(std::uint32_t x, std::uint32_t a) {
  std::uint32_t t = (x & 0xff00ffU) * a;
  t = (t + ((t >> 8) & 0xff00ffU) + 0x800080U) >> 8;
  t &= 0xff00ffU;
  x = ((x >> 8) & 0xff00ffU) * a;
  x = x + ((x >> 8) & 0xff00ffU) + 0x800080U;
  x &= 0xff00ff00U;
  return x | t;
}

// x * a + y * b per channel, / 255 rounded as Qt's INTERPOLATE_PIXEL_255.
inline std::uint32_t Interpolate255(std::uint32_t x, std::uint32_t a, std::uint32_t y,
                                    std::uint32_t b) {
  std::uint32_t t = (x & 0xff00ffU) * a + (y & 0xff00ffU) * b;
  t = (t + ((t >> 8) & 0xff00ffU) + 0x800080U) >> 8;
  t &= 0xff00ffU;
  x = ((x >> 8) & 0xff00ffU) * a + ((y >> 8) & 0xff00ffU) * b;
  x = x + ((x >> 8) & 0xff00ffU) + 0x800080U;
  x &= 0xff00ff00U;
  return x | t;
}

// The painter's opacity as Qt keeps it: opacity * 256, truncated.
inline int IntOpacity(double opacity) { return static_cast<int>(opacity * 256); }

// A colour (0xAARRGGBB, not premultiplied) at the painter's opacity,
// premultiplied as Qt's raster engine does it: in 16 bits per channel
// (QRgba64), then back to 8.
inline std::uint32_t SolidColor(std::uint32_t argb, int int_opacity) {
  if (int_opacity == 256 && (argb >> 24) == 0xff) return argb;
  const std::uint64_t alpha =
      (std::uint64_t{(argb >> 24) * 257U} * static_cast<std::uint64_t>(int_opacity)) >> 8;
  auto div65535 = [](std::uint64_t x) { return (x + (x >> 16) + 0x8000) >> 16; };
  auto div257 = [](std::uint64_t x) { return ((x + 128) - ((x + 128) >> 8)) >> 8; };
  std::uint32_t out = static_cast<std::uint32_t>(div257(alpha)) << 24;
  for (int shift : {16, 8, 0}) {
    const std::uint64_t channel = ((argb >> shift) & 0xffU) * 257U;
    out |= static_cast<std::uint32_t>(div257(div65535(channel * alpha))) << shift;
  }
  return out;
}

// Source-over of a premultiplied pixel on an opaque one.
inline std::uint32_t SourceOver(std::uint32_t src, std::uint32_t dst) {
  if (src >= 0xff000000U) return src;
  if (src == 0) return dst;
  return src + ByteMul(dst, (~src) >> 24);
}

// Qt's 8-bit constant alpha for an integer opacity (opacity * 256):
// 255 only at full opacity.
inline std::uint32_t OpacityAlpha(int int_opacity) {
  return static_cast<std::uint32_t>(int_opacity * 255) >> 8;
}

// How a pixel of an image lands on the frame, by Qt's blend functions, given
// the constant alpha (0..255) it is drawn with (the painter's opacity, times
// a span's coverage where the painter antialiases): a solid image (no alpha
// channel at full opacity: Qt's Source mode) is copied, or interpolated by
// the alpha; a premultiplied one is composited source-over, scaled by the
// alpha first.
class Blender {
 public:
  Blender(bool solid_source, std::uint32_t alpha) : solid_(solid_source), alpha_(alpha) {}

  // Calls `loop` with this state's blend as a callable (dst, src) of a type
  // of its own: a loop over many pixels is compiled once per blend, without
  // the choice in its body (the sprite loops are most of a frame's time).
  template <typename Loop>
  void WithWrite(Loop&& loop) const {
    if (alpha_ == 255) {
      if (solid_) {
        loop([](std::uint32_t* dst, std::uint32_t src) { *dst = src; });
      } else {
        loop([](std::uint32_t* dst, std::uint32_t src) { *dst = SourceOver(src, *dst); });
      }
    } else if (solid_) {
      const std::uint32_t alpha = alpha_;
      loop([alpha](std::uint32_t* dst, std::uint32_t src) {
        *dst = Interpolate255(src, alpha, *dst, 255 - alpha);
      });
    } else {
      const std::uint32_t alpha = alpha_;
      loop([alpha](std::uint32_t* dst, std::uint32_t src) {
        src = ByteMul(src, alpha);
        *dst = src + ByteMul(*dst, (~src) >> 24);
      });
    }
  }

 private:
  bool solid_;
  std::uint32_t alpha_;
};

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_ENGINE_QT_BLEND_H_
