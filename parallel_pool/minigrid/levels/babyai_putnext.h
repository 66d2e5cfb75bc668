// BabyAI's put-next levels (minigrid.envs.babyai.putnext, and MoveTwoAcross
// from minigrid.envs.babyai.other): "put the <a> next to the <b>", which
// succeeds when the agent drops a matching object beside where a matching
// fixed object is. A sample whose objects already touch is rejected
// (RoomGridLevel.validate_instrs, in babyai::Generate).
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_BABYAI_PUTNEXT_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_BABYAI_PUTNEXT_H_

#include <optional>
#include <vector>

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/babyai_instr.h"
#include "parallel_pool/minigrid/levels/babyai_level.h"
#include "parallel_pool/minigrid/levels/level_config.h"
#include "parallel_pool/minigrid/room_grid.h"

namespace parallel_pool::minigrid {

// PutNextLocal: num_objs distinct objects in one room, two of them named.
inline void GeneratePutNextLocal(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                 const LevelConfig& c) {
  babyai::Generate(w, rng, c.room_size, 1, 1, [&](RoomGrid& grid) {
    grid.PlaceAgent();
    const std::vector<int> objs = grid.AddDistractors(std::nullopt, std::nullopt, c.num_objs, true);
    babyai::CheckObjsReachable(w);
    const std::vector<int> pair = GridWorld::RandSubset(rng, objs, 2);
    return babyai::Instr::PutNext(babyai::Describe(w.objects[pair[0]]),
                                  babyai::Describe(w.objects[pair[1]]));
  });
}

// PutNext: two rooms side by side, the wall between them removed, objs_per_room
// objects in each; an object of one side goes next to one of the other (which
// side moves is a coin). With start_carrying the agent holds the object to
// move once the reset's observation is made (minigrid takes it off the grid
// after reset() has made its observation): task.carried_at_start.
inline void GeneratePutNext(GridWorld& w, numpy_exact::NumpyGenerator& rng, const LevelConfig& c) {
  babyai::Generate(w, rng, c.room_size, 1, 2, [&](RoomGrid& grid) {
    grid.PlaceAgent(0, 0);
    const std::vector<int> left = grid.AddDistractors(0, 0, c.objs_per_room);
    const std::vector<int> right = grid.AddDistractors(1, 0, c.objs_per_room);
    grid.RemoveWall(0, 0, 0);
    int a = GridWorld::RandElem(rng, left);
    int b = GridWorld::RandElem(rng, right);
    if (GridWorld::RandBool(rng)) std::swap(a, b);
    w.task.carried_at_start = c.start_carrying ? a : GridWorld::kNone;
    return babyai::Instr::PutNext(babyai::Describe(w.objects[a]), babyai::Describe(w.objects[b]));
  });
}

// MoveTwoAcross: as PutNext, two objects of each side drawn; one of the left
// goes next to one of the right, then the other of the right next to the
// other of the left.
inline void GenerateMoveTwoAcross(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                  const LevelConfig& c) {
  babyai::Generate(w, rng, c.room_size, 1, 2, [&](RoomGrid& grid) {
    grid.PlaceAgent(0, 0);
    std::vector<int> left = grid.AddDistractors(0, 0, c.objs_per_room);
    std::vector<int> right = grid.AddDistractors(1, 0, c.objs_per_room);
    grid.RemoveWall(0, 0, 0);
    left = GridWorld::RandSubset(rng, left, 2);
    right = GridWorld::RandSubset(rng, right, 2);
    const auto put = [&](int move, int fixed) {
      return babyai::Instr::PutNext(babyai::Describe(w.objects[move]),
                                    babyai::Describe(w.objects[fixed]));
    };
    return babyai::Instr::Sequence(babyai::Instr::Kind::kBefore, put(left[0], right[0]),
                                   put(right[1], left[1]));
  });
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_BABYAI_PUTNEXT_H_
