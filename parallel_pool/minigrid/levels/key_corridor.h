// minigrid's KeyCorridorEnv (MiniGrid-KeyCorridorS*R*): a corridor of
// num_rows rooms between two columns of rooms; the object (a ball) is behind
// a locked door on the right, its key in a room on the left, the other rooms
// joined by random doors (connect_all).
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_KEY_CORRIDOR_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_KEY_CORRIDOR_H_

#include <string>

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/level_config.h"
#include "parallel_pool/minigrid/room_grid.h"

namespace parallel_pool::minigrid {

inline void GenerateKeyCorridor(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                const LevelConfig& c) {
  RoomGrid grid(w, rng, c.room_size, c.num_rows, 3);
  for (int j = 1; j < c.num_rows; ++j) grid.RemoveWall(1, j, 3);
  const int room_idx = GridWorld::RandInt(rng, 0, c.num_rows);
  const int door = grid.AddDoor(2, room_idx, 2, std::nullopt, true).first;
  const int obj = grid.AddObject(2, room_idx, c.obj_type).first;
  grid.AddObject(0, GridWorld::RandInt(rng, 0, c.num_rows), kKey, w.objects[door].color);
  grid.PlaceAgent(1, c.num_rows / 2);
  grid.ConnectAll();
  w.task.target_obj = obj;
  w.mission = std::string("pick up the ") + kColorText[w.objects[obj].color] + " " +
              kTypeText[w.objects[obj].type];
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_KEY_CORRIDOR_H_
