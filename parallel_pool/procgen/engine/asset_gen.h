// AssetGen: procgen's generated art (its assetgen), drawn when
// use_generated_assets is set: a 64x64 sprite for each object type, and a
// 500x500 background made anew at every level from the level's random
// generator (which the drawing's draws therefore advance). The layout comes
// from procgen's random draws, in procgen's order and with its float and
// double arithmetic, so a seed gives the very same shapes; what draws them is
// a ShapeCanvas (the family's painter; a QPainter in the tool that compares
// the two).
#ifndef PARALLEL_POOL_PROCGEN_ENGINE_ASSET_GEN_H_
#define PARALLEL_POOL_PROCGEN_ENGINE_ASSET_GEN_H_

#include <cstdint>
#include <string>

#include "parallel_pool/procgen/engine/image.h"
#include "parallel_pool/procgen/engine/rand_gen.h"
#include "parallel_pool/procgen/engine/rect.h"

namespace parallel_pool::procgen {

// What assetgen draws with: a QPainter on a fresh image, antialiasing off.
// Colours are 0xAARRGGBB, not premultiplied (QColor). procgen draws a
// sprite in the Source composition mode after Clear, where its colours are
// all opaque and Source draws what source-over does; the family's painter
// composites source-over throughout.
class ShapeCanvas {
 public:
  virtual ~ShapeCanvas() = default;
  // fillRect(rect, QColor(argb)).
  virtual void FillRect(const RectF& rect, std::uint32_t argb) = 0;
  // drawEllipse(rect) with brush `brush` and a one-pixel pen `pen` (QPen(QColor)).
  virtual void DrawEllipse(const RectF& rect, std::uint32_t brush, std::uint32_t pen) = 0;
  // fillRect of the whole image with transparent black in the Source
  // composition mode: every pixel 0.
  virtual void Clear() = 0;
};

// One generated image (procgen's generate_resource): with `is_rect`, a
// rectangle of colour covered by blotches of shapes, `num_recurse` levels of
// them made the same way, under a veil of its colour at alpha 200; else (an
// object's sprite) bars and blotches of shapes on a transparent image.
void GenerateArt(RandGen& rand_gen, ShapeCanvas& canvas, int width, int height, int num_recurse,
                 int blotch_scale, bool is_rect);

// GenerateArt drawn by the family's painter onto the whole of `image`, as a
// QPainter on a fresh QImage draws it (antialiasing off).
void GenerateImage(RandGen& rand_gen, Image& image, int num_recurse, int blotch_scale,
                   bool is_rect);

// procgen's defaults for a game's generated background: one level of
// recursion, 50 to 100 blotches, a rectangle.
inline constexpr int kBackgroundRecursion = 1;
inline constexpr int kBackgroundBlotchScale = 50;
// A sprite: no recursion, 5 to 10 blotches.
inline constexpr int kSpriteBlotchScale = 5;
inline constexpr int kGeneratedSpriteSize = 64;
inline constexpr int kGeneratedBackgroundSize = 500;

// The seed of a game's generated sprites, as procgen's vector picks it: the
// 32-bit FNV-1a hash of the game's name; the sprite of type t is drawn from
// mt19937 seeded with that plus t.
std::uint32_t FixedAssetSeed(const std::string& game_name);

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_ENGINE_ASSET_GEN_H_
