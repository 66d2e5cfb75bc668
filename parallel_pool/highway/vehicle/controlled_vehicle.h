// highway-env's ControlledVehicle and MDPVehicle (vehicle/controller.py): a
// vehicle steered along a target lane by a cascaded lateral controller and
// held at a target speed by a proportional one; the MDP vehicle's high-level
// actions change lane or step through a discrete set of target speeds.
#ifndef PARALLEL_POOL_HIGHWAY_VEHICLE_CONTROLLED_VEHICLE_H_
#define PARALLEL_POOL_HIGHWAY_VEHICLE_CONTROLLED_VEHICLE_H_

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>
#include <vector>

#include "parallel_pool/highway/numerics.h"
#include "parallel_pool/highway/road/road.h"
#include "parallel_pool/highway/vehicle/steering_control.h"
#include "parallel_pool/highway/vehicle/vehicle.h"

namespace parallel_pool::highway {

// DiscreteMetaAction's actions.
enum class MetaAction { kNone, kLaneLeft, kIdle, kLaneRight, kFaster, kSlower };

class ControlledVehicle : public Vehicle {
 public:
  static constexpr double kTauAcc = 0.6;
  static constexpr double kTauPursuit = SteeringGains::kTauPursuit;
  static constexpr double kKpA = 1 / kTauAcc;
  static constexpr double kMaxSteeringAngle = SteeringGains::kMaxSteeringAngle;
  static constexpr double kDeltaSpeed = 5;

  ControlledVehicle(Road* road, Vec2 position, double heading, double speed,
                    std::optional<LaneIndex> target_lane_index = std::nullopt,
                    std::optional<double> target_speed = std::nullopt,
                    std::optional<Route> route = std::nullopt)
      : Vehicle(road, position, heading, speed),
        target_lane_index(target_lane_index && target_lane_index->valid() ? *target_lane_index
                                                                          : lane_index),
        // `target_speed or self.speed`: 0 counts as unset.
        target_speed(target_speed && *target_speed != 0 ? *target_speed : speed),
        route(std::move(route)) {}

  // ControlledVehicle.act(action): the high-level action, then both
  // controllers.
  void ActHighLevel(MetaAction a) {
    FollowRoad();
    if (a == MetaAction::kFaster) {
      target_speed += kDeltaSpeed;
    } else if (a == MetaAction::kSlower) {
      target_speed -= kDeltaSpeed;
    } else if (a == MetaAction::kLaneRight || a == MetaAction::kLaneLeft) {
      const int n = network->NumLanes(target_lane_index.from, target_lane_index.to);
      const int step = a == MetaAction::kLaneRight ? 1 : -1;
      const LaneIndex candidate{target_lane_index.from, target_lane_index.to,
                                std::clamp(target_lane_index.id + step, 0, n - 1)};
      if (network->GetLane(candidate).IsReachableFrom(position)) target_lane_index = candidate;
    }
    VehicleAction command;
    command.acceleration = SpeedControl(target_speed);
    SetSteeringAction(command);
  }
  void Act() override { ActHighLevel(MetaAction::kNone); }
  const ControlledVehicle* AsControlled() const override { return this; }
  ControlledVehicle* AsControlled() override { return this; }

  // plan_route_to: the current lane, then the shortest path's roads (any
  // lane) to `destination`.
  void PlanRouteTo(int destination) {
    const std::vector<int> path = network->ShortestPath(lane_index.to, destination);
    Route planned = {lane_index};
    for (std::size_t i = 0; i + 1 < path.size(); ++i) planned.push_back({path[i], path[i + 1], -1});
    route = std::move(planned);
  }

  // At the end of a lane, switch to the next one.
  void FollowRoad() {
    if (LaneOf(target_lane_index).AfterEnd(position)) {
      target_lane_index = network->NextLane(target_lane_index, route ? &*route : nullptr, position);
    }
  }

  // Lateral position -> lateral speed -> heading -> heading rate -> steering
  // (steering_control.h).
  SteeringCommand SteeringControlCommand(const LaneIndex& target) const {
    const Lane& target_lane = LaneOf(target);
    const LaneCoordinates lane_coords = target_lane.LocalCoordinates(position);
    const double lane_next_coords = lane_coords.longitudinal + speed * kTauPursuit;
    return SteeringCommandOf(lane_coords, target_lane.HeadingAt(lane_next_coords), heading, speed,
                             kLength);
  }

  // act's last step: the command, its steering the target lane's
  // (clipped), which during Road::Act the road finishes with the frame's
  // others.
  void SetSteeringAction(VehicleAction command) {
    const SteeringCommand steering = SteeringControlCommand(target_lane_index);
    if (road->acting()) {
      SetAction(command);
      road->steering_batch.Add(steering, &action.steering);
    } else {
      command.steering = SteeringAngle(steering);
      SetAction(command);
    }
  }

  double SpeedControl(double target) const { return kKpA * (target - speed); }

  LaneIndex target_lane_index;
  double target_speed;
  std::optional<Route> route;
  // A RegulatedRoad's marks (the reference sets them as attributes): told to
  // stop for a vehicle of higher priority, for yield_timer regulation steps.
  bool is_yielding = false;
  int yield_timer = 0;
};

// MDPVehicle: FASTER and SLOWER step through `target_speeds` (uniformly
// spaced) from the current speed's nearest index.
class MDPVehicle : public ControlledVehicle {
 public:
  MDPVehicle(Road* road, Vec2 position, double heading, double speed,
             std::vector<double> target_speeds,
             std::optional<LaneIndex> target_lane_index = std::nullopt,
             std::optional<double> target_speed = std::nullopt,
             std::optional<Route> route = std::nullopt)
      : ControlledVehicle(road, position, heading, speed, target_lane_index, target_speed,
                          std::move(route)),
        target_speeds(std::move(target_speeds)) {
    speed_index = SpeedToIndex(this->target_speed);
    this->target_speed = this->target_speeds[speed_index];
  }

  void ActMeta(MetaAction a) {
    if (a == MetaAction::kFaster) {
      speed_index = SpeedToIndex(speed) + 1;
    } else if (a == MetaAction::kSlower) {
      speed_index = SpeedToIndex(speed) - 1;
    } else {
      ActHighLevel(a);
      return;
    }
    speed_index = std::clamp(speed_index, 0, static_cast<int>(target_speeds.size()) - 1);
    target_speed = target_speeds[speed_index];
    ActHighLevel(MetaAction::kNone);
  }

  using Speeds = std::vector<double>;

  int SpeedToIndex(double v) const { return SpeedToIndex(target_speeds, v); }
  // The index of the allowed speed closest to `v` (uniformly spaced speeds;
  // np.round: half to even).
  static int SpeedToIndex(const Speeds& speeds, double v) {
    const double x = (v - speeds.front()) / (speeds.back() - speeds.front());
    const double last = static_cast<double>(speeds.size() - 1);
    return static_cast<int>(Clip(std::nearbyint(x * last), 0, last));
  }

  std::vector<double> target_speeds;
  int speed_index = 0;
};

// The lane a vehicle steers to: a controlled vehicle's target lane, any
// other's current lane (the scenarios' `isinstance(v, ControlledVehicle)`).
inline const LaneIndex& TargetLaneIndex(const Vehicle& v) {
  const ControlledVehicle* c = v.AsControlled();
  return c != nullptr ? c->target_lane_index : v.lane_index;
}

// MDPVehicle.get_speed_index: an MDP vehicle's speed index, else the index
// of the default target speeds closest to its speed.
inline int SpeedIndexOf(const Vehicle& v) {
  if (const auto* m = dynamic_cast<const MDPVehicle*>(&v)) return m->speed_index;
  static const MDPVehicle::Speeds kDefault = {20.0, 25.0, 30.0};
  return MDPVehicle::SpeedToIndex(kDefault, v.speed);
}

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_VEHICLE_CONTROLLED_VEHICLE_H_
