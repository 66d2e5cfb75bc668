// A maze as gymnasium-robotics' Maze lays it out (envs/maze/maze_v4.py):
// a grid of cells, row i from the top, column j from the left, each cell
// `maze_size_scaling` metres wide and centred on the origin. A cell is a wall
// (a box of maze_height * scaling), empty, or marks where episodes may
// start (reset), where goals may be (goal), or both (combined).
//
// The map comes as text, one character per cell and '/' between rows:
// '1' wall, '0' empty, 'r' reset, 'g' goal, 'c' combined (registration.py
// turns gymnasium-robotics' list-of-lists form, e.g. maps.U_MAZE, into it).
#ifndef PARALLEL_POOL_ROBOTICS_MAZE_MAP_H_
#define PARALLEL_POOL_ROBOTICS_MAZE_MAP_H_

#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace parallel_pool::robotics {

using Xy = std::array<double, 2>;

class MazeMap {
 public:
  // Parses `text`; a ValueError-style std::invalid_argument names maze_map.
  // legacy_cells: the first maze's rule (envs/maze/maze.py, AntMaze-v3's),
  // which lacks the fallbacks for a map that marks only goals or only starts.
  MazeMap(const std::string& text, double scaling, bool legacy_cells = false)
      : scaling_(scaling), legacy_cells_(legacy_cells) {
    std::string row;
    for (std::size_t k = 0; k <= text.size(); ++k) {
      if (k == text.size() || text[k] == '/') {
        rows_.push_back(row);
        row.clear();
      } else if (std::string("10rgc").find(text[k]) != std::string::npos) {
        row.push_back(text[k]);
      } else {
        throw std::invalid_argument(std::string("maze_map: unknown cell '") + text[k] +
                                    "' (expected 1 wall, 0 empty, r reset, g goal, c combined)");
      }
    }
    if (rows_.empty() || rows_[0].empty()) throw std::invalid_argument("maze_map: no cells");
    for (const std::string& r : rows_) {
      if (r.size() != rows_[0].size()) {
        throw std::invalid_argument("maze_map: every row must have as many cells as the first");
      }
    }
    if (!(scaling > 0.0)) throw std::invalid_argument("maze_size_scaling: must be > 0");
    SortCells();
  }

  int length() const { return static_cast<int>(rows_.size()); }    // rows
  int width() const { return static_cast<int>(rows_[0].size()); }  // columns
  double scaling() const { return scaling_; }
  char cell(int i, int j) const { return rows_[i][j]; }

  // The centre of cell (i, j) in the plane.
  Xy CellXy(int i, int j) const {
    const double x_center = width() / 2.0 * scaling_;
    const double y_center = length() / 2.0 * scaling_;
    return {(j + 0.5) * scaling_ - x_center, y_center - (i + 0.5) * scaling_};
  }

  // Where goals and episode starts are drawn from, in row-major order.
  const std::vector<Xy>& goals() const { return goals_; }
  const std::vector<Xy>& resets() const { return resets_; }

 private:
  // The reference's rule: the combined cells count as both; a map that marks
  // none uses every empty cell as combined, one that marks only goals (or
  // only starts) uses the empty cells for the other.
  void SortCells() {
    std::vector<Xy> empty;
    std::vector<Xy> combined;
    for (int i = 0; i < length(); ++i) {
      for (int j = 0; j < width(); ++j) {
        switch (cell(i, j)) {
          case 'r':
            resets_.push_back(CellXy(i, j));
            break;
          case 'g':
            goals_.push_back(CellXy(i, j));
            break;
          case 'c':
            combined.push_back(CellXy(i, j));
            break;
          case '0':
            empty.push_back(CellXy(i, j));
            break;
          default:
            break;
        }
      }
    }
    if (goals_.empty() && resets_.empty() && combined.empty()) {
      combined = empty;
    } else if (!legacy_cells_ && resets_.empty() && combined.empty()) {
      resets_ = empty;
    } else if (!legacy_cells_ && goals_.empty() && combined.empty()) {
      goals_ = empty;
    }
    goals_.insert(goals_.end(), combined.begin(), combined.end());
    resets_.insert(resets_.end(), combined.begin(), combined.end());
    if (goals_.empty() || resets_.empty()) {
      throw std::invalid_argument("maze_map: no free cell for a goal or a start");
    }
    // The reference redraws a start until it is away from the goal, forever
    // when the goal's cell is the only start: refuse such a map instead.
    for (const Xy& goal : goals_) {
      bool elsewhere = false;
      for (const Xy& start : resets_) elsewhere = elsewhere || start != goal;
      if (!elsewhere) {
        throw std::invalid_argument(
            "maze_map: a goal cell is the only start cell, so no episode could start away from it");
      }
    }
  }

  std::vector<std::string> rows_;
  double scaling_;
  bool legacy_cells_;
  std::vector<Xy> goals_;
  std::vector<Xy> resets_;
};

}  // namespace parallel_pool::robotics

#endif  // PARALLEL_POOL_ROBOTICS_MAZE_MAP_H_
