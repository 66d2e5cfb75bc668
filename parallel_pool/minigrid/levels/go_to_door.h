// minigrid's GoToDoorEnv (MiniGrid-GoToDoor-*): a room of random size inside
// the grid with a door of a distinct colour in each wall; the mission names
// one. `done` next to it succeeds; `done` elsewhere or any `toggle` ends the
// episode without reward.
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_GO_TO_DOOR_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_GO_TO_DOOR_H_

#include <algorithm>
#include <array>
#include <cstdlib>
#include <string>
#include <vector>

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/level_config.h"

namespace parallel_pool::minigrid {

inline void GenerateGoToDoor(GridWorld& w, numpy_exact::NumpyGenerator& rng, const LevelConfig& c) {
  w.NewGrid(c.size, c.size);
  const int width = GridWorld::RandInt(rng, 5, c.size + 1);
  const int height = GridWorld::RandInt(rng, 5, c.size + 1);
  w.WallRect(0, 0, width, height);
  std::array<Pos, 4> doors;
  doors[0] = {GridWorld::RandInt(rng, 2, width - 2), 0};
  doors[1] = {GridWorld::RandInt(rng, 2, width - 2), height - 1};
  doors[2] = {0, GridWorld::RandInt(rng, 2, height - 2)};
  doors[3] = {width - 1, GridWorld::RandInt(rng, 2, height - 2)};
  std::vector<Color> colors;
  while (colors.size() < doors.size()) {
    const Color color = GridWorld::RandColor(rng);
    if (std::find(colors.begin(), colors.end(), color) != colors.end()) continue;
    colors.push_back(color);
  }
  for (std::size_t k = 0; k < doors.size(); ++k)
    w.Set(doors[k].x, doors[k].y, w.NewDoor(colors[k]));
  w.PlaceAgent(rng, {0, 0}, {width, height});
  const int target = GridWorld::RandInt(rng, 0, static_cast<int>(doors.size()));
  w.task.target_pos = doors[target];
  w.task.target_color = colors[target];
  w.mission = std::string("go to the ") + kColorText[colors[target]] + " door";
}

// GoToDoorEnv.step and GoToObjectEnv.step: `done` beside the target pays,
// `done` or `toggle` ends the episode.
inline GridWorld::StepResult StepGoToTarget(GridWorld& w, numpy_exact::NumpyGenerator& /*rng*/,
                                            int action) {
  GridWorld::StepResult out = w.Step(action);
  const Pos a = w.agent_pos;
  const Pos t = w.task.target_pos;
  if (action == kToggle) out.terminated = true;
  if (action == kDone) {
    if ((a.x == t.x && std::abs(a.y - t.y) == 1) || (a.y == t.y && std::abs(a.x - t.x) == 1)) {
      out.reward = w.SuccessReward();
    }
    out.terminated = true;
  }
  return out;
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_GO_TO_DOOR_H_
