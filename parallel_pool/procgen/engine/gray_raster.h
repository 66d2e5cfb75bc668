// Qt 5.9.7's antialiased polygon filler (qgrayraster.c, FreeType's "smooth"
// rasteriser as Qt carries it), which QPainter uses for a path it fills with
// antialiasing on: jumper's compass disc and the agent's shadow in procgen's
// 512x512 view. The outline's vertices are taken to 26.6 fixed point
// (rounded, as QOutlineMapper does), each edge's signed area and cover summed
// per pixel cell at 1/256 of a pixel, and the cells swept row by row into
// spans with coverage.
#ifndef PARALLEL_POOL_PROCGEN_ENGINE_GRAY_RASTER_H_
#define PARALLEL_POOL_PROCGEN_ENGINE_GRAY_RASTER_H_

#include <functional>
#include <vector>

#include "parallel_pool/procgen/engine/path_raster.h"

namespace parallel_pool::procgen {

// `len` pixels of row y from x on, each covered coverage / 255.
using GraySpanSink = std::function<void(int x, int y, int len, int coverage)>;

// Fills the closed polygon `points` (the last point equal to the first) on a
// width x height device, by the odd-even rule (`even_odd`, a QVectorPath
// without the winding hint, as an ellipse's) or the non-zero one.
void FillPolygonAntialiased(const std::vector<PointD>& points, int width, int height, bool even_odd,
                            const GraySpanSink& span);

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_ENGINE_GRAY_RASTER_H_
