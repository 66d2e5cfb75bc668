// BabyAI's GoTo levels (minigrid.envs.babyai.goto): a RoomGridLevel
// (babyai_level.h) with a GoToInstr, "go to the/a <color> <type>", which
// succeeds as soon as the agent faces a cell where a matching object was
// (positions as at reset, refreshed after each drop). With one instruction
// a level's max_steps is fixed (room_size² x rooms), so the pool's
// max_episode_steps holds it.
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_BABYAI_GOTO_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_BABYAI_GOTO_H_

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/babyai_instr.h"
#include "parallel_pool/minigrid/levels/babyai_level.h"
#include "parallel_pool/minigrid/levels/level_config.h"
#include "parallel_pool/minigrid/room_grid.h"

namespace parallel_pool::minigrid {

namespace babyai {

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
    return Instr::GoTo(Describe(w.objects[obj]));
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
    return babyai::Instr::GoTo(babyai::Describe(w.objects[obj]));
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
                     auto instr = babyai::Instr::GoTo(babyai::Describe(w.objects[obj]));
                     if (maze && c.doors_open) grid.OpenAllDoors();
                     return instr;
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
    return babyai::Instr::GoTo(babyai::Describe(w.objects[obj]));
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
    return babyai::Instr::GoTo(babyai::Describe(w.objects[door]));
  });
}

// GoToImpUnlock: the object to go to is in a locked room whose key lies in
// another room (the key's room and the distractors' rooms are compared with
// `is` on NumPy integers in minigrid, never true: the key's first room is
// taken even if it is the locked one, and every room gets two distractors).
inline void GenerateGoToImpUnlock(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                  const LevelConfig& c) {
  babyai::Generate(w, rng, c.room_size, c.num_rows, c.num_cols, [&](RoomGrid& grid) {
    const int id = GridWorld::RandInt(rng, 0, grid.num_cols());
    const int jd = GridWorld::RandInt(rng, 0, grid.num_rows());
    const int door = grid.AddDoor(id, jd, std::nullopt, std::nullopt, true).first;
    const int ik = GridWorld::RandInt(rng, 0, grid.num_cols());
    const int jk = GridWorld::RandInt(rng, 0, grid.num_rows());
    grid.AddObject(ik, jk, kKey, w.objects[door].color);
    grid.ConnectAll();
    for (int i = 0; i < grid.num_cols(); ++i) {
      for (int j = 0; j < grid.num_rows(); ++j) grid.AddDistractors(i, j, 2, false);
    }
    grid.PlaceAgentOutside(id, jd);
    babyai::CheckObjsReachable(w);
    const int obj = grid.AddDistractors(id, jd, 1, false)[0];
    return babyai::Instr::GoTo(babyai::Describe(w.objects[obj]));
  });
}

// GoToObjDoor: eight objects and four doors in the middle room of a 3 x 3
// maze, any of them named.
inline void GenerateGoToObjDoor(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                const LevelConfig& c) {
  babyai::Generate(w, rng, c.room_size, 3, 3, [&](RoomGrid& grid) {
    grid.PlaceAgent(1, 1);
    std::vector<int> objs = grid.AddDistractors(1, 1, 8, false);
    for (int k = 0; k < 4; ++k) objs.push_back(grid.AddDoor(1, 1).first);
    babyai::CheckObjsReachable(w);
    const int obj = GridWorld::RandElem(rng, objs);
    return babyai::Instr::GoTo(babyai::Describe(w.objects[obj]));
  });
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_BABYAI_GOTO_H_
