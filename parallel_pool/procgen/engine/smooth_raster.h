// The antialiased half of Qt 5.9.7's raster engine that procgen's 512x512
// human view is drawn with (QPainter::Antialiasing and
// SmoothPixmapTransform on): the coverage of an axis-aligned rectangle
// (QRasterizer::rasterizeLine, through which fillRect and drawImage fill a
// rectangle and a wide pen draws a line) and the bilinear sampling of a
// transformed image
// (fetchTransformedBilinearARGB32PM), each with Qt's fixed-point arithmetic,
// step for step (docs/procgen.md, "The human view").
#ifndef PARALLEL_POOL_PROCGEN_ENGINE_SMOOTH_RASTER_H_
#define PARALLEL_POOL_PROCGEN_ENGINE_SMOOTH_RASTER_H_

#include <cstdint>
#include <functional>

#include "parallel_pool/procgen/engine/image.h"
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

// QRasterizer::rasterizeLine, antialiased: the rectangle around the line
// from (ax, ay) to (bx, by) whose width is `width` times the line's length
// (extended by half that width at both ends with `square_cap`), clipped to a
// clip_w x clip_h device. fillRect and drawImage fill their rectangles as
// such a line through their middle; a pen wider than a pixel draws lines so.
void RasterizeWideLine(double ax, double ay, double bx, double by, double width, bool square_cap,
                       int clip_w, int clip_h, const CoverageSpanSink& sink);

// fetchTransformedBilinearARGB32PM (not tiled) for a scaled or rotated image: `length`
// premultiplied pixels of device row y from x on, sampled bilinearly from
// `src`, through `inverse`, the map from device to image coordinates
// QSpanData::setupMatrix keeps. Qt's scale of at most 100 (its fast_matrix).
void FetchBilinear(std::uint32_t* out, const Image& src, const Transform& inverse, int y, int x,
                   int length);

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_ENGINE_SMOOTH_RASTER_H_
