// minigrid's DoorKeyEnv (MiniGrid-DoorKey-*): a wall splits the room at a
// random column; the agent and a yellow key on the left, a locked yellow
// door in the wall, the goal in the bottom-right corner.
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_DOOR_KEY_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_DOOR_KEY_H_

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/level_config.h"

namespace parallel_pool::minigrid {

inline void GenerateDoorKey(GridWorld& w, numpy_exact::NumpyGenerator& rng, const LevelConfig& c) {
  w.NewGrid(c.size, c.size);
  const int width = w.width;
  const int height = w.height;
  w.WallRect(0, 0, width, height);
  w.PutObj(w.NewObj(kGoal, kGreen), width - 2, height - 2);
  const int split = GridWorld::RandInt(rng, 2, width - 2);
  w.VertWall(split, 0);
  w.PlaceAgent(rng, {0, 0}, {split, height});
  const int door = GridWorld::RandInt(rng, 1, height - 2);
  w.PutObj(w.NewDoor(kYellow, /*is_open=*/false, /*is_locked=*/true), split, door);
  w.PlaceObj(rng, w.NewObj(kKey, kYellow), {0, 0}, {split, height});
  w.mission = "use the key to open the door and then get to the goal";
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_DOOR_KEY_H_
