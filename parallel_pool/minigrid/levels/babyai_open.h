// BabyAI's Open levels (minigrid.envs.babyai.open): open a door named by
// colour or by where it is, or two in a given order (BeforeInstr,
// AfterInstr), in a RoomGridLevel (babyai_level.h).
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_BABYAI_OPEN_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_BABYAI_OPEN_H_

#include <array>
#include <memory>
#include <optional>
#include <vector>

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/babyai_instr.h"
#include "parallel_pool/minigrid/levels/babyai_level.h"
#include "parallel_pool/minigrid/levels/level_config.h"
#include "parallel_pool/minigrid/room_grid.h"

namespace parallel_pool::minigrid {

// Open: a random door of a 3 x 3 maze (each room's doors listed, a shared
// door twice, as minigrid lists them).
inline void GenerateBabyAIOpen(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                               const LevelConfig& c) {
  babyai::Generate(w, rng, c.room_size, c.num_rows, c.num_cols, [&](RoomGrid& grid) {
    grid.PlaceAgent();
    grid.ConnectAll();
    grid.AddDistractors(std::nullopt, std::nullopt, c.num_dists, false);
    babyai::CheckObjsReachable(w);
    std::vector<int> doors;
    for (int i = 0; i < grid.num_cols(); ++i) {
      for (int j = 0; j < grid.num_rows(); ++j) {
        for (int door : grid.room(i, j).doors) {
          if (door >= 0) doors.push_back(door);
        }
      }
    }
    const int door = GridWorld::RandElem(rng, doors);
    return babyai::Instr::Open(babyai::Describe(w.objects[door]));
  });
}

// OpenRedDoor: two rooms, the red door between them.
inline void GenerateOpenRedDoor(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                const LevelConfig& c) {
  babyai::Generate(w, rng, c.room_size, 1, 2, [&](RoomGrid& grid) {
    grid.AddDoor(0, 0, 0, kRed, false);
    grid.PlaceAgent(0, 0);
    return babyai::Instr::Open(babyai::ObjDesc{kDoor, kRed, std::nullopt, {}, {}});
  });
}

// OpenDoor: four doors of distinct colours around the middle room, one named
// by colour or (select_by "loc", or a coin when not set) by its side.
inline void GenerateOpenDoor(GridWorld& w, numpy_exact::NumpyGenerator& rng, const LevelConfig& c) {
  babyai::Generate(w, rng, c.room_size, 3, 3, [&](RoomGrid& grid) {
    const std::vector<Color> colors =
        GridWorld::RandSubset(rng, std::vector<Color>(kColorNames.begin(), kColorNames.end()), 4);
    std::vector<int> doors;
    for (int i = 0; i < 4; ++i) doors.push_back(grid.AddDoor(1, 1, i, colors[i], false).first);
    std::string select_by = c.select_by;
    if (select_by.empty()) select_by = GridWorld::RandInt(rng, 0, 2) == 0 ? "color" : "loc";
    babyai::ObjDesc desc{kDoor, std::nullopt, std::nullopt, {}, {}};
    if (select_by == "color") {
      desc.color = w.objects[doors[0]].color;
    } else {
      constexpr std::array<babyai::Loc, 4> kLocNames{babyai::Loc::kLeft, babyai::Loc::kRight,
                                                     babyai::Loc::kFront, babyai::Loc::kBehind};
      desc.loc = kLocNames[GridWorld::RandInt(rng, 0, 4)];
    }
    grid.PlaceAgent(1, 1);
    return babyai::Instr::Open(desc, c.debug);
  });
}

// OpenTwoDoors: the left door of the middle room, then the right one.
inline void GenerateOpenTwoDoors(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                 const LevelConfig& c) {
  babyai::Generate(w, rng, c.room_size, 3, 3, [&](RoomGrid& grid) {
    const std::vector<Color> colors =
        GridWorld::RandSubset(rng, std::vector<Color>(kColorNames.begin(), kColorNames.end()), 2);
    const Color first = c.first_color ? *c.first_color : colors[0];
    const Color second = c.second_color ? *c.second_color : colors[1];
    const int door1 = grid.AddDoor(1, 1, 2, first, false).first;
    const int door2 = grid.AddDoor(1, 1, 0, second, false).first;
    grid.PlaceAgent(1, 1);
    return babyai::Instr::Sequence(
        babyai::Instr::Kind::kBefore,
        babyai::Instr::Open(babyai::Describe(w.objects[door1]), c.strict),
        babyai::Instr::Open(babyai::Describe(w.objects[door2])));
  });
}

// OpenDoorsOrder: num_doors doors around the middle room; open one, or two
// in the order said (before / after).
inline void GenerateOpenDoorsOrder(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                   const LevelConfig& c) {
  babyai::Generate(w, rng, c.room_size, 3, 3, [&](RoomGrid& grid) {
    const std::vector<Color> colors = GridWorld::RandSubset(
        rng, std::vector<Color>(kColorNames.begin(), kColorNames.end()), c.num_doors);
    std::vector<int> doors;
    for (int i = 0; i < c.num_doors; ++i) {
      doors.push_back(grid.AddDoor(1, 1, std::nullopt, colors[i], false).first);
    }
    grid.PlaceAgent(1, 1);
    const std::vector<int> pair = GridWorld::RandSubset(rng, doors, 2);
    const babyai::ObjDesc desc1 = babyai::Describe(w.objects[pair[0]]);
    const babyai::ObjDesc desc2 = babyai::Describe(w.objects[pair[1]]);
    const int mode = GridWorld::RandInt(rng, 0, 3);
    if (mode == 0) return babyai::Instr::Open(desc1, c.debug);
    return babyai::Instr::Sequence(
        mode == 1 ? babyai::Instr::Kind::kBefore : babyai::Instr::Kind::kAfter,
        babyai::Instr::Open(desc1, c.debug), babyai::Instr::Open(desc2, c.debug));
  });
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_BABYAI_OPEN_H_
