// minigrid's tile drawing (minigrid.core.grid.Grid.render_tile and the
// objects' render()), pixel for pixel: each tile is drawn 3x supersampled with
// fill_coords' point tests, highlighted, averaged down and truncated to uint8.
//
// minigrid computes in NumPy: its triangle and line tests take float32 points,
// float32 dot products (summed in float32, as NumPy's sdot does on every
// OpenBLAS kernel) and float64 ones (summed without a fused multiply-add here;
// some OpenBLAS kernels fuse, which leaves every tile of sizes 1 to 64 the
// same: tile_render_test compares every tile with minigrid's under two
// OPENBLAS_CORETYPEs). Build with -ffp-contract=off.
//
// A tile is a pure function of (the cell's encoding, agent direction,
// highlight, tile size), so tiles are drawn once per process and cached, as
// minigrid caches them.
#ifndef PARALLEL_POOL_MINIGRID_TILE_RENDER_H_
#define PARALLEL_POOL_MINIGRID_TILE_RENDER_H_

#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <tuple>
#include <vector>

#include "parallel_pool/minigrid/grid_world.h"

namespace parallel_pool::minigrid::tiles {

// COLORS, by colour index.
inline constexpr std::array<std::array<int, 3>, 6> kRgb{
    {{255, 0, 0}, {0, 255, 0}, {0, 0, 255}, {112, 39, 195}, {255, 255, 0}, {100, 100, 100}}};

// What a tile shows: a cell (type kEmpty for none) and the agent on it (dir
// -1 for none).
struct TileKey {
  int type = kEmpty;
  int color = 0;
  int state = 0;
  int agent_dir = -1;
  bool highlight = false;
  int tile_size = 32;
  bool operator<(const TileKey& o) const {
    return std::tie(type, color, state, agent_dir, highlight, tile_size) <
           std::tie(o.type, o.color, o.state, o.agent_dir, o.highlight, o.tile_size);
  }
};

// The supersampled image fill_coords draws on: n x n pixels of doubles (a
// colour assigned to a uint8 image truncates, so values are kept truncated).
class Supersampled {
 public:
  explicit Supersampled(int n) : n_(n), px_(static_cast<std::size_t>(n) * n * 3, 0) {}

  // fill_coords(img, fn, color): every pixel whose centre passes fn.
  template <typename Fn>
  void Fill(Fn fn, std::array<double, 3> color) {
    std::array<std::uint8_t, 3> c{};
    for (int k = 0; k < 3; ++k) c[k] = static_cast<std::uint8_t>(color[k]);
    for (int y = 0; y < n_; ++y) {
      for (int x = 0; x < n_; ++x) {
        const double yf = (y + 0.5) / n_;
        const double xf = (x + 0.5) / n_;
        if (!fn(xf, yf)) continue;
        std::uint8_t* p = &px_[(static_cast<std::size_t>(y) * n_ + x) * 3];
        p[0] = c[0];
        p[1] = c[1];
        p[2] = c[2];
      }
    }
  }

  // highlight_img: img + 0.3 * (255 - img), clipped, truncated.
  void Highlight() {
    for (std::uint8_t& v : px_) {
      const double blended = v + 0.30 * static_cast<double>(static_cast<std::uint8_t>(255 - v));
      v = static_cast<std::uint8_t>(std::min(255.0, std::max(0.0, blended)));
    }
  }

  // downsample(img, 3): the mean of each 3 x 3 block, rows of 3 first, then
  // the 3 row means, truncated as minigrid's assignment into the frame does.
  std::vector<std::uint8_t> Downsample3() const {
    const int m = n_ / 3;
    std::vector<std::uint8_t> out(static_cast<std::size_t>(m) * m * 3);
    for (int y = 0; y < m; ++y) {
      for (int x = 0; x < m; ++x) {
        for (int c = 0; c < 3; ++c) {
          double rows[3];
          for (int dy = 0; dy < 3; ++dy) {
            const std::uint8_t* row = &px_[(static_cast<std::size_t>(3 * y + dy) * n_ + 3 * x) * 3];
            const double sum = (static_cast<double>(row[c]) + row[3 + c]) + row[6 + c];
            rows[dy] = sum / 3;
          }
          const double mean = ((rows[0] + rows[1]) + rows[2]) / 3;
          out[(static_cast<std::size_t>(y) * m + x) * 3 + c] = static_cast<std::uint8_t>(mean);
        }
      }
    }
    return out;
  }

 private:
  int n_;
  std::vector<std::uint8_t> px_;
};

inline auto InRect(double xmin, double xmax, double ymin, double ymax) {
  return [=](double x, double y) { return x >= xmin && x <= xmax && y >= ymin && y <= ymax; };
}

inline auto InCircle(double cx, double cy, double r) {
  return [=](double x, double y) {
    const double dx2 = (x - cx) * (x - cx);
    const double dy2 = (y - cy) * (y - cy);
    return dx2 + dy2 <= r * r;
  };
}

// point_in_line: within r of the segment, with float32 end points.
inline std::function<bool(double, double)> InLine(double x0, double y0, double x1, double y1,
                                                  double r) {
  const float p0x = static_cast<float>(x0);
  const float p0y = static_cast<float>(y0);
  float dx = static_cast<float>(x1) - p0x;
  float dy = static_cast<float>(y1) - p0y;
  const float dxx = dx * dx;
  const float dyy = dy * dy;
  const float dist = std::sqrt(dxx + dyy);
  dx = dx / dist;
  dy = dy / dist;
  const double xmin = std::min(x0, x1) - r;
  const double xmax = std::max(x0, x1) + r;
  const double ymin = std::min(y0, y1) - r;
  const double ymax = std::max(y0, y1) + r;
  return [=](double x, double y) {
    if (x < xmin || x > xmax || y < ymin || y > ymax) return false;
    const double pqx = x - static_cast<double>(p0x);
    const double pqy = y - static_cast<double>(p0y);
    const double ax = pqx * static_cast<double>(dx);
    const double ay = pqy * static_cast<double>(dy);
    double a = ax + ay;
    a = std::min(std::max(a, 0.0), static_cast<double>(dist));
    const double px = static_cast<double>(p0x) + a * static_cast<double>(dx);
    const double py = static_cast<double>(p0y) + a * static_cast<double>(dy);
    const double ex = x - px;
    const double ey = y - py;
    const double exx = ex * ex;
    const double eyy = ey * ey;
    return std::sqrt(exx + eyy) <= r;
  };
}

// The agent: point_in_triangle((0.12, 0.19), (0.87, 0.50), (0.12, 0.81))
// through rotate_fn(cx=0.5, cy=0.5, theta=0.5 * pi * dir).
inline auto AgentTriangle(int dir) {
  const float ax = 0.12F, ay = 0.19F;
  const float bx = 0.87F, by = 0.50F;
  const float cx = 0.12F, cy = 0.81F;
  const float v0x = cx - ax, v0y = cy - ay;
  const float v1x = bx - ax, v1y = by - ay;
  const float d00a = v0x * v0x, d00b = v0y * v0y;
  const float dot00 = d00a + d00b;
  const float d01a = v0x * v1x, d01b = v0y * v1y;
  const float dot01 = d01a + d01b;
  const float d11a = v1x * v1x, d11b = v1y * v1y;
  const float dot11 = d11a + d11b;
  const float den_a = dot00 * dot11;
  const float den_b = dot01 * dot01;
  const float inv_denom = 1.0F / (den_a - den_b);
  const double theta = 0.5 * M_PI * dir;
  const double cos_t = std::cos(-theta);
  const double sin_t = std::sin(-theta);
  return [=](double x, double y) {
    x = x - 0.5;
    y = y - 0.5;
    const double xc = x * cos_t;
    const double ys = y * sin_t;
    const double x2 = (0.5 + xc) - ys;
    const double yc = y * cos_t;
    const double xs = x * sin_t;
    const double y2 = (0.5 + yc) + xs;
    const double v2x = x2 - static_cast<double>(ax);
    const double v2y = y2 - static_cast<double>(ay);
    const double d02a = static_cast<double>(v0x) * v2x;
    const double d02b = static_cast<double>(v0y) * v2y;
    const double dot02 = d02a + d02b;
    const double d12a = static_cast<double>(v1x) * v2x;
    const double d12b = static_cast<double>(v1y) * v2y;
    const double dot12 = d12a + d12b;
    const double ua = static_cast<double>(dot11) * dot02;
    const double ub = static_cast<double>(dot01) * dot12;
    const double u = (ua - ub) * static_cast<double>(inv_denom);
    const double va = static_cast<double>(dot00) * dot12;
    const double vb = static_cast<double>(dot01) * dot02;
    const double v = (va - vb) * static_cast<double>(inv_denom);
    return u >= 0 && v >= 0 && (u + v) < 1;
  };
}

inline std::array<double, 3> Rgb(int color, double scale = 1.0) {
  const auto& c = kRgb[color];
  return {c[0] * scale, c[1] * scale, c[2] * scale};
}

// WorldObj.render for each type.
inline void DrawObject(Supersampled& img, int type, int color, int state) {
  constexpr std::array<double, 3> kBlack{0, 0, 0};
  const std::array<double, 3> c = Rgb(color);
  switch (type) {
    case kWall:
    case kGoal:
      img.Fill(InRect(0, 1, 0, 1), c);
      break;
    case kFloor:
      img.Fill(InRect(0.031, 1, 0.031, 1), Rgb(color, 0.5));
      break;
    case kLava:
      img.Fill(InRect(0, 1, 0, 1), {255, 128, 0});
      for (int i = 0; i < 3; ++i) {
        const double ylo = 0.3 + 0.2 * i;
        const double yhi = 0.4 + 0.2 * i;
        img.Fill(InLine(0.1, ylo, 0.3, yhi, 0.03), kBlack);
        img.Fill(InLine(0.3, yhi, 0.5, ylo, 0.03), kBlack);
        img.Fill(InLine(0.5, ylo, 0.7, yhi, 0.03), kBlack);
        img.Fill(InLine(0.7, yhi, 0.9, ylo, 0.03), kBlack);
      }
      break;
    case kDoor:
      if (state == 0) {  // open
        img.Fill(InRect(0.88, 1.00, 0.00, 1.00), c);
        img.Fill(InRect(0.92, 0.96, 0.04, 0.96), kBlack);
      } else if (state == 2) {  // locked
        img.Fill(InRect(0.00, 1.00, 0.00, 1.00), c);
        img.Fill(InRect(0.06, 0.94, 0.06, 0.94), Rgb(color, 0.45));
        img.Fill(InRect(0.52, 0.75, 0.50, 0.56), c);
      } else {
        img.Fill(InRect(0.00, 1.00, 0.00, 1.00), c);
        img.Fill(InRect(0.04, 0.96, 0.04, 0.96), kBlack);
        img.Fill(InRect(0.08, 0.92, 0.08, 0.92), c);
        img.Fill(InRect(0.12, 0.88, 0.12, 0.88), kBlack);
        img.Fill(InCircle(0.75, 0.50, 0.08), c);
      }
      break;
    case kKey:
      img.Fill(InRect(0.50, 0.63, 0.31, 0.88), c);
      img.Fill(InRect(0.38, 0.50, 0.59, 0.66), c);
      img.Fill(InRect(0.38, 0.50, 0.81, 0.88), c);
      img.Fill(InCircle(0.56, 0.28, 0.190), c);
      img.Fill(InCircle(0.56, 0.28, 0.064), kBlack);
      break;
    case kBall:
      img.Fill(InCircle(0.5, 0.5, 0.31), c);
      break;
    case kBox:
      img.Fill(InRect(0.12, 0.88, 0.12, 0.88), c);
      img.Fill(InRect(0.18, 0.82, 0.18, 0.82), kBlack);
      img.Fill(InRect(0.16, 0.84, 0.47, 0.53), c);
      break;
    default:  // empty
      break;
  }
}

// Grid.render_tile, uncached: tile_size x tile_size x 3.
inline std::vector<std::uint8_t> DrawTile(const TileKey& key) {
  Supersampled img(key.tile_size * 3);
  img.Fill(InRect(0, 0.031, 0, 1), {100, 100, 100});
  img.Fill(InRect(0, 1, 0, 0.031), {100, 100, 100});
  DrawObject(img, key.type, key.color, key.state);
  if (key.agent_dir >= 0) img.Fill(AgentTriangle(key.agent_dir), {255, 0, 0});
  if (key.highlight) img.Highlight();
  return img.Downsample3();
}

// Grid.render_tile: drawn once per process, then shared (tiles are never
// freed: a few hundred per tile size at most).
inline const std::vector<std::uint8_t>& Tile(const TileKey& key) {
  static std::mutex mu;
  static std::map<TileKey, std::unique_ptr<const std::vector<std::uint8_t>>> cache;
  {
    std::lock_guard<std::mutex> lock(mu);
    auto it = cache.find(key);
    if (it != cache.end()) return *it->second;
  }
  auto drawn = std::make_unique<const std::vector<std::uint8_t>>(DrawTile(key));
  std::lock_guard<std::mutex> lock(mu);
  auto [it, inserted] = cache.emplace(key, std::move(drawn));
  return *it->second;
}

// The key of an object (or of an empty cell: obj nullptr).
inline TileKey KeyOf(const Obj* obj, int agent_dir, bool highlight, int tile_size) {
  TileKey key;
  if (obj != nullptr) {
    const auto code = obj->Encode();
    key.type = code[0];
    key.color = code[1];
    key.state = code[2];
  }
  key.agent_dir = agent_dir;
  key.highlight = highlight;
  key.tile_size = tile_size;
  return key;
}

// Grid.render: a width x height grid of cells (cell(i, j) gives the object,
// or nullptr), the agent at agent_pos, highlighted cells; writes
// (height * tile) x (width * tile) x 3, rows first.
template <typename CellFn, typename HighlightFn>
void RenderGrid(int width, int height, int tile_size, Pos agent_pos, int agent_dir, CellFn cell,
                HighlightFn highlighted, std::uint8_t* out) {
  const std::size_t row_bytes = static_cast<std::size_t>(width) * tile_size * 3;
  for (int j = 0; j < height; ++j) {
    for (int i = 0; i < width; ++i) {
      const bool agent_here = agent_pos == Pos{i, j};
      // A named key: the cache's tile outlives it (GCC 14 warns when a
      // reference is bound to a call's result that was given a temporary).
      const TileKey key =
          KeyOf(cell(i, j), agent_here ? agent_dir : -1, highlighted(i, j), tile_size);
      const std::vector<std::uint8_t>& tile = Tile(key);
      for (int y = 0; y < tile_size; ++y) {
        std::uint8_t* dst = out + (static_cast<std::size_t>(j) * tile_size + y) * row_bytes +
                            static_cast<std::size_t>(i) * tile_size * 3;
        const std::uint8_t* src = tile.data() + static_cast<std::size_t>(y) * tile_size * 3;
        std::copy(src, src + static_cast<std::size_t>(tile_size) * 3, dst);
      }
    }
  }
}

}  // namespace parallel_pool::minigrid::tiles

#endif  // PARALLEL_POOL_MINIGRID_TILE_RENDER_H_
