// minigrid's PlaygroundEnv (MiniGrid-Playground-v0): a 19 x 19 grid of 3 x 3
// rooms joined by closed doors of random colours, 12 random keys, balls and
// boxes, no mission (the empty string) and no reward.
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_PLAYGROUND_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_PLAYGROUND_H_

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/go_to_object.h"
#include "parallel_pool/minigrid/levels/level_config.h"

namespace parallel_pool::minigrid {

inline void GeneratePlayground(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                               const LevelConfig& /*c*/) {
  w.NewGrid(19, 19);
  const int width = w.width;
  const int height = w.height;
  w.WallRect(0, 0, w.width, w.height);  // the four walls, in minigrid's order
  const int room_w = width / 3;
  const int room_h = height / 3;
  for (int j = 0; j < 3; ++j) {
    for (int i = 0; i < 3; ++i) {
      const int x_left = i * room_w;
      const int y_top = j * room_h;
      const int x_right = x_left + room_w;
      const int y_bottom = y_top + room_h;
      if (i + 1 < 3) {
        w.VertWall(x_right, y_top, room_h);
        const int y = GridWorld::RandInt(rng, y_top + 1, y_bottom - 1);
        w.Set(x_right, y, w.NewDoor(GridWorld::RandColor(rng)));
      }
      if (j + 1 < 3) {
        w.HorzWall(x_left, y_bottom, room_w);
        const int x = GridWorld::RandInt(rng, x_left + 1, x_right - 1);
        w.Set(x, y_bottom, w.NewDoor(GridWorld::RandColor(rng)));
      }
    }
  }
  w.PlaceAgent(rng);
  for (int k = 0; k < 12; ++k) {
    const ObjType type = kKeyBallBox[GridWorld::RandInt(rng, 0, 3)];
    const Color color = GridWorld::RandColor(rng);
    w.PlaceObj(rng, w.NewObj(type, color));
  }
  w.mission = "";
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_PLAYGROUND_H_
