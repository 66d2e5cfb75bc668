// Scanline filling shared by the two drawing libraries the canvas reproduces
// (SDL_gfx's, behind pygame.gfxdraw, and pygame.draw's own): both fill a
// shape row by row, as spans between pairs of edge crossings, and both fill a
// circle as horizontal spans symmetric about its centre. What differs between
// them (where an edge crosses a row, how a crossing rounds to a pixel, how a
// span's ends are placed) is left to the caller; what they share is here.
#ifndef PARALLEL_POOL_IMAGE_SCANLINE_H_
#define PARALLEL_POOL_IMAGE_SCANLINE_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace parallel_pool::image {

// An edge of a polygon, oriented downwards (top.y < bottom.y), with the
// rows whose crossings it contributes.
struct PolygonEdge {
  int top_x, top_y;
  int bottom_x, bottom_y;
  std::int64_t first_row, last_row;  // inclusive
};

// The polygon's edges (vertex i - 1 to vertex i, the first from the last
// vertex), in that order, which callers may depend on. Both libraries use
// the same crossing rule, built in here: an edge crosses the rows from its
// top up to but not including its bottom, so a vertex shared by two edges
// is counted once; on the polygon's bottom row, the edges ending there
// cross it too (else the bottom row would be empty). Horizontal edges cross
// no row.
inline void PolygonEdges(std::span<const int> xs, std::span<const int> ys,
                         std::vector<PolygonEdge>* edges) {
  edges->clear();
  const std::size_t n = xs.size();
  if (n == 0) return;
  const int bottom_row = *std::max_element(ys.begin(), ys.end());
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t from = i == 0 ? n - 1 : i - 1;
    if (ys[from] == ys[i]) continue;
    const bool down = ys[from] < ys[i];
    const std::size_t top = down ? from : i;
    const std::size_t bottom = down ? i : from;
    const std::int64_t last = ys[bottom] == bottom_row ? ys[bottom] : std::int64_t{ys[bottom]} - 1;
    edges->push_back({xs[top], ys[top], xs[bottom], ys[bottom], ys[top], last});
  }
}

// Fills rows first..last (inclusive; the caller clips them to its surface):
// on each, the edges whose rows include it give crossings, in edge order,
// crossing(edge, row, index) with index the number found before it on that
// row; sorted, consecutive pairs are handed to span(row, left, right).
// Edge is any type with first_row and last_row; crossings are the
// caller's units (pixels, or fixed point it rounds in span).
template <typename Edge, typename Crossing, typename Span>
void FillScanlines(std::span<const Edge> edges, int first, int last, Crossing&& crossing,
                   Span&& span, std::vector<int>* scratch) {
  std::vector<int>& xs = *scratch;
  for (int row = first; row <= last; ++row) {
    xs.clear();
    for (const Edge& edge : edges) {
      if (edge.first_row <= row && row <= edge.last_row) {
        xs.push_back(crossing(edge, row, xs.size()));
      }
    }
    std::sort(xs.begin(), xs.end());
    for (std::size_t i = 0; i + 1 < xs.size(); i += 2) span(row, xs[i], xs[i + 1]);
  }
}

// A filled shape symmetric about a column, as the union of horizontal spans
// centred on it: a circle drawn octant by octant asks for the same row more
// than once, and since opaque spans about one centre overlap, only the
// widest matters. Rows off the surface are dropped as they are asked for.
class CenteredRows {
 public:
  // Forgets the rows asked for, for a surface `height` rows high.
  void Reset(int height) { half_widths_.assign(static_cast<std::size_t>(std::max(height, 0)), -1); }

  // Row `row` is to be at least `half_width` wide on each side.
  void Widen(std::int64_t row, int half_width) {
    if (row < 0 || row >= static_cast<std::int64_t>(half_widths_.size())) return;
    int& current = half_widths_[static_cast<std::size_t>(row)];
    current = std::max(current, half_width);
  }

  // visit(row, half_width) for each row asked for, top to bottom.
  template <typename Visit>
  void ForEach(Visit&& visit) const {
    for (std::size_t row = 0; row < half_widths_.size(); ++row) {
      if (half_widths_[row] >= 0) visit(static_cast<int>(row), half_widths_[row]);
    }
  }

 private:
  std::vector<int> half_widths_;  // per surface row; -1: not asked for
};

}  // namespace parallel_pool::image

#endif  // PARALLEL_POOL_IMAGE_SCANLINE_H_
