// highway-env's RoadObject (vehicle/objects.py): a rectangle on the road
// with a position, heading and speed, which collides with others. Vehicles,
// obstacles and landmarks are its kinds.
#ifndef PARALLEL_POOL_HIGHWAY_VEHICLE_ROAD_OBJECT_H_
#define PARALLEL_POOL_HIGHWAY_VEHICLE_ROAD_OBJECT_H_

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <utility>

#include "parallel_pool/highway/numerics.h"
#include "parallel_pool/highway/road/road_network.h"

namespace parallel_pool::highway {

class Road;
class ControlledVehicle;

// What one kinematic bicycle step (Vehicle.step) asks NumPy:
// beta = arctan(tan(steering) / 2), cos and sin of heading + beta, sin(beta).
struct KinematicTrig {
  double beta;
  double cos_course;
  double sin_course;
  double sin_beta;
};

class RoadObject {
 public:
  enum class Kind { kVehicle, kObstacle, kLandmark };

  RoadObject(Road* road, const RoadNetwork* network, Vec2 position, double heading, double speed,
             Kind kind, double length = 2.0, double width = 2.0)
      : road(road),
        network(network),
        position(position),
        heading(heading),
        speed(speed),
        kind(kind),
        length(length),
        width(width),
        diagonal(std::sqrt(length * length + width * width)) {
    if (kind == Kind::kLandmark) solid = false;
    if (kind != Kind::kVehicle) impact = Vec2{0.0, 0.0};
    if (network != nullptr) {
      lane_index = network->ClosestLaneIndex(position, heading);
      lane = &network->GetLane(lane_index);
    }
  }
  virtual ~RoadObject() = default;
  RoadObject(const RoadObject&) = delete;
  RoadObject& operator=(const RoadObject&) = delete;

  // The decision and the integration of one simulation step (objects keep
  // still: only vehicles act).
  // The object as a ControlledVehicle, or null: the driver models ask it
  // for every other vehicle, and a dynamic_cast across the module's type
  // names compares strings.
  virtual const ControlledVehicle* AsControlled() const { return nullptr; }
  virtual ControlledVehicle* AsControlled() { return nullptr; }

  virtual void Act() {}
  // Before any object acts in a frame: what its Act will surely ask of
  // `powers` (Road::Act computes them in one call).
  virtual void WantPowers(PowerMemo* /*powers*/) const {}
  virtual void Step(double /*dt*/) {}
  // Step split around its NumPy calls, so that Road::Step makes each call
  // once for all its vehicles (elementwise, so the same values). Begin does
  // what comes before them and gives the steering angle; false: this object
  // steps otherwise (Step).
  virtual bool BeginKinematicStep(double /*dt*/, double* /*steering*/) { return false; }
  // Finish moves the object; its closest lane is then found for all of
  // the batch's objects together (kinematic_step.h).
  virtual void FinishKinematicStep(double /*dt*/, const KinematicTrig& /*trig*/) {}

  // [cos(heading), sin(heading)], NumPy's values, computed again only when
  // the heading's bits changed (-0.0 is not 0.0 here: sin keeps the sign):
  // the driver models ask it many times a frame.
  Vec2 direction() const {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &heading, sizeof bits);
    if (!direction_valid_ || bits != direction_heading_bits_) {
      direction_ = Direction(heading);
      direction_heading_bits_ = bits;
      direction_valid_ = true;
    }
    return direction_;
  }
  Vec2 velocity() const { return speed * direction(); }

  // The rectangle's corners, closed (the first repeated last).
  std::array<Vec2, 5> Polygon() const {
    const Vec2 d = direction();
    const Mat2 rotation = {{{d.x, -d.y}, {d.y, d.x}}};  // Rotation(heading)
    const double hl = length / 2;
    const double hw = width / 2;
    const Vec2 local[4] = {{-hl, -hw}, {-hl, hw}, {hl, hw}, {hl, -hw}};
    std::array<Vec2, 5> points;
    for (int i = 0; i < 4; ++i) {
      // rotation @ points (dgemm), then + position.
      points[i] = MatMulColumn(rotation, local[i]) + position;
    }
    points[4] = points[0];
    return points;
  }

  // The signed distance to `other` along `lane` (this object's by default).
  double LaneDistanceTo(const RoadObject* other, const Lane* along = nullptr) const {
    if (other == nullptr) return std::nan("");
    if (along == nullptr) along = lane;
    return along->LocalCoordinates(other->position).longitudinal -
           along->LocalCoordinates(position).longitudinal;
  }
  bool OnRoad() const { return lane->OnLane(position); }
  // on_state_update's lane: the network's closest lane (ClosestLane,
  // ClosestLanes), which a network without lanes does not have.
  void SetClosestLane(const std::pair<LaneIndex, const Lane*>& closest) {
    if (closest.second == nullptr) throw std::out_of_range("lane id");
    lane_index = closest.first;
    lane = closest.second;
  }
  // network.get_lane(index): its own lane at hand when it is that one (the
  // driver models ask it several times a frame).
  const Lane& LaneOf(const LaneIndex& index) const {
    if (lane != nullptr && index == lane_index) return *lane;
    return network->GetLane(index);
  }

  Road* road;
  const RoadNetwork* network;
  Vec2 position;
  double heading;
  double speed;
  Kind kind;
  double length;
  double width;
  double diagonal;
  LaneIndex lane_index;
  const Lane* lane = nullptr;
  bool collidable = true;
  bool solid = true;
  bool check_collisions = true;
  bool crashed = false;
  bool hit = false;
  // The colour a scenario gives an object to be drawn in (highway-env's
  // `color` attribute: parking's agents), if any.
  std::optional<std::array<std::uint8_t, 3>> color;
  // A vehicle's pending impact is None until a collision sets it.
  std::optional<Vec2> impact;
  // Its place in its road's vehicles + objects, set when Road::Act starts
  // (the frame's shared lane coordinates are kept by that place).
  std::size_t road_index = 0;

 private:
  mutable bool direction_valid_ = false;
  mutable std::uint64_t direction_heading_bits_ = 0;
  mutable Vec2 direction_;
};

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_VEHICLE_ROAD_OBJECT_H_
