// highway-env's Vehicle (vehicle/kinematics.py): a kinematic bicycle model
// driven by a steering angle and an acceleration, and create_random's
// placement of a new vehicle behind the last one on a random lane.
#ifndef PARALLEL_POOL_HIGHWAY_VEHICLE_VEHICLE_H_
#define PARALLEL_POOL_HIGHWAY_VEHICLE_VEHICLE_H_

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "parallel_pool/highway/numerics.h"
#include "parallel_pool/highway/road/road.h"
#include "parallel_pool/highway/vehicle/kinematic_step.h"
#include "parallel_pool/highway/vehicle/road_object.h"

namespace parallel_pool::highway {

struct VehicleAction {
  double steering = 0.0;
  double acceleration = 0.0;
};

class Vehicle : public RoadObject {
 public:
  static constexpr double kLength = 5.0;
  static constexpr double kWidth = 2.0;
  static constexpr double kMaxSpeed = 40.0;
  static constexpr double kMinSpeed = -40.0;

  Vehicle(Road* road, Vec2 position, double heading, double speed)
      : RoadObject(road, &road->network, position, heading, speed, Kind::kVehicle, kLength,
                   kWidth) {}

  // Vehicle.act(action): keep the low-level command.
  void SetAction(const VehicleAction& a) { action = a; }

  // Vehicle.step: integrate the bicycle model over dt (one vehicle alone;
  // Road::Step does all of them with the same values).
  void Step(double dt) override {
    double steering = 0.0;
    BeginKinematicStep(dt, &steering);
    KinematicStepBatch alone;
    alone.Add(this, steering);
    alone.Finish(dt);
  }
  bool BeginKinematicStep(double /*dt*/, double* steering) override {
    ClipActions();
    *steering = action.steering;
    return true;
  }
  void FinishKinematicStep(double dt, const KinematicTrig& trig) override {
    const Vec2 v = speed * Vec2{trig.cos_course, trig.sin_course};
    position = position + v * dt;
    if (impact) {
      position = position + *impact;
      crashed = true;
      impact.reset();
    }
    heading += speed * trig.sin_beta / (kLength / 2) * dt;
    speed += action.acceleration * dt;
    // on_state_update follows for all of the batch's vehicles at once
    // (KinematicStepBatch::Finish).
  }

  VehicleAction action;
  // MAX_SPEED and MIN_SPEED (ContinuousAction's speed_range sets them).
  double max_speed = kMaxSpeed;
  double min_speed = kMinSpeed;

 protected:
  void ClipActions() {
    if (crashed) {
      action.steering = 0;
      action.acceleration = -1.0 * speed;
    }
    if (speed > max_speed) {
      action.acceleration = std::min(action.acceleration, 1.0 * (max_speed - speed));
    } else if (speed < min_speed) {
      action.acceleration = std::max(action.acceleration, 1.0 * (min_speed - speed));
    }
  }
  void OnStateUpdate() { SetClosestLane(network->ClosestLane(position, heading)); }
};

// Where create_random puts a new vehicle: a random (or given) road and lane,
// a random speed unless given, behind the furthest vehicle on the road.
// Nodes and lane id -1 are drawn.
struct RandomPlacement {
  Vec2 position;
  double heading;
  double speed;
};
inline RandomPlacement PlaceRandomly(Road& road, std::optional<double> speed, int lane_from,
                                     int lane_to, int lane_id, double spacing) {
  numpy_exact::NumpyGenerator& rng = *road.np_random;
  const RoadNetwork& net = road.network;
  int from = lane_from;
  if (from < 0) {
    const std::vector<int> keys = net.FromNodes();
    from = keys[rng.Choice(static_cast<std::int64_t>(keys.size()))];
  }
  int to = lane_to;
  if (to < 0) {
    const std::vector<int> keys = net.ToNodes(from);
    to = keys[rng.Choice(static_cast<std::int64_t>(keys.size()))];
  }
  const int lanes = net.NumLanes(from, to);
  const int id = lane_id >= 0 ? lane_id : static_cast<int>(rng.Choice(lanes));
  const Lane& lane = net.GetLane({from, to, id});
  double v = 0.0;
  if (speed) {
    v = *speed;
  } else if (lane.speed_limit) {
    v = rng.Uniform(0.7 * *lane.speed_limit, 0.8 * *lane.speed_limit);
  } else {
    v = rng.Uniform(23, 25);
  }
  const double default_spacing = 12 + 1.0 * v;
  const double offset = spacing * default_spacing * Exp(-5.0 / 40 * lanes);
  double x0 = 0.0;
  if (!road.vehicles.empty()) {
    // np.max: NaN wins.
    x0 = -std::numeric_limits<double>::infinity();
    for (const auto& other : road.vehicles) {
      const double x = lane.LocalCoordinates(other->position).longitudinal;
      if (std::isnan(x) || x > x0) x0 = x;
      if (std::isnan(x0)) break;
    }
  } else {
    x0 = 3 * offset;
  }
  x0 += offset * rng.Uniform(0.9, 1.1);
  return {lane.Position(x0, 0), lane.HeadingAt(x0), v};
}

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_VEHICLE_VEHICLE_H_
