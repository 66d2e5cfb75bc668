// minigrid's Unlock, UnlockPickup and BlockedUnlockPickup
// (MiniGrid-Unlock-v0, -UnlockPickup-v0, -BlockedUnlockPickup-v0): two
// 6 x 6 rooms, a locked door between them, its key beside the agent; open
// the door (Unlock), or then pick up the box behind it (UnlockPickup), with
// a ball blocking the door on the agent's side (BlockedUnlockPickup).
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_UNLOCK_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_UNLOCK_H_

#include <string>

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/level_config.h"
#include "parallel_pool/minigrid/room_grid.h"

namespace parallel_pool::minigrid {

inline void GenerateUnlock(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                           const LevelConfig& /*c*/) {
  RoomGrid grid(w, rng, 6, 1, 2);
  const auto [door, pos] = grid.AddDoor(0, 0, 0, std::nullopt, true);
  grid.AddObject(0, 0, kKey, w.objects[door].color);
  grid.PlaceAgent(0, 0);
  w.task.first_door = door;
  w.mission = "open the door";
}

inline GridWorld::StepResult StepUnlock(GridWorld& w, numpy_exact::NumpyGenerator& /*rng*/,
                                        int action) {
  GridWorld::StepResult out = w.Step(action);
  if (action == kToggle && w.objects[w.task.first_door].is_open) {
    out.reward = w.SuccessReward();
    out.terminated = true;
  }
  return out;
}

// UnlockPickup, and with `blocked` BlockedUnlockPickup.
inline void GenerateUnlockPickupLevel(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                      bool blocked) {
  RoomGrid grid(w, rng, 6, 1, 2);
  const int box = grid.AddObject(1, 0, kBox).first;
  const auto [door, pos] = grid.AddDoor(0, 0, 0, std::nullopt, true);
  if (blocked) {
    const Color color = GridWorld::RandColor(rng);
    w.Set(pos.x - 1, pos.y, w.NewObj(kBall, color));
  }
  grid.AddObject(0, 0, kKey, w.objects[door].color);
  grid.PlaceAgent(0, 0);
  w.task.target_obj = box;
  w.mission = std::string("pick up the ") + kColorText[w.objects[box].color] + " box";
}

inline void GenerateUnlockPickup(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                 const LevelConfig& /*c*/) {
  GenerateUnlockPickupLevel(w, rng, /*blocked=*/false);
}

inline void GenerateBlockedUnlockPickup(GridWorld& w, numpy_exact::NumpyGenerator& rng,
                                        const LevelConfig& /*c*/) {
  GenerateUnlockPickupLevel(w, rng, /*blocked=*/true);
}

// Their step() (and KeyCorridor's): picking up the target succeeds.
inline GridWorld::StepResult StepPickUpTarget(GridWorld& w, numpy_exact::NumpyGenerator& /*rng*/,
                                              int action) {
  GridWorld::StepResult out = w.Step(action);
  if (action == kPickup && w.carrying != GridWorld::kNone && w.carrying == w.task.target_obj) {
    out.reward = w.SuccessReward();
    out.terminated = true;
  }
  return out;
}

}  // namespace parallel_pool::minigrid

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_UNLOCK_H_
