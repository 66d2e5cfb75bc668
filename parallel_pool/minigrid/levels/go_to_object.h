// minigrid's GoToObjectEnv (MiniGrid-GoToObject-*): num_objs distinct keys,
// balls and boxes; the mission names one; `done` beside it succeeds
// (StepGoToTarget).
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_GO_TO_OBJECT_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_GO_TO_OBJECT_H_

#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/go_to_door.h"
#include "parallel_pool/minigrid/levels/level_config.h"

namespace parallel_pool::minigrid {

inline constexpr std::array<ObjType, 3> kKeyBallBox{kKey, kBall, kBox};

inline void GenerateGoToObject(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                               const LevelConfig& c) {
  w.NewGrid(c.size, c.size);
  w.WallRect(0, 0, w.width, w.height);
  std::vector<std::pair<ObjType, Color>> objs;
  std::vector<Pos> positions;
  while (static_cast<int>(objs.size()) < c.num_objs) {
    const ObjType type = kKeyBallBox[GridWorld::RandInt(rng, 0, 3)];
    const Color color = GridWorld::RandColor(rng);
    if (std::find(objs.begin(), objs.end(), std::make_pair(type, color)) != objs.end()) continue;
    positions.push_back(w.PlaceObj(rng, w.NewObj(type, color)));
    objs.emplace_back(type, color);
  }
  w.PlaceAgent(rng);
  const int target = GridWorld::RandInt(rng, 0, static_cast<int>(objs.size()));
  w.task.target_type = objs[target].first;
  w.task.target_color = objs[target].second;
  w.task.target_pos = positions[target];
  w.mission = std::string("go to the ") + kColorText[w.task.target_color] + " " +
              kTypeText[w.task.target_type];
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_GO_TO_OBJECT_H_
