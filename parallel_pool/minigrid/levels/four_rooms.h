// minigrid's FourRoomsEnv (MiniGrid-FourRooms-v0): a 19 x 19 grid cut into
// four rooms, one random opening in each inner wall, the agent and the goal
// anywhere.
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_FOUR_ROOMS_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_FOUR_ROOMS_H_

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/grid_of_rooms.h"
#include "parallel_pool/minigrid/levels/level_config.h"

namespace parallel_pool::minigrid {

inline void GenerateFourRooms(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                              const LevelConfig& /*c*/) {
  // A gap in each inner wall, anywhere but at its first cell.
  GridOfRooms(w, 19, 2, [&](int low, int high) {
    return Opening{GridWorld::RandInt(rng, low + 1, high), GridWorld::kNone};
  });
  w.PlaceAgent(rng);
  w.PlaceObj(rng, w.NewObj(kGoal, kGreen));
  w.mission = "reach the goal";
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_FOUR_ROOMS_H_
