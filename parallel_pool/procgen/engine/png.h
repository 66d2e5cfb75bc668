// Decodes the PNG files procgen's sprites and backgrounds come in (8-bit
// RGBA, 8-bit RGB, palette images of 1, 2, 4 or 8 bits with or without
// tRNS; not interlaced) into unpremultiplied 0xAARRGGBB, as Qt 5.9's
// reader hands them over: no gamma or colour-space conversion.
#ifndef PARALLEL_POOL_PROCGEN_ENGINE_PNG_H_
#define PARALLEL_POOL_PROCGEN_ENGINE_PNG_H_

#include <cstdint>
#include <string>
#include <vector>

namespace parallel_pool::procgen {

struct DecodedPng {
  int width = 0;
  int height = 0;
  std::vector<std::uint32_t> argb;  // row-major, not premultiplied
};

// Throws std::runtime_error naming `path` for a file it cannot read.
DecodedPng DecodePng(const std::string& path);

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_ENGINE_PNG_H_
