// BabyAI's Unlock levels (minigrid.envs.babyai.unlock): a locked door to open
// with the key of its colour (Unlock, UnlockLocal, KeyInBox), or an object to
// pick up behind one (UnlockPickup, BlockedUnlockPickup, UnlockToUnlock).
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_BABYAI_UNLOCK_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_BABYAI_UNLOCK_H_

#include <optional>
#include <vector>

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/babyai_instr.h"
#include "parallel_pool/minigrid/levels/babyai_level.h"
#include "parallel_pool/minigrid/levels/level_config.h"
#include "parallel_pool/minigrid/room_grid.h"

namespace parallel_pool::minigrid {

namespace babyai {

// "the door": a description by type alone.
inline ObjDesc AnyOf(ObjType type) { return ObjDesc{type, std::nullopt, std::nullopt, {}, {}}; }

}  // namespace babyai

// Unlock: a locked door of a random room of the maze, its key in a room
// drawn once (minigrid's `ik is id and jk is jd` compares NumPy integers by
// identity, never true, so the key may land in the locked room itself), the
// other doors of other colours or (a coin) of any, three distractors in
// every room (the same identity test), the agent outside the locked room.
inline void GenerateBabyAIUnlock(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                 const LevelConfig& c) {
  babyai::Generate(w, rng, c.room_size, c.num_rows, c.num_cols, [&](RoomGrid& grid) {
    const int id = GridWorld::RandInt(rng, 0, grid.num_cols());
    const int jd = GridWorld::RandInt(rng, 0, grid.num_rows());
    const int door = grid.AddDoor(id, jd, std::nullopt, std::nullopt, true).first;
    const Color color = w.objects[door].color;
    const int ik = GridWorld::RandInt(rng, 0, grid.num_cols());
    const int jk = GridWorld::RandInt(rng, 0, grid.num_rows());
    grid.AddObject(ik, jk, kKey, color);
    if (GridWorld::RandBool(rng)) {
      std::vector<Color> others;
      for (Color other : kColorNames) {
        if (other != color) others.push_back(other);
      }
      grid.ConnectAll(others);
    } else {
      grid.ConnectAll();
    }
    for (int i = 0; i < grid.num_cols(); ++i) {
      for (int j = 0; j < grid.num_rows(); ++j) grid.AddDistractors(i, j, 3, false);
    }
    grid.PlaceAgentOutside(id, jd);
    babyai::CheckObjsReachable(w);
    return babyai::Instr::Open(babyai::Describe(w.objects[door]));
  });
}

// UnlockLocal: the middle room's one locked door and its key (with
// distractors, three more objects), "open the door".
inline void GenerateUnlockLocal(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                const LevelConfig& c) {
  babyai::Generate(w, rng, c.room_size, 3, 3, [&](RoomGrid& grid) {
    const int door = grid.AddDoor(1, 1, std::nullopt, std::nullopt, true).first;
    grid.AddObject(1, 1, kKey, w.objects[door].color);
    if (c.distractors) grid.AddDistractors(1, 1, 3);
    grid.PlaceAgent(1, 1);
    return babyai::Instr::Open(babyai::AnyOf(kDoor));
  });
}

// KeyInBox: as UnlockLocal, the key inside a box of a random colour.
inline void GenerateKeyInBox(GridWorld& w, numpy_exact::NumpyGenerator& rng, const LevelConfig& c) {
  babyai::Generate(w, rng, c.room_size, 3, 3, [&](RoomGrid& grid) {
    const int door = grid.AddDoor(1, 1, std::nullopt, std::nullopt, true).first;
    const int key = w.NewObj(kKey, w.objects[door].color);
    const int box = w.NewObj(kBox, GridWorld::RandColor(rng));
    w.objects[box].contains = key;
    grid.PlaceInRoom(1, 1, box);
    grid.PlaceAgent(1, 1);
    return babyai::Instr::Open(babyai::AnyOf(kDoor));
  });
}

// UnlockPickup: a box in the right room, behind a locked door whose key is in
// the agent's (left) room, with distractors four more objects anywhere.
inline void GenerateBabyAIUnlockPickup(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                       const LevelConfig& c) {
  babyai::Generate(w, rng, c.room_size, 1, 2, [&](RoomGrid& grid) {
    const int obj = grid.AddObject(1, 0, kBox).first;
    const int door = grid.AddDoor(0, 0, 0, std::nullopt, true).first;
    grid.AddObject(0, 0, kKey, w.objects[door].color);
    if (c.distractors) grid.AddDistractors(std::nullopt, std::nullopt, 4);
    grid.PlaceAgent(0, 0);
    return babyai::Instr::Pickup(babyai::Describe(w.objects[obj]));
  });
}

// BlockedUnlockPickup: as UnlockPickup, a ball of a random colour in front of
// the door (set on the grid, in no room's list), "pick up the box".
inline void GenerateBabyAIBlockedUnlockPickup(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                              const LevelConfig& c) {
  babyai::Generate(w, rng, c.room_size, 1, 2, [&](RoomGrid& grid) {
    const int obj = grid.AddObject(1, 0, kBox).first;
    const auto [door, pos] = grid.AddDoor(0, 0, 0, std::nullopt, true);
    const int ball = w.NewObj(kBall, GridWorld::RandColor(rng));
    w.Set(pos.x - 1, pos.y, ball);
    grid.AddObject(0, 0, kKey, w.objects[door].color);
    grid.PlaceAgent(0, 0);
    return babyai::Instr::Pickup(babyai::AnyOf(w.objects[obj].type));
  });
}

// UnlockToUnlock: three rooms in a row; the left room's ball is behind a
// locked door whose key is behind another locked door, whose key is in the
// agent's (middle) room.
inline void GenerateUnlockToUnlock(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                   const LevelConfig& c) {
  babyai::Generate(w, rng, c.room_size, 1, 3, [&](RoomGrid& grid) {
    const std::vector<Color> colors =
        GridWorld::RandSubset(rng, std::vector<Color>(kColorNames.begin(), kColorNames.end()), 2);
    grid.AddDoor(0, 0, 0, colors[0], true);
    grid.AddObject(2, 0, kKey, colors[0]);
    grid.AddDoor(1, 0, 0, colors[1], true);
    grid.AddObject(1, 0, kKey, colors[1]);
    const int obj = grid.AddObject(0, 0, kBall).first;
    grid.PlaceAgent(1, 0);
    return babyai::Instr::Pickup(babyai::AnyOf(w.objects[obj].type));
  });
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_BABYAI_UNLOCK_H_
