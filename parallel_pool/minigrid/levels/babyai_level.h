// RoomGridLevel, the base of BabyAI's levels: generation until a mission is
// accepted (a rejected sample, or a placement or connect_all out of tries,
// starts over, drawing on), the mission as the instruction's surface, and
// step() verifying the instruction.
#ifndef PARALLEL_POOL_MINIGRID_LEVELS_BABYAI_LEVEL_H_
#define PARALLEL_POOL_MINIGRID_LEVELS_BABYAI_LEVEL_H_

#include <memory>
#include <stdexcept>
#include <vector>

#include "parallel_pool/minigrid/grid_world.h"
#include "parallel_pool/minigrid/levels/babyai_instr.h"
#include "parallel_pool/minigrid/room_grid.h"

namespace parallel_pool::minigrid::babyai {

// check_objs_reachable(raise_exc=False): whether every object (walls aside)
// is reachable from the agent, doors passable whatever their state.
inline bool ObjsReachable(const GridWorld& w) {
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
      if (!reach[static_cast<std::size_t>(j) * w.width + i]) return false;
    }
  }
  return true;
}

// check_objs_reachable(): an unreachable object rejects the sample.
inline void CheckObjsReachable(const GridWorld& w) {
  if (!ObjsReachable(w)) throw RejectSampling("unreachable object");
}

// RoomGridLevel._gen_grid and reset: RoomGrid's grid, the level's
// gen_mission (which returns its instruction) and validate_instrs until
// accepted; the mission is the instruction's surface; then the verifier is
// reset. The mission's own time limit (RoomGridLevel's max_steps when none
// is given) goes to task.mission_max_steps.
template <typename GenMission>
void Generate(GridWorld& w, numpy_exact::NumpyGenerator& rng, int room_size, int num_rows,
              int num_cols, GenMission gen_mission, bool unblocking = false) {
  std::unique_ptr<Instr> instr;
  while (true) {
    try {
      RoomGrid grid(w, rng, room_size, num_rows, num_cols);
      instr = gen_mission(grid);
      instr->Validate(w, room_size, unblocking);
      break;
    } catch (const std::runtime_error&) {  // RejectSampling, or minigrid's RecursionError
    }
  }
  w.mission = instr->Surface(w, room_size);
  instr->ResetVerifier(w, room_size);
  w.task.mission_max_steps = instr->NumNavs() * room_size * room_size * num_rows * num_cols;
  w.task.instr = std::move(instr);
}

// RoomGridLevel.step: the objects' positions refreshed after a drop, then the
// instruction verified.
inline GridWorld::StepResult StepBabyAI(GridWorld& w, numpy_exact::NumpyGenerator& /*rng*/,
                                        int action) {
  GridWorld::StepResult out = w.Step(action);
  if (action == kDrop) w.task.instr->UpdateObjsPoss(w);
  const Status status = w.task.instr->Verify(w, action);
  if (status == Status::kSuccess) {
    out.terminated = true;
    out.reward = w.SuccessReward();
  } else if (status == Status::kFailure) {
    out.terminated = true;
    out.reward = 0;
  }
  return out;
}

}  // namespace parallel_pool::minigrid::babyai

#endif  // PARALLEL_POOL_MINIGRID_LEVELS_BABYAI_LEVEL_H_
