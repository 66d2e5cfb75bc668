// How Qt 5.9.7's raster engine samples a transformed image (QSpanData's
// texture fetches): the map from device to image coordinates it keeps, and
// the pixels of one device row it fetches through it, by nearest neighbour
// (aliased drawing) or bilinearly (SmoothPixmapTransform), each with Qt's
// fixed-point arithmetic, step for step.
#ifndef PARALLEL_POOL_PROCGEN_ENGINE_TEXTURE_FETCH_H_
#define PARALLEL_POOL_PROCGEN_ENGINE_TEXTURE_FETCH_H_

#include <cstdint>

#include "parallel_pool/procgen/engine/image.h"
#include "parallel_pool/procgen/engine/transform.h"

namespace parallel_pool::procgen {

// QSpanData::setupMatrix: the map from device to image coordinates for an
// image drawn through `image_transform` (the painter's transform, moved to
// the target's corner and stretched from the image's size to the
// target's): its inverse, after a translation by 1/65536 that keeps Qt's
// fixed-point sampling from rounding the wrong way.
Transform TextureInverse(const Transform& image_transform);

// QSpanData's fast_matrix: Qt samples in 16.16 fixed point unless the image
// is scaled down by more than 100 or the map's offset passes 10000, where it
// samples in floating point (both reproduced).
bool FixedPointSampling(const Transform& inverse);

// fetchTransformed (not tiled): `length` premultiplied pixels of device row
// y from x on, each the texel under its centre (clamped to the image),
// through `inverse`.
void FetchNearest(std::uint32_t* out, const Image& src, const Transform& inverse, int y, int x,
                  int length);

// The bilinear fetch (not tiled) of a scaled or rotated image: the same
// pixels interpolated between the four texels around each centre. Qt takes
// fetchTransformedBilinearARGB32PM for an RGB32 or premultiplied image and
// the generic fetchTransformedBilinear (each texel premultiplied first) for
// an ARGB32 one; their weights and groups differ. In floating point, both
// take 8-bit weights at every pixel.
void FetchBilinear(std::uint32_t* out, const Image& src, const Transform& inverse, int y, int x,
                   int length);

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_ENGINE_TEXTURE_FETCH_H_
