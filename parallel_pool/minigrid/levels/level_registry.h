// The levels by EnvPool's env_name: how each generates its grid, what config
// it can run with, and how long its missions get (mission_bytes' minimum).
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_LEVEL_REGISTRY_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_LEVEL_REGISTRY_H_

#include <array>
#include <string>

#include "parallel_pool/core/env_spec.h"
#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/babyai_goto.h"
#include "parallel_pool/minigrid/levels/babyai_levelgen.h"
#include "parallel_pool/minigrid/levels/babyai_open.h"
#include "parallel_pool/minigrid/levels/babyai_other.h"
#include "parallel_pool/minigrid/levels/babyai_pickup.h"
#include "parallel_pool/minigrid/levels/babyai_putnext.h"
#include "parallel_pool/minigrid/levels/babyai_unlock.h"
#include "parallel_pool/minigrid/levels/crossing.h"
#include "parallel_pool/minigrid/levels/dist_shift.h"
#include "parallel_pool/minigrid/levels/door_key.h"
#include "parallel_pool/minigrid/levels/dynamic_obstacles.h"
#include "parallel_pool/minigrid/levels/empty.h"
#include "parallel_pool/minigrid/levels/fetch.h"
#include "parallel_pool/minigrid/levels/four_rooms.h"
#include "parallel_pool/minigrid/levels/go_to_door.h"
#include "parallel_pool/minigrid/levels/go_to_object.h"
#include "parallel_pool/minigrid/levels/key_corridor.h"
#include "parallel_pool/minigrid/levels/lava_gap.h"
#include "parallel_pool/minigrid/levels/level_config.h"
#include "parallel_pool/minigrid/levels/locked_room.h"
#include "parallel_pool/minigrid/levels/memory.h"
#include "parallel_pool/minigrid/levels/multi_room.h"
#include "parallel_pool/minigrid/levels/obstructed_maze.h"
#include "parallel_pool/minigrid/levels/playground.h"
#include "parallel_pool/minigrid/levels/put_near.h"
#include "parallel_pool/minigrid/levels/red_blue_doors.h"
#include "parallel_pool/minigrid/levels/unlock.h"

namespace parallel_pool::minigrid {

inline GridWorld::StepResult BaseStep(GridWorld& w, numpy_exact::NumpyGenerator& /*rng*/,
                                      int action) {
  return w.Step(action);
}

struct Level {
  const char* name;
  void (*generate)(GridWorld&, numpy_exact::NumpyGenerator&, const LevelConfig&);
  void (*validate)(const LevelConfig&);
  int longest_mission;  // bytes
  // The level's step(): MiniGridEnv.step, or the level's override of it.
  GridWorld::StepResult (*step)(GridWorld&, numpy_exact::NumpyGenerator&, int action) = BaseStep;
  int num_actions = 7;  // DynamicObstacles: 3
};

namespace level_checks {

inline void Size(const LevelConfig& c, int min) {
  RequireConfig(c.size >= min, "size: this level needs a grid of at least " + std::to_string(min) +
                                   " x " + std::to_string(min) + " (got " + std::to_string(c.size) +
                                   ")");
}

// A fixed start must be inside the walls of a w x h room.
inline void Start(const LevelConfig& c, int w, int h) {
  if (c.random_start) return;
  RequireConfig(c.agent_start_pos.x >= 1 && c.agent_start_pos.x <= w - 2 &&
                    c.agent_start_pos.y >= 1 && c.agent_start_pos.y <= h - 2,
                "agent_start_pos: must be inside the room's walls, or (-1, -1) for a random start");
  RequireConfig(c.agent_start_dir >= 0, "agent_start_dir: a fixed start needs a direction in 0..3");
}

inline void Empty(const LevelConfig& c) {
  Size(c, 3);
  Start(c, c.size, c.size);
  RequireConfig(c.random_start || !(c.agent_start_pos == Pos{c.size - 2, c.size - 2}),
                "agent_start_pos: the goal is there");
}
inline void DoorKey(const LevelConfig& c) { Size(c, 5); }
inline void None(const LevelConfig& /*c*/) {}
inline void LavaGap(const LevelConfig& c) { Size(c, 5); }
inline void Crossing(const LevelConfig& c) {
  Size(c, 5);
  RequireConfig(c.size % 2 == 1, "size: the crossing levels need an odd size, as minigrid asserts");
  RequireConfig(c.num_crossings >= 0, "num_crossings: expected an int >= 0");
}
inline void Objects(const LevelConfig& c, int min_size) {
  Size(c, min_size);
  RequireConfig(c.num_objs >= 1, "num_objs: expected an int >= 1");
}
inline void GoToDoor(const LevelConfig& c) { Size(c, 5); }
inline void Objects3(const LevelConfig& c) { Objects(c, 3); }
inline void DistinctObjects(const LevelConfig& c) {
  Objects(c, 3);
  // 3 types x 6 colours; PutNear also keeps them apart, which a small room
  // cannot: minigrid would draw forever.
  RequireConfig(c.num_objs <= 18, "num_objs: at most 18 distinct objects (3 types x 6 colours)");
}
inline void PutNear(const LevelConfig& c) {
  DistinctObjects(c);
  RequireConfig(c.num_objs >= 2, "num_objs: PutNear needs 2 objects or more");
  const int inner = c.size - 2;
  const int room = ((inner + 2) / 3) * ((inner + 2) / 3);
  RequireConfig(c.num_objs <= room, "num_objs: too many objects for objects kept apart in a " +
                                        std::to_string(c.size) + " x " + std::to_string(c.size) +
                                        " room (at most " + std::to_string(room) + ")");
}
inline void RedBlueDoors(const LevelConfig& c) { Size(c, 4); }
inline void Memory(const LevelConfig& c) {
  Size(c, 7);
  RequireConfig(c.size % 2 == 1, "size: Memory needs an odd size, as minigrid asserts");
}
inline void MultiRoom(const LevelConfig& c) {
  RequireConfig(c.min_num_rooms >= 1, "min_num_rooms: expected an int >= 1");
  RequireConfig(c.max_num_rooms >= c.min_num_rooms, "max_num_rooms: must be >= min_num_rooms");
  RequireConfig(c.max_room_size >= 4, "max_room_size: expected an int >= 4, as minigrid asserts");
  RequireConfig(c.width >= 6 && c.height >= 6, "width, height: MultiRoom needs at least 6 x 6");
  // Each room takes at least 4 x 4 cells: a chain that cannot fit would have
  // minigrid retry forever.
  RequireConfig(c.max_num_rooms <= (c.width / 4) * (c.height / 4),
                "max_num_rooms: more rooms than a " + std::to_string(c.width) + " x " +
                    std::to_string(c.height) + " grid holds");
}
inline void LockedRoom(const LevelConfig& c) { Size(c, 12); }
// BabyAI's room grids: distractors must fit, or generation would retry forever.
inline void BabyAI(const LevelConfig& c, int rows, int cols) {
  RequireConfig(c.room_size >= 4, "room_size: expected an int >= 4");
  RequireConfig(rows >= 1 && cols >= 1, "num_rows, num_cols: expected ints >= 1");
  RequireConfig(c.num_dists >= 0, "num_dists: expected an int >= 0");
  const int room = (c.room_size - 2) * (c.room_size - 2) * rows * cols;
  RequireConfig(c.num_dists <= room / 2,
                "num_dists: at most " + std::to_string(room / 2) + " distractors fit these rooms");
}
inline void BabyAIOneRoom(const LevelConfig& c) { BabyAI(c, 1, 1); }
// Levels that place several objects in each room (or reject samples whose
// objects touch) need room to place them, or would retry forever.
// (They place their own objects: num_dists is not theirs.)
inline void RoomyBabyAI(const LevelConfig& c, int rows, int cols) {
  RequireConfig(rows >= 1 && cols >= 1, "num_rows, num_cols: expected ints >= 1");
  RequireConfig(c.room_size >= 5, "room_size: this level needs rooms of at least 5 cells");
}
inline void BabyAIRoomyMaze(const LevelConfig& c) { RoomyBabyAI(c, c.num_rows, c.num_cols); }
// Levels whose maze is fixed: 3 x 3, or 1 x 2, or 1 x 3 rooms.
inline void RoomyThreeByThree(const LevelConfig& c) { RoomyBabyAI(c, 3, 3); }
inline void RoomSize4(const LevelConfig& c) {
  RequireConfig(c.room_size >= 4, "room_size: expected an int >= 4");
}
inline void RoomyOneByTwo(const LevelConfig& c) { RoomyBabyAI(c, 1, 2); }
inline void RoomyOneByThree(const LevelConfig& c) { RoomyBabyAI(c, 1, 3); }
inline void PutNextLocal(const LevelConfig& c) {
  RoomyBabyAI(c, 1, 1);
  RequireConfig(c.num_objs >= 2, "num_objs: PutNextLocal names two distinct objects: at least 2");
  const int inner = (c.room_size - 2) * (c.room_size - 2);
  RequireConfig(c.num_objs <= std::min(18, inner / 2), "num_objs: at most " +
                                                           std::to_string(std::min(18, inner / 2)) +
                                                           " distinct objects fit this room");
}
// PutNext and MoveTwoAcross: objs_per_room distinct objects per side
// (minigrid asserts at most 9; MoveTwoAcross draws two of each side).
inline void PutNextSides(const LevelConfig& c, int min_objs) {
  RequireConfig(c.room_size >= 4, "room_size: expected an int >= 4, as minigrid asserts");
  const int inner = (c.room_size - 2) * (c.room_size - 2);
  const int most = std::min(9, inner / 2);
  RequireConfig(c.objs_per_room >= min_objs && c.objs_per_room <= most,
                "objs_per_room: expected " + std::to_string(min_objs) + " to " +
                    std::to_string(most) + " objects per room for this room_size");
}
inline void PutNext(const LevelConfig& c) { PutNextSides(c, 1); }
inline void MoveTwoAcross(const LevelConfig& c) { PutNextSides(c, 2); }
inline void BabyAIMaze(const LevelConfig& c) { BabyAI(c, c.num_rows, c.num_cols); }
// Levels that name one of their distractors need one (minigrid's draw from an
// empty list fails).
inline void NeedsDistractor(const LevelConfig& c) {
  RequireConfig(c.num_dists >= 1, "num_dists: this level names one of its distractors: at least 1");
}
inline void BabyAIOneRoomNamed(const LevelConfig& c) {
  BabyAIOneRoom(c);
  NeedsDistractor(c);
}
inline void BabyAIMazeNamed(const LevelConfig& c) {
  BabyAIMaze(c);
  NeedsDistractor(c);
}
inline void OpenDoor(const LevelConfig& c) {
  RequireConfig(c.select_by.empty() || c.select_by == "color" || c.select_by == "loc",
                "select_by: expected 'color', 'loc' or '' (drawn at each reset)");
}
inline void OpenDoorsOrder(const LevelConfig& c) {
  RequireConfig(
      c.num_doors >= 2 && c.num_doors <= 4,
      "num_doors: expected 2 to 4 doors (the middle room's walls), as minigrid asserts >= 2");
}
inline void ObstructedMaze(const LevelConfig& c) {
  RequireConfig(c.num_quarters >= 1 && c.num_quarters <= 4,
                "num_quarters: expected 1 to 4 quarters of the maze");
  RequireConfig(
      c.agent_room.x >= 0 && c.agent_room.x < 3 && c.agent_room.y >= 0 && c.agent_room.y < 3,
      "agent_room: expected (i, j), a room of the 3 x 3 maze");
}
inline void KeyCorridor(const LevelConfig& c) {
  RequireConfig(c.room_size >= 3, "room_size: expected an int >= 3, as minigrid asserts");
  RequireConfig(c.num_rows >= 1, "num_rows: expected an int >= 1");
  RequireConfig(c.obj_type == kKey || c.obj_type == kBall || c.obj_type == kBox,
                "obj_type: expected 'key', 'ball' or 'box'");
}
inline void DynamicObstacles(const LevelConfig& c) {
  Size(c, 4);
  Start(c, c.size, c.size);
  RequireConfig(c.n_obstacles >= 0, "n_obstacles: expected an int >= 0");
}
inline void DistShift(const LevelConfig& c) {
  RequireConfig(c.width >= 6 && c.height >= 4,
                "width, height: DistShift needs a grid of at least 6 x 4");
  RequireConfig(c.strip2_row >= 1 && c.strip2_row <= c.height - 2,
                "strip2_row: must be a row inside the walls (1 to height - 2)");
  Start(c, c.width, c.height);
}

}  // namespace level_checks

inline constexpr std::array<Level, 62> kLevels{{
    {"empty", GenerateEmpty, level_checks::Empty, 28},
    {"doorkey", GenerateDoorKey, level_checks::DoorKey, 53},
    {"four_rooms", GenerateFourRooms, level_checks::None, 14},
    {"lava_gap", GenerateLavaGap, level_checks::LavaGap, 49},
    {"crossing", GenerateCrossing, level_checks::Crossing, 49},
    {"distshift", GenerateDistShift, level_checks::DistShift, 28},
    {"goto_door", GenerateGoToDoor, level_checks::GoToDoor, 21, StepGoToTarget},
    {"goto_object", GenerateGoToObject, level_checks::DistinctObjects, 21, StepGoToTarget},
    {"fetch", GenerateFetch, level_checks::Objects3, 28, StepFetch},
    {"put_near", GeneratePutNear, level_checks::PutNear, 40, StepPutNear},
    {"red_blue_door", GenerateRedBlueDoors, level_checks::RedBlueDoors, 36, StepRedBlueDoors},
    {"memory", GenerateMemory, level_checks::Memory, 51, StepMemory},
    {"dynamic_obstacles", GenerateDynamicObstacles, level_checks::DynamicObstacles, 28,
     StepDynamicObstacles, 3},
    {"multi_room", GenerateMultiRoom, level_checks::MultiRoom, 37},
    {"locked_room", GenerateLockedRoom, level_checks::LockedRoom, 82},
    {"unlock", GenerateUnlock, level_checks::None, 13, StepUnlock},
    {"unlock_pickup", GenerateUnlockPickup, level_checks::None, 22, StepPickUpTarget},
    {"blocked_unlock_pickup", GenerateBlockedUnlockPickup, level_checks::None, 22,
     StepPickUpTarget},
    {"key_corridor", GenerateKeyCorridor, level_checks::KeyCorridor, 23, StepPickUpTarget},
    {"obstructed_maze_1d", GenerateObstructedMaze1D, level_checks::None, 21, StepPickUpTarget},
    {"obstructed_maze_full", GenerateObstructedMazeFullV0, level_checks::ObstructedMaze, 21,
     StepPickUpTarget},
    {"obstructed_maze_full_v1", GenerateObstructedMazeFullV1, level_checks::ObstructedMaze, 21,
     StepPickUpTarget},
    {"playground", GeneratePlayground, level_checks::None, 0},
    {"babyai_goto_red_ball", GenerateGoToRedBall, level_checks::BabyAIOneRoom, 21,
     babyai::StepBabyAI},
    {"babyai_goto_red_ball_grey", GenerateGoToRedBallGrey, level_checks::BabyAIOneRoom, 21,
     babyai::StepBabyAI},
    {"babyai_goto_obj", GenerateGoToObj, level_checks::BabyAIOneRoom, 21, babyai::StepBabyAI},
    {"babyai_goto_local", GenerateGoToLocal, level_checks::BabyAIOneRoomNamed, 21,
     babyai::StepBabyAI},
    {"babyai_goto", GenerateGoTo, level_checks::BabyAIMazeNamed, 21, babyai::StepBabyAI},
    {"babyai_goto_red_blue_ball", GenerateGoToRedBlueBall, level_checks::BabyAIOneRoom, 21,
     babyai::StepBabyAI},
    {"babyai_goto_door", GenerateBabyAIGoToDoor, level_checks::None, 21, babyai::StepBabyAI},
    {"babyai_open", GenerateBabyAIOpen, level_checks::BabyAIMaze, 51, babyai::StepBabyAI},
    {"babyai_open_red_door", GenerateOpenRedDoor, level_checks::None, 51, babyai::StepBabyAI},
    {"babyai_open_door", GenerateOpenDoor, level_checks::OpenDoor, 51, babyai::StepBabyAI},
    {"babyai_open_two_doors", GenerateOpenTwoDoors, level_checks::None, 51, babyai::StepBabyAI},
    {"babyai_open_doors_order", GenerateOpenDoorsOrder, level_checks::OpenDoorsOrder, 51,
     babyai::StepBabyAI},
    {"babyai_pickup", GenerateBabyAIPickup, level_checks::BabyAIMazeNamed, 25, babyai::StepBabyAI},
    {"babyai_unblock_pickup", GenerateUnblockPickup, level_checks::BabyAIMazeNamed, 25,
     babyai::StepBabyAI},
    {"babyai_pickup_dist", GeneratePickupDist, level_checks::None, 25, babyai::StepBabyAI},
    {"babyai_pickup_above", GeneratePickupAbove, level_checks::None, 25, babyai::StepBabyAI},
    {"babyai_goto_imp_unlock", GenerateGoToImpUnlock, level_checks::BabyAIRoomyMaze, 21,
     babyai::StepBabyAI},
    {"babyai_goto_obj_door", GenerateGoToObjDoor, level_checks::RoomyThreeByThree, 21,
     babyai::StepBabyAI},
    {"babyai_put_next_local", GeneratePutNextLocal, level_checks::PutNextLocal, 43,
     babyai::StepBabyAI},
    {"babyai_put_next", GeneratePutNext, level_checks::PutNext, 43, babyai::StepBabyAI},
    {"babyai_move_two_across", GenerateMoveTwoAcross, level_checks::MoveTwoAcross, 93,
     babyai::StepBabyAI},
    {"babyai_unlock", GenerateBabyAIUnlock, level_checks::BabyAIRoomyMaze, 20, babyai::StepBabyAI},
    {"babyai_unlock_local", GenerateUnlockLocal, level_checks::RoomyThreeByThree, 13,
     babyai::StepBabyAI},
    {"babyai_key_in_box", GenerateKeyInBox, level_checks::RoomyThreeByThree, 13,
     babyai::StepBabyAI},
    {"babyai_unlock_pickup", GenerateBabyAIUnlockPickup, level_checks::RoomyOneByTwo, 22,
     babyai::StepBabyAI},
    {"babyai_blocked_unlock_pickup", GenerateBabyAIBlockedUnlockPickup, level_checks::RoomyOneByTwo,
     15, babyai::StepBabyAI},
    {"babyai_unlock_to_unlock", GenerateUnlockToUnlock, level_checks::RoomyOneByThree, 16,
     babyai::StepBabyAI},
    {"babyai_action_obj_door", GenerateActionObjDoor, level_checks::RoomyThreeByThree, 23,
     babyai::StepBabyAI},
    {"babyai_find_obj", GenerateFindObj, level_checks::RoomSize4, 16, babyai::StepBabyAI},
    {"babyai_key_corridor", GenerateBabyAIKeyCorridor, level_checks::KeyCorridor, 16,
     babyai::StepBabyAI},
    {"babyai_one_room", GenerateOneRoom, level_checks::RoomSize4, 16, babyai::StepBabyAI},
    // LevelGen's: the longest sentence each can draw (a description is at
    // most "the purple ball", 15 bytes, or with a side 31).
    {"babyai_goto_seq", GenerateGoToSeq, level_checks::BabyAIMaze, 105, babyai::StepBabyAI},
    {"babyai_pickup_loc", GeneratePickupLoc, level_checks::BabyAIOneRoomNamed, 39,
     babyai::StepBabyAI},
    {"babyai_synth", GenerateSynth, level_checks::BabyAIMaze, 43, babyai::StepBabyAI},
    {"babyai_synth_loc", GenerateSynthLoc, level_checks::BabyAIMaze, 75, babyai::StepBabyAI},
    {"babyai_synth_seq", GenerateSynthSeq, level_checks::BabyAIMaze, 321, babyai::StepBabyAI},
    {"babyai_mini_boss_level", GenerateMiniBossLevel, level_checks::BabyAIMaze, 321,
     babyai::StepBabyAI},
    {"babyai_boss_level", GenerateBossLevel, level_checks::BabyAIMaze, 321, babyai::StepBabyAI},
    {"babyai_boss_level_no_unlock", GenerateBossLevelNoUnlock, level_checks::BabyAIMaze, 321,
     babyai::StepBabyAI},
}};

inline const Level* FindLevel(const std::string& name) {
  for (const Level& level : kLevels) {
    if (name == level.name) return &level;
  }
  return nullptr;
}

inline std::string KnownLevelNames() {
  std::string out;
  for (const Level& level : kLevels) out += (out.empty() ? "" : ", ") + std::string(level.name);
  return out;
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_LEVEL_REGISTRY_H_
