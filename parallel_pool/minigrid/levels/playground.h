// minigrid's PlaygroundEnv (MiniGrid-Playground-v0): a 19 x 19 grid of 3 x 3
// rooms joined by closed doors of random colours, 12 random keys, balls and
// boxes, no mission (the empty string) and no reward.
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_PLAYGROUND_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_PLAYGROUND_H_

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/go_to_object.h"
#include "parallel_pool/minigrid/levels/grid_of_rooms.h"
#include "parallel_pool/minigrid/levels/level_config.h"

namespace parallel_pool::minigrid {

inline void GeneratePlayground(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                               const LevelConfig& /*c*/) {
  // A closed door of a random colour in each inner wall, off its ends: its
  // place is drawn first, then its colour.
  GridOfRooms(w, 19, 3, [&](int low, int high) {
    const int along = GridWorld::RandInt(rng, low + 1, high - 1);
    return Opening{along, w.NewDoor(GridWorld::RandColor(rng))};
  });
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
