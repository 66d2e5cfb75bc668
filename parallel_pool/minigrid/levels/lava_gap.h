// minigrid's LavaGapEnv (MiniGrid-LavaGapS*): a column of lava with one gap
// between the agent (top-left, facing right) and the goal (bottom-right).
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_LAVA_GAP_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_LAVA_GAP_H_

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/level_config.h"
#include "parallel_pool/minigrid/levels/obstacle_room.h"

namespace parallel_pool::minigrid {

inline void GenerateLavaGap(GridWorld& w, numpy_exact::NumpyGenerator& rng, const LevelConfig& c) {
  OpenObstacleRoom(w, c.size);
  const int gap_x = GridWorld::RandInt(rng, 2, w.width - 2);
  const int gap_y = GridWorld::RandInt(rng, 1, w.height - 1);
  w.VertWall(gap_x, 1, w.height - 2, c.obstacle_type);
  w.Set(gap_x, gap_y, GridWorld::kNone);
  w.mission = ObstacleMission(c.obstacle_type);
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_LAVA_GAP_H_
