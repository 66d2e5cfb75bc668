// minigrid's MemoryEnv (MiniGrid-Memory*): an object (a key or a ball) in
// the start room, a hallway, and at its end a key and a ball; walking up to
// the one matching the start room's succeeds, to the other fails. minigrid's
// step() turns pickup into toggle here.
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_MEMORY_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_MEMORY_H_

#include <array>

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/level_config.h"

namespace parallel_pool::minigrid {

inline void GenerateMemory(GridWorld& w, numpy_exact::NumpyGenerator& rng, const LevelConfig& c) {
  w.NewGrid(c.size, c.size);
  const int width = w.width;
  const int height = w.height;
  w.WallRect(0, 0, w.width, w.height);  // the four walls, in minigrid's order
  const int upper_room_wall = height / 2 - 2;
  const int lower_room_wall = height / 2 + 2;
  const int hallway_end = c.random_length ? GridWorld::RandInt(rng, 4, width - 2) : width - 3;
  const auto wall = [&w](int x, int y) { w.Set(x, y, w.NewObj(kWall, kGrey)); };
  for (int i = 1; i < 5; ++i) {
    wall(i, upper_room_wall);
    wall(i, lower_room_wall);
  }
  wall(4, upper_room_wall + 1);
  wall(4, lower_room_wall - 1);
  for (int i = 5; i < hallway_end; ++i) {
    wall(i, upper_room_wall + 1);
    wall(i, lower_room_wall - 1);
  }
  for (int j = 0; j < height; ++j) {
    if (j != height / 2) wall(hallway_end, j);
    wall(hallway_end + 2, j);
  }
  w.agent_pos = {GridWorld::RandInt(rng, 1, hallway_end + 1), height / 2};
  w.agent_dir = 0;
  constexpr std::array<ObjType, 2> kStart{kKey, kBall};
  const ObjType start = kStart[GridWorld::RandInt(rng, 0, 2)];
  w.Set(1, height / 2 - 1, w.NewObj(start, kGreen));
  constexpr std::array<std::array<ObjType, 2>, 2> kOthers{{{kBall, kKey}, {kKey, kBall}}};
  const std::array<ObjType, 2> others = kOthers[GridWorld::RandInt(rng, 0, 2)];
  const Pos pos0{hallway_end + 1, height / 2 - 2};
  const Pos pos1{hallway_end + 1, height / 2 + 2};
  w.Set(pos0.x, pos0.y, w.NewObj(others[0], kGreen));
  w.Set(pos1.x, pos1.y, w.NewObj(others[1], kGreen));
  // Where the agent stands to choose: beside the matching object, or the other.
  if (start == others[0]) {
    w.task.target_pos = {pos0.x, pos0.y + 1};
    w.task.failure_pos = {pos1.x, pos1.y - 1};
  } else {
    w.task.target_pos = {pos1.x, pos1.y - 1};
    w.task.failure_pos = {pos0.x, pos0.y + 1};
  }
  w.mission = "go to the matching object at the end of the hallway";
}

inline GridWorld::StepResult StepMemory(GridWorld& w, numpy_exact::NumpyGenerator& /*rng*/,
                                        int action) {
  GridWorld::StepResult out = w.Step(action == kPickup ? kToggle : action);
  if (w.agent_pos == w.task.target_pos) {
    out.reward = w.SuccessReward();
    out.terminated = true;
  }
  if (w.agent_pos == w.task.failure_pos) {
    out.reward = 0;
    out.terminated = true;
  }
  return out;
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_MEMORY_H_
