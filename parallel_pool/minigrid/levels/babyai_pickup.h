// BabyAI's Pickup levels (minigrid.envs.babyai.pickup) without its level
// generator: Pickup, UnblockPickup, PickupDist and PickupAbove, each a
// PickupInstr ("pick up the/a ...") in a RoomGridLevel (babyai_level.h).
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_BABYAI_PICKUP_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_BABYAI_PICKUP_H_

#include <optional>
#include <vector>

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/babyai_instr.h"
#include "parallel_pool/minigrid/levels/babyai_level.h"
#include "parallel_pool/minigrid/levels/level_config.h"
#include "parallel_pool/minigrid/room_grid.h"

namespace parallel_pool::minigrid {

namespace babyai {

// Pickup (every object reachable) and UnblockPickup (some object blocked:
// samples where all are reachable are rejected): a maze with num_dists
// objects, one of them named.
inline void PickupAmong(GridWorld& w, numpy_exact::NumpyGenerator& rng, const LevelConfig& c,
                        bool blocked) {
  Generate(w, rng, c.room_size, c.num_rows, c.num_cols, [&](RoomGrid& grid) {
    grid.PlaceAgent();
    grid.ConnectAll();
    const std::vector<int> objs =
        grid.AddDistractors(std::nullopt, std::nullopt, c.num_dists, false);
    if (blocked) {
      if (ObjsReachable(w)) throw RejectSampling("all objects reachable");
    } else {
      CheckObjsReachable(w);
    }
    return Instr::Pickup(Describe(w.objects[GridWorld::RandElem(rng, objs)]));
  });
}

}  // namespace babyai

inline void GenerateBabyAIPickup(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                 const LevelConfig& c) {
  babyai::PickupAmong(w, rng, c, /*blocked=*/false);
}

inline void GenerateUnblockPickup(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                  const LevelConfig& c) {
  babyai::PickupAmong(w, rng, c, /*blocked=*/true);
}

// PickupDist: five distinct objects in one room; the one to pick up named by
// type, colour or both (drawn), strict with debug.
inline void GeneratePickupDist(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                               const LevelConfig& c) {
  babyai::Generate(w, rng, c.room_size, 1, 1, [&](RoomGrid& grid) {
    const std::vector<int> objs = grid.AddDistractors(std::nullopt, std::nullopt, 5, true);
    grid.PlaceAgent(0, 0);
    babyai::ObjDesc desc = babyai::Describe(w.objects[GridWorld::RandElem(rng, objs)]);
    const int select_by = GridWorld::RandInt(rng, 0, 3);  // type, color, both
    if (select_by == 1) desc.type.reset();
    if (select_by == 0) desc.color.reset();
    return babyai::Instr::Pickup(desc, c.debug);
  });
}

// PickupAbove: an object in the room above the agent's, behind a door.
inline void GeneratePickupAbove(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                const LevelConfig& c) {
  babyai::Generate(w, rng, c.room_size, 3, 3, [&](RoomGrid& grid) {
    const int obj = grid.AddObject(1, 0).first;
    grid.AddDoor(1, 1, 3, std::nullopt, false);
    grid.PlaceAgent(1, 1);
    grid.ConnectAll();
    return babyai::Instr::Pickup(babyai::Describe(w.objects[obj]));
  });
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_BABYAI_PICKUP_H_
