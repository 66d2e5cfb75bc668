// highway-env's ContinuousAction (envs/common/action.py): an action in
// [-1, 1] per axis (throttle, steering, or both), mapped onto the
// acceleration and steering ranges. The agent's float32 action stays float32
// through the mapping, as NumPy computes it (NEP 50: the ranges are Python
// numbers, weak against np.float32), and the vehicle reads it as a double.
#ifndef PARALLEL_POOL_HIGHWAY_ACTION_CONTINUOUS_ACTION_H_
#define PARALLEL_POOL_HIGHWAY_ACTION_CONTINUOUS_ACTION_H_

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <vector>

#include "parallel_pool/highway/numerics.h"
#include "parallel_pool/highway/vehicle/vehicle.h"

namespace parallel_pool::highway {

struct ContinuousActionConfig {
  std::array<double, 2> acceleration_range = {-5.0, 5.0};
  std::array<double, 2> steering_range = {-kPi / 4, kPi / 4};
  // The agent's [MIN_SPEED, MAX_SPEED], where set.
  std::optional<std::array<double, 2>> speed_range;
  bool longitudinal = true;
  bool lateral = true;
  bool clip = true;

  int size() const { return longitudinal && lateral ? 2 : 1; }
};

// utils.lmap(v, [-1, 1], range) with v an np.float32.
inline float MapFromUnit(float v, const std::array<double, 2>& range) {
  const auto low = static_cast<float>(range[0]);
  const auto span = static_cast<float>(range[1] - range[0]);
  return low + (v - -1.0F) * span / 2.0F;
}

// get_action: the low-level command of a [-1, 1] action.
inline VehicleAction ContinuousCommand(const ContinuousActionConfig& config, const float* action) {
  std::array<float, 2> a = {action[0], config.size() == 2 ? action[1] : 0.0F};
  if (config.clip) {
    // np.clip: NaN stays NaN.
    for (float& v : a) v = std::isnan(v) ? v : std::clamp(v, -1.0F, 1.0F);
  }
  VehicleAction command;
  if (config.longitudinal) command.acceleration = MapFromUnit(a[0], config.acceleration_range);
  if (config.lateral) {
    command.steering = MapFromUnit(config.longitudinal ? a[1] : a[0], config.steering_range);
  }
  return command;
}

// np.linspace(-1, 1, n) of the float32 action space's bounds, as NumPy
// computes it in float32: k * step + start with step = (stop - start) / (n -
// 1), the last value stop itself (DiscreteAction's values per axis).
inline std::vector<float> UnitLinspace(int n) {
  const float start = -1.0F;
  const float stop = 1.0F;
  const float step = (stop - start) / static_cast<float>(n - 1);
  std::vector<float> values(n);
  for (int k = 0; k < n; ++k) values[k] = static_cast<float>(k) * step + start;
  values[n - 1] = stop;
  return values;
}

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_ACTION_CONTINUOUS_ACTION_H_
