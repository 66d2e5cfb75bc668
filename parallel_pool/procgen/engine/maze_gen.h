// MazeGen: procgen's maze generator (mazegen.cpp): a randomised Kruskal
// maze on the odd cells of a maze_dim square (maze_dim odd), walled all
// round, and objects placed on its free cells, draw for draw as procgen.
#ifndef PARALLEL_POOL_PROCGEN_ENGINE_MAZE_GEN_H_
#define PARALLEL_POOL_PROCGEN_ENGINE_MAZE_GEN_H_

#include <set>
#include <vector>

#include "parallel_pool/procgen/engine/object_ids.h"
#include "parallel_pool/procgen/engine/rand_gen.h"

namespace parallel_pool::procgen {

// The maze's cells lie at this offset inside its walled array.
inline constexpr int kMazeOffset = 1;

class MazeGen {
 public:
  MazeGen(RandGen* rand_gen, int maze_dim)
      : rand_gen_(rand_gen),
        maze_dim_(maze_dim),
        array_dim_(maze_dim + 2),
        cell_sets_(array_dim_ * array_dim_),
        cell_set_index_(array_dim_ * array_dim_),
        free_cells_(array_dim_ * array_dim_),
        grid_(array_dim_ * array_dim_, kWall) {}

  // The array's value at (x, y), both in [0, maze_dim + 2).
  int Get(int x, int y) const { return grid_.at(y * array_dim_ + x); }

  void GenerateMaze() {
    grid_.assign(grid_.size(), kWall);
    Set(kMazeOffset, kMazeOffset, 0);
    num_free_cells_ = 0;
    free_cell_set_.clear();
    for (int i = 0; i < maze_dim_ * maze_dim_; ++i) {
      cell_sets_[i] = {i};
      cell_set_index_[i] = i;
    }
    struct Wall {
      int x1, y1, x2, y2;
    };
    std::vector<Wall> walls;
    for (int i = 1; i < maze_dim_; i += 2) {
      for (int j = 0; j < maze_dim_; j += 2) {
        if (i > 0 && i < maze_dim_ - 1) walls.push_back({i - 1, j, i + 1, j});
      }
    }
    for (int i = 0; i < maze_dim_; i += 2) {
      for (int j = 1; j < maze_dim_; j += 2) {
        if (j > 0 && j < maze_dim_ - 1) walls.push_back({i, j - 1, i, j + 1});
      }
    }
    while (!walls.empty()) {
      const int n = rand_gen_->Below(static_cast<int>(walls.size()));
      const Wall wall = walls[n];
      const int s0_idx = cell_set_index_[maze_dim_ * wall.y1 + wall.x1];
      const int s1_idx = cell_set_index_[maze_dim_ * wall.y2 + wall.x2];
      const int x0 = (wall.x1 + wall.x2) / 2;
      const int y0 = (wall.y1 + wall.y2) / 2;
      if (Get(x0 + kMazeOffset, y0 + kMazeOffset) == kWall && s0_idx != s1_idx) {
        SetFreeCell(wall.x1, wall.y1);
        SetFreeCell(x0, y0);
        SetFreeCell(wall.x2, wall.y2);
        std::set<int>& s1 = cell_sets_[s1_idx];
        s1.insert(cell_sets_[s0_idx].begin(), cell_sets_[s0_idx].end());
        s1.insert(maze_dim_ * y0 + x0);
        for (int cell : s1) cell_set_index_[cell] = s1_idx;
      }
      walls.erase(walls.begin() + n);
    }
  }

  // A maze without dead ends (a Ms. Pac-Man style maze): each dead end
  // opens one of its walls, drawn at random, in the array's order.
  void GenerateMazeNoDeadEnds() {
    GenerateMaze();
    std::vector<int> adj_space;
    std::vector<int> adj_wall;
    for (int i = 0; i < array_dim_ * array_dim_; ++i) {
      if (GetIndex(i) != kSpace) continue;
      Neighbors(i, kSpace, adj_space);
      if (adj_space.size() != 1) continue;
      Neighbors(i, kWall, adj_wall);
      if (!adj_wall.empty()) {
        grid_.at(adj_wall[rand_gen_->Below(static_cast<int>(adj_wall.size()))]) = kSpace;
      }
    }
  }

  // A maze with `num_doors` doors at forks (DOOR_OBJ + 1, + 2, ... in the
  // order the agent reaches them), a key for each (KEY_OBJ + 1, ...) on the
  // agent's side of its door, the agent (AGENT_OBJ) away from any door, and
  // the exit (EXIT_OBJ) behind the last door.
  void GenerateMazeWithDoors(int num_doors) {
    GenerateMaze();
    std::vector<int> forks;
    std::vector<int> adj_space;
    for (int i = 0; i < array_dim_ * array_dim_; ++i) {
      if (GetIndex(i) == kSpace) {
        Neighbors(i, kSpace, adj_space);
        if (adj_space.size() > 2) forks.push_back(i);
      }
    }
    const std::vector<int> chosen = rand_gen_->ChooseN(forks, num_doors);
    num_doors = static_cast<int>(chosen.size());
    for (int i : chosen) grid_.at(i) = kDoor;
    int agent_cell = 0;
    {
      const std::vector<int> space_cells = CellsOf(kSpace);
      std::vector<int> door_neighbors;
      // Not next to a door: the key might have no room.
      do {
        agent_cell = rand_gen_->ChooseOne(space_cells);
        Neighbors(agent_cell, kDoor, door_neighbors);
      } while (!door_neighbors.empty());
      grid_.at(agent_cell) = kAgentObject;
    }
    std::set<int> s0 = {agent_cell};
    for (int door_num = 0; door_num < num_doors + 1; ++door_num) {
      std::set<int> s1;
      int found_door = -1;
      if (door_num < num_doors) {
        found_door = ExpandToType(s0, s1, kDoor);
        grid_.at(found_door) = kDoor + door_num + 1;
        s0.insert(s1.begin(), s1.end());
      }
      ExpandToType(s0, s1, -999);
      const std::vector<int> space_cells(s1.begin(), s1.end());
      const int key_cell = rand_gen_->ChooseOne(space_cells);
      grid_.at(key_cell) = door_num == num_doors ? kExit : (kKey + door_num + 1);
      s0.insert(s1.begin(), s1.end());
      if (found_door >= 0) s0.insert(found_door);
    }
  }

  // Objects start_obj, start_obj + 1, ... on distinct free cells other than
  // the first (the agent's).
  void PlaceObjects(int start_obj, int num_objs) {
    for (int j = 0; j < num_objs; ++j) {
      int m = rand_gen_->Below(num_free_cells_);
      while (free_cells_[m] == -1 || free_cells_[m] == 0) m = rand_gen_->Below(num_free_cells_);
      const int cell = free_cells_[m];
      free_cells_[m] = -1;
      Set(cell % maze_dim_ + kMazeOffset, cell / maze_dim_ + kMazeOffset, start_obj + j);
    }
  }

 private:
  void Set(int x, int y, int value) { grid_.at(y * array_dim_ + x) = value; }

  // The value at array index `idx`, or kInvalidObject on the border.
  int GetIndex(int idx) const {
    const int x = idx % array_dim_;
    const int y = idx / array_dim_;
    if (x <= 0 || x >= array_dim_ - 1 || y <= 0 || y >= array_dim_ - 1) return kInvalidObject;
    return grid_.at(idx);
  }

  // The 4-neighbours of `idx` holding `type`, in procgen's order.
  void Neighbors(int idx, int type, std::vector<int>& out) const {
    const int x = idx % array_dim_;
    const int y = idx / array_dim_;
    out.clear();
    for (int dx = -1; dx <= 1; ++dx) {
      for (int dy = -1; dy <= 1; ++dy) {
        if ((dx == 0) == (dy == 0)) continue;
        const int n = (y + dy) * array_dim_ + (x + dx);
        if (GetIndex(n) == type) out.push_back(n);
      }
    }
  }

  std::vector<int> CellsOf(int type) const {
    std::vector<int> found;
    for (int i = 0; i < array_dim_ * array_dim_; ++i) {
      if (GetIndex(i) == type) found.push_back(i);
    }
    return found;
  }

  // Breadth-first over free cells from s0, adding what it reaches to s1,
  // until a cell next to one of `type` (returned), or -1 when none is.
  int ExpandToType(const std::set<int>& s0, std::set<int>& s1, int type) const {
    std::set<int> curr = s0;
    std::vector<int> targets;
    std::vector<int> adj_space;
    while (!curr.empty()) {
      std::set<int> next;
      for (int elem : curr) {
        Neighbors(elem, type, targets);
        Neighbors(elem, kSpace, adj_space);
        for (int j : adj_space) {
          if (s0.count(j) == 0 && s1.count(j) == 0) {
            next.insert(j);
            s1.insert(j);
          }
        }
        if (!targets.empty()) return targets[0];
      }
      curr = next;
    }
    return -1;
  }

  void SetFreeCell(int x, int y) {
    Set(x + kMazeOffset, y + kMazeOffset, kSpace);
    const int cell = maze_dim_ * y + x;
    if (free_cell_set_.insert(cell).second) free_cells_[num_free_cells_++] = cell;
  }

  RandGen* rand_gen_;
  int maze_dim_;
  int array_dim_;
  std::vector<std::set<int>> cell_sets_;
  std::vector<int> cell_set_index_;
  std::vector<int> free_cells_;
  std::set<int> free_cell_set_;
  int num_free_cells_ = 0;
  std::vector<int> grid_;
};

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_ENGINE_MAZE_GEN_H_
