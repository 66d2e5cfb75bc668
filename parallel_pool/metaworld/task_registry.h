// The metaworld tasks this family runs, by metaworld's name ("reach-v3"),
// and metaworld's benchmark lists (env_dict.py's MT10_V3, and MT50_V3, which
// is ALL_V3_ENVIRONMENTS: the order a task's id, info["task_id"], counts in).
#ifndef PARALLEL_POOL_METAWORLD_TASK_REGISTRY_H_
#define PARALLEL_POOL_METAWORLD_TASK_REGISTRY_H_

#include <mujoco/mujoco.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"
#include "parallel_pool/metaworld/tasks/assembly.h"
#include "parallel_pool/metaworld/tasks/basketball.h"
#include "parallel_pool/metaworld/tasks/bin_picking.h"
#include "parallel_pool/metaworld/tasks/box_close.h"
#include "parallel_pool/metaworld/tasks/button_press.h"
#include "parallel_pool/metaworld/tasks/button_press_topdown.h"
#include "parallel_pool/metaworld/tasks/button_press_topdown_wall.h"
#include "parallel_pool/metaworld/tasks/button_press_wall.h"
#include "parallel_pool/metaworld/tasks/coffee_button.h"
#include "parallel_pool/metaworld/tasks/coffee_pull.h"
#include "parallel_pool/metaworld/tasks/coffee_push.h"
#include "parallel_pool/metaworld/tasks/dial_turn.h"
#include "parallel_pool/metaworld/tasks/disassemble.h"
#include "parallel_pool/metaworld/tasks/door_close.h"
#include "parallel_pool/metaworld/tasks/door_lock.h"
#include "parallel_pool/metaworld/tasks/door_open.h"
#include "parallel_pool/metaworld/tasks/door_unlock.h"
#include "parallel_pool/metaworld/tasks/drawer_close.h"
#include "parallel_pool/metaworld/tasks/drawer_open.h"
#include "parallel_pool/metaworld/tasks/faucet.h"
#include "parallel_pool/metaworld/tasks/hammer.h"
#include "parallel_pool/metaworld/tasks/hand_insert.h"
#include "parallel_pool/metaworld/tasks/handle_press.h"
#include "parallel_pool/metaworld/tasks/handle_press_side.h"
#include "parallel_pool/metaworld/tasks/handle_pull.h"
#include "parallel_pool/metaworld/tasks/handle_pull_side.h"
#include "parallel_pool/metaworld/tasks/lever_pull.h"
#include "parallel_pool/metaworld/tasks/peg_insert_side.h"
#include "parallel_pool/metaworld/tasks/peg_unplug_side.h"
#include "parallel_pool/metaworld/tasks/pick_out_of_hole.h"
#include "parallel_pool/metaworld/tasks/pick_place.h"
#include "parallel_pool/metaworld/tasks/pick_place_wall.h"
#include "parallel_pool/metaworld/tasks/plate_slide.h"
#include "parallel_pool/metaworld/tasks/plate_slide_back.h"
#include "parallel_pool/metaworld/tasks/plate_slide_back_side.h"
#include "parallel_pool/metaworld/tasks/plate_slide_side.h"
#include "parallel_pool/metaworld/tasks/push.h"
#include "parallel_pool/metaworld/tasks/push_back.h"
#include "parallel_pool/metaworld/tasks/push_wall.h"
#include "parallel_pool/metaworld/tasks/reach.h"
#include "parallel_pool/metaworld/tasks/reach_wall.h"
#include "parallel_pool/metaworld/tasks/shelf_place.h"
#include "parallel_pool/metaworld/tasks/soccer.h"
#include "parallel_pool/metaworld/tasks/stick_pull.h"
#include "parallel_pool/metaworld/tasks/stick_push.h"
#include "parallel_pool/metaworld/tasks/sweep.h"
#include "parallel_pool/metaworld/tasks/sweep_into.h"
#include "parallel_pool/metaworld/tasks/window.h"

namespace parallel_pool::metaworld {

struct TaskEntry {
  std::string name;
  SawyerSetup (*setup)();
  // One reset_model's rand_vec while the benchmark draws its goals (np.random).
  std::vector<double> (*draw)(const SawyerSetup&, numpy_exact::NumpyRandomState*);
  std::unique_ptr<SawyerXyz> (*make)(mjModel*, mjData*, int frame_skip);
};

template <typename Task>
TaskEntry Entry(const char* name) {
  TaskEntry entry{name, &Task::Setup, nullptr, nullptr};
  if constexpr (requires { &Task::DrawRandVec; }) {
    entry.draw = &Task::DrawRandVec;
  } else {
    entry.draw = &UniformRandVec;
  }
  entry.make = [](mjModel* m, mjData* d, int frame_skip) -> std::unique_ptr<SawyerXyz> {
    return std::make_unique<Task>(m, d, frame_skip);
  };
  return entry;
}

inline const std::vector<TaskEntry>& Tasks() {
  static const std::vector<TaskEntry> tasks = {
      Entry<Assembly>("assembly-v3"),
      Entry<Basketball>("basketball-v3"),
      Entry<BinPicking>("bin-picking-v3"),
      Entry<BoxClose>("box-close-v3"),
      Entry<ButtonPressTopdown>("button-press-topdown-v3"),
      Entry<ButtonPressTopdownWall>("button-press-topdown-wall-v3"),
      Entry<ButtonPress>("button-press-v3"),
      Entry<ButtonPressWall>("button-press-wall-v3"),
      Entry<CoffeeButton>("coffee-button-v3"),
      Entry<CoffeePull>("coffee-pull-v3"),
      Entry<CoffeePush>("coffee-push-v3"),
      Entry<DialTurn>("dial-turn-v3"),
      Entry<Disassemble>("disassemble-v3"),
      Entry<DoorClose>("door-close-v3"),
      Entry<DoorLock>("door-lock-v3"),
      Entry<DoorOpen>("door-open-v3"),
      Entry<DoorUnlock>("door-unlock-v3"),
      Entry<HandInsert>("hand-insert-v3"),
      Entry<DrawerClose>("drawer-close-v3"),
      Entry<DrawerOpen>("drawer-open-v3"),
      Entry<FaucetOpen>("faucet-open-v3"),
      Entry<FaucetClose>("faucet-close-v3"),
      Entry<Hammer>("hammer-v3"),
      Entry<HandlePressSide>("handle-press-side-v3"),
      Entry<HandlePress>("handle-press-v3"),
      Entry<HandlePullSide>("handle-pull-side-v3"),
      Entry<HandlePull>("handle-pull-v3"),
      Entry<LeverPull>("lever-pull-v3"),
      Entry<PickPlaceWall>("pick-place-wall-v3"),
      Entry<PickOutOfHole>("pick-out-of-hole-v3"),
      Entry<PickPlace>("pick-place-v3"),
      Entry<PlateSlide>("plate-slide-v3"),
      Entry<PlateSlideSide>("plate-slide-side-v3"),
      Entry<PlateSlideBack>("plate-slide-back-v3"),
      Entry<PlateSlideBackSide>("plate-slide-back-side-v3"),
      Entry<PegInsertSide>("peg-insert-side-v3"),
      Entry<PegUnplugSide>("peg-unplug-side-v3"),
      Entry<Soccer>("soccer-v3"),
      Entry<StickPush>("stick-push-v3"),
      Entry<StickPull>("stick-pull-v3"),
      Entry<Push>("push-v3"),
      Entry<PushWall>("push-wall-v3"),
      Entry<PushBack>("push-back-v3"),
      Entry<Reach>("reach-v3"),
      Entry<ReachWall>("reach-wall-v3"),
      Entry<ShelfPlace>("shelf-place-v3"),
      Entry<SweepInto>("sweep-into-v3"),
      Entry<Sweep>("sweep-v3"),
      Entry<WindowOpen>("window-open-v3"),
      Entry<WindowClose>("window-close-v3"),
  };
  return tasks;
}

// metaworld's ALL_V3_ENVIRONMENTS (= MT50_V3) in order.
inline const std::vector<std::string>& AllV3Tasks() {
  static const std::vector<std::string> names = {"assembly-v3",
                                                 "basketball-v3",
                                                 "bin-picking-v3",
                                                 "box-close-v3",
                                                 "button-press-topdown-v3",
                                                 "button-press-topdown-wall-v3",
                                                 "button-press-v3",
                                                 "button-press-wall-v3",
                                                 "coffee-button-v3",
                                                 "coffee-pull-v3",
                                                 "coffee-push-v3",
                                                 "dial-turn-v3",
                                                 "disassemble-v3",
                                                 "door-close-v3",
                                                 "door-lock-v3",
                                                 "door-open-v3",
                                                 "door-unlock-v3",
                                                 "hand-insert-v3",
                                                 "drawer-close-v3",
                                                 "drawer-open-v3",
                                                 "faucet-open-v3",
                                                 "faucet-close-v3",
                                                 "hammer-v3",
                                                 "handle-press-side-v3",
                                                 "handle-press-v3",
                                                 "handle-pull-side-v3",
                                                 "handle-pull-v3",
                                                 "lever-pull-v3",
                                                 "pick-place-wall-v3",
                                                 "pick-out-of-hole-v3",
                                                 "pick-place-v3",
                                                 "plate-slide-v3",
                                                 "plate-slide-side-v3",
                                                 "plate-slide-back-v3",
                                                 "plate-slide-back-side-v3",
                                                 "peg-insert-side-v3",
                                                 "peg-unplug-side-v3",
                                                 "soccer-v3",
                                                 "stick-push-v3",
                                                 "stick-pull-v3",
                                                 "push-v3",
                                                 "push-wall-v3",
                                                 "push-back-v3",
                                                 "reach-v3",
                                                 "reach-wall-v3",
                                                 "shelf-place-v3",
                                                 "sweep-into-v3",
                                                 "sweep-v3",
                                                 "window-open-v3",
                                                 "window-close-v3"};
  return names;
}

// metaworld's MT10_V3 in order.
inline const std::vector<std::string>& Mt10Tasks() {
  static const std::vector<std::string> names = {
      "reach-v3",       "push-v3",         "pick-place-v3",           "door-open-v3",
      "drawer-open-v3", "drawer-close-v3", "button-press-topdown-v3", "peg-insert-side-v3",
      "window-open-v3", "window-close-v3"};
  return names;
}

// The task's index in ALL_V3_ENVIRONMENTS (its task_id in metaworld's args).
inline int TaskId(const std::string& name) {
  const auto& all = AllV3Tasks();
  return static_cast<int>(std::find(all.begin(), all.end(), name) - all.begin());
}

inline const TaskEntry* FindTask(const std::string& name) {
  for (const TaskEntry& entry : Tasks()) {
    if (entry.name == name) return &entry;
  }
  return nullptr;
}

inline const TaskEntry& TaskNamed(const std::string& name) {
  const TaskEntry* entry = FindTask(name);
  if (entry == nullptr) {
    std::string known;
    for (const TaskEntry& e : Tasks()) known += (known.empty() ? "" : ", ") + e.name;
    throw std::invalid_argument("task_name: expected one of metaworld's v3 tasks (" + known +
                                "), got '" + name + "'");
  }
  return *entry;
}

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASK_REGISTRY_H_
