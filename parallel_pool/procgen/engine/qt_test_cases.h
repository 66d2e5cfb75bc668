// The cases painter_qt_test.cc draws with the family's painter
// (PainterDigest, ArtDigest), and which the digests it checks were taken
// from with Qt 5.9.7 itself (the libraries procgen-mirror ships, on an
// x86-64 CPU with AVX2; tools/procgen_qt_digests.cc): a 512x512 RGB32 frame
// of random pixels, then one fillRect, drawImage, drawEllipse or drawLine,
// at full or random opacity, antialiased (the human view) or, for ARGB32
// images, aliased (the observation); and procgen's generated art (its
// assetgen) for given seeds. Numbers come from a 64-bit xorshift, so that
// the cases are the same with any compiler and library.
#ifndef PARALLEL_POOL_PROCGEN_ENGINE_QT_TEST_CASES_H_
#define PARALLEL_POOL_PROCGEN_ENGINE_QT_TEST_CASES_H_

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "parallel_pool/procgen/engine/asset_gen.h"
#include "parallel_pool/procgen/engine/image.h"
#include "parallel_pool/procgen/engine/painter.h"
#include "parallel_pool/procgen/engine/rand_gen.h"

namespace parallel_pool::procgen::qt_test {

class Xorshift {
 public:
  explicit Xorshift(std::uint64_t seed) : state_(seed * 0x9E3779B97F4A7C15ULL + 1) {}
  std::uint64_t Next() {
    state_ ^= state_ << 13;
    state_ ^= state_ >> 7;
    state_ ^= state_ << 17;
    return state_;
  }
  std::uint32_t Bits() { return static_cast<std::uint32_t>(Next() >> 32); }
  // Uniform in [a, b), from 53 bits.
  double Real(double a, double b) {
    return a + (b - a) * (static_cast<double>(Next() >> 11) * (1.0 / 9007199254740992.0));
  }
  int Int(int a, int b) {
    return a + static_cast<int>(Bits() % static_cast<std::uint32_t>(b - a + 1));
  }

 private:
  std::uint64_t state_;
};

enum class Op { kFillRect, kDrawImage, kRotatedImage, kEllipse, kLine };

struct Case {
  Op op;
  double x, y, w, h;
  double opacity;
  std::uint32_t rgb;         // kFillRect
  int src_w, src_h;          // kDrawImage
  PixelFormat format;        // kDrawImage: the image's
  bool aliased;              // drawn with antialiasing and smooth transforms off
  std::uint64_t pixel_seed;  // the frame's and the image's pixels
  double tx, ty, degrees;    // kRotatedImage: translate(tx, ty), rotate(degrees), then draw
  // kEllipse: drawEllipse(QRectF(x, y, w, h)) with brush and a one-pixel pen of
  // the colour argb (or, with whole_pixels, drawEllipse(QRect) with the
  // brush only); kLine: drawLine(x1, y1, x2, y2) with QPen(argb, pen_width).
  std::uint32_t argb;
  bool whole_pixels;
  int x1, y1, x2, y2, pen_width;
};

constexpr int kFrameSize = 512;

// Case i of the list: fills, images scaled up and down (by up to 100 across,
// 16 down the rows),
// images scaled up more than 8x down their rows (Qt's 8-bit path), and
// rotated images (any angle, and the quarter and half turns procgen's
// entities take, 180 degrees a hair off as procgen computes it), ellipses
// (jumper's compass disc and the agent's translucent shadow) and lines of
// pens from one to eight pixels wide (the compass needle).
//
// From kArgb32Series on, every case draws an ARGB32 image (not
// premultiplied: procgen's generated sprites), scaled or rotated, half of
// them aliased; some scaled down by more than 100, or by 25 to 90 far
// enough from the origin, where Qt samples in floating point; some unscaled
// or within Qt's fuzz of unscaled, some turned by a whole turn.
constexpr int kArgb32Series = 600;

inline Case MakeCase(int i) {
  Xorshift r(static_cast<std::uint64_t>(i) + 1);
  Case c{};
  constexpr Op kOps[] = {Op::kFillRect,     Op::kDrawImage, Op::kDrawImage,
                         Op::kRotatedImage, Op::kEllipse,   Op::kLine};
  c.op = kOps[i % 6];
  c.x = r.Real(-100, 520);
  c.y = r.Real(-100, 520);
  c.w = r.Real(2, 300);
  c.h = r.Real(2, 300);
  c.opacity = r.Int(0, 2) == 0 ? r.Real(0, 1) : 1.0;
  c.rgb = r.Bits() & 0xffffffU;
  c.src_w = r.Int(1, 120);
  c.src_h = r.Int(1, 120);
  c.format = r.Int(0, 1) == 1 ? PixelFormat::kPremultiplied : PixelFormat::kRgb32;
  if (i % 6 == 2) c.h = c.src_h * r.Real(8.5, 40);
  // A rectangle within one column (Qt's coverage wraps in its byte).
  if (i % 24 == 0) c.w = r.Real(0.1, 1);
  // Down the rows by at most 16 (procgen's sprites keep their shape).
  if (c.op != Op::kFillRect) c.h = std::max(c.h, c.src_h / 16.0);
  c.pixel_seed = r.Next();
  if (c.op == Op::kRotatedImage) {
    c.tx = r.Real(0, 512);
    c.ty = r.Real(0, 512);
    const double turns[] = {90, -90, 270, 180, 180.00000000000003};
    c.degrees = r.Int(0, 1) == 0 ? r.Real(-180, 180) : turns[r.Int(0, 4)];
    c.x = -c.w / 2;
    c.y = -c.h / 2;
  }
  if (i >= kArgb32Series) {
    const int j = i - kArgb32Series;
    c.op = j % 2 == 0 ? Op::kDrawImage : Op::kRotatedImage;
    c.format = PixelFormat::kArgb32;
    c.aliased = j % 4 >= 2;
    if (j % 10 == 9) c.w = r.Real(0.05, 0.5);
    if (j % 10 == 8) {
      c.w = c.src_w / r.Real(25, 90);
      c.x = r.Real(120, 500);
    }
    if (j % 10 == 6 || j % 10 == 7) {
      c.w = c.src_w;
      c.h = c.src_h;
    }
    if (j % 10 == 4) {
      // Within Qt's fuzz of unscaled: drawn unscaled.
      c.w = c.src_w * (1 + 4e-13);
      c.h = c.src_h;
    }
    if (c.op == Op::kRotatedImage) {
      c.tx = r.Real(0, 512);
      c.ty = r.Real(0, 512);
      const double turns[] = {90, -90, 270, 180, 180.00000000000003};
      c.degrees = r.Int(0, 1) == 0 ? r.Real(-180, 180) : turns[r.Int(0, 4)];
      // A whole turn: a translation within Qt's fuzz.
      if (j % 10 == 5) c.degrees = 360;
      c.x = -c.w / 2;
      c.y = -c.h / 2;
    }
  }
  if (c.op == Op::kEllipse) {
    // Inside the frame, as procgen's are.
    c.whole_pixels = r.Int(0, 1) == 1;
    c.x = c.whole_pixels ? r.Int(0, 440) : r.Real(0, 440);
    c.y = c.whole_pixels ? r.Int(0, 440) : r.Real(0, 440);
    c.w = c.whole_pixels ? r.Int(1, 70) : r.Real(1, 70);
    c.h = c.whole_pixels ? r.Int(1, 30) : c.w;
    c.argb = c.whole_pixels ? 0x78000000U | (r.Bits() & 0xffffffU) : 0xff000000U | r.Bits();
  }
  if (c.op == Op::kLine) {
    c.x1 = r.Int(0, 511);
    c.y1 = r.Int(0, 511);
    c.x2 = r.Int(0, 1) == 0 ? r.Int(0, 511) : c.x1 + r.Int(-60, 60);
    c.y2 = r.Int(0, 1) == 0 ? r.Int(0, 511) : c.y1 + r.Int(-60, 60);
    c.pen_width = r.Int(0, 8);
    c.argb = 0xff000000U | r.Bits();
  }
  return c;
}

// The frame's starting pixels (opaque) and the image's (with an alpha
// channel: a third opaque, a third transparent, a third random), as
// 0xAARRGGBB before premultiplication.
inline std::vector<std::uint32_t> FramePixels(const Case& c) {
  Xorshift r(c.pixel_seed);
  std::vector<std::uint32_t> px(static_cast<std::size_t>(kFrameSize) * kFrameSize);
  for (auto& p : px) p = 0xff000000U | (r.Bits() & 0xffffffU);
  return px;
}

inline std::vector<std::uint32_t> ImagePixels(const Case& c) {
  Xorshift r(c.pixel_seed ^ 0x5bd1e995U);
  std::vector<std::uint32_t> px(static_cast<std::size_t>(c.src_w) * c.src_h);
  for (auto& p : px) {
    p = r.Bits();
    if (c.format == PixelFormat::kRgb32) {
      p |= 0xff000000U;
    } else {
      const int kind = r.Int(0, 2);
      if (kind == 0) p |= 0xff000000U;
      if (kind == 1) p = 0;
    }
  }
  return px;
}

// FNV-1a over the frame's RGB.
inline std::uint64_t Digest(const std::uint32_t* px, std::size_t n) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (std::size_t i = 0; i < n; ++i) {
    h ^= px[i] & 0xffffffU;
    h *= 0x100000001b3ULL;
  }
  return h;
}

// The case's image (kDrawImage, kRotatedImage): its pixels premultiplied
// where its format says so.
inline Image CaseImage(const Case& c) {
  const auto pixels = ImagePixels(c);
  Image image(c.src_w, c.src_h, c.format);
  for (int y = 0; y < c.src_h; ++y) {
    for (int x = 0; x < c.src_w; ++x) {
      const std::uint32_t p = pixels[static_cast<std::size_t>(y) * c.src_w + x];
      image.Row(y)[x] = c.format == PixelFormat::kPremultiplied ? Premultiply(p) : p;
    }
  }
  if (c.format != PixelFormat::kArgb32) image.NoteOpacity();
  return image;
}

// The digest of the frame the painter draws for the case.
inline std::uint64_t PainterDigest(const Case& c) {
  const auto frame = FramePixels(c);
  Image target(kFrameSize, kFrameSize, PixelFormat::kRgb32);
  std::memcpy(target.data(), frame.data(), frame.size() * sizeof(std::uint32_t));
  Painter painter(target, /*smooth=*/!c.aliased);
  painter.SetOpacity(c.opacity);
  if (c.op == Op::kRotatedImage) {
    painter.Translate(c.tx, c.ty);
    painter.Rotate(c.degrees);
  }
  const RectF rect{c.x, c.y, c.w, c.h};
  if (c.op == Op::kFillRect) {
    painter.FillRect(rect, c.rgb);
  } else if (c.op == Op::kEllipse) {
    const std::uint32_t color = painter.Premultiplied(c.argb);
    if (c.whole_pixels) {
      painter.DrawEllipse(static_cast<int>(c.x), static_cast<int>(c.y), static_cast<int>(c.w),
                          static_cast<int>(c.h), &color, nullptr);
    } else {
      painter.DrawEllipse(rect, &color, &color);
    }
  } else if (c.op == Op::kLine) {
    painter.DrawLine(c.x1, c.y1, c.x2, c.y2, painter.Premultiplied(c.argb), c.pen_width);
  } else {
    painter.DrawImage(rect, CaseImage(c));
  }
  return Digest(target.data(), frame.size());
}

// Generated art case k: procgen's background (500x500 RGB32, one level of
// recursion, 50 to 100 blotches) for every third, else an object's 64x64
// ARGB32 sprite (no recursion, 5 to 10 blotches), a block or a shape, from
// mt19937 seeded with the case's seed.
struct ArtCase {
  int seed;
  int size;
  PixelFormat format;
  int num_recurse;
  int blotch_scale;
  bool is_rect;
};

inline ArtCase MakeArtCase(int k) {
  const int seed = k * 7919 + 1;
  if (k % 3 == 0) {
    return ArtCase{seed,
                   kGeneratedBackgroundSize,
                   PixelFormat::kRgb32,
                   kBackgroundRecursion,
                   kBackgroundBlotchScale,
                   true};
  }
  return ArtCase{seed, kGeneratedSpriteSize, PixelFormat::kArgb32,
                 0,    kSpriteBlotchScale,   k % 3 == 1};
}

// FNV-1a over whole pixels (alpha included: a sprite's transparency counts).
inline std::uint64_t ArgbDigest(const std::uint32_t* px, std::size_t n) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (std::size_t i = 0; i < n; ++i) {
    h ^= px[i];
    h *= 0x100000001b3ULL;
  }
  return h;
}

// The digest of the art the family's painter generates for the case.
inline std::uint64_t ArtDigest(const ArtCase& a) {
  Image image(a.size, a.size, a.format);
  RandGen rand_gen;
  rand_gen.Seed(a.seed);
  GenerateImage(rand_gen, image, a.num_recurse, a.blotch_scale, a.is_rect);
  return ArgbDigest(image.data(), static_cast<std::size_t>(a.size) * a.size);
}

}  // namespace parallel_pool::procgen::qt_test

#endif  // PARALLEL_POOL_PROCGEN_ENGINE_QT_TEST_CASES_H_
