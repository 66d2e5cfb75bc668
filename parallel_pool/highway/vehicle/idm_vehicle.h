// highway-env's IDMVehicle (vehicle/behavior.py): the Intelligent Driver
// Model for acceleration and MOBIL for lane changes, every vehicle that is
// not controlled by the agent.
#ifndef PARALLEL_POOL_HIGHWAY_VEHICLE_IDM_VEHICLE_H_
#define PARALLEL_POOL_HIGHWAY_VEHICLE_IDM_VEHICLE_H_

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <utility>

#include "parallel_pool/highway/numerics.h"
#include "parallel_pool/highway/road/road.h"
#include "parallel_pool/highway/vehicle/controlled_vehicle.h"

namespace parallel_pool::highway {

class IDMVehicle : public ControlledVehicle {
 public:
  // Longitudinal (IDM).
  static constexpr double kAccMax = 6.0;
  static constexpr double kComfortAccMax = 3.0;
  static constexpr double kComfortAccMin = -5.0;
  static constexpr double kDistanceWanted = 5.0 + kLength;
  static constexpr double kDeltaRangeLow = 3.5;
  static constexpr double kDeltaRangeHigh = 4.5;
  // Lateral (MOBIL).
  static constexpr double kLaneChangeDelay = 1.0;

  IDMVehicle(Road* road, Vec2 position, double heading, double speed,
             std::optional<LaneIndex> target_lane_index = std::nullopt,
             std::optional<double> target_speed = std::nullopt,
             std::optional<Route> route = std::nullopt, bool enable_lane_change = true,
             std::optional<double> timer = std::nullopt)
      : ControlledVehicle(road, position, heading, speed, target_lane_index, target_speed,
                          std::move(route)),
        enable_lane_change(enable_lane_change) {
    // `timer or ...`: 0 counts as unset.
    this->timer = timer && *timer != 0
                      ? *timer
                      : FloorMod((this->position.x + this->position.y) * kPi, kLaneChangeDelay);
  }

  void RandomizeBehavior() { delta = road->np_random->Uniform(kDeltaRangeLow, kDeltaRangeHigh); }

  void Act() override {
    if (crashed) return;
    FollowRoad();
    if (enable_lane_change) ChangeLanePolicy();
    VehicleAction command;
    auto [front, rear] = road->NeighbourVehicles(*this, lane_index);
    command.acceleration = Acceleration(this, front);
    // While changing lane, the target lane's leader counts too.
    if (lane_index != target_lane_index) {
      auto [target_front, target_rear] = road->NeighbourVehicles(*this, target_lane_index);
      command.acceleration = std::min(command.acceleration, Acceleration(this, target_front));
    }
    command.acceleration = Clip(command.acceleration, -kAccMax, kAccMax);
    SetSteeringAction(command);
  }

  bool BeginKinematicStep(double dt, double* steering) override {
    timer += dt;
    return Vehicle::BeginKinematicStep(dt, steering);
  }

  // The IDM acceleration of `ego` (any object, possibly none) behind
  // `front`, with this vehicle's parameters.
  double Acceleration(const RoadObject* ego, const RoadObject* front) const {
    if (ego == nullptr || ego->kind != Kind::kVehicle) return 0;
    double acceleration = comfort_acc_max * (1 - road->powers.Power(SpeedRatio(*ego), delta));
    if (front != nullptr) {
      // ego.lane_distance_to(front), from the frame's shared coordinates.
      const double d = road->CoordinatesOf(*ego->lane, *front).longitudinal -
                       road->CoordinatesOf(*ego->lane, *ego).longitudinal;
      acceleration -= comfort_acc_max * Square(DesiredGap(*ego, *front) / NotZero(d));
    }
    return acceleration;
  }

  // Its own acceleration's free-road term, asked every frame; and when its
  // lane-change timer is due, the free-road terms MOBIL will ask of the
  // followers on its lane and the side lanes with this vehicle's delta
  // (a scalar np.power each otherwise). The neighbours found for that are
  // kept for Mobil: nothing moves before the frame's Act is over.
  void WantPowers(PowerMemo* powers) const override {
    if (crashed) return;
    powers->Want(SpeedRatio(*this), delta);
    mobil_neighbours_count_ = 0;
    if (!enable_lane_change || lane_index != target_lane_index || !(kLaneChangeDelay < timer)) {
      return;
    }
    mobil_neighbours_frame_ = road->act_frame();
    bool any = false;
    for (const LaneIndex& candidate : network->SideLanes(lane_index)) {
      if (!MobilConsiders(candidate)) continue;
      WantFollowerPower(Neighbours(candidate), powers);
      any = true;
    }
    if (any) WantFollowerPower(Neighbours(lane_index), powers);
  }

  // The free-road term's base: the vehicle's speed over its target speed
  // (capped by its lane's limit).
  static double SpeedRatio(const RoadObject& ego) {
    const auto* controlled = ego.AsControlled();
    double ego_target_speed = controlled != nullptr ? controlled->target_speed : 0.0;
    if (ego.lane != nullptr && ego.lane->speed_limit) {
      ego_target_speed = Clip(ego_target_speed, 0, *ego.lane->speed_limit);
    }
    return std::max(ego.speed, 0.0) / std::abs(NotZero(ego_target_speed));
  }

  double DesiredGap(const RoadObject& ego, const RoadObject& front) const {
    const double d0 = distance_wanted;
    const double tau = time_wanted;
    const double ab = -comfort_acc_max * comfort_acc_min;
    const Vec2 ego_direction = ego.direction();
    const double dv = Dot(ego.speed * ego_direction - front.velocity(), ego_direction);
    return d0 + ego.speed * tau + ego.speed * dv / (2 * std::sqrt(ab));
  }

  double delta = 4.0;
  // The IDM's class constants, which a scenario may set for its traffic
  // (intersection's _make_vehicles sets the class's DISTANCE_WANTED,
  // COMFORT_ACC_MAX and COMFORT_ACC_MIN).
  double distance_wanted = kDistanceWanted;
  double comfort_acc_max = kComfortAccMax;
  double comfort_acc_min = kComfortAccMin;
  double time_wanted = 1.5;
  double politeness = 0.0;
  double lane_change_min_acc_gain = 0.2;
  double lane_change_max_braking_imposed = 2.0;
  double timer = 0.0;
  bool enable_lane_change;

 private:
  using FrontRear = std::pair<RoadObject*, RoadObject*>;

  // road->NeighbourVehicles(*this, lane), remembered for this Act frame.
  FrontRear Neighbours(const LaneIndex& lane) const {
    const bool this_frame = mobil_neighbours_frame_ == road->act_frame();
    if (this_frame) {
      for (int i = 0; i < mobil_neighbours_count_; ++i) {
        if (mobil_neighbours_[i].first == lane) return mobil_neighbours_[i].second;
      }
    }
    const FrontRear found = road->NeighbourVehicles(*this, lane);
    if (this_frame && mobil_neighbours_count_ < static_cast<int>(mobil_neighbours_.size())) {
      mobil_neighbours_[mobil_neighbours_count_++] = {lane, found};
    }
    return found;
  }
  void WantFollowerPower(const FrontRear& neighbours, PowerMemo* powers) const {
    const RoadObject* follower = neighbours.second;
    if (follower != nullptr && follower->kind == Kind::kVehicle) {
      powers->Want(SpeedRatio(*follower), delta);
    }
  }
  // Two side lanes and its own.
  mutable std::array<std::pair<LaneIndex, FrontRear>, 3> mobil_neighbours_;
  mutable int mobil_neighbours_count_ = 0;
  mutable std::uint64_t mobil_neighbours_frame_ = 0;

  void ChangeLanePolicy() {
    if (lane_index != target_lane_index) {
      // Mid-change on the right road: give way to another vehicle already
      // changing into the same lane close ahead.
      if (lane_index.SameRoad(target_lane_index)) {
        for (const auto& other : road->vehicles) {
          const auto* v = other->AsControlled();
          if (other.get() == this || other->lane_index == target_lane_index || v == nullptr ||
              v->target_lane_index != target_lane_index) {
            continue;
          }
          const double d = LaneDistanceTo(other.get());
          const double d_star = DesiredGap(*this, *other);
          if (0 < d && d < d_star) {
            target_lane_index = lane_index;
            break;
          }
        }
      }
      return;
    }
    if (!(kLaneChangeDelay < timer)) return;
    timer = 0;
    for (const LaneIndex& candidate : network->SideLanes(lane_index)) {
      if (MobilConsiders(candidate) && Mobil(candidate)) target_lane_index = candidate;
    }
  }

  // A side lane MOBIL weighs: reachable, and the vehicle moving.
  bool MobilConsiders(const LaneIndex& candidate) const {
    return network->GetLane(candidate).IsReachableFrom(position) && !(std::abs(speed) < 1);
  }

  // MOBIL: change lane if it is safe for the new follower and gains
  // enough acceleration (or follows the route's lane).
  bool Mobil(const LaneIndex& candidate) const {
    auto [new_preceding, new_following] = Neighbours(candidate);
    const double new_following_a = Acceleration(new_following, new_preceding);
    const double new_following_pred_a = Acceleration(new_following, this);
    if (new_following_pred_a < -lane_change_max_braking_imposed) return false;
    auto [old_preceding, old_following] = Neighbours(lane_index);
    const double self_pred_a = Acceleration(this, new_preceding);
    if (route && !route->empty() && route->front().id >= 0) {
      const auto sign = [](int x) { return (x > 0) - (x < 0); };
      if (sign(candidate.id - target_lane_index.id) !=
          sign(route->front().id - target_lane_index.id)) {
        return false;
      }
      if (self_pred_a < -lane_change_max_braking_imposed) return false;
    } else {
      const double self_a = Acceleration(this, old_preceding);
      const double old_following_a = Acceleration(old_following, this);
      const double old_following_pred_a = Acceleration(old_following, old_preceding);
      const double jerk = self_pred_a - self_a +
                          politeness * (new_following_pred_a - new_following_a +
                                        old_following_pred_a - old_following_a);
      if (jerk < lane_change_min_acc_gain) return false;
    }
    return true;
  }
};

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_VEHICLE_IDM_VEHICLE_H_
