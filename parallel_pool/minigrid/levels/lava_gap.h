// minigrid's LavaGapEnv (MiniGrid-LavaGapS*): a column of lava with one gap
// between the agent (top-left, facing right) and the goal (bottom-right).
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_LAVA_GAP_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_LAVA_GAP_H_

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/level_config.h"

namespace parallel_pool::minigrid {

// The mission of a level whose obstacles are lava or walls (LavaGap, the
// crossings).
inline const char* ObstacleMission(ObjType obstacle) {
  return obstacle == kLava ? "avoid the lava and get to the green goal square"
                           : "find the opening and get to the green goal square";
}

inline void GenerateLavaGap(GridWorld& w, numpy_exact::NumpyGenerator& rng, const LevelConfig& c) {
  w.NewGrid(c.size, c.size);
  const int width = w.width;
  const int height = w.height;
  w.WallRect(0, 0, width, height);
  w.agent_pos = {1, 1};
  w.agent_dir = 0;
  w.PutObj(w.NewObj(kGoal, kGreen), width - 2, height - 2);
  const int gap_x = GridWorld::RandInt(rng, 2, width - 2);
  const int gap_y = GridWorld::RandInt(rng, 1, height - 1);
  w.VertWall(gap_x, 1, height - 2, c.obstacle_type);
  w.Set(gap_x, gap_y, GridWorld::kNone);
  w.mission = ObstacleMission(c.obstacle_type);
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_LAVA_GAP_H_
