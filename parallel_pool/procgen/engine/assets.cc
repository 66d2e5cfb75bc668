#include "parallel_pool/procgen/engine/assets.h"

#include <map>
#include <mutex>
#include <utility>

#include "parallel_pool/procgen/engine/png.h"

namespace parallel_pool::procgen {
namespace {

std::mutex& CacheMutex() {
  static std::mutex mu;
  return mu;
}

ImagePtr Decode(const std::string& path, PixelFormat format) {
  DecodedPng png = DecodePng(path);
  auto image = std::make_shared<Image>(png.width, png.height, format);
  std::uint32_t* dst = image->data();
  for (std::size_t i = 0; i < png.argb.size(); ++i) {
    // To RGB32, Qt drops alpha (its ARGB32 -> RGB32 conversion masks it).
    dst[i] = format == PixelFormat::kRgb32 ? (png.argb[i] | 0xff000000U) : Premultiply(png.argb[i]);
  }
  image->NoteOpacity();
  return image;
}

const std::vector<std::string>& GroupPaths(BackgroundGroup group) {
  static const std::vector<std::string> kSpace = {"space_backgrounds/deep_space_01.png",
                                                  "space_backgrounds/spacegen_01.png",
                                                  "space_backgrounds/milky_way_01.png",
                                                  "space_backgrounds/ez_space_lite_01.png",
                                                  "space_backgrounds/meyespace_v1_01.png",
                                                  "space_backgrounds/eye_nebula_01.png",
                                                  "space_backgrounds/deep_sky_01.png",
                                                  "space_backgrounds/space_nebula_01.png",
                                                  "space_backgrounds/Background-1.png",
                                                  "space_backgrounds/Background-2.png",
                                                  "space_backgrounds/Background-3.png",
                                                  "space_backgrounds/Background-4.png",
                                                  "space_backgrounds/parallax-space-backgound.png"};
  static const std::vector<std::string> kPlatform = [] {
    std::vector<std::string> paths = {"platform_backgrounds/alien_bg.png",
                                      "platform_backgrounds/another_world_bg.png",
                                      "platform_backgrounds/back_cave.png",
                                      "platform_backgrounds/caverns.png",
                                      "platform_backgrounds/cyberpunk_bg.png",
                                      "platform_backgrounds/parallax_forest.png",
                                      "platform_backgrounds/scifi_bg.png",
                                      "platform_backgrounds/scifi2_bg.png",
                                      "platform_backgrounds/living_tissue_bg.png",
                                      "platform_backgrounds/airadventurelevel1.png",
                                      "platform_backgrounds/airadventurelevel2.png",
                                      "platform_backgrounds/airadventurelevel3.png",
                                      "platform_backgrounds/airadventurelevel4.png",
                                      "platform_backgrounds/cave_background.png",
                                      "platform_backgrounds/blue_desert.png",
                                      "platform_backgrounds/blue_grass.png",
                                      "platform_backgrounds/blue_land.png",
                                      "platform_backgrounds/blue_shroom.png",
                                      "platform_backgrounds/colored_desert.png",
                                      "platform_backgrounds/colored_grass.png",
                                      "platform_backgrounds/colored_land.png",
                                      "platform_backgrounds/colored_shroom.png",
                                      "platform_backgrounds/landscape1.png",
                                      "platform_backgrounds/landscape2.png",
                                      "platform_backgrounds/landscape3.png",
                                      "platform_backgrounds/landscape4.png",
                                      "platform_backgrounds/battleback1.png",
                                      "platform_backgrounds/battleback2.png",
                                      "platform_backgrounds/battleback3.png",
                                      "platform_backgrounds/battleback4.png",
                                      "platform_backgrounds/battleback5.png",
                                      "platform_backgrounds/battleback6.png",
                                      "platform_backgrounds/battleback7.png",
                                      "platform_backgrounds/battleback8.png",
                                      "platform_backgrounds/battleback9.png",
                                      "platform_backgrounds/battleback10.png",
                                      "platform_backgrounds/sunrise.png",
                                      "platform_backgrounds_2/beach1.png",
                                      "platform_backgrounds_2/beach2.png",
                                      "platform_backgrounds_2/beach3.png",
                                      "platform_backgrounds_2/beach4.png",
                                      "platform_backgrounds_2/fantasy1.png",
                                      "platform_backgrounds_2/fantasy2.png",
                                      "platform_backgrounds_2/fantasy3.png",
                                      "platform_backgrounds_2/fantasy4.png",
                                      "platform_backgrounds_2/candy1.png",
                                      "platform_backgrounds_2/candy2.png",
                                      "platform_backgrounds_2/candy3.png",
                                      "platform_backgrounds_2/candy4.png"};
    paths.insert(paths.end(), kSpace.begin(), kSpace.end());
    return paths;
  }();
  static const std::vector<std::string> kTopdown = {
      "topdown_backgrounds/floortiles.png",          "topdown_backgrounds/backgrounddetailed1.png",
      "topdown_backgrounds/backgrounddetailed2.png", "topdown_backgrounds/backgrounddetailed3.png",
      "topdown_backgrounds/backgrounddetailed4.png", "topdown_backgrounds/backgrounddetailed5.png",
      "topdown_backgrounds/backgrounddetailed6.png", "topdown_backgrounds/backgrounddetailed7.png",
      "topdown_backgrounds/backgrounddetailed8.png"};
  static const std::vector<std::string> kTopdownSimple = {"topdown_backgrounds/floortiles.png"};
  static const std::vector<std::string> kWater = {
      "water_backgrounds/water1.png",      "water_backgrounds/water2.png",
      "water_backgrounds/water3.png",      "water_backgrounds/water4.png",
      "water_backgrounds/underwater1.png", "water_backgrounds/underwater2.png",
      "water_backgrounds/underwater3.png"};
  static const std::vector<std::string> kWaterSurface = {
      "water_backgrounds/water1.png", "water_backgrounds/water2.png",
      "water_backgrounds/water3.png", "water_backgrounds/water4.png"};
  switch (group) {
    case BackgroundGroup::kSpace:
      return kSpace;
    case BackgroundGroup::kPlatform:
      return kPlatform;
    case BackgroundGroup::kTopdown:
      return kTopdown;
    case BackgroundGroup::kTopdownSimple:
      return kTopdownSimple;
    case BackgroundGroup::kWater:
      return kWater;
    case BackgroundGroup::kWaterSurface:
      break;
  }
  return kWaterSurface;
}

// The image `cache` holds for `path`, made by `make` the first time (under
// the assets' lock: the envs of a pool load on several workers at once).
template <typename Make>
ImagePtr Cached(std::map<std::string, ImagePtr>& cache, const std::string& path, Make make) {
  std::lock_guard<std::mutex> lock(CacheMutex());
  auto it = cache.find(path);
  if (it == cache.end()) it = cache.emplace(path, make()).first;
  return it->second;
}

}  // namespace

ImagePtr LoadSprite(const std::string& root, const std::string& relative_path) {
  static std::map<std::string, ImagePtr> sprites;
  const std::string path = root + "/" + relative_path;
  return Cached(sprites, path, [&path] { return Decode(path, PixelFormat::kPremultiplied); });
}

ImagePtr LoadMirroredSprite(const std::string& root, const std::string& relative_path) {
  static std::map<std::string, ImagePtr> mirrored;
  const ImagePtr sprite = LoadSprite(root, relative_path);
  return Cached(mirrored, root + "/" + relative_path,
                [&sprite] { return std::make_shared<const Image>(sprite->Mirrored()); });
}

const std::vector<ImagePtr>& LoadBackgrounds(const std::string& root, BackgroundGroup group) {
  static std::map<std::pair<std::string, int>, std::vector<ImagePtr>> cache;
  static std::map<std::string, ImagePtr> by_path;
  std::lock_guard<std::mutex> lock(CacheMutex());
  auto key = std::make_pair(root, static_cast<int>(group));
  auto it = cache.find(key);
  if (it != cache.end()) return it->second;
  std::vector<ImagePtr> images;
  for (const std::string& relative : GroupPaths(group)) {
    const std::string path = root + "/" + relative;
    auto found = by_path.find(path);
    if (found == by_path.end()) {
      found = by_path.emplace(path, Decode(path, PixelFormat::kRgb32)).first;
    }
    images.push_back(found->second);
  }
  return cache.emplace(key, std::move(images)).first->second;
}

}  // namespace parallel_pool::procgen
