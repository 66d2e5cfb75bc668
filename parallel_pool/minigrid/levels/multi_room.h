// minigrid's MultiRoomEnv (MiniGrid-MultiRoom-*): a chain of rooms of random
// sizes joined by closed doors of changing colours, the agent in the first,
// the goal in the last. Rooms are laid out by minigrid's recursive
// _placeRoom, retried until a chain of the drawn length fits (the longest
// attempt so far is kept).
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_MULTI_ROOM_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_MULTI_ROOM_H_

#include <algorithm>
#include <vector>

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/level_config.h"

namespace parallel_pool::minigrid {

namespace multi_room {

struct Room {
  Pos top, size, entry_door;
};

// _placeRoom: the room entered through entry_door on entry_wall (0 right,
// 1 bottom, 2 left, 3 top), then up to 8 tries at the next room through an
// exit door on another wall. False when this room does not fit.
inline bool PlaceRoom(numpy_exact::NumpyGenerator& rng, int width, int height, int num_left,
                      std::vector<Room>& rooms, int min_size, int max_size, int entry_wall,
                      Pos entry_door) {
  const int size_x = GridWorld::RandInt(rng, min_size, max_size + 1);
  const int size_y = GridWorld::RandInt(rng, min_size, max_size + 1);
  int top_x = 0;
  int top_y = 0;
  if (rooms.empty()) {
    top_x = entry_door.x;
    top_y = entry_door.y;
  } else if (entry_wall == 0) {
    top_x = entry_door.x - size_x + 1;
    top_y = GridWorld::RandInt(rng, entry_door.y - size_y + 2, entry_door.y);
  } else if (entry_wall == 1) {
    top_x = GridWorld::RandInt(rng, entry_door.x - size_x + 2, entry_door.x);
    top_y = entry_door.y - size_y + 1;
  } else if (entry_wall == 2) {
    top_x = entry_door.x;
    top_y = GridWorld::RandInt(rng, entry_door.y - size_y + 2, entry_door.y);
  } else {
    top_x = GridWorld::RandInt(rng, entry_door.x - size_x + 2, entry_door.x);
    top_y = entry_door.y;
  }
  if (top_x < 0 || top_y < 0) return false;
  // minigrid's bounds: x against the width, y one short of the height.
  if (top_x + size_x > width || top_y + size_y >= height) return false;
  for (std::size_t k = 0; k + 1 < rooms.size(); ++k) {  // all but the room we come from
    const Room& room = rooms[k];
    const bool apart = top_x + size_x < room.top.x || room.top.x + room.size.x <= top_x ||
                       top_y + size_y < room.top.y || room.top.y + room.size.y <= top_y;
    if (!apart) return false;
  }
  rooms.push_back({{top_x, top_y}, {size_x, size_y}, entry_door});
  if (num_left == 1) return true;
  for (int attempt = 0; attempt < 8; ++attempt) {
    std::vector<int> walls{0, 1, 2, 3};
    walls.erase(std::find(walls.begin(), walls.end(), entry_wall));
    const int exit_wall = walls[GridWorld::RandInt(rng, 0, static_cast<int>(walls.size()))];
    const int next_entry_wall = (exit_wall + 2) % 4;
    Pos exit_door;
    if (exit_wall == 0) {
      exit_door = {top_x + size_x - 1, top_y + GridWorld::RandInt(rng, 1, size_y - 1)};
    } else if (exit_wall == 1) {
      exit_door = {top_x + GridWorld::RandInt(rng, 1, size_x - 1), top_y + size_y - 1};
    } else if (exit_wall == 2) {
      exit_door = {top_x, top_y + GridWorld::RandInt(rng, 1, size_y - 1)};
    } else {
      exit_door = {top_x + GridWorld::RandInt(rng, 1, size_x - 1), top_y};
    }
    if (PlaceRoom(rng, width, height, num_left - 1, rooms, min_size, max_size, next_entry_wall,
                  exit_door)) {
      break;
    }
  }
  return true;
}

}  // namespace multi_room

inline void GenerateMultiRoom(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                              const LevelConfig& c) {
  using multi_room::Room;
  const int width = c.width;
  const int height = c.height;
  std::vector<Room> rooms;
  const int num_rooms = GridWorld::RandInt(rng, c.min_num_rooms, c.max_num_rooms + 1);
  while (static_cast<int>(rooms.size()) < num_rooms) {
    std::vector<Room> attempt;
    // minigrid draws both coordinates below width - 2.
    const Pos entry{GridWorld::RandInt(rng, 0, width - 2), GridWorld::RandInt(rng, 0, width - 2)};
    multi_room::PlaceRoom(rng, width, height, num_rooms, attempt, 4, c.max_room_size, 2, entry);
    if (attempt.size() > rooms.size()) rooms = std::move(attempt);
  }
  w.NewGrid(width, height);
  const int wall = w.NewObj(kWall, kGrey);  // one wall object for every wall cell, as minigrid's
  int prev_color = -1;
  for (std::size_t idx = 0; idx < rooms.size(); ++idx) {
    const Room& room = rooms[idx];
    for (int i = 0; i < room.size.x; ++i) {
      w.Set(room.top.x + i, room.top.y, wall);
      w.Set(room.top.x + i, room.top.y + room.size.y - 1, wall);
    }
    for (int j = 0; j < room.size.y; ++j) {
      w.Set(room.top.x, room.top.y + j, wall);
      w.Set(room.top.x + room.size.x - 1, room.top.y + j, wall);
    }
    if (idx > 0) {
      std::vector<Color> colors;  // sorted(set(COLOR_NAMES) - {previous door's})
      for (Color color : kColorNames) {
        if (color != prev_color) colors.push_back(color);
      }
      const Color color = colors[GridWorld::RandInt(rng, 0, static_cast<int>(colors.size()))];
      w.Set(room.entry_door.x, room.entry_door.y, w.NewDoor(color));
      prev_color = color;
    }
  }
  w.PlaceAgent(rng, rooms.front().top, rooms.front().size);
  w.PlaceObj(rng, w.NewObj(kGoal, kGreen), rooms.back().top, rooms.back().size);
  w.mission = "traverse the rooms to get to the goal";
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_MULTI_ROOM_H_
