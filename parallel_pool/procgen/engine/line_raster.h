// QRasterizer::rasterizeLine of Qt 5.9.7, through which its raster engine
// fills the rectangle of an antialiased fillRect, of a drawImage through its
// texture path (antialiased, or aliased but not under a scale alone), and
// draws a line with a pen wider than a pixel: the rectangle around a line
// through its middle, as spans of pixels with their coverage, in Qt's
// fixed-point arithmetic, step for step (docs/procgen.md, "Generated assets"
// and "The human view").
#ifndef PARALLEL_POOL_PROCGEN_ENGINE_LINE_RASTER_H_
#define PARALLEL_POOL_PROCGEN_ENGINE_LINE_RASTER_H_

#include <cstdint>
#include <functional>

#include "parallel_pool/procgen/engine/rect.h"
#include "parallel_pool/procgen/engine/transform.h"

namespace parallel_pool::procgen {

// A run of pixels in one row with one coverage (0..255), as QT_FT_Span.
struct CoverageSpan {
  int x;
  int len;
  int y;
  int coverage;
};

// Receives spans in Qt's batches (QSpanBuffer flushes every 256 spans; the
// blend that follows fetches adjacent spans of a row together, so where a
// batch ends changes what a fetch covers).
using CoverageSpanSink = std::function<void(const CoverageSpan* spans, int count)>;

// QRasterizer::rasterizeLine: the rectangle around the line from (ax, ay)
// to (bx, by) whose width is `width` times the line's length (extended by
// half that width at both ends with `square_cap`), clipped to a
// clip_w x clip_h device. `antialiased`: each pixel covered by the part of it
// inside; else whole pixels, those whose centres are inside.
void RasterizeWideLine(double ax, double ay, double bx, double by, double width, bool square_cap,
                       bool antialiased, int clip_w, int clip_h, const CoverageSpanSink& sink);

// The line along which Qt's raster engine fills `rect` (normalized) drawn
// through `m`: from the middle of its left edge to the middle of its right
// edge, mapped; the rectangle is that line `rect.h / rect.w` of its length
// wide.
void RectMidline(const Transform& m, const RectF& rect, PointD& a, PointD& b);

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_ENGINE_LINE_RASTER_H_
