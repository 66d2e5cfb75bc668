// SmoothScaler: pygame.transform.smoothscale (pygame-ce 2.5.8) for RGB
// images, byte for byte, without pygame: CarRacing's 1000 x 800 frame to its
// 96 x 96 observation and its 600 x 400 video frame, or any other size.
//
// One SmoothScaler serves one (source size, destination size): the tables
// are built in the constructor and Scale() allocates nothing. Images are
// row-major RGB (HWC, rows top to bottom, as a surface's pixels3d transposed).
//
// Which pygame it reproduces: pygame-ce chooses the filters once at run time.
// On x86-64 (SSE2 is always there) and on ARM with NEON (the same SSE2 code
// through sse2neon) it is the "SSE2" backend; only builds without SIMD use
// the "GENERIC" C filters, whose arithmetic differs (16-bit instead of 14-bit
// fixed point: about 2% of the bytes of a 1000 x 800 -> 96 x 96 differ by 1).
// AVX2 plays no part in smoothscale. The SSE2 arithmetic is reproduced here
// in portable integer code, so the bytes do not depend on the CPU.
//
// The algorithm, per channel (the channels never mix; pygame pads 24-bit
// pixels to 32 and drops the padding again, which changes nothing):
//   - first along x (all source rows), then along y: each axis shrinks,
//     expands or is left alone independently;
//   - shrinking n -> m: an area average in 14-bit fixed point. The step is
//     space = 0x4000 * n / m (int division); a counter walks the source
//     pixels, 0x4000 each; whole pixels are summed (16-bit, wrapping), the
//     pixel where an output ends is split: with s = 4 * p,
//     out = ((s * c >> 16) + sum) * (0x40000000 / space) >> 16 (16-bit
//     lanes, unsigned high products, signed saturation to 0..255), where c
//     is the counter's rest, and the next sum starts at s * (0x4000 - c) >> 16;
//   - expanding n -> m: bilinear in 8-bit weights, output i reading source
//     i * (n - 1) / m and the one after, weight
//     w1 = 0x100 * (i * (n - 1) % m) / m: (p0 * (0x100 - w1) + p1 * w1) >> 8.
// Confirmed by smoothscale_test.py against pygame on noise and CarRacing
// frames at many sizes, shrinking and expanding.
//
// With SSE2 the shrinks run as pygame's do, 16-bit lanes: along x two rows
// at once (a pixel's 3 channels and a spare lane per row), along y eight
// values of a row at once; the same operations per value as the portable
// code, which any other CPU runs (and the tests run too, UsePortableCode).
// 1000 x 800 -> 96 x 96: 0.27 ms instead of 1.5; -> 600 x 400: 0.7 ms
// instead of 3.6 (a core of the 2-core build machine).
#ifndef PARALLEL_POOL_IMAGE_SMOOTHSCALE_H_
#define PARALLEL_POOL_IMAGE_SMOOTHSCALE_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <stdexcept>
#include <string>
#include <vector>

namespace parallel_pool::image {

class SmoothScaler {
 public:
  static constexpr int kChannels = 3;
  // Above this pygame's int arithmetic overflows or its shrink writes past
  // a row (a step of exactly one pixel); far beyond any frame.
  static constexpr int kMaxSide = 16383;

  SmoothScaler(int src_h, int src_w, int dst_h, int dst_w)
      : src_h_(src_h), src_w_(src_w), dst_h_(dst_h), dst_w_(dst_w) {
    for (const int side : {src_h, src_w, dst_h, dst_w}) {
      if (side < 1 || side > kMaxSide) {
        throw std::invalid_argument("SmoothScaler: sides must be in [1, " +
                                    std::to_string(kMaxSide) + "], got " + std::to_string(side));
      }
    }
    x_ = MakeAxis(src_w, dst_w);
    y_ = MakeAxis(src_h, dst_h);
    if (x_.mode != Mode::kSame && y_.mode != Mode::kSame) {
      temp_.resize(static_cast<std::size_t>(src_h) * dst_w * kChannels);
    }
    if (y_.mode == Mode::kShrink) sums_.resize(static_cast<std::size_t>(dst_w) * kChannels);
  }

  // Tests: run the portable code even where SSE2 is there (same bytes).
  void UsePortableCode(bool on) { portable_ = on; }

  int src_size() const { return src_h_ * src_w_ * kChannels; }
  int dst_size() const { return dst_h_ * dst_w_ * kChannels; }

  // src: src_h x src_w x 3 bytes; dst: dst_h x dst_w x 3 bytes.
  // `src_rows_reversed`: src holds the image's rows bottom to top (a
  // Canvas after FlipVertically), scaled as the image top to bottom.
  void Scale(const std::uint8_t* src, std::uint8_t* dst, bool src_rows_reversed = false) {
    if (src_rows_reversed && x_.mode == Mode::kSame) {
      // Only the x pass reads rows in any order: put them in order first.
      reordered_.resize(static_cast<std::size_t>(src_size()));
      const std::size_t stride = static_cast<std::size_t>(src_w_) * kChannels;
      for (int r = 0; r < src_h_; ++r) {
        std::memcpy(reordered_.data() + r * stride, src + (src_h_ - 1 - r) * stride, stride);
      }
      src = reordered_.data();
      src_rows_reversed = false;
    }
    if (x_.mode == Mode::kSame && y_.mode == Mode::kSame) {
      std::memcpy(dst, src, static_cast<std::size_t>(src_size()));
      return;
    }
    // pygame: x first into a temporary (src_h rows of dst_w), then y.
    const std::uint8_t* rows = src;
    if (x_.mode != Mode::kSame) {
      std::uint8_t* out = y_.mode == Mode::kSame ? dst : temp_.data();
      const std::size_t in_stride = static_cast<std::size_t>(src_w_) * kChannels;
      const std::size_t out_stride = static_cast<std::size_t>(dst_w_) * kChannels;
      const auto row = [&](int r) {
        return src + (src_rows_reversed ? src_h_ - 1 - r : r) * in_stride;
      };
      int r = 0;
#if defined(__SSE2__)
      if (x_.mode == Mode::kShrink && !portable_) {
        for (; r + 1 < src_h_; r += 2) {
          ShrinkTwoRows(row(r), row(r + 1), out + r * out_stride, out + (r + 1) * out_stride);
        }
      }
#endif
      for (; r < src_h_; ++r) {
        if (x_.mode == Mode::kShrink) {
          ShrinkRow(row(r), out + r * out_stride);
        } else {
          ExpandRow(row(r), out + r * out_stride);
        }
      }
      rows = out;
    }
    if (y_.mode == Mode::kShrink) {
      ShrinkColumns(rows, dst);
    } else if (y_.mode == Mode::kExpand) {
      ExpandColumns(rows, dst);
    }
  }

 private:
  enum class Mode { kSame, kShrink, kExpand };

  // One axis n -> m. Shrinking: output i ends in source pixel end[i], of
  // which the part counter[i] (of 0x4000) belongs to it, the rest to output
  // i + 1; the pixels between two ends are summed whole. Expanding: output i
  // blends source first[i] and second[i] by weight1[i] / 256.
  struct Axis {
    Mode mode = Mode::kSame;
    std::uint16_t recip = 0;
    std::vector<int> end;
    std::vector<std::uint16_t> counter;
    std::vector<int> first;
    std::vector<int> second;
    std::vector<int> weight1;
  };

  static constexpr int kOne = 0x4000;  // one source pixel in the shrink's fixed point

  static Axis MakeAxis(int n, int m) {
    Axis a;
    if (n == m) return a;
    if (m < n) {
      a.mode = Mode::kShrink;
      const int space = kOne * n / m;  // > kOne for sides <= kMaxSide
      a.recip = static_cast<std::uint16_t>(0x40000000 / space);
      // pygame's counter walk, recorded: where each output ends.
      int counter = space;
      for (int i = 0; i < n; ++i) {
        if (counter > kOne) {
          counter -= kOne;
        } else {
          a.end.push_back(i);
          a.counter.push_back(static_cast<std::uint16_t>(counter));
          counter = space - (kOne - counter);
        }
      }
      // With floor(0x4000 n / m) as the step there are exactly m ends for
      // sides <= kMaxSide; checked, since a wrong count would read past.
      if (static_cast<int>(a.end.size()) != m) {
        throw std::logic_error("SmoothScaler: " + std::to_string(a.end.size()) + " outputs for " +
                               std::to_string(n) + " -> " + std::to_string(m));
      }
      return a;
    }
    a.mode = Mode::kExpand;
    for (int i = 0; i < m; ++i) {
      const int first = i * (n - 1) / m;
      a.first.push_back(first);
      // pygame reads the next pixel even at weight 0 (past the row when
      // n == 1: weight 0 then, so any pixel gives the same).
      a.second.push_back(std::min(first + 1, n - 1));
      a.weight1.push_back(0x100 * (i * (n - 1) % m) / m);
    }
    return a;
  }

  // _mm_mulhi_epu16.
  static std::uint16_t MulHi(std::uint32_t a, std::uint32_t b) {
    return static_cast<std::uint16_t>((a * b) >> 16);
  }
  // _mm_packus_epi16: the 16-bit lane read as signed, saturated to 0..255.
  static std::uint8_t PackUs(std::uint16_t v) {
    return static_cast<std::uint8_t>(std::clamp<int>(static_cast<std::int16_t>(v), 0, 255));
  }

  // One output of a shrink: the whole-pixel sum so far plus the part of the
  // boundary pixel p (counter c of 0x4000) that belongs to it; `sum` then
  // becomes the rest of p, which starts the next output.
  static std::uint8_t ShrinkOut(std::uint8_t p, std::uint16_t c, std::uint16_t recip,
                                std::uint16_t* sum) {
    const std::uint16_t s = static_cast<std::uint16_t>(p << 2);
    const auto total = static_cast<std::uint16_t>(MulHi(s, c) + *sum);
    *sum = MulHi(s, static_cast<std::uint16_t>(kOne - c));
    return PackUs(MulHi(total, recip));
  }

  void ShrinkRow(const std::uint8_t* in, std::uint8_t* out) const {
    std::uint16_t sum[kChannels] = {0, 0, 0};
    int next = 0;
    for (int i = 0; i < dst_w_; ++i) {
      const int end = x_.end[i];
      for (; next < end; ++next) {
        for (int k = 0; k < kChannels; ++k) {
          sum[k] = static_cast<std::uint16_t>(sum[k] + in[next * kChannels + k]);
        }
      }
      for (int k = 0; k < kChannels; ++k) {
        out[i * kChannels + k] =
            ShrinkOut(in[end * kChannels + k], x_.counter[i], x_.recip, &sum[k]);
      }
      next = end + 1;
    }
  }

#if defined(__SSE2__)
  // Pixel x of two rows in 16-bit lanes: row a's R, G, B and a spare lane,
  // then row b's. Bytes = 4 reads one byte past the pixel, into the spare
  // lane; 3 is for a pixel that may end the image.
  template <int Bytes>
  static __m128i TwoPixels(const std::uint8_t* a, const std::uint8_t* b, int x) {
    std::uint32_t pa = 0;
    std::uint32_t pb = 0;
    std::memcpy(&pa, a + x * kChannels, Bytes);
    std::memcpy(&pb, b + x * kChannels, Bytes);
    const __m128i both = _mm_unpacklo_epi32(_mm_cvtsi32_si128(static_cast<int>(pa)),
                                            _mm_cvtsi32_si128(static_cast<int>(pb)));
    return _mm_unpacklo_epi8(both, _mm_setzero_si128());
  }

  // ShrinkRow on rows a and b at once (pygame's two-row loop).
  void ShrinkTwoRows(const std::uint8_t* a, const std::uint8_t* b, std::uint8_t* out_a,
                     std::uint8_t* out_b) const {
    const __m128i recip = _mm_set1_epi16(static_cast<std::int16_t>(x_.recip));
    __m128i sum = _mm_setzero_si128();
    int next = 0;
    for (int i = 0; i < dst_w_; ++i) {
      const int end = x_.end[i];
      // Whole pixels lie before an end, never at the row's last pixel.
      for (; next < end; ++next) sum = _mm_add_epi16(sum, TwoPixels<4>(a, b, next));
      const std::uint16_t c = x_.counter[i];
      const bool last = i == dst_w_ - 1;
      const __m128i p = _mm_slli_epi16(last ? TwoPixels<3>(a, b, end) : TwoPixels<4>(a, b, end), 2);
      const __m128i part = _mm_mulhi_epu16(p, _mm_set1_epi16(static_cast<std::int16_t>(c)));
      const __m128i total = _mm_add_epi16(part, sum);
      sum = _mm_mulhi_epu16(p, _mm_set1_epi16(static_cast<std::int16_t>(kOne - c)));
      const __m128i bytes = _mm_packus_epi16(_mm_mulhi_epu16(total, recip), _mm_setzero_si128());
      const auto lo = static_cast<std::uint32_t>(_mm_cvtsi128_si32(bytes));
      const auto hi = static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm_srli_si128(bytes, 4)));
      // 4-byte stores: the spare byte is overwritten by the next output;
      // the row's last output writes only its own 3.
      if (last) {
        std::memcpy(out_a + i * kChannels, &lo, kChannels);
        std::memcpy(out_b + i * kChannels, &hi, kChannels);
      } else {
        std::memcpy(out_a + i * kChannels, &lo, 4);
        std::memcpy(out_b + i * kChannels, &hi, 4);
      }
      next = end + 1;
    }
  }
#endif

  void ExpandRow(const std::uint8_t* in, std::uint8_t* out) const {
    for (int i = 0; i < dst_w_; ++i) {
      const int w1 = x_.weight1[i];
      const int w0 = 0x100 - w1;
      const std::uint8_t* p0 = in + x_.first[i] * kChannels;
      const std::uint8_t* p1 = in + x_.second[i] * kChannels;
      for (int k = 0; k < kChannels; ++k) {
        // < 2^16: no 16-bit lane wraps.
        out[i * kChannels + k] = static_cast<std::uint8_t>((p0[k] * w0 + p1[k] * w1) >> 8);
      }
    }
  }

  // The shrink along y on rows of dst_w pixels: the same walk, a whole row
  // of sums at a time.
  void ShrinkColumns(const std::uint8_t* in, std::uint8_t* out) {
    const std::size_t stride = static_cast<std::size_t>(dst_w_) * kChannels;
    std::fill(sums_.begin(), sums_.end(), 0);
    std::uint16_t* sums = sums_.data();
    // The values SIMD takes, eight at a time; the rest one by one.
    std::size_t simd = 0;
#if defined(__SSE2__)
    if (!portable_) simd = stride / 8 * 8;
    const __m128i zero = _mm_setzero_si128();
    const __m128i recip = _mm_set1_epi16(static_cast<std::int16_t>(y_.recip));
#endif
    int next = 0;
    for (int j = 0; j < dst_h_; ++j) {
      const int end = y_.end[j];
      for (; next < end; ++next) {
        const std::uint8_t* row = in + next * stride;
        std::size_t k = 0;
#if defined(__SSE2__)
        for (; k < simd; k += 8) {
          const __m128i p =
              _mm_unpacklo_epi8(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(row + k)), zero);
          auto* sum = reinterpret_cast<__m128i*>(sums + k);
          _mm_storeu_si128(sum, _mm_add_epi16(_mm_loadu_si128(sum), p));
        }
#endif
        for (; k < stride; ++k) sums[k] = static_cast<std::uint16_t>(sums[k] + row[k]);
      }
      const std::uint8_t* row = in + end * stride;
      std::uint8_t* dst_row = out + j * stride;
      const std::uint16_t c = y_.counter[j];
      std::size_t k = 0;
#if defined(__SSE2__)
      const __m128i part_c = _mm_set1_epi16(static_cast<std::int16_t>(c));
      const __m128i rest_c = _mm_set1_epi16(static_cast<std::int16_t>(kOne - c));
      for (; k < simd; k += 8) {
        const __m128i p = _mm_slli_epi16(
            _mm_unpacklo_epi8(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(row + k)), zero), 2);
        auto* sum = reinterpret_cast<__m128i*>(sums + k);
        const __m128i total = _mm_add_epi16(_mm_mulhi_epu16(p, part_c), _mm_loadu_si128(sum));
        _mm_storeu_si128(sum, _mm_mulhi_epu16(p, rest_c));
        _mm_storel_epi64(reinterpret_cast<__m128i*>(dst_row + k),
                         _mm_packus_epi16(_mm_mulhi_epu16(total, recip), zero));
      }
#endif
      for (; k < stride; ++k) dst_row[k] = ShrinkOut(row[k], c, y_.recip, &sums[k]);
      next = end + 1;
    }
  }

  void ExpandColumns(const std::uint8_t* in, std::uint8_t* out) const {
    const std::size_t stride = static_cast<std::size_t>(dst_w_) * kChannels;
    for (int j = 0; j < dst_h_; ++j) {
      const int w1 = y_.weight1[j];
      const int w0 = 0x100 - w1;
      const std::uint8_t* r0 = in + y_.first[j] * stride;
      const std::uint8_t* r1 = in + y_.second[j] * stride;
      std::uint8_t* dst_row = out + j * stride;
      for (std::size_t k = 0; k < stride; ++k) {
        dst_row[k] = static_cast<std::uint8_t>((r0[k] * w0 + r1[k] * w1) >> 8);
      }
    }
  }

  int src_h_;
  int src_w_;
  int dst_h_;
  int dst_w_;
  Axis x_;
  Axis y_;
  std::vector<std::uint8_t> temp_;       // x pass output, src_h x dst_w x 3
  std::vector<std::uint8_t> reordered_;  // reversed rows put in order (x left alone)
  std::vector<std::uint16_t> sums_;      // y shrink's running sums, dst_w x 3
  bool portable_ = false;
};

}  // namespace parallel_pool::image

#endif  // PARALLEL_POOL_IMAGE_SMOOTHSCALE_H_
