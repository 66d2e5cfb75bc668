// minigrid's DynamicObstaclesEnv (MiniGrid-Dynamic-Obstacles-*): blue balls
// that each step, before the agent moves, jump to a random free cell of the
// 3 x 3 around them (100 tries, else they stay); walking into a ball (or a
// wall) costs -1 and ends the episode. Three actions: left, right, forward.
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_DYNAMIC_OBSTACLES_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_DYNAMIC_OBSTACLES_H_

#include <stdexcept>
#include <vector>

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/level_config.h"

namespace parallel_pool::minigrid {

// minigrid caps the obstacles: n if n <= size / 2 + 1, else int(size / 2).
inline int DynamicObstacleCount(const LevelConfig& c) {
  return c.n_obstacles <= c.size / 2.0 + 1 ? c.n_obstacles : static_cast<int>(c.size / 2.0);
}

inline void GenerateDynamicObstacles(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                     const LevelConfig& c) {
  w.NewGrid(c.size, c.size);
  w.WallRect(0, 0, w.width, w.height);
  w.Set(w.width - 2, w.height - 2, w.NewObj(kGoal, kGreen));
  w.PlaceAgentAt(rng, c.random_start, c.agent_start_pos, c.agent_start_dir);
  w.task.obstacles.clear();
  for (int i = 0; i < DynamicObstacleCount(c); ++i) {
    const int ball = w.NewObj(kBall, kBlue);
    w.task.obstacles.push_back(ball);
    w.PlaceObj(rng, ball, {0, 0}, {-1, -1}, nullptr, 100);
  }
  w.mission = "get to the green goal square";
}

inline GridWorld::StepResult StepDynamicObstacles(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                                  int action) {
  const Pos front = w.FrontPos();
  const Obj* front_cell = w.At(front.x, front.y);
  const bool not_clear = front_cell != nullptr && front_cell->type != kGoal;
  for (int ball : w.task.obstacles) {
    const Pos old = w.objects[ball].cur_pos;
    try {
      w.PlaceObj(rng, ball, {old.x - 1, old.y - 1}, {3, 3}, nullptr, 100);
      w.Set(old.x, old.y, GridWorld::kNone);
    } catch (const std::runtime_error&) {
      // minigrid: the ball stays where it is.
    }
  }
  GridWorld::StepResult out = w.Step(action);
  if (action == kForward && not_clear) {
    out.reward = -1;
    out.terminated = true;
  }
  return out;
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_DYNAMIC_OBSTACLES_H_
