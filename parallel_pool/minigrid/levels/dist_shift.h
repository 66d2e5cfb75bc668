// minigrid's DistShiftEnv (MiniGrid-DistShift1/2): two strips of lava
// between the agent and the goal, the second on row strip2_row.
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_DIST_SHIFT_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_DIST_SHIFT_H_

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/level_config.h"

namespace parallel_pool::minigrid {

inline void GenerateDistShift(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                              const LevelConfig& c) {
  w.NewGrid(c.width, c.height);
  w.WallRect(0, 0, w.width, w.height);
  w.PutObj(w.NewObj(kGoal, kGreen), w.width - 2, 1);
  for (int i = 0; i < w.width - 6; ++i) {
    w.Set(3 + i, 1, w.NewObj(kLava, kRed));
    w.Set(3 + i, c.strip2_row, w.NewObj(kLava, kRed));
  }
  w.PlaceAgentAt(rng, c.random_start, c.agent_start_pos, c.agent_start_dir);
  w.mission = "get to the green goal square";
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_DIST_SHIFT_H_
