// The painter's antialiased mode (procgen's 512x512 human view): Qt 5.9.7's
// QRasterPaintEngine with QPainter::Antialiasing and SmoothPixmapTransform
// on. A rectangle (fillRect, drawImage) or a wide pen's line becomes coverage
// spans (RasterizeWideLine); an image's pixels under them are fetched
// bilinearly through the inverse of the image's transform (FetchBilinear)
// and blended with the span's coverage, as Qt's blend_src_generic does. An
// ellipse is filled by the gray rasteriser and outlined, as a thin line is
// drawn, by the antialiasing cosmetic stroker.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "parallel_pool/procgen/engine/gray_raster.h"
#include "parallel_pool/procgen/engine/painter.h"
#include "parallel_pool/procgen/engine/path_raster.h"
#include "parallel_pool/procgen/engine/qt_blend.h"
#include "parallel_pool/procgen/engine/smooth_raster.h"

namespace parallel_pool::procgen {
namespace {

// QRectF::normalized.
RectF Normalized(RectF r) {
  if (r.w < 0) {
    r.x += r.w;
    r.w = -r.w;
  }
  if (r.h < 0) {
    r.y += r.h;
    r.h = -r.h;
  }
  return r;
}

// QTransform::map of a point, by the transform's type as Qt computes it.
PointD Map(const Transform& m, TransformType type, double x, double y) {
  switch (type) {
    case TransformType::kTranslate:
      return PointD{x + m.dx, y + m.dy};
    case TransformType::kScale:
      return PointD{m.m11 * x + m.dx, m.m22 * y + m.dy};
    case TransformType::kRotate:
      break;
  }
  return PointD{m.m11 * x + m.m21 * y + m.dx, m.m12 * x + m.m22 * y + m.dy};
}

// The line through the middle of `rect` (mapped) along which Qt's
// rasteriser fills it: from the middle of its left edge to the middle of its
// right edge.
void RectLine(const Transform& m, TransformType type, const RectF& rect, PointD& a, PointD& b) {
  const double right = rect.x + rect.w;
  const double mid_y = (rect.y + (rect.y + rect.h)) * 0.5;
  a = Map(m, type, (rect.x + rect.x) * 0.5, mid_y);
  b = Map(m, type, (right + right) * 0.5, mid_y);
}

// qt_scaleForTransform's answer: whether the transform scales x and y alike
// (no shear), which decides how drawImage rasterises its rectangle.
bool NoShear(const Transform& m, TransformType type) {
  if (type == TransformType::kTranslate) return true;
  if (type == TransformType::kScale) return FuzzyCompare(std::fabs(m.m11), std::fabs(m.m22));
  const double x_scale = m.m11 * m.m11 + m.m21 * m.m21;
  const double y_scale = m.m12 * m.m12 + m.m22 * m.m22;
  return FuzzyCompare(x_scale, y_scale);
}

// QSpanData::setupMatrix: the inverse of the image's transform, after a
// translation by 1/65536 that keeps Qt's fixed-point sampling from rounding
// the wrong way.
Transform ImageInverse(const Transform& c) {
  constexpr double kNudge = 1.0 / 65536;
  const TransformType type = Classify(c);
  Transform inv;
  if (type != TransformType::kRotate) {
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

}  // namespace

void Painter::SmoothFillRect(const RectF& rect, std::uint32_t rgb) {
  const RectF nr = Normalized(rect);
  if (nr.w <= 0 || nr.h <= 0) return;
  const std::uint32_t color = SolidColor(0xff000000U | rgb, IntOpacity(state_.opacity));
  if ((color >> 24) == 0) return;
  const Transform& m = state_.transform;
  const TransformType type = Classify(m);
  PointD a{};
  PointD b{};
  RectLine(m, type, nr, a, b);
  RasterizeWideLine(
      a.x, a.y, b.x, b.y, nr.h / nr.w, /*square_cap=*/false, target_.width(), target_.height(),
      [&](const CoverageSpan* spans, int count) { BlendCoverageSpans(spans, count, color); });
}

void Painter::SmoothDrawImage(const RectF& dst, const Image& src) {
  const int int_opacity = IntOpacity(state_.opacity);
  if (int_opacity == 0) return;
  const Transform& m = state_.transform;
  const TransformType type = Classify(m);
  // The image's own transform: the painter's, moved to the target's corner
  // and stretched from the image's size to the target's.
  Transform image = m;
  image.dx += dst.x * image.m11 + dst.y * image.m21;
  image.dy += dst.y * image.m22 + dst.x * image.m12;
  if (dst.w != src.width() || dst.h != src.height()) {
    const double sx = dst.w / src.width();
    const double sy = dst.h / src.height();
    image.m11 *= sx;
    image.m12 *= sx;
    image.m21 *= sy;
    image.m22 *= sy;
  }
  const Transform inverse = ImageInverse(image);
  // QSpanData's fast_matrix: beyond it (an image scaled down by more than
  // 100) Qt samples in floating point, which is not reproduced.
  if (!(inverse.m11 * inverse.m11 + inverse.m21 * inverse.m21 < 1e4 &&
        inverse.m12 * inverse.m12 + inverse.m22 * inverse.m22 < 1e4)) {
    throw std::logic_error(
        "Painter::DrawImage: images scaled down by more than 100 are not reproduced");
  }
  const RectF rect = Normalized(dst);
  PointD a{};
  PointD b{};
  RectLine(m, type, rect, a, b);
  const bool no_shear = NoShear(m, type);
  if (!no_shear && type == TransformType::kRotate) {
    // Qt fills a sheared image's rectangle as a path; procgen never shears.
    throw std::logic_error("Painter::DrawImage: sheared images are not reproduced");
  }
  const double width = no_shear ? rect.h / rect.w : std::fabs((m.m22 * rect.h) / (m.m11 * rect.w));
  // blend_src_generic: adjacent spans of a row fetched together, each
  // blended with its coverage times the opacity; an RGB32 image at full
  // opacity is solid (Qt's Source mode), anything else composited
  // source-over.
  const bool solid_source = src.format() == PixelFormat::kRgb32 && int_opacity == 256;
  constexpr int kBufferSize = 2048;
  std::vector<std::uint32_t> fetched(kBufferSize);
  RasterizeWideLine(a.x, a.y, b.x, b.y, width, /*square_cap=*/false, target_.width(),
                    target_.height(), [&](const CoverageSpan* spans, int count) {
                      int coverage = 0;
                      while (count > 0) {
                        int x = spans->x;
                        const int y = spans->y;
                        int run_end = x + spans->len;
                        for (int i = 1; i < count && spans[i].y == y && spans[i].x == run_end;
                             ++i) {
                          run_end += spans[i].len;
                        }
                        int length = run_end - x;
                        std::uint32_t* row = target_.Row(y);
                        while (length > 0) {
                          int l = std::min(kBufferSize, length);
                          length -= l;
                          FetchBilinear(fetched.data(), src, inverse, y, x, l);
                          int offset = 0;
                          while (l > 0) {
                            if (x == spans->x) coverage = (spans->coverage * int_opacity) >> 8;
                            const int span_end = spans->x + spans->len;
                            const int len = std::min(l, span_end - x);
                            std::uint32_t* d = row + x;
                            const std::uint32_t* s = fetched.data() + offset;
                            Blender(solid_source, static_cast<std::uint32_t>(coverage))
                                .WithWrite([&](auto write) {
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
                    });
}

void Painter::BlendCoverageSpans(const CoverageSpan* spans, int count, std::uint32_t color) {
  for (int i = 0; i < count; ++i) {
    BlendCoverage(spans[i].x, spans[i].y, spans[i].len, color, spans[i].coverage);
  }
}

void Painter::SmoothDrawEllipse(const RectF& rect, const std::uint32_t* brush,
                                const std::uint32_t* pen) {
  PointD start;
  const std::vector<PointD> cubics = EllipseCubics(rect, start);
  if (brush != nullptr) {
    // An ellipse's path has no winding hint: it is filled odd-even.
    const std::uint32_t color = *brush;
    FillPolygonAntialiased(
        FlattenedOutline(start, cubics), target_.width(), target_.height(), /*even_odd=*/true,
        [&](int x, int y, int len, int coverage) { BlendCoverage(x, y, len, color, coverage); });
  }
  if (pen != nullptr) {
    const std::uint32_t color = *pen;
    CosmeticStroker stroker = CosmeticStroker::Antialiased(
        target_.width(), target_.height(),
        [&](int x, int y, int coverage) { BlendCoverage(x, y, 1, color, coverage); });
    stroker.DrawClosedCubics(start, cubics);
  }
}

void Painter::SmoothDrawLine(int x1, int y1, int x2, int y2, std::uint32_t color, int pen_width) {
  auto blend_spans = [&](const CoverageSpan* spans, int count) {
    BlendCoverageSpans(spans, count, color);
  };
  if (pen_width > 1) {
    // A pen wider than a pixel: QRasterPaintEngine::stroke rasterises each
    // line as a wide line with the pen's square caps (a point as a
    // horizontal line one pen wide).
    const double w = pen_width;
    if (x1 == x2 && y1 == y2) {
      RasterizeWideLine(x1 - w * 0.5, y1, x1 + w * 0.5, y1, 1, /*square_cap=*/false,
                        target_.width(), target_.height(), blend_spans);
      return;
    }
    const double dx = x2 - x1;
    const double dy = y2 - y1;
    RasterizeWideLine(x1, y1, x2, y2, w / std::sqrt(dx * dx + dy * dy), /*square_cap=*/true,
                      target_.width(), target_.height(), blend_spans);
    return;
  }
  CosmeticStroker stroker = CosmeticStroker::Antialiased(
      target_.width(), target_.height(),
      [&](int x, int y, int coverage) { BlendCoverage(x, y, 1, color, coverage); });
  stroker.DrawLine({static_cast<double>(x1), static_cast<double>(y1)},
                   {static_cast<double>(x2), static_cast<double>(y2)});
}

}  // namespace parallel_pool::procgen
