#include "parallel_pool/procgen/engine/png.h"

#include <zlib.h>

#include <array>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace parallel_pool::procgen {
namespace {

std::uint32_t BigEndian32(const unsigned char* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) |
         std::uint32_t{p[3]};
}

int Paeth(int a, int b, int c) {
  int p = a + b - c;
  int pa = std::abs(p - a);
  int pb = std::abs(p - b);
  int pc = std::abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

// Undoes the per-row filters in place; `raw` holds height rows of
// 1 + stride bytes (the filter type, then the row).
void Unfilter(std::vector<unsigned char>& raw, int height, std::size_t stride, int bpp,
              const std::string& path) {
  std::vector<unsigned char> zero(stride, 0);
  for (int y = 0; y < height; ++y) {
    unsigned char* row = raw.data() + y * (stride + 1);
    const unsigned char type = row[0];
    unsigned char* cur = row + 1;
    const unsigned char* up = y == 0 ? zero.data() : raw.data() + (y - 1) * (stride + 1) + 1;
    for (std::size_t i = 0; i < stride; ++i) {
      const int left = i >= static_cast<std::size_t>(bpp) ? cur[i - bpp] : 0;
      const int upper_left = i >= static_cast<std::size_t>(bpp) ? up[i - bpp] : 0;
      switch (type) {
        case 0:
          break;
        case 1:
          cur[i] = static_cast<unsigned char>(cur[i] + left);
          break;
        case 2:
          cur[i] = static_cast<unsigned char>(cur[i] + up[i]);
          break;
        case 3:
          cur[i] = static_cast<unsigned char>(cur[i] + ((left + up[i]) >> 1));
          break;
        case 4:
          cur[i] = static_cast<unsigned char>(cur[i] + Paeth(left, up[i], upper_left));
          break;
        default:
          throw std::runtime_error(path + ": bad PNG row filter");
      }
    }
  }
}

}  // namespace

DecodedPng DecodePng(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) throw std::runtime_error("cannot open " + path);
  const std::vector<unsigned char> bytes{std::istreambuf_iterator<char>(file),
                                         std::istreambuf_iterator<char>()};
  static constexpr unsigned char kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  if (bytes.size() < 8 || std::memcmp(bytes.data(), kSignature, 8) != 0) {
    throw std::runtime_error(path + ": not a PNG file");
  }
  int width = 0, height = 0, depth = 0, color_type = 0;
  std::vector<std::uint32_t> palette;  // opaque until tRNS says otherwise
  std::vector<unsigned char> palette_alpha;
  std::vector<unsigned char> compressed;
  int key_r = -1, key_g = -1, key_b = -1;  // tRNS of an RGB image
  for (std::size_t pos = 8; pos + 12 <= bytes.size();) {
    const std::uint32_t length = BigEndian32(&bytes[pos]);
    const std::string type(reinterpret_cast<const char*>(&bytes[pos + 4]), 4);
    const unsigned char* body = &bytes[pos + 8];
    if (pos + 12 + length > bytes.size()) throw std::runtime_error(path + ": truncated PNG");
    if (type == "IHDR") {
      width = static_cast<int>(BigEndian32(body));
      height = static_cast<int>(BigEndian32(body + 4));
      depth = body[8];
      color_type = body[9];
      if (body[12] != 0) throw std::runtime_error(path + ": interlaced PNG not supported");
    } else if (type == "PLTE") {
      for (std::uint32_t i = 0; i + 2 < length; i += 3) {
        palette.push_back(0xff000000U | (std::uint32_t{body[i]} << 16) |
                          (std::uint32_t{body[i + 1]} << 8) | body[i + 2]);
      }
    } else if (type == "tRNS") {
      if (color_type == 3) {
        palette_alpha.assign(body, body + length);
      } else if (color_type == 2 && length >= 6) {
        key_r = body[1];
        key_g = body[3];
        key_b = body[5];
      }
    } else if (type == "IDAT") {
      compressed.insert(compressed.end(), body, body + length);
    } else if (type == "IEND") {
      break;
    }
    pos += 12 + length;
  }
  int channels = 0;
  if (color_type == 6 && depth == 8)
    channels = 4;
  else if (color_type == 2 && depth == 8)
    channels = 3;
  else if (color_type == 3 && (depth == 1 || depth == 2 || depth == 4 || depth == 8))
    channels = 1;
  else
    throw std::runtime_error(path + ": unsupported PNG colour type or depth");
  if (width <= 0 || height <= 0) throw std::runtime_error(path + ": bad PNG size");

  const std::size_t stride = (static_cast<std::size_t>(width) * channels * depth + 7) / 8;
  std::vector<unsigned char> raw((stride + 1) * height);
  uLongf raw_size = raw.size();
  if (uncompress(raw.data(), &raw_size, compressed.data(), compressed.size()) != Z_OK ||
      raw_size != raw.size()) {
    throw std::runtime_error(path + ": corrupt PNG data");
  }
  Unfilter(raw, height, stride, std::max(1, channels * depth / 8), path);

  for (std::size_t i = 0; i < palette_alpha.size() && i < palette.size(); ++i) {
    palette[i] = (palette[i] & 0x00ffffffU) | (std::uint32_t{palette_alpha[i]} << 24);
  }
  DecodedPng out{width, height,
                 std::vector<std::uint32_t>(static_cast<std::size_t>(width) * height)};
  for (int y = 0; y < height; ++y) {
    const unsigned char* row = raw.data() + y * (stride + 1) + 1;
    std::uint32_t* dst = out.argb.data() + static_cast<std::size_t>(y) * width;
    for (int x = 0; x < width; ++x) {
      if (channels == 4) {
        const unsigned char* p = row + 4 * x;
        dst[x] = (std::uint32_t{p[3]} << 24) | (std::uint32_t{p[0]} << 16) |
                 (std::uint32_t{p[1]} << 8) | p[2];
      } else if (channels == 3) {
        const unsigned char* p = row + 3 * x;
        const bool keyed = p[0] == key_r && p[1] == key_g && p[2] == key_b;
        dst[x] = (keyed ? 0U : 0xff000000U) | (std::uint32_t{p[0]} << 16) |
                 (std::uint32_t{p[1]} << 8) | p[2];
      } else {
        const int per_byte = 8 / depth;
        const int shift = 8 - depth * (1 + x % per_byte);
        const int index = (row[x / per_byte] >> shift) & ((1 << depth) - 1);
        dst[x] = index < static_cast<int>(palette.size()) ? palette[index] : 0xff000000U;
      }
    }
  }
  return out;
}

}  // namespace parallel_pool::procgen
