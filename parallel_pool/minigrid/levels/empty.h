// minigrid's EmptyEnv (MiniGrid-Empty-*): a walled room, the goal in the
// bottom-right corner, the agent at (1, 1) facing right or (the Random ids)
// anywhere, facing anywhere.
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_EMPTY_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_EMPTY_H_

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/level_config.h"

namespace parallel_pool::minigrid {

inline void GenerateEmpty(GridWorld& w, numpy_exact::NumpyGenerator& rng, const LevelConfig& c) {
  w.NewGrid(c.size, c.size);
  w.WallRect(0, 0, w.width, w.height);
  w.PutObj(w.NewObj(kGoal, kGreen), w.width - 2, w.height - 2);
  w.PlaceAgentAt(rng, c.random_start, c.agent_start_pos, c.agent_start_dir);
  w.mission = "get to the green goal square";
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_EMPTY_H_
