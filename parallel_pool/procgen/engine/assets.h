// Assets: procgen's sprites and backgrounds (PNG files from procgen's
// wheel, beside the family's module), decoded once per process and shared
// by every env. Sprites are kept premultiplied and backgrounds as RGB32,
// the formats procgen converts them to when it loads them.
#ifndef PARALLEL_POOL_PROCGEN_ENGINE_ASSETS_H_
#define PARALLEL_POOL_PROCGEN_ENGINE_ASSETS_H_

#include <memory>
#include <string>
#include <vector>

#include "parallel_pool/procgen/engine/image.h"

namespace parallel_pool::procgen {

using ImagePtr = std::shared_ptr<const Image>;

// The sprite at `relative_path` under `root` (e.g. "misc_assets/fishTile_072.png").
ImagePtr LoadSprite(const std::string& root, const std::string& relative_path);

// That sprite mirrored left to right (what procgen draws for an entity
// facing the other way), made once per process like the sprite, not once
// per env: a pool's envs share it, in memory and in the caches.
ImagePtr LoadMirroredSprite(const std::string& root, const std::string& relative_path);

// procgen's background groups, by its names for them.
enum class BackgroundGroup { kSpace, kPlatform, kTopdown, kTopdownSimple, kWater, kWaterSurface };

// The group's backgrounds, in procgen's order (platform includes the space
// ones after its own, as procgen appends them).
const std::vector<ImagePtr>& LoadBackgrounds(const std::string& root, BackgroundGroup group);

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_ENGINE_ASSETS_H_
