// BabyAI's GoTo levels (minigrid.envs.babyai.goto): a RoomGridLevel with a
// GoToInstr, "go to the/a <color> <type>", which succeeds as soon as the
// agent faces a cell where a matching object was (positions as at reset,
// refreshed after each drop, as BabyAI's verifier keeps them).
//
// RoomGridLevel generates until a mission is accepted: a rejected sample
// (RejectSampling: an object out of reach, a forbidden distractor) or a
// placement that ran out of tries (RecursionError) starts over, drawing on.
// With one instruction a level's max_steps is fixed (room_size² x rooms),
// so the pool's max_episode_steps holds it.
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_BABYAI_GOTO_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_BABYAI_GOTO_H_

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/level_config.h"
#include "parallel_pool/minigrid/room_grid.h"

namespace parallel_pool::minigrid {

namespace babyai {

struct RejectSampling : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// RoomGridLevel.check_objs_reachable: every object (walls aside) reachable
// from the agent, doors passable whatever their state.
inline void CheckObjsReachable(const GridWorld& w) {
  std::vector<char> reach(static_cast<std::size_t>(w.width) * w.height, 0);
  std::vector<Pos> stack{w.agent_pos};
  while (!stack.empty()) {
    const Pos p = stack.back();
    stack.pop_back();
    if (p.x < 0 || p.x >= w.width || p.y < 0 || p.y >= w.height) continue;
    char& seen = reach[static_cast<std::size_t>(p.y) * w.width + p.x];
    if (seen) continue;
    seen = 1;
    const Obj* cell = w.At(p.x, p.y);
    if (cell != nullptr && cell->type != kDoor) continue;
    stack.push_back({p.x + 1, p.y});
    stack.push_back({p.x - 1, p.y});
    stack.push_back({p.x, p.y + 1});
    stack.push_back({p.x, p.y - 1});
  }
  for (int i = 0; i < w.width; ++i) {
    for (int j = 0; j < w.height; ++j) {
      const Obj* cell = w.At(i, j);
      if (cell == nullptr || cell->type == kWall) continue;
      if (!reach[static_cast<std::size_t>(j) * w.width + i]) {
        throw RejectSampling("unreachable object");
      }
    }
  }
}

// ObjDesc(type, color).find_matching_objs without a location: every cell
// whose object matches, x-major as minigrid scans the grid.
inline void FindMatchingObjs(GridWorld& w, ObjType type, Color color) {
  w.task.desc_objs.clear();
  w.task.desc_poss.clear();
  for (int i = 0; i < w.width; ++i) {
    for (int j = 0; j < w.height; ++j) {
      const int id = w.Get(i, j);
      if (id == GridWorld::kNone) continue;
      const Obj& obj = w.objects[id];
      if (obj.type != type || obj.color != color) continue;
      w.task.desc_objs.push_back(id);
      w.task.desc_poss.push_back({i, j});
    }
  }
}

// The instruction GoToInstr(ObjDesc(type, color)): its surface as the
// mission, its matches for the verifier.
inline void SetGoToInstr(GridWorld& w, ObjType type, Color color) {
  w.task.target_type = type;
  w.task.target_color = color;
  FindMatchingObjs(w, type, color);
  if (w.task.desc_objs.empty()) throw std::logic_error("no object matching description");
  const char* article = w.task.desc_objs.size() > 1 ? "a " : "the ";
  w.mission = std::string("go to ") + article + kColorText[color] + " " + kTypeText[type];
}

// RoomGridLevel._gen_grid: RoomGrid's grid, then the level's gen_mission,
// again until it is accepted.
template <typename GenMission>
void Generate(GridWorld& w, numpy_exact::NumpyGenerator& rng, int room_size, int num_rows,
              int num_cols, GenMission gen_mission) {
  while (true) {
    try {
      RoomGrid grid(w, rng, room_size, num_rows, num_cols);
      gen_mission(grid);
      return;
    } catch (const RejectSampling&) {
    } catch (const std::runtime_error&) {  // minigrid's RecursionError: out of tries
    }
  }
}

// GoToRedBall, GoToRedBallGrey (the distractors turned grey), and with
// num_dists 0 GoToRedBallNoDists.
inline void RedBall(GridWorld& w, numpy_exact::NumpyGenerator& rng, const LevelConfig& c,
                    bool grey) {
  Generate(w, rng, c.room_size, 1, 1, [&](RoomGrid& grid) {
    grid.PlaceAgent();
    const int obj = grid.AddObject(0, 0, kBall, kRed).first;
    const std::vector<int> dists =
        grid.AddDistractors(std::nullopt, std::nullopt, c.num_dists, false);
    if (grey) {
      for (int d : dists) w.objects[d].color = kGrey;
    }
    CheckObjsReachable(w);
    SetGoToInstr(w, w.objects[obj].type, w.objects[obj].color);
  });
}

}  // namespace babyai

inline void GenerateGoToRedBall(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                const LevelConfig& c) {
  babyai::RedBall(w, rng, c, /*grey=*/false);
}

inline void GenerateGoToRedBallGrey(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                    const LevelConfig& c) {
  babyai::RedBall(w, rng, c, /*grey=*/true);
}

// GoToObj: one object, the agent sent to it.
inline void GenerateGoToObj(GridWorld& w, numpy_exact::NumpyGenerator& rng, const LevelConfig& c) {
  babyai::Generate(w, rng, c.room_size, 1, 1, [&](RoomGrid& grid) {
    grid.PlaceAgent();
    const int obj = grid.AddDistractors(std::nullopt, std::nullopt, 1, true)[0];
    babyai::SetGoToInstr(w, w.objects[obj].type, w.objects[obj].color);
  });
}

// GoToLocal (one room) and GoTo (a maze of rooms, connect_all, doors
// opened with doors_open): num_dists objects, the agent sent to one.
inline void GenerateGoToLocalOrMaze(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                    const LevelConfig& c, bool maze) {
  babyai::Generate(w, rng, c.room_size, maze ? c.num_rows : 1, maze ? c.num_cols : 1,
                   [&](RoomGrid& grid) {
                     grid.PlaceAgent();
                     if (maze) grid.ConnectAll();
                     const std::vector<int> objs =
                         grid.AddDistractors(std::nullopt, std::nullopt, c.num_dists, false);
                     babyai::CheckObjsReachable(w);
                     const int obj = GridWorld::RandElem(rng, objs);
                     babyai::SetGoToInstr(w, w.objects[obj].type, w.objects[obj].color);
                     if (maze && c.doors_open) grid.OpenAllDoors();
                   });
}

inline void GenerateGoToLocal(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                              const LevelConfig& c) {
  GenerateGoToLocalOrMaze(w, rng, c, /*maze=*/false);
}

inline void GenerateGoTo(GridWorld& w, numpy_exact::NumpyGenerator& rng, const LevelConfig& c) {
  GenerateGoToLocalOrMaze(w, rng, c, /*maze=*/true);
}

// GoToRedBlueBall: distractors, none a red or blue ball, then a red or
// blue ball.
inline void GenerateGoToRedBlueBall(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                    const LevelConfig& c) {
  babyai::Generate(w, rng, c.room_size, 1, 1, [&](RoomGrid& grid) {
    grid.PlaceAgent();
    for (int d : grid.AddDistractors(std::nullopt, std::nullopt, c.num_dists, false)) {
      const Obj& dist = w.objects[d];
      if (dist.type == kBall && (dist.color == kBlue || dist.color == kRed)) {
        throw babyai::RejectSampling("can only have one blue or red ball");
      }
    }
    const Color color = GridWorld::RandElem(rng, std::vector<Color>{kRed, kBlue});
    const int obj = grid.AddObject(0, 0, kBall, color).first;
    babyai::CheckObjsReachable(w);
    babyai::SetGoToInstr(w, kBall, w.objects[obj].color);
  });
}

// BabyAI's GoToDoor: four random doors of the middle room of a 3 x 3 maze.
inline void GenerateBabyAIGoToDoor(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                   const LevelConfig& c) {
  babyai::Generate(w, rng, c.room_size, 3, 3, [&](RoomGrid& grid) {
    std::vector<int> doors;
    for (int k = 0; k < 4; ++k) doors.push_back(grid.AddDoor(1, 1).first);
    grid.PlaceAgent(1, 1);
    const int door = GridWorld::RandElem(rng, doors);
    babyai::SetGoToInstr(w, kDoor, w.objects[door].color);
  });
}

// RoomGridLevel.step with a GoToInstr: after a drop the matched objects'
// positions are refreshed; facing one of them succeeds.
inline GridWorld::StepResult StepBabyAIGoTo(GridWorld& w, numpy_exact::NumpyGenerator& /*rng*/,
                                            int action) {
  GridWorld::StepResult out = w.Step(action);
  if (action == kDrop) {
    // find_matching_objs(use_location=False): only the objects matched at reset.
    std::vector<Pos> poss;
    for (int i = 0; i < w.width; ++i) {
      for (int j = 0; j < w.height; ++j) {
        const int id = w.Get(i, j);
        if (id == GridWorld::kNone) continue;
        if (std::find(w.task.desc_objs.begin(), w.task.desc_objs.end(), id) ==
            w.task.desc_objs.end()) {
          continue;
        }
        const Obj& obj = w.objects[id];
        if (obj.type != w.task.target_type || obj.color != w.task.target_color) continue;
        poss.push_back({i, j});
      }
    }
    w.task.desc_poss = std::move(poss);
  }
  const Pos front = w.FrontPos();
  for (const Pos& p : w.task.desc_poss) {
    if (p == front) {
      out.terminated = true;
      out.reward = w.SuccessReward();
      break;
    }
  }
  return out;
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_BABYAI_GOTO_H_
