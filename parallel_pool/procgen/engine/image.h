// Image: a 32-bit raster as Qt keeps one (one uint32 0xAARRGGBB per pixel),
// in the three formats procgen draws with: kRgb32 (alpha always 0xff: the
// frame and the backgrounds), kPremultiplied (ARGB32_Premultiplied: the
// sprites from PNG files, each colour channel already scaled by alpha) and
// kArgb32 (ARGB32, not premultiplied: the generated sprites).
#ifndef PARALLEL_POOL_PROCGEN_ENGINE_IMAGE_H_
#define PARALLEL_POOL_PROCGEN_ENGINE_IMAGE_H_

#include <algorithm>
#include <cstdint>
#include <vector>

namespace parallel_pool::procgen {

enum class PixelFormat { kRgb32, kPremultiplied, kArgb32 };

// x * a / 255 for bytes, rounded the way Qt's qPremultiply rounds
// ((t + t / 256 + 128) / 256 with t = x * a).
inline std::uint32_t MulDiv255(std::uint32_t x, std::uint32_t a) {
  std::uint32_t t = x * a;
  return (t + (t >> 8) + 0x80) >> 8;
}

// Qt's qPremultiply: each colour channel times alpha / 255, rounded.
inline std::uint32_t Premultiply(std::uint32_t argb) {
  const std::uint32_t a = argb >> 24;
  if (a == 0xff) return argb;
  if (a == 0) return 0;
  return (a << 24) | (MulDiv255((argb >> 16) & 0xff, a) << 16) |
         (MulDiv255((argb >> 8) & 0xff, a) << 8) | MulDiv255(argb & 0xff, a);
}

class Image {
 public:
  Image() = default;
  Image(int width, int height, PixelFormat format)
      : width_(width),
        height_(height),
        format_(format),
        pixels_(static_cast<std::size_t>(width) * height, 0xff000000U) {}

  int width() const { return width_; }
  int height() const { return height_; }
  PixelFormat format() const { return format_; }
  bool opaque() const { return format_ == PixelFormat::kRgb32 || all_opaque_; }

  std::uint32_t* Row(int y) { return pixels_.data() + static_cast<std::size_t>(y) * width_; }
  const std::uint32_t* Row(int y) const {
    return pixels_.data() + static_cast<std::size_t>(y) * width_;
  }
  std::uint32_t* data() { return pixels_.data(); }
  const std::uint32_t* data() const { return pixels_.data(); }

  // Left-right mirror image (QImage::mirrored(true, false)).
  Image Mirrored() const {
    Image out = *this;
    for (int y = 0; y < height_; ++y) std::reverse(out.Row(y), out.Row(y) + width_);
    return out;
  }

  // Records whether every pixel is opaque, so drawing can skip blending.
  void NoteOpacity() {
    all_opaque_ = std::all_of(pixels_.begin(), pixels_.end(),
                              [](std::uint32_t p) { return (p >> 24) == 0xff; });
  }

 private:
  int width_ = 0;
  int height_ = 0;
  PixelFormat format_ = PixelFormat::kRgb32;
  bool all_opaque_ = false;
  std::vector<std::uint32_t> pixels_;
};

// A pixel of `image` as Qt's fetches hand it on (convertToARGB32PM):
// premultiplied when the image is ARGB32, else as it is.
inline std::uint32_t FetchedPixel(const Image& image, std::uint32_t pixel) {
  return image.format() == PixelFormat::kArgb32 ? Premultiply(pixel) : pixel;
}

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_ENGINE_IMAGE_H_
