// The lump names of a WAD file, to check a map name before an engine is
// started with it: an engine asked for a map no WAD has waits forever at the
// next episode (vizdoom.DoomGame's does too).
//
// A WAD starts with "IWAD" or "PWAD", the lump count and the directory's
// offset (little-endian int32s); the directory has 16 bytes per lump, the
// last 8 its name (NUL-padded). A map is a lump named after it (MAP01, E1M1).
#ifndef PARALLEL_POOL_VIZDOOM_WAD_H_
#define PARALLEL_POOL_VIZDOOM_WAD_H_

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <optional>
#include <set>
#include <string>

namespace parallel_pool::vizdoom {

// The lump names of the WAD at `path`, or nothing if it cannot be read as one.
inline std::optional<std::set<std::string>> WadLumps(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  char header[12];
  if (!file.read(header, sizeof(header))) return std::nullopt;
  if (std::memcmp(header, "IWAD", 4) != 0 && std::memcmp(header, "PWAD", 4) != 0) {
    return std::nullopt;
  }
  std::int32_t count = 0;
  std::int32_t offset = 0;
  std::memcpy(&count, header + 4, 4);
  std::memcpy(&offset, header + 8, 4);
  if (count < 0 || offset < 0 || !file.seekg(offset)) return std::nullopt;
  std::set<std::string> names;
  char entry[16];
  for (std::int32_t i = 0; i < count; ++i) {
    if (!file.read(entry, sizeof(entry))) return std::nullopt;
    names.emplace(entry + 8, strnlen(entry + 8, 8));
  }
  return names;
}

// Whether `map` (any case) is a lump of the WAD at `path`; true when the file
// cannot be read as a WAD (the engine then decides).
inline bool WadMayHaveMap(const std::string& path, std::string map) {
  std::transform(map.begin(), map.end(), map.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  std::optional<std::set<std::string>> lumps = WadLumps(path);
  return !lumps || lumps->count(map) == 1;
}

}  // namespace parallel_pool::vizdoom

#endif  // PARALLEL_POOL_VIZDOOM_WAD_H_
