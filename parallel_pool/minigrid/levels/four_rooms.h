// minigrid's FourRoomsEnv (MiniGrid-FourRooms-v0): a 19 x 19 grid cut into
// four rooms, one random opening in each inner wall, the agent and the goal
// anywhere.
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_FOUR_ROOMS_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_FOUR_ROOMS_H_

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/level_config.h"

namespace parallel_pool::minigrid {

inline void GenerateFourRooms(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                              const LevelConfig& /*c*/) {
  w.NewGrid(19, 19);
  const int width = w.width;
  const int height = w.height;
  w.WallRect(0, 0, w.width, w.height);  // the four walls, in minigrid's order
  const int room_w = width / 2;
  const int room_h = height / 2;
  for (int j = 0; j < 2; ++j) {
    for (int i = 0; i < 2; ++i) {
      const int x_left = i * room_w;
      const int y_top = j * room_h;
      const int x_right = x_left + room_w;
      const int y_bottom = y_top + room_h;
      if (i + 1 < 2) {
        w.VertWall(x_right, y_top, room_h);
        w.Set(x_right, GridWorld::RandInt(rng, y_top + 1, y_bottom), GridWorld::kNone);
      }
      if (j + 1 < 2) {
        w.HorzWall(x_left, y_bottom, room_w);
        w.Set(GridWorld::RandInt(rng, x_left + 1, x_right), y_bottom, GridWorld::kNone);
      }
    }
  }
  w.PlaceAgent(rng);
  w.PlaceObj(rng, w.NewObj(kGoal, kGreen));
  w.mission = "reach the goal";
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_FOUR_ROOMS_H_
