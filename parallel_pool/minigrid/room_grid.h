// RoomGrid: minigrid's RoomGrid, the base of its multi-room levels (and of
// BabyAI's): num_rows x num_cols square rooms of room_size cells sharing
// walls, with a door position drawn on every inner wall, and the helpers its
// levels build with (add_door, add_object, remove_wall, place_agent,
// connect_all, add_distractors), each drawing from np_random as minigrid's.
//
// A RoomGrid lives while a level generates its grid; the objects and doors it
// makes live on in the GridWorld.
#ifndef PARALLEL_POOL_MINIGRID_ROOM_GRID_H_
#define PARALLEL_POOL_MINIGRID_ROOM_GRID_H_

#include <algorithm>
#include <array>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/numpy_exact/numpy_generator.h"

namespace parallel_pool::minigrid {

class RoomGrid {
 public:
  // A room's wall k (0 right, 1 bottom, 2 left, 3 top): no door yet, a door
  // (its object), or the wall removed (minigrid's True).
  static constexpr int kNoDoor = -1;
  static constexpr int kOpenWall = -3;

  struct Room {
    Pos top, size;
    std::array<int, 4> doors{kNoDoor, kNoDoor, kNoDoor, kNoDoor};
    std::array<std::optional<Pos>, 4> door_pos;
    std::array<int, 4> neighbors{-1, -1, -1, -1};  // room index
    bool locked = false;
    std::vector<int> objs;
  };

  // RoomGrid._gen_grid: the walls of every room, a door position on each
  // inner wall (right walls' rows, then bottom walls' columns, room by room),
  // the agent in the middle room facing right.
  RoomGrid(GridWorld& w, numpy_exact::NumpyGenerator& rng, int room_size, int num_rows,
           int num_cols)
      : w_(w), rng_(rng), room_size_(room_size), num_rows_(num_rows), num_cols_(num_cols) {
    w.NewGrid((room_size - 1) * num_cols + 1, (room_size - 1) * num_rows + 1);
    for (int j = 0; j < num_rows; ++j) {
      for (int i = 0; i < num_cols; ++i) {
        Room room;
        room.top = {i * (room_size - 1), j * (room_size - 1)};
        room.size = {room_size, room_size};
        rooms_.push_back(room);
        w.WallRect(room.top.x, room.top.y, room.size.x, room.size.y);
      }
    }
    for (int j = 0; j < num_rows; ++j) {
      for (int i = 0; i < num_cols; ++i) {
        Room& room = rooms_[Index(i, j)];
        const int x_l = room.top.x + 1;
        const int y_l = room.top.y + 1;
        const int x_m = room.top.x + room.size.x - 1;
        const int y_m = room.top.y + room.size.y - 1;
        if (i < num_cols - 1) {
          room.neighbors[0] = Index(i + 1, j);
          room.door_pos[0] = Pos{x_m, GridWorld::RandInt(rng, y_l, y_m)};
        }
        if (j < num_rows - 1) {
          room.neighbors[1] = Index(i, j + 1);
          room.door_pos[1] = Pos{GridWorld::RandInt(rng, x_l, x_m), y_m};
        }
        if (i > 0) {
          room.neighbors[2] = Index(i - 1, j);
          room.door_pos[2] = rooms_[room.neighbors[2]].door_pos[0];
        }
        if (j > 0) {
          room.neighbors[3] = Index(i, j - 1);
          room.door_pos[3] = rooms_[room.neighbors[3]].door_pos[1];
        }
      }
    }
    w.agent_pos = {(num_cols / 2) * (room_size - 1) + room_size / 2,
                   (num_rows / 2) * (room_size - 1) + room_size / 2};
    w.agent_dir = 0;
  }

  int room_size() const { return room_size_; }
  int num_rows() const { return num_rows_; }
  int num_cols() const { return num_cols_; }
  Room& room(int i, int j) { return rooms_[Index(i, j)]; }
  const Room& room(int i, int j) const { return rooms_[Index(i, j)]; }

  // room_from_pos.
  Room& RoomAt(Pos p) { return room(p.x / (room_size_ - 1), p.y / (room_size_ - 1)); }

  // place_in_room: anywhere in room (i, j) but on or beside the agent.
  Pos PlaceInRoom(int i, int j, int obj) {
    Room& r = room(i, j);
    const Pos pos = w_.PlaceObj(rng_, obj, r.top, r.size, RejectNextToAgent, 1000);
    r.objs.push_back(obj);
    return pos;
  }

  // add_object: kind and colour drawn when not given (kind first).
  std::pair<int, Pos> AddObject(int i, int j, std::optional<ObjType> kind = std::nullopt,
                                std::optional<Color> color = std::nullopt) {
    constexpr std::array<ObjType, 3> kKinds{kKey, kBall, kBox};
    const ObjType type = kind ? *kind : kKinds[GridWorld::RandInt(rng_, 0, 3)];
    const Color c = color ? *color : GridWorld::RandColor(rng_);
    const int obj = w_.NewObj(type, c);
    return {obj, PlaceInRoom(i, j, obj)};
  }

  // add_door: on wall door_idx (or a random wall with a neighbour and no
  // door yet), of colour and lock state drawn when not given.
  std::pair<int, Pos> AddDoor(int i, int j, std::optional<int> door_idx = std::nullopt,
                              std::optional<Color> color = std::nullopt,
                              std::optional<bool> locked = std::nullopt) {
    Room& r = room(i, j);
    int k = 0;
    if (door_idx) {
      k = *door_idx;
    } else {
      do {
        k = GridWorld::RandInt(rng_, 0, 4);
      } while (r.neighbors[k] < 0 || r.doors[k] != kNoDoor);
    }
    const Color c = color ? *color : GridWorld::RandColor(rng_);
    const bool lock = locked ? *locked : GridWorld::RandBool(rng_);
    if (r.doors[k] != kNoDoor) throw std::logic_error("RoomGrid::AddDoor: door already exists");
    r.locked = lock;
    const int door = w_.NewDoor(c, false, lock);
    const Pos pos = *r.door_pos[k];
    w_.Set(pos.x, pos.y, door);
    w_.objects[door].cur_pos = pos;
    r.doors[k] = door;
    rooms_[r.neighbors[k]].doors[(k + 2) % 4] = door;
    return {door, pos};
  }

  // remove_wall: the wall's inner cells emptied.
  void RemoveWall(int i, int j, int wall_idx) {
    Room& r = room(i, j);
    const Pos t = r.top;
    const int width = r.size.x;
    const int height = r.size.y;
    if (wall_idx == 0) {
      for (int k = 1; k < height - 1; ++k) w_.Set(t.x + width - 1, t.y + k, GridWorld::kNone);
    } else if (wall_idx == 1) {
      for (int k = 1; k < width - 1; ++k) w_.Set(t.x + k, t.y + height - 1, GridWorld::kNone);
    } else if (wall_idx == 2) {
      for (int k = 1; k < height - 1; ++k) w_.Set(t.x, t.y + k, GridWorld::kNone);
    } else {
      for (int k = 1; k < width - 1; ++k) w_.Set(t.x + k, t.y, GridWorld::kNone);
    }
    r.doors[wall_idx] = kOpenWall;
    rooms_[r.neighbors[wall_idx]].doors[(wall_idx + 2) % 4] = kOpenWall;
  }

  // RoomGrid.place_agent: in room (i, j) (drawn when not given), again
  // until the cell in front is empty or a wall. When no free cell of the room
  // has such a neighbour, minigrid's loop never ends; the sample is dropped
  // instead (the draws up to then are minigrid's).
  Pos PlaceAgent(std::optional<int> i = std::nullopt, std::optional<int> j = std::nullopt,
                 bool rand_dir = true) {
    const int ri = i ? *i : GridWorld::RandInt(rng_, 0, num_cols_);
    const int rj = j ? *j : GridWorld::RandInt(rng_, 0, num_rows_);
    const Room& r = room(ri, rj);
    for (long long tries = 1;; ++tries) {
      w_.PlaceAgent(rng_, r.top, r.size, rand_dir, 1000);
      const Pos front = w_.FrontPos();
      const Obj* cell = w_.At(front.x, front.y);
      if (cell == nullptr || cell->type == kWall) break;
      if (tries % 1000 == 0 && !CanFaceFreeOrWall(r)) {
        throw std::runtime_error("place_agent: no cell of the room faces an empty cell or a wall");
      }
    }
    return w_.agent_pos;
  }

  // The levels' `while True: place_agent(); if room_from_pos(agent) is not
  // the locked room: break`.
  Pos PlaceAgentOutside(int locked_i, int locked_j) {
    while (true) {
      const Pos p = PlaceAgent();
      if (p.x / (room_size_ - 1) != locked_i || p.y / (room_size_ - 1) != locked_j) return p;
    }
  }

  // Room.pos_inside for room (i, j): its walls included.
  bool PosInside(int i, int j, Pos p) const {
    const Room& r = room(i, j);
    return p.x >= r.top.x && p.y >= r.top.y && p.x < r.top.x + r.size.x && p.y < r.top.y + r.size.y;
  }

  // connect_all: doors of door_colors added at random (never to a locked
  // room) until every room is reachable from the agent's.
  std::vector<int> ConnectAll(const std::vector<Color>& door_colors = {kColorNames.begin(),
                                                                       kColorNames.end()},
                              int max_itrs = 5000) {
    std::vector<int> added;
    const int start = Index(w_.agent_pos.x / (room_size_ - 1), w_.agent_pos.y / (room_size_ - 1));
    int itrs = 0;
    while (true) {
      if (itrs > max_itrs) throw std::runtime_error("connect_all failed");
      ++itrs;
      if (Reachable(start) == num_rows_ * num_cols_) break;
      const int i = GridWorld::RandInt(rng_, 0, num_cols_);
      const int j = GridWorld::RandInt(rng_, 0, num_rows_);
      const int k = GridWorld::RandInt(rng_, 0, 4);
      Room& r = room(i, j);
      if (!r.door_pos[k] || r.doors[k] != kNoDoor) continue;
      if (r.locked || rooms_[r.neighbors[k]].locked) continue;
      const Color color =
          door_colors[GridWorld::RandInt(rng_, 0, static_cast<int>(door_colors.size()))];
      added.push_back(AddDoor(i, j, k, color, false).first);
    }
    return added;
  }

  // add_distractors: num objects in room (i, j) (each in a random room when
  // not given), colour drawn before kind, none repeating an existing
  // (kind, colour) when all_unique.
  std::vector<int> AddDistractors(std::optional<int> i = std::nullopt,
                                  std::optional<int> j = std::nullopt, int num = 10,
                                  bool all_unique = true) {
    constexpr std::array<ObjType, 3> kKinds{kKey, kBall, kBox};
    std::vector<std::pair<ObjType, Color>> existing;
    for (const Room& r : rooms_) {
      for (int obj : r.objs) existing.emplace_back(w_.objects[obj].type, w_.objects[obj].color);
    }
    std::vector<int> dists;
    while (static_cast<int>(dists.size()) < num) {
      const Color color = kColorNames[GridWorld::RandInt(rng_, 0, 6)];
      const ObjType type = kKinds[GridWorld::RandInt(rng_, 0, 3)];
      const std::pair<ObjType, Color> obj{type, color};
      if (all_unique && std::find(existing.begin(), existing.end(), obj) != existing.end()) {
        continue;
      }
      const int ri = i ? *i : GridWorld::RandInt(rng_, 0, num_cols_);
      const int rj = j ? *j : GridWorld::RandInt(rng_, 0, num_rows_);
      dists.push_back(AddObject(ri, rj, type, color).first);
      existing.push_back(obj);
    }
    return dists;
  }

  // RoomGridLevel.open_all_doors.
  void OpenAllDoors() {
    for (const Room& r : rooms_) {
      for (int door : r.doors) {
        if (door >= 0) w_.objects[door].is_open = true;
      }
    }
  }

 private:
  int Index(int i, int j) const { return j * num_cols_ + i; }

  // reject_next_to: a cell at Manhattan distance < 2 from the agent.
  static bool RejectNextToAgent(const GridWorld& w, Pos p) {
    return std::abs(w.agent_pos.x - p.x) + std::abs(w.agent_pos.y - p.y) < 2;
  }

  // Whether place_agent's loop can end in room r: a free cell beside an
  // empty cell or a wall.
  bool CanFaceFreeOrWall(const Room& r) const {
    for (int x = r.top.x; x < std::min(r.top.x + r.size.x, w_.width); ++x) {
      for (int y = r.top.y; y < std::min(r.top.y + r.size.y, w_.height); ++y) {
        if (w_.Get(x, y) != GridWorld::kNone) continue;
        for (const Pos& d : kDirToVec) {
          const int fx = x + d.x;
          const int fy = y + d.y;
          if (fx < 0 || fy < 0 || fx >= w_.width || fy >= w_.height) continue;
          const Obj* cell = w_.At(fx, fy);
          if (cell == nullptr || cell->type == kWall) return true;
        }
      }
    }
    return false;
  }

  // find_reach's rooms, counted.
  int Reachable(int start) const {
    std::vector<char> seen(rooms_.size(), 0);
    std::vector<int> stack{start};
    int count = 0;
    while (!stack.empty()) {
      const int r = stack.back();
      stack.pop_back();
      if (seen[r]) continue;
      seen[r] = 1;
      ++count;
      for (int k = 0; k < 4; ++k) {
        if (rooms_[r].doors[k] != kNoDoor) stack.push_back(rooms_[r].neighbors[k]);
      }
    }
    return count;
  }

  GridWorld& w_;
  numpy_exact::NumpyGenerator& rng_;
  int room_size_, num_rows_, num_cols_;
  std::vector<Room> rooms_;
};

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_ROOM_GRID_H_
