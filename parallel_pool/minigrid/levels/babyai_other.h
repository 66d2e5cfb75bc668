// BabyAI's other single-instruction levels (minigrid.envs.babyai.other):
// ActionObjDoor, FindObj, KeyCorridor and OneRoom. (MoveTwoAcross is with the
// put-next levels.)
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_BABYAI_OTHER_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_BABYAI_OTHER_H_

#include <optional>
#include <vector>

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/babyai_instr.h"
#include "parallel_pool/minigrid/levels/babyai_level.h"
#include "parallel_pool/minigrid/levels/babyai_unlock.h"
#include "parallel_pool/minigrid/levels/level_config.h"
#include "parallel_pool/minigrid/room_grid.h"

namespace parallel_pool::minigrid {

// ActionObjDoor: five objects and four doors in the middle room; a door is
// gone to or opened, an object gone to or picked up (a coin each).
inline void GenerateActionObjDoor(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                  const LevelConfig& c) {
  babyai::Generate(w, rng, c.room_size, 3, 3, [&](RoomGrid& grid) {
    std::vector<int> objs = grid.AddDistractors(1, 1, 5);
    for (int k = 0; k < 4; ++k) {
      objs.push_back(grid.AddDoor(1, 1, std::nullopt, std::nullopt, false).first);
    }
    grid.PlaceAgent(1, 1);
    const Obj& obj = w.objects[GridWorld::RandElem(rng, objs)];
    babyai::ObjDesc desc = babyai::Describe(obj);
    if (GridWorld::RandBool(rng)) return babyai::Instr::GoTo(desc);
    return obj.type == kDoor ? babyai::Instr::Open(desc) : babyai::Instr::Pickup(desc);
  });
}

// FindObj: an object in a random room of the maze (drawn as (rows, cols),
// as minigrid draws it), the agent in the middle room.
inline void GenerateFindObj(GridWorld& w, numpy_exact::NumpyGenerator& rng, const LevelConfig& c) {
  babyai::Generate(w, rng, c.room_size, 3, 3, [&](RoomGrid& grid) {
    const int i = GridWorld::RandInt(rng, 0, grid.num_rows());
    const int j = GridWorld::RandInt(rng, 0, grid.num_cols());
    const int obj = grid.AddObject(i, j).first;
    grid.PlaceAgent(1, 1);
    grid.ConnectAll();
    return babyai::Instr::Pickup(babyai::AnyOf(w.objects[obj].type));
  });
}

// BabyAI's KeyCorridor: minigrid's KeyCorridor grid (a corridor of rooms,
// the object behind a locked door, its key in a room of the left column),
// "pick up the <type>".
inline void GenerateBabyAIKeyCorridor(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                      const LevelConfig& c) {
  babyai::Generate(w, rng, c.room_size, c.num_rows, 3, [&](RoomGrid& grid) {
    for (int j = 1; j < grid.num_rows(); ++j) grid.RemoveWall(1, j, 3);
    const int room_idx = GridWorld::RandInt(rng, 0, grid.num_rows());
    const int door = grid.AddDoor(2, room_idx, 2, std::nullopt, true).first;
    const int obj = grid.AddObject(2, room_idx, c.obj_type).first;
    grid.AddObject(0, GridWorld::RandInt(rng, 0, grid.num_rows()), kKey, w.objects[door].color);
    grid.PlaceAgent(1, grid.num_rows() / 2);
    grid.ConnectAll();
    return babyai::Instr::Pickup(babyai::AnyOf(w.objects[obj].type));
  });
}

// OneRoom: a ball somewhere in one room, the agent anywhere.
inline void GenerateOneRoom(GridWorld& w, numpy_exact::NumpyGenerator& rng, const LevelConfig& c) {
  babyai::Generate(w, rng, c.room_size, 1, 1, [&](RoomGrid& grid) {
    const int obj = grid.AddObject(0, 0, kBall).first;
    grid.PlaceAgent();
    return babyai::Instr::Pickup(babyai::AnyOf(w.objects[obj].type));
  });
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_BABYAI_OTHER_H_
