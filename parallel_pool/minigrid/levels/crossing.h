// minigrid's CrossingEnv (MiniGrid-LavaCrossing*, MiniGrid-SimpleCrossing*):
// rivers of lava (or walls) across the room, each with one opening on a
// random path from the agent (top-left, facing right) to the goal
// (bottom-right).
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_CROSSING_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_CROSSING_H_

#include <algorithm>
#include <vector>

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/level_config.h"
#include "parallel_pool/minigrid/levels/obstacle_room.h"

namespace parallel_pool::minigrid {

inline void GenerateCrossing(GridWorld& w, numpy_exact::NumpyGenerator& rng, const LevelConfig& c) {
  OpenObstacleRoom(w, c.size);
  const int width = w.width;
  const int height = w.height;

  // Rivers: (vertical?, position), the vertical ones first, as minigrid
  // lists them, shuffled, the first num_crossings kept.
  struct River {
    bool vertical;
    int pos;
  };
  std::vector<River> rivers;
  for (int i = 2; i < height - 2; i += 2) rivers.push_back({true, i});
  for (int j = 2; j < width - 2; j += 2) rivers.push_back({false, j});
  rng.Shuffle(&rivers);
  rivers.resize(std::min<std::size_t>(rivers.size(), static_cast<std::size_t>(c.num_crossings)));
  std::vector<int> rivers_v;
  std::vector<int> rivers_h;
  for (const River& r : rivers) (r.vertical ? rivers_v : rivers_h).push_back(r.pos);
  std::sort(rivers_v.begin(), rivers_v.end());
  std::sort(rivers_h.begin(), rivers_h.end());
  for (int i = 1; i < width - 1; ++i) {
    for (int j : rivers_h)
      w.PutObj(w.NewObj(c.obstacle_type, GridWorld::DefaultColor(c.obstacle_type)), i, j);
  }
  for (int i : rivers_v) {
    for (int j = 1; j < height - 1; ++j) {
      w.PutObj(w.NewObj(c.obstacle_type, GridWorld::DefaultColor(c.obstacle_type)), i, j);
    }
  }

  // The path to the goal: a horizontal step per vertical river and a
  // vertical step per horizontal one, in random order.
  std::vector<char> path(rivers_v.size(), 'h');
  path.insert(path.end(), rivers_h.size(), 'v');
  rng.Shuffle(&path);
  std::vector<int> limits_v{0};
  limits_v.insert(limits_v.end(), rivers_v.begin(), rivers_v.end());
  limits_v.push_back(height - 1);
  std::vector<int> limits_h{0};
  limits_h.insert(limits_h.end(), rivers_h.begin(), rivers_h.end());
  limits_h.push_back(width - 1);
  int room_i = 0;
  int room_j = 0;
  for (char direction : path) {
    int i = 0;
    int j = 0;
    if (direction == 'h') {
      i = limits_v[room_i + 1];
      const int low = limits_h[room_j] + 1;
      j = low + static_cast<int>(rng.Choice(limits_h[room_j + 1] - low));
      room_i += 1;
    } else {
      const int low = limits_v[room_i] + 1;
      i = low + static_cast<int>(rng.Choice(limits_v[room_i + 1] - low));
      j = limits_h[room_j + 1];
      room_j += 1;
    }
    w.Set(i, j, GridWorld::kNone);
  }
  w.mission = ObstacleMission(c.obstacle_type);
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_CROSSING_H_
