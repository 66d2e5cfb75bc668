// Painter: the part of Qt 5.9.7's raster QPainter that procgen's 64x64
// frames are drawn with (antialiasing and smooth pixmap transforms off), to
// the same pixel: fillRect, drawImage into a rectangle (nearest-neighbour
// scaling, source-over blending of premultiplied sprites, and Qt's texture
// path for ARGB32 ones, the generated sprites), opacity, and a translated,
// rotated drawImage. Coordinates are Qt's qreal (double); the
// arithmetic that decides which pixels a shape covers and which texel each
// samples is Qt's, step for step (docs/procgen.md, "Drawing").
#ifndef PARALLEL_POOL_PROCGEN_ENGINE_PAINTER_H_
#define PARALLEL_POOL_PROCGEN_ENGINE_PAINTER_H_

#include <cstdint>
#include <vector>

#include "parallel_pool/procgen/engine/image.h"
#include "parallel_pool/procgen/engine/line_raster.h"
#include "parallel_pool/procgen/engine/path_raster.h"
#include "parallel_pool/procgen/engine/rect.h"
#include "parallel_pool/procgen/engine/transform.h"

namespace parallel_pool::procgen {

// QPaintEngineEx::drawEllipse's path for `rect`: qt_curves_for_arc's four
// cubics from the right end, clockwise on the screen; `start` gets the first
// point, the result each cubic's (control 1, control 2, end).
std::vector<PointD> EllipseCubics(const RectF& rect, PointD& start);

class Painter {
 public:
  // `smooth`: antialiasing and smooth pixmap transforms on, as procgen draws
  // its 512x512 human view (line_raster.h, texture_fetch.h): rectangles get coverage at
  // their edges and scaled or rotated images are sampled bilinearly.
  explicit Painter(Image& target, bool smooth = false) : target_(target), smooth_(smooth) {}

  // fillRect(rect, QColor(rgb)): an opaque colour.
  void FillRect(const RectF& rect, std::uint32_t rgb) { FillRectArgb(rect, 0xff000000U | rgb); }
  // fillRect(rect, QColor::fromRgba(argb)), composited source-over. On an
  // ARGB32 target a translucent colour may only cover opaque pixels (where
  // Qt's conversions to and from premultiplied are exact), as procgen's
  // generated art has it.
  void FillRectArgb(const RectF& rect, std::uint32_t argb);
  void DrawImage(const RectF& dst, const Image& src);
  // An ellipse in the whole-pixel rect (x, y, w, h) (Qt's midpoint
  // algorithm, as QPainter draws one whose rect is whole pixels), filled
  // with the premultiplied `brush` and outlined with `pen` (a one-pixel pen),
  // each only if given.
  void DrawEllipse(int x, int y, int w, int h, const std::uint32_t* brush,
                   const std::uint32_t* pen);
  // QPainter::drawEllipse(QRectF) with a one-pixel pen: the midpoint
  // algorithm above where `rect` is whole pixels, else Qt's path of four
  // cubics, filled (path_raster.h's polygon) and then outlined (its cosmetic
  // stroker).
  void DrawEllipse(const RectF& rect, const std::uint32_t* brush, const std::uint32_t* pen);
  // A line between whole pixels with square caps, in the premultiplied
  // `color`, by a pen `pen_width` pixels wide (QPen(color, pen_width)): a
  // width of 0 or 1 is one pixel (Qt's cosmetic stroker); a wider pen is
  // drawn in the antialiased mode only (procgen's pens are thin at 64x64).
  void DrawLine(int x1, int y1, int x2, int y2, std::uint32_t color, int pen_width);
  // QColor(r, g, b, a) at the painter's opacity, premultiplied as Qt's
  // raster engine does it (in 16 bits per channel).
  std::uint32_t Premultiplied(std::uint32_t argb) const;

  void SetOpacity(double opacity) {
    state_.opacity = opacity < 0 ? 0 : (opacity > 1 ? 1 : opacity);
  }
  void Translate(double dx, double dy);
  void Rotate(double degrees);
  void Save() { saved_.push_back(state_); }
  void Restore() {
    if (!saved_.empty()) {
      state_ = saved_.back();
      saved_.pop_back();
    }
  }

 private:
  struct State {
    Transform transform;
    double opacity = 1.0;
  };

  // `len` pixels of row y from x on, clipped to the target, composited
  // source-over by the premultiplied `color`.
  void Span(int x, int y, int len, std::uint32_t color);
  // The antialiased form of FillRect (painter_smooth.cc).
  void SmoothFillRect(const RectF& rect, std::uint32_t argb);
  // drawImage through Qt's texture path (painter_texture.cc): a scaled or
  // rotated image in the antialiased mode, an ARGB32 one in both.
  void DrawTexture(const RectF& dst, const Image& src);
  // The spans of the target rectangle `dst` of such an image, handed to
  // `sink`: its rounded corners (aliased, under a scale alone) or
  // rasterizeLine's.
  void FillTextureRect(const RectF& dst, const CoverageSpanSink& sink);
  // QPaintEngineEx::drawEllipse's path of four cubics, filled by the gray
  // rasteriser and outlined by the antialiasing cosmetic stroker; a line by
  // that stroker.
  void SmoothDrawEllipse(const RectF& rect, const std::uint32_t* brush, const std::uint32_t* pen);
  void SmoothDrawLine(int x1, int y1, int x2, int y2, std::uint32_t color, int pen_width);
  // `len` pixels of row y from x on (inside the target), covered
  // coverage / 255 by the premultiplied `color`, blended source-over.
  void BlendCoverage(int x, int y, int len, std::uint32_t color, int coverage);
  // A batch of the rasteriser's spans (line_raster.h) in `color`.
  void BlendCoverageSpans(const CoverageSpan* spans, int count, std::uint32_t color);

  Image& target_;
  bool smooth_;
  State state_;
  std::vector<State> saved_;
  // DrawTexture's fetched pixels, kept from one image to the next.
  std::vector<std::uint32_t> texture_buffer_;
};

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_ENGINE_PAINTER_H_
