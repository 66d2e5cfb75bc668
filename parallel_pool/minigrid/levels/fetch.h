// minigrid's FetchEnv (MiniGrid-Fetch-*): num_objs keys and balls; the
// mission (in one of five phrasings) names one. Picking anything up ends the
// episode, paying if it is the one named.
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_FETCH_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_FETCH_H_

#include <array>
#include <string>
#include <vector>

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/level_config.h"

namespace parallel_pool::minigrid {

inline void GenerateFetch(GridWorld& w, numpy_exact::NumpyGenerator& rng, const LevelConfig& c) {
  constexpr std::array<ObjType, 2> kTypes{kKey, kBall};
  constexpr std::array<const char*, 5> kSyntax{"get a", "go get a", "fetch a", "go fetch a",
                                               "you must fetch a"};
  w.NewGrid(c.size, c.size);
  w.WallRect(0, 0, w.width, w.height);  // the four walls, in minigrid's order
  std::vector<int> objs;
  while (static_cast<int>(objs.size()) < c.num_objs) {
    const ObjType type = kTypes[GridWorld::RandInt(rng, 0, 2)];
    const Color color = GridWorld::RandColor(rng);
    const int obj = w.NewObj(type, color);
    w.PlaceObj(rng, obj);
    objs.push_back(obj);
  }
  w.PlaceAgent(rng);
  const Obj& target = w.objects[objs[GridWorld::RandInt(rng, 0, static_cast<int>(objs.size()))]];
  w.task.target_type = target.type;
  w.task.target_color = target.color;
  w.mission = std::string(kSyntax[GridWorld::RandInt(rng, 0, 5)]) + " " + kColorText[target.color] +
              " " + kTypeText[target.type];
}

inline GridWorld::StepResult StepFetch(GridWorld& w, numpy_exact::NumpyGenerator& /*rng*/,
                                       int action) {
  GridWorld::StepResult out = w.Step(action);
  if (w.carrying != GridWorld::kNone) {
    const Obj& held = w.objects[w.carrying];
    const bool right = held.color == w.task.target_color && held.type == w.task.target_type;
    out.reward = right ? w.SuccessReward() : 0;
    out.terminated = true;
  }
  return out;
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_FETCH_H_
