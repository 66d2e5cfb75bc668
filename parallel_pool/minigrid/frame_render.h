// minigrid's frames of a GridWorld (MiniGridEnv.get_frame): the whole grid
// with the cells the agent sees highlighted (get_full_render: render() and
// RGBImgObsWrapper), or the agent's view (get_pov_render:
// RGBImgPartialObsWrapper), tile by tile (tile_render.h).
#ifndef PARALLEL_POOL_MINIGRID_FRAME_RENDER_H_
#define PARALLEL_POOL_MINIGRID_FRAME_RENDER_H_

#include <cstdint>
#include <vector>

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/tile_render.h"

namespace parallel_pool::minigrid {

// get_full_render(highlight, tile_size): (height * tile) x (width * tile) x 3.
inline void FullFrame(const GridWorld& w, bool highlight, int tile_size, std::uint8_t* out) {
  std::vector<char> lit(static_cast<std::size_t>(w.width) * w.height, 0);
  if (highlight) {
    w.ObsGrid();
    const std::vector<char>& visible = w.visible();
    const int n = w.agent_view_size;
    const Pos f = kDirToVec[w.agent_dir];
    const Pos r{-f.y, f.x};
    // The view's corner: agent + f * (n - 1) - r * (n // 2).
    const Pos top_left{w.agent_pos.x + f.x * (n - 1) - r.x * (n / 2),
                       w.agent_pos.y + f.y * (n - 1) - r.y * (n / 2)};
    for (int vj = 0; vj < n; ++vj) {
      for (int vi = 0; vi < n; ++vi) {
        if (!visible[static_cast<std::size_t>(vj) * n + vi]) continue;
        const int x = top_left.x - f.x * vj + r.x * vi;
        const int y = top_left.y - f.y * vj + r.y * vi;
        if (x < 0 || x >= w.width || y < 0 || y >= w.height) continue;
        lit[static_cast<std::size_t>(y) * w.width + x] = 1;
      }
    }
  }
  tiles::RenderGrid(
      w.width, w.height, tile_size, w.agent_pos, w.agent_dir,
      [&](int i, int j) { return w.At(i, j); },
      [&](int i, int j) { return lit[static_cast<std::size_t>(j) * w.width + i] != 0; }, out);
}

// get_pov_render(tile_size): the agent's view (what it carries in its cell,
// walls beyond the grid, the cells it does not see empty), the agent at the
// bottom middle facing up, the cells it sees highlighted:
// (n * tile) x (n * tile) x 3.
inline void PovFrame(const GridWorld& w, int tile_size, std::uint8_t* out) {
  w.ObsGrid();
  const std::vector<int>& view = w.view();
  const std::vector<char>& visible = w.visible();
  const int n = w.agent_view_size;
  static const Obj kOutsideWall = [] {
    Obj wall{};
    wall.type = kWall;
    wall.color = kGrey;
    return wall;
  }();
  tiles::RenderGrid(
      n, n, tile_size, Pos{n / 2, n - 1}, 3,
      [&](int i, int j) -> const Obj* {
        // process_vis empties the cells the agent does not see.
        if (!visible[static_cast<std::size_t>(j) * n + i]) return nullptr;
        const int cell = view[static_cast<std::size_t>(j) * n + i];
        if (cell == GridWorld::kWallOutside) return &kOutsideWall;
        return cell == GridWorld::kNone ? nullptr : &w.objects[cell];
      },
      [&](int i, int j) { return visible[static_cast<std::size_t>(j) * n + i] != 0; }, out);
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_FRAME_RENDER_H_
