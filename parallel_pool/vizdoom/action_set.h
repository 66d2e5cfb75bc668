// EnvPool's combined action set for ViZDoom (`use_combined_action=True`): one
// discrete index stands for one vector of button values, every combination a
// player could press in one step.
//
// The set is enumerated over ViZDoom's 43 buttons in their enum order, the
// lowest id varying slowest, so index 0 presses nothing:
//   - delta buttons (LOOK_UP_DOWN_DELTA .. MOVE_UP_DOWN_DELTA) with a
//     `delta_button_config` entry (num, min, max), num >= 2: num values
//     min, min + d, ... with d = (max - min) / (num - 1), accumulated in
//     float as EnvPool does; otherwise the button stays 0;
//   - the weapon selections SELECT_WEAPON1..9, 0, taken together: none, or
//     exactly one of the available ones;
//   - the opposite pairs (MOVE_RIGHT/LEFT, MOVE_BACKWARD/FORWARD,
//     TURN_RIGHT/LEFT, LOOK_UP/DOWN, MOVE_UP/DOWN, SELECT_NEXT/PREV_WEAPON,
//     SELECT_NEXT/PREV_ITEM) when both are available: neither, the first, or
//     the second, never both;
//   - any other available button: released, then pressed (SPEED always
//     pressed with `force_speed`).
// Each vector lists the values of the cfg's available buttons in the cfg's
// order. Unavailable buttons contribute nothing (EnvPool multiplies the set
// by an unavailable delta button's num and writes out of bounds; not here).
#ifndef PARALLEL_POOL_VIZDOOM_ACTION_SET_H_
#define PARALLEL_POOL_VIZDOOM_ACTION_SET_H_

#include <ViZDoom.h>

#include <array>
#include <map>
#include <vector>

namespace parallel_pool::vizdoom {

// A delta button's discretisation: `num` values from `min` to `max`.
struct DeltaRange {
  int num = 0;
  float min = 0.0F;
  float max = 0.0F;
};

class ActionSetBuilder {
 public:
  static constexpr int kButtons = static_cast<int>(::vizdoom::BUTTON_COUNT);

  ActionSetBuilder(const std::vector<::vizdoom::Button>& available,
                   std::map<int, DeltaRange> deltas, bool force_speed)
      : available_(available), deltas_(std::move(deltas)), force_speed_(force_speed) {
    position_.fill(-1);
    for (std::size_t i = 0; i < available.size(); ++i) {
      position_[static_cast<int>(available[i])] = static_cast<int>(i);
    }
  }

  std::vector<std::vector<double>> Build() {
    pressed_.fill(0.0);
    out_.clear();
    Expand(0);
    return std::move(out_);
  }

 private:
  static constexpr int kFirstDelta = ::vizdoom::LOOK_UP_DOWN_DELTA;
  static constexpr int kFirstWeapon = ::vizdoom::SELECT_WEAPON1;
  static constexpr int kAfterWeapons = ::vizdoom::SELECT_NEXT_WEAPON;

  bool Available(int id) const { return id < kButtons && position_[id] >= 0; }

  static bool FirstOfPair(int id) {
    switch (id) {
      case ::vizdoom::MOVE_RIGHT:
      case ::vizdoom::MOVE_BACKWARD:
      case ::vizdoom::TURN_RIGHT:
      case ::vizdoom::LOOK_UP:
      case ::vizdoom::MOVE_UP:
      case ::vizdoom::SELECT_NEXT_WEAPON:
      case ::vizdoom::SELECT_NEXT_ITEM:
        return true;
      default:
        return false;
    }
  }

  void Emit() {
    std::vector<double> values(available_.size());
    for (std::size_t i = 0; i < available_.size(); ++i) {
      values[i] = pressed_[static_cast<int>(available_[i])];
    }
    out_.push_back(std::move(values));
  }

  // Press `id` to `value` for the combinations of the buttons after `next`.
  void With(int id, double value, int next) {
    pressed_[id] = value;
    Expand(next);
    pressed_[id] = 0.0;
  }

  void Expand(int id) {
    if (id >= kButtons) {
      Emit();
      return;
    }
    if (id >= kFirstDelta) {
      auto it = deltas_.find(id);
      if (!Available(id) || it == deltas_.end() || it->second.num <= 1) {
        Expand(id + 1);
        return;
      }
      const DeltaRange& r = it->second;
      const float step = (r.max - r.min) / static_cast<float>(r.num - 1);
      float value = r.min;
      for (int k = 0; k < r.num; ++k, value += step) {
        With(id, value, id + 1);
      }
      return;
    }
    if (id == kFirstWeapon) {
      Expand(kAfterWeapons);
      for (int w = kFirstWeapon; w < kAfterWeapons; ++w) {
        if (Available(w)) With(w, 1.0, kAfterWeapons);
      }
      return;
    }
    if (FirstOfPair(id) && Available(id) && Available(id + 1)) {
      Expand(id + 2);
      With(id, 1.0, id + 2);
      With(id + 1, 1.0, id + 2);
      return;
    }
    if (!Available(id)) {
      Expand(id + 1);
    } else if (id == ::vizdoom::SPEED && force_speed_) {
      With(id, 1.0, id + 1);
    } else {
      Expand(id + 1);
      With(id, 1.0, id + 1);
    }
  }

  std::vector<::vizdoom::Button> available_;
  std::map<int, DeltaRange> deltas_;
  bool force_speed_;
  std::array<int, kButtons> position_{};
  std::array<double, kButtons> pressed_{};
  std::vector<std::vector<double>> out_;
};

}  // namespace parallel_pool::vizdoom

#endif  // PARALLEL_POOL_VIZDOOM_ACTION_SET_H_
