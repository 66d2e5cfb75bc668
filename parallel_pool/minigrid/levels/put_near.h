// minigrid's PutNearEnv (MiniGrid-PutNear-*): num_objs distinct keys, balls
// and boxes, none next to another; put the named one down next to the other
// named one. Picking up another object, or dropping the held one anywhere,
// ends the episode.
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_PUT_NEAR_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_PUT_NEAR_H_

#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/go_to_object.h"
#include "parallel_pool/minigrid/levels/level_config.h"

namespace parallel_pool::minigrid {

inline void GeneratePutNear(GridWorld& w, numpy_exact::NumpyGenerator& rng, const LevelConfig& c) {
  w.NewGrid(c.size, c.size);
  w.WallRect(0, 0, w.width, w.height);  // the four walls, in minigrid's order
  std::vector<std::pair<ObjType, Color>> objs;
  std::vector<Pos> positions;
  const auto near_placed = [&positions](const GridWorld&, Pos p) {
    for (const Pos& q : positions) {
      if (std::abs(p.x - q.x) <= 1 && std::abs(p.y - q.y) <= 1) return true;
    }
    return false;
  };
  while (static_cast<int>(objs.size()) < c.num_objs) {
    const ObjType type = kKeyBallBox[GridWorld::RandInt(rng, 0, 3)];
    const Color color = GridWorld::RandColor(rng);
    if (std::find(objs.begin(), objs.end(), std::make_pair(type, color)) != objs.end()) continue;
    positions.push_back(w.PlaceObj(rng, w.NewObj(type, color), {0, 0}, {-1, -1}, near_placed));
    objs.emplace_back(type, color);
  }
  w.PlaceAgent(rng);
  const int n = static_cast<int>(objs.size());
  const int move = GridWorld::RandInt(rng, 0, n);
  w.task.move_type = objs[move].first;
  w.task.move_color = objs[move].second;
  int target = move;
  while (target == move) target = GridWorld::RandInt(rng, 0, n);
  w.task.target_type = objs[target].first;
  w.task.target_color = objs[target].second;
  w.task.target_pos = positions[target];
  w.mission = std::string("put the ") + kColorText[w.task.move_color] + " " +
              kTypeText[w.task.move_type] + " near the " + kColorText[w.task.target_color] + " " +
              kTypeText[w.task.target_type];
}

inline GridWorld::StepResult StepPutNear(GridWorld& w, numpy_exact::NumpyGenerator& /*rng*/,
                                         int action) {
  const int pre_carrying = w.carrying;
  GridWorld::StepResult out = w.Step(action);
  const Pos front = w.FrontPos();
  const Pos t = w.task.target_pos;
  if (action == kPickup && w.carrying != GridWorld::kNone) {
    const Obj& held = w.objects[w.carrying];
    if (held.type != w.task.move_type || held.color != w.task.move_color) out.terminated = true;
  }
  if (action == kDrop && pre_carrying != GridWorld::kNone) {
    if (w.Get(front.x, front.y) == pre_carrying && std::abs(front.x - t.x) <= 1 &&
        std::abs(front.y - t.y) <= 1) {
      out.reward = w.SuccessReward();
    }
    out.terminated = true;
  }
  return out;
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_PUT_NEAR_H_
