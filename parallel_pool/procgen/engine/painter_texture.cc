// drawImage through Qt 5.9.7's texture path (QRasterPaintEngine's
// image_filler_xform and blend_src_generic), which its raster engine takes
// for a scaled or rotated image wherever it has no fast function: every such
// image in the antialiased mode, and an ARGB32 (not premultiplied) image,
// such as procgen's generated sprites, in the aliased one. The image's
// rectangle becomes spans (rasterizeLine, or under a scale alone its rounded
// corners); the image's pixels under them are fetched through the inverse
// of its transform, bilinearly or by nearest neighbour, and blended
// source-over with the span's coverage times the opacity.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "parallel_pool/procgen/engine/line_raster.h"
#include "parallel_pool/procgen/engine/painter.h"
#include "parallel_pool/procgen/engine/qt_blend.h"
#include "parallel_pool/procgen/engine/qt_round.h"
#include "parallel_pool/procgen/engine/texture_fetch.h"

namespace parallel_pool::procgen {
namespace {

// blend_src_generic's buffer: a row's adjacent spans are fetched together,
// up to this many pixels at a time.
constexpr int kFetchBuffer = 2048;

}  // namespace

void Painter::DrawTexture(const RectF& dst, const Image& src) {
  const int int_opacity = IntOpacity(state_.opacity);
  if (int_opacity == 0) return;
  // The image's own transform: the painter's, moved to the target's corner
  // and stretched from the image's size to the target's.
  Transform image = state_.transform;
  procgen::Translate(image, dst.x, dst.y);
  if (dst.w != src.width() || dst.h != src.height()) {
    Scale(image, dst.w / src.width(), dst.h / src.height());
  }
  const Transform inverse = TextureInverse(image);
  // An RGB32 image at full opacity is solid (Qt's Source mode); anything
  // else is composited source-over.
  const bool solid_source = src.format() == PixelFormat::kRgb32 && int_opacity == 256;
  if (Classify(image) == TransformType::kTranslate) {
    // The image's size within Qt's fuzz of the target's: Qt's texture path
    // then copies it unscaled (blend_untransformed_generic), each span from
    // the texels at the rounded offset, none outside the image.
    const int xoff = -QRound(-inverse.dx);
    const int yoff = -QRound(-inverse.dy);
    const CoverageSpanSink untransformed = [&](const CoverageSpan* spans, int count) {
      for (const CoverageSpan* span = spans; span < spans + count; ++span) {
        int x = span->x;
        int length = span->len;
        int sx = xoff + x;
        const int sy = yoff + span->y;
        if (sy < 0 || sy >= src.height() || sx >= src.width()) continue;
        if (sx < 0) {
          x -= sx;
          length += sx;
          sx = 0;
        }
        length = std::min(length, src.width() - sx);
        if (length <= 0) continue;
        std::uint32_t* d = target_.Row(span->y) + x;
        const std::uint32_t* s = src.Row(sy) + sx;
        const auto coverage = static_cast<std::uint32_t>((span->coverage * int_opacity) >> 8);
        Blender(solid_source, coverage).WithWrite([&](auto write) {
          for (int k = 0; k < length; ++k) write(&d[k], FetchedPixel(src, s[k]));
        });
      }
    };
    FillTextureRect(dst, untransformed);
    return;
  }
  std::vector<std::uint32_t>& fetched = texture_buffer_;
  fetched.resize(kFetchBuffer);
  const CoverageSpanSink blend = [&](const CoverageSpan* spans, int count) {
    int coverage = 0;
    while (count > 0) {
      int x = spans->x;
      const int y = spans->y;
      int run_end = x + spans->len;
      for (int i = 1; i < count && spans[i].y == y && spans[i].x == run_end; ++i) {
        run_end += spans[i].len;
      }
      int length = run_end - x;
      std::uint32_t* row = target_.Row(y);
      while (length > 0) {
        int l = std::min(kFetchBuffer, length);
        length -= l;
        if (smooth_) {
          FetchBilinear(fetched.data(), src, inverse, y, x, l);
        } else {
          FetchNearest(fetched.data(), src, inverse, y, x, l);
        }
        int offset = 0;
        while (l > 0) {
          if (x == spans->x) coverage = (spans->coverage * int_opacity) >> 8;
          const int span_end = spans->x + spans->len;
          const int len = std::min(l, span_end - x);
          std::uint32_t* d = row + x;
          const std::uint32_t* s = fetched.data() + offset;
          Blender(solid_source, static_cast<std::uint32_t>(coverage)).WithWrite([&](auto write) {
            for (int k = 0; k < len; ++k) write(&d[k], s[k]);
          });
          l -= len;
          x += len;
          offset += len;
          if (x == span_end) {
            ++spans;
            --count;
          }
        }
      }
    }
  };
  FillTextureRect(dst, blend);
}

void Painter::FillTextureRect(const RectF& dst, const CoverageSpanSink& sink) {
  const Transform& m = state_.transform;
  const TransformType type = Classify(m);
  if (!smooth_ && type == TransformType::kScale) {
    // Aliased under a scale: the mapped rectangle's corners rounded, filled
    // row by row (fillRect_normalized), 256 rows to a batch.
    const RectF mapped =
        Normalized(RectF{m.m11 * dst.x + m.dx, m.m22 * dst.y + m.dy, m.m11 * dst.w, m.m22 * dst.h});
    const int x1 = std::max(QRound(mapped.x), 0);
    const int y1 = std::max(QRound(mapped.y), 0);
    const int x2 = std::min(QRound(mapped.x + mapped.w), target_.width());
    const int y2 = std::min(QRound(mapped.y + mapped.h), target_.height());
    if (x2 <= x1 || y2 <= y1) return;
    std::vector<CoverageSpan> rows;
    for (int y = y1; y < y2; y += 256) {
      rows.clear();
      for (int yy = y; yy < std::min(y + 256, y2); ++yy) {
        rows.push_back(CoverageSpan{x1, x2 - x1, yy, 255});
      }
      sink(rows.data(), static_cast<int>(rows.size()));
    }
    return;
  }
  const RectF rect = Normalized(dst);
  const bool no_shear = NoShear(m);
  if (!no_shear && type == TransformType::kRotate) {
    // Qt fills a sheared image's rectangle as a path; procgen never shears.
    throw std::logic_error("Painter::DrawImage: sheared images are not reproduced");
  }
  // Under a scale that stretches one axis more than the other, the line's
  // width relative to its length is the mapped rectangle's.
  const double width = no_shear ? rect.h / rect.w : std::fabs((m.m22 * rect.h) / (m.m11 * rect.w));
  PointD a{};
  PointD b{};
  RectMidline(m, rect, a, b);
  RasterizeWideLine(a.x, a.y, b.x, b.y, width, /*square_cap=*/false, smooth_, target_.width(),
                    target_.height(), sink);
}

}  // namespace parallel_pool::procgen
