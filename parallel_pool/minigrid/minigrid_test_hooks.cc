// The minigrid family's test hooks: one tile of tile_render.h without a pool,
// so tile_render_test compares every tile kind and size with minigrid's
// Grid.render_tile. A testonly module: not in the wheel.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <vector>

#include "parallel_pool/minigrid/tile_render.h"

namespace {

namespace py = pybind11;
namespace tiles = parallel_pool::minigrid::tiles;

py::array_t<std::uint8_t> Tile(int type, int color, int state, int agent_dir, bool highlight,
                               int tile_size) {
  const tiles::TileKey key{type, color, state, agent_dir, highlight, tile_size};
  const std::vector<std::uint8_t>& tile = tiles::Tile(key);  // cached: outlives the key
  py::array_t<std::uint8_t> out({tile_size, tile_size, 3});
  std::copy(tile.begin(), tile.end(), out.mutable_data());
  return out;
}

}  // namespace

PYBIND11_MODULE(minigrid_test_hooks, m) {
  m.def("tile", &Tile, py::arg("type"), py::arg("color"), py::arg("state"), py::arg("agent_dir"),
        py::arg("highlight"), py::arg("tile_size"));
}
