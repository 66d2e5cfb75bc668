// minigrid's LockedRoomEnv (MiniGrid-LockedRoom-v0): a corridor between six
// rooms with doors of distinct colours; one door is locked, the goal behind
// it, its key in another room.
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_LOCKED_ROOM_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_LOCKED_ROOM_H_

#include <algorithm>
#include <string>
#include <vector>

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/level_config.h"

namespace parallel_pool::minigrid {

inline void GenerateLockedRoom(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                               const LevelConfig& c) {
  struct Room {
    Pos top, size, door;
    Color color = kRed;
    bool locked = false;
    // LockedRoom.rand_pos: _rand_pos inside the walls, x drawn first.
    Pos RandPos(numpy_exact::NumpyGenerator& r) const {
      const int x = GridWorld::RandInt(r, top.x + 1, top.x + size.x - 1);
      const int y = GridWorld::RandInt(r, top.y + 1, top.y + size.y - 1);
      return {x, y};
    }
  };
  w.NewGrid(c.size, c.size);
  const int width = w.width;
  const int height = w.height;
  const auto wall = [&w](int x, int y) { w.Set(x, y, w.NewObj(kWall, kGrey)); };
  for (int i = 0; i < width; ++i) {
    wall(i, 0);
    wall(i, height - 1);
  }
  for (int j = 0; j < height; ++j) {
    wall(0, j);
    wall(width - 1, j);
  }
  const int left_wall = width / 2 - 2;
  const int right_wall = width / 2 + 2;
  for (int j = 0; j < height; ++j) {
    wall(left_wall, j);
    wall(right_wall, j);
  }
  std::vector<Room> rooms;
  for (int n = 0; n < 3; ++n) {
    const int j = n * (height / 3);
    for (int i = 0; i < left_wall; ++i) wall(i, j);
    for (int i = right_wall; i < width; ++i) wall(i, j);
    const Pos size{left_wall + 1, height / 3 + 1};
    rooms.push_back({{0, j}, size, {left_wall, j + 3}});
    rooms.push_back({{right_wall, j}, size, {right_wall, j + 3}});
  }
  const int locked = GridWorld::RandInt(rng, 0, static_cast<int>(rooms.size()));
  rooms[locked].locked = true;
  const Pos goal = rooms[locked].RandPos(rng);
  w.Set(goal.x, goal.y, w.NewObj(kGoal, kGreen));
  std::vector<Color> colors(kColorNames.begin(), kColorNames.end());  // sorted, shrinking
  for (Room& room : rooms) {
    const int pick = GridWorld::RandInt(rng, 0, static_cast<int>(colors.size()));
    room.color = colors[pick];
    colors.erase(colors.begin() + pick);
    w.Set(room.door.x, room.door.y, w.NewDoor(room.color, false, room.locked));
  }
  int key_room = locked;
  while (key_room == locked) key_room = GridWorld::RandInt(rng, 0, static_cast<int>(rooms.size()));
  const Pos key = rooms[key_room].RandPos(rng);
  w.Set(key.x, key.y, w.NewObj(kKey, rooms[locked].color));
  w.PlaceAgent(rng, {left_wall, 0}, {right_wall - left_wall, height});
  w.mission = std::string("get the ") + kColorText[rooms[locked].color] + " key from the " +
              kColorText[rooms[key_room].color] + " room, unlock the " +
              kColorText[rooms[locked].color] + " door and go to the goal";
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_LOCKED_ROOM_H_
