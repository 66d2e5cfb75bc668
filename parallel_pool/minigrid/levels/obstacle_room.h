// What minigrid's LavaGapEnv and CrossingEnv share: a walled square room,
// the agent in its top-left cell facing right, the goal in the bottom-right
// one, and a mission that names the obstacle (lava or walls).
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_OBSTACLE_ROOM_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_OBSTACLE_ROOM_H_

#include "parallel_pool/minigrid/grid_world.h"

namespace parallel_pool::minigrid {

inline const char* ObstacleMission(ObjType obstacle) {
  return obstacle == kLava ? "avoid the lava and get to the green goal square"
                           : "find the opening and get to the green goal square";
}

// The room of size x size cells (walls included), agent and goal placed, in
// minigrid's order; the level then draws its obstacles.
inline void OpenObstacleRoom(GridWorld& w, int size) {
  w.NewGrid(size, size);
  w.WallRect(0, 0, w.width, w.height);
  w.agent_pos = {1, 1};
  w.agent_dir = 0;
  w.PutObj(w.NewObj(kGoal, kGreen), w.width - 2, w.height - 2);
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_OBSTACLE_ROOM_H_
