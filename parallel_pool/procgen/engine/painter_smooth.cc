// The painter's antialiased mode (procgen's 512x512 human view): Qt 5.9.7's
// QRasterPaintEngine with QPainter::Antialiasing on. A rectangle or a wide
// pen's line becomes coverage spans (RasterizeWideLine), blended in the
// colour with their coverage; an ellipse is filled by the gray rasteriser
// and outlined, as a thin line is drawn, by the antialiasing cosmetic
// stroker. Images are drawn by painter_texture.cc.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "parallel_pool/procgen/engine/gray_raster.h"
#include "parallel_pool/procgen/engine/line_raster.h"
#include "parallel_pool/procgen/engine/painter.h"
#include "parallel_pool/procgen/engine/path_raster.h"
#include "parallel_pool/procgen/engine/qt_blend.h"

namespace parallel_pool::procgen {

void Painter::SmoothFillRect(const RectF& rect, std::uint32_t argb) {
  const RectF nr = Normalized(rect);
  if (nr.w <= 0 || nr.h <= 0) return;
  const std::uint32_t color = SolidColor(argb, IntOpacity(state_.opacity));
  if ((color >> 24) == 0) return;
  PointD a{};
  PointD b{};
  RectMidline(state_.transform, nr, a, b);
  RasterizeWideLine(a.x, a.y, b.x, b.y, nr.h / nr.w, /*square_cap=*/false, /*antialiased=*/true,
                    target_.width(), target_.height(), [&](const CoverageSpan* spans, int count) {
                      BlendCoverageSpans(spans, count, color);
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
                        /*antialiased=*/true, target_.width(), target_.height(), blend_spans);
      return;
    }
    const double dx = x2 - x1;
    const double dy = y2 - y1;
    RasterizeWideLine(x1, y1, x2, y2, w / std::sqrt(dx * dx + dy * dy), /*square_cap=*/true,
                      /*antialiased=*/true, target_.width(), target_.height(), blend_spans);
    return;
  }
  CosmeticStroker stroker = CosmeticStroker::Antialiased(
      target_.width(), target_.height(),
      [&](int x, int y, int coverage) { BlendCoverage(x, y, 1, color, coverage); });
  stroker.DrawLine({static_cast<double>(x1), static_cast<double>(y1)},
                   {static_cast<double>(x2), static_cast<double>(y2)});
}

}  // namespace parallel_pool::procgen
