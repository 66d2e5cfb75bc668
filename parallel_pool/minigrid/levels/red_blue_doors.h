// minigrid's RedBlueDoorEnv (MiniGrid-RedBlueDoors-*): a room with a red
// door on the left and a blue door on the right; opening the blue one ends
// the episode, paying if the red one was already open; opening the red one
// after the blue one ends it without pay.
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_RED_BLUE_DOORS_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_RED_BLUE_DOORS_H_

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/level_config.h"

namespace parallel_pool::minigrid {

inline void GenerateRedBlueDoors(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                 const LevelConfig& c) {
  const int size = c.size;
  w.NewGrid(2 * size, size);
  w.WallRect(0, 0, 2 * size, size);
  w.WallRect(size / 2, 0, size, size);
  w.PlaceAgent(rng, {size / 2, 0}, {size, size});
  w.task.first_door = w.NewDoor(kRed);
  w.Set(size / 2, GridWorld::RandInt(rng, 1, size - 1), w.task.first_door);
  w.task.second_door = w.NewDoor(kBlue);
  w.Set(size / 2 + size - 1, GridWorld::RandInt(rng, 1, size - 1), w.task.second_door);
  w.mission = "open the red door then the blue door";
}

inline GridWorld::StepResult StepRedBlueDoors(GridWorld& w, numpy_exact::NumpyGenerator& /*rng*/,
                                              int action) {
  const bool red_before = w.objects[w.task.first_door].is_open;
  const bool blue_before = w.objects[w.task.second_door].is_open;
  GridWorld::StepResult out = w.Step(action);
  const bool red_after = w.objects[w.task.first_door].is_open;
  const bool blue_after = w.objects[w.task.second_door].is_open;
  if (blue_after) {
    out.reward = red_before ? w.SuccessReward() : 0;
    out.terminated = true;
  } else if (red_after && blue_before) {
    out.reward = 0;
    out.terminated = true;
  }
  return out;
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_RED_BLUE_DOORS_H_
