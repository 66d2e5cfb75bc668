// ControlledVehicle.steering_control's cascade (vehicle/controller.py):
// lateral position -> lateral speed -> heading -> heading rate -> steering,
// split at its NumPy calls (arcsin, arcsin, tan, arctan) so that Road::Act
// can make each call once for all the vehicles of a frame (SteeringBatch):
// NumPy's loops are elementwise, so the values are the scalar cascade's.
#ifndef PARALLEL_POOL_HIGHWAY_VEHICLE_STEERING_CONTROL_H_
#define PARALLEL_POOL_HIGHWAY_VEHICLE_STEERING_CONTROL_H_

#include <cstddef>
#include <vector>

#include "parallel_pool/highway/numerics.h"
#include "parallel_pool/highway/road/lane.h"
#include "parallel_pool/numpy_exact/numpy_ufunc.h"

namespace parallel_pool::highway {

// ControlledVehicle's lateral gains and steering limit.
struct SteeringGains {
  static constexpr double kTauHeading = 0.2;
  static constexpr double kTauLateral = 0.6;
  static constexpr double kTauPursuit = 0.5 * kTauHeading;
  static constexpr double kKpHeading = 1 / kTauHeading;
  static constexpr double kKpLateral = 1 / kTauLateral;
  static constexpr double kMaxSteeringAngle = kPi / 3;
};

// What the cascade knows before its first NumPy call.
struct SteeringCommand {
  double lateral_speed_ratio;  // arcsin's argument: the heading command
  double lane_future_heading;
  double heading;
  double speed;
  double length;
};

// The cascade up to its first NumPy call, on the target lane's coordinates
// of the vehicle and the lane's heading a pursuit time ahead.
inline SteeringCommand SteeringCommandOf(const LaneCoordinates& lane_coords,
                                         double lane_future_heading, double heading, double speed,
                                         double length) {
  const double lateral_speed_command = -SteeringGains::kKpLateral * lane_coords.lateral;
  return {Clip(lateral_speed_command / NotZero(speed), -1, 1), lane_future_heading, heading, speed,
          length};
}
// From the heading command (arcsin of the ratio) to the slip angle's
// arcsin argument.
inline double SlipRatio(const SteeringCommand& c, double heading_command) {
  const double heading_ref = c.lane_future_heading + Clip(heading_command, -kPi / 4, kPi / 4);
  const double heading_rate_command = SteeringGains::kKpHeading * WrapToPi(heading_ref - c.heading);
  return Clip(c.length / 2 / NotZero(c.speed) * heading_rate_command, -1, 1);
}
inline double ClipSteering(double steering_angle) {
  return Clip(steering_angle, -SteeringGains::kMaxSteeringAngle, SteeringGains::kMaxSteeringAngle);
}
// The whole cascade for one vehicle.
inline double SteeringAngle(const SteeringCommand& c) {
  const double slip_angle = Arcsin(SlipRatio(c, Arcsin(c.lateral_speed_ratio)));
  return ClipSteering(Arctan(2 * Tan(slip_angle)));
}

// The frame's pending cascades, finished together: each NumPy call once.
class SteeringBatch {
 public:
  void Clear() {
    commands_.clear();
    outputs_.clear();
  }
  // `out` receives the steering angle at Finish().
  void Add(const SteeringCommand& c, double* out) {
    commands_.push_back(c);
    outputs_.push_back(out);
  }
  void Finish() {
    const std::ptrdiff_t n = static_cast<std::ptrdiff_t>(commands_.size());
    a_.resize(n);
    b_.resize(n);
    for (std::ptrdiff_t i = 0; i < n; ++i) a_[i] = commands_[i].lateral_speed_ratio;
    numpy_exact::NumpyArcsin(a_.data(), b_.data(), n);
    for (std::ptrdiff_t i = 0; i < n; ++i) a_[i] = SlipRatio(commands_[i], b_[i]);
    numpy_exact::NumpyArcsin(a_.data(), b_.data(), n);
    numpy_exact::NumpyTan(b_.data(), a_.data(), n);
    for (std::ptrdiff_t i = 0; i < n; ++i) b_[i] = 2 * a_[i];
    numpy_exact::NumpyArctan(b_.data(), a_.data(), n);
    for (std::ptrdiff_t i = 0; i < n; ++i) *outputs_[i] = ClipSteering(a_[i]);
    Clear();
  }

 private:
  std::vector<SteeringCommand> commands_;
  std::vector<double*> outputs_;
  std::vector<double> a_;
  std::vector<double> b_;
};

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_VEHICLE_STEERING_CONTROL_H_
