// RoomGen: procgen's cave generator (roomgen.cpp), working on a game's grid:
// a cellular automaton that turns random walls into caves, the largest
// connected room, a shortest path between two cells, and a room grown
// around a path.
#ifndef PARALLEL_POOL_PROCGEN_ENGINE_ROOM_GEN_H_
#define PARALLEL_POOL_PROCGEN_ENGINE_ROOM_GEN_H_

#include <queue>
#include <set>
#include <vector>

#include "parallel_pool/procgen/engine/basic_game.h"

namespace parallel_pool::procgen {

class RoomGen {
 public:
  explicit RoomGen(BasicGame& game) : game_(game) {}

  // One automaton step: a cell becomes wall where five or more of the nine
  // cells around it (itself included; off the grid counts as the game's
  // out-of-bounds object) are walls.
  void Update() {
    std::vector<int> next;
    next.reserve(game_.grid_size_);
    for (int i = 0; i < game_.grid_size_; ++i) {
      next.push_back(CountNeighbors(i, kWall) >= 5 ? kWall : kSpace);
    }
    for (int i = 0; i < game_.grid_size_; ++i) game_.SetObj(i, next[i]);
  }

  // The largest 4-connected set of free cells (the first found on ties).
  std::set<int> FindBestRoom() const {
    std::set<int> all_rooms;
    std::set<int> best;
    int best_size = -1;
    for (int i = 0; i < game_.grid_size_; ++i) {
      if (game_.GetObj(i) != kSpace || all_rooms.count(i) != 0) continue;
      std::set<int> room;
      BuildRoom(i, room);
      all_rooms.insert(room.begin(), room.end());
      if (static_cast<int>(room.size()) > best_size) {
        best_size = static_cast<int>(room.size());
        best = room;
      }
    }
    return best;
  }

  // A shortest 4-connected path of free cells from src to dst (breadth
  // first, in procgen's neighbour order), or nothing.
  std::vector<int> FindPath(int src, int dst) const {
    std::vector<int> path;
    if (game_.GetObj(src) != kSpace) return path;
    std::set<int> covered;
    std::vector<int> expanded = {src};
    std::vector<int> parents = {-1};
    int search_idx = 0;
    while (search_idx < static_cast<int>(expanded.size())) {
      const int curr = expanded[search_idx];
      if (curr == dst) break;
      // procgen loops here for ever on a non-free cell; none is ever queued.
      int x = 0, y = 0;
      game_.ToGridXY(curr, &x, &y);
      for (int i = -1; i <= 1; ++i) {
        for (int j = -1; j <= 1; ++j) {
          if (!((i == 0 || j == 0) && (i + j != 0))) continue;
          const int next = game_.ToGridIndex(x + i, y + j);
          if (covered.count(next) == 0 && game_.GetObj(next) == kSpace) {
            expanded.push_back(next);
            parents.push_back(search_idx);
            covered.insert(next);
          }
        }
      }
      ++search_idx;
    }
    if (search_idx < static_cast<int>(expanded.size()) && expanded[search_idx] == dst) {
      std::vector<int> reversed;
      for (int k = search_idx; k >= 0; k = parents[k]) reversed.push_back(expanded[k]);
      path.assign(reversed.rbegin(), reversed.rend());
    }
    return path;
  }

  // Grows `cells` by n rings of 8-connected free cells.
  void ExpandRoom(std::set<int>& cells, int n) const {
    std::set<int> curr = cells;
    for (int loop = 0; loop < n; ++loop) {
      std::set<int> next;
      for (int idx : curr) {
        if (game_.GetObj(idx) != kSpace) continue;
        int x = 0, y = 0;
        game_.ToGridXY(idx, &x, &y);
        for (int i = -1; i <= 1; ++i) {
          for (int j = -1; j <= 1; ++j) {
            if (i == 0 && j == 0) continue;
            const int n_idx = game_.ToGridIndex(x + i, y + j);
            if (cells.count(n_idx) == 0 && game_.GetObj(n_idx) == kSpace) {
              cells.insert(n_idx);
              next.insert(n_idx);
            }
          }
        }
      }
      curr = next;
    }
  }

 private:
  int CountNeighbors(int idx, int type) const {
    int x = 0, y = 0;
    game_.ToGridXY(idx, &x, &y);
    int count = 0;
    for (int i = -1; i <= 1; ++i) {
      for (int j = -1; j <= 1; ++j) {
        if (game_.GetObj(x + i, y + j) == type) ++count;
      }
    }
    return count;
  }

  void BuildRoom(int idx, std::set<int>& room) const {
    if (game_.GetObj(idx) != kSpace) return;
    std::queue<int> queue;
    queue.push(idx);
    while (!queue.empty()) {
      const int curr = queue.front();
      queue.pop();
      if (game_.GetObj(curr) != kSpace) continue;
      int x = 0, y = 0;
      game_.ToGridXY(curr, &x, &y);
      for (int i = -1; i <= 1; ++i) {
        for (int j = -1; j <= 1; ++j) {
          if (!((i == 0 || j == 0) && (i + j != 0))) continue;
          const int next = game_.ToGridIndex(x + i, y + j);
          if (room.count(next) == 0 && game_.GetObj(next) == kSpace) {
            queue.push(next);
            room.insert(next);
          }
        }
      }
    }
  }

  BasicGame& game_;
};

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_ENGINE_ROOM_GEN_H_
