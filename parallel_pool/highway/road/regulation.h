// highway-env's RegulatedRoad (road/regulation.py): a road whose traffic
// obeys lane priorities. Twice a simulated second (every
// int(1 / dt / REGULATION_FREQUENCY) steps, before the vehicles move) it
// releases the vehicles that yielded last time, then looks 3 s ahead for
// every pair of vehicles that may meet and stops the one that must give way
// (the lower priority lane, else the one behind); the agent's vehicles never
// yield.
#ifndef PARALLEL_POOL_HIGHWAY_ROAD_REGULATION_H_
#define PARALLEL_POOL_HIGHWAY_ROAD_REGULATION_H_

#include <algorithm>
#include <array>
#include <cstddef>
#include <vector>

#include "parallel_pool/highway/numerics.h"
#include "parallel_pool/highway/road/road.h"
#include "parallel_pool/highway/vehicle/controlled_vehicle.h"
#include "parallel_pool/highway/vehicle/dynamics.h"
#include "parallel_pool/highway/vehicle/vehicle.h"

namespace parallel_pool::highway {

// A rectangle: centre, length, width and angle (utils' rect tuples).
struct Rectangle {
  Vec2 center;
  double length;
  double width;
  double angle;
};

// utils.point_in_rotated_rectangle.
inline bool PointInRotatedRectangle(Vec2 point, const Rectangle& rect) {
  const Vec2 ru = MatVec(Rotation(rect.angle), point - rect.center);
  return -rect.length / 2 <= ru.x && ru.x <= rect.length / 2 && -rect.width / 2 <= ru.y &&
         ru.y <= rect.width / 2;
}

// utils.has_corner_inside: a corner, edge midpoint or the centre of `a`
// (rect_corners with both extras) inside `b`.
inline bool HasCornerInside(const Rectangle& a, const Rectangle& b) {
  const Vec2 half_l{a.length / 2, 0};
  const Vec2 half_w{0, a.width / 2};
  const std::array<Vec2, 9> corners = {-half_l - half_w, -half_l + half_w, half_l + half_w,
                                       half_l - half_w,  Vec2{0, 0},       -half_l,
                                       half_l,           -half_w,          half_w};
  const Mat2 rotation = Rotation(a.angle);
  for (const Vec2& corner : corners) {
    if (PointInRotatedRectangle(MatMulColumn(rotation, corner) + a.center, b)) return true;
  }
  return false;
}

// utils.rotated_rectangles_intersect.
inline bool RotatedRectanglesIntersect(const Rectangle& a, const Rectangle& b) {
  return HasCornerInside(a, b) || HasCornerInside(b, a);
}

class RegulatedRoad : public Road {
 public:
  static constexpr int kRegulationFrequency = 2;
  static constexpr double kYieldDuration = 0.0;
  // is_conflict_possible's horizon and step: np.arange(0.25, 3, 0.25).
  static constexpr int kHorizonSteps = 11;
  static constexpr double kHorizonStep = 0.25;

  using Road::Road;

  void Step(double dt) override {
    ++steps;
    if (steps % static_cast<int>(1 / dt / kRegulationFrequency) == 0) EnforceRoadRules();
    Road::Step(dt);
  }

  // The road's simulation steps so far.
  int steps = 0;

 private:
  struct Trajectory {
    std::array<Vec2, kHorizonSteps> positions;
    std::array<double, kHorizonSteps> headings;
  };

  void EnforceRoadRules() {
    for (auto& v : vehicles) {
      auto* controlled = v->AsControlled();
      if (controlled == nullptr || !controlled->is_yielding) continue;
      if (controlled->yield_timer >= kYieldDuration * kRegulationFrequency) {
        // The reference's lanes here all have a speed limit.
        if (controlled->lane->speed_limit)
          controlled->target_speed = *controlled->lane->speed_limit;
        controlled->is_yielding = false;
      } else {
        ++controlled->yield_timer;
      }
    }
    // Each prediction depends on nothing a yield changes: made once.
    std::vector<Trajectory> predicted;
    predicted.reserve(vehicles.size());
    for (const auto& v : vehicles) predicted.push_back(Predict(*v));
    for (std::size_t i = 0; i + 1 < vehicles.size(); ++i) {
      for (std::size_t j = i + 1; j < vehicles.size(); ++j) {
        if (!IsConflictPossible(predicted[i], predicted[j])) continue;
        RoadObject* yielding = RespectPriorities(vehicles[i].get(), vehicles[j].get());
        auto* controlled = dynamic_cast<ControlledVehicle*>(yielding);
        if (controlled != nullptr && dynamic_cast<MDPVehicle*>(yielding) == nullptr) {
          controlled->target_speed = 0;
          controlled->is_yielding = true;
          controlled->yield_timer = 0;
        }
      }
    }
  }

  // The vehicle that must yield: the one on the lower priority lane, else
  // the one behind.
  static RoadObject* RespectPriorities(RoadObject* v1, RoadObject* v2) {
    if (v1->lane->priority > v2->lane->priority) return v2;
    if (v1->lane->priority < v2->lane->priority) return v1;
    return FrontDistance(*v1, *v2) > FrontDistance(*v2, *v1) ? v1 : v2;
  }
  // front_distance_to.
  static double FrontDistance(const RoadObject& self, const RoadObject& other) {
    return Dot(self.direction(), other.position - self.position);
  }

  // is_conflict_possible: the two predictions close (a quick test of
  // distance first) with enlarged rectangles overlapping at some time.
  static bool IsConflictPossible(const Trajectory& t1, const Trajectory& t2) {
    for (int k = 0; k < kHorizonSteps; ++k) {
      if (Norm(t2.positions[k] - t1.positions[k]) > Vehicle::kLength) continue;
      const Rectangle r1{t1.positions[k], 1.5 * Vehicle::kLength, 0.9 * Vehicle::kWidth,
                         t1.headings[k]};
      const Rectangle r2{t2.positions[k], 1.5 * Vehicle::kLength, 0.9 * Vehicle::kWidth,
                         t2.headings[k]};
      if (RotatedRectanglesIntersect(r1, r2)) return true;
    }
    return false;
  }

  // predict_trajectory_constant_speed at the horizon's times (the road's
  // vehicles are all Vehicles).
  Trajectory Predict(const RoadObject& object) const {
    if (const auto* controlled = object.AsControlled()) {
      return AlongRoute(*controlled);
    }
    if (const auto* dynamical = dynamic_cast<const BicycleVehicle*>(&object)) {
      Trajectory out;
      dynamical->PredictConstantSteering(kHorizonStep, &out.positions, &out.headings);
      return out;
    }
    return ConstantSteering(dynamic_cast<const Vehicle&>(object));
  }

  // ControlledVehicle's: at constant speed along its route (or lane).
  Trajectory AlongRoute(const ControlledVehicle& v) const {
    Trajectory out;
    const double s = v.lane->LocalCoordinates(v.position).longitudinal;
    const Route route = v.route && !v.route->empty() ? *v.route : Route{v.lane_index};
    for (int k = 0; k < kHorizonSteps; ++k) {
      const double t = kHorizonStep + k * kHorizonStep;
      PositionHeadingAlongRoute(route, s + v.speed * t, v.lane_index, &out.positions[k],
                                &out.headings[k]);
    }
    return out;
  }

  // RoadNetwork.position_heading_along_route at lateral 0: a road of the
  // route without a lane id keeps the current lane's id where it can.
  void PositionHeadingAlongRoute(const Route& route, double longitudinal, const LaneIndex& current,
                                 Vec2* position, double* heading) const {
    const auto head = [&](std::size_t i) {
      LaneIndex index = route[i];
      if (index.id < 0) {
        index.id = current.id < network.NumLanes(current.from, current.to) ? current.id : 0;
      }
      return index;
    };
    std::size_t i = 0;
    LaneIndex index = head(i);
    while (route.size() - i > 1 && longitudinal > network.GetLane(index).length) {
      longitudinal -= network.GetLane(index).length;
      index = head(++i);
    }
    const Lane& lane = network.GetLane(index);
    *position = lane.Position(longitudinal, 0);
    *heading = lane.HeadingAt(longitudinal);
  }

  // Vehicle's: a copy driven on with its steering and no acceleration, in
  // steps of the horizon, as Vehicle.step moves it (its clipped command
  // kept from step to step, a pending impact applied, a crash braking).
  static Trajectory ConstantSteering(const Vehicle& vehicle) {
    Trajectory out;
    Vec2 position = vehicle.position;
    double heading = vehicle.heading;
    double speed = vehicle.speed;
    bool crashed = vehicle.crashed;
    bool has_impact = vehicle.impact.has_value();
    const Vec2 impact = vehicle.impact.value_or(Vec2{});
    double steering = vehicle.action.steering;
    double acceleration = 0.0;
    for (int k = 0; k < kHorizonSteps; ++k) {
      const double dt = kHorizonStep;
      if (crashed) {
        steering = 0;
        acceleration = -1.0 * speed;
      }
      if (speed > Vehicle::kMaxSpeed) {
        acceleration = std::min(acceleration, 1.0 * (Vehicle::kMaxSpeed - speed));
      } else if (speed < Vehicle::kMinSpeed) {
        acceleration = std::max(acceleration, 1.0 * (Vehicle::kMinSpeed - speed));
      }
      const double beta = Arctan(1.0 / 2 * Tan(steering));
      const Vec2 v = speed * Vec2{Cos(heading + beta), Sin(heading + beta)};
      position = position + v * dt;
      if (has_impact) {
        position = position + impact;
        crashed = true;
        has_impact = false;
      }
      heading += speed * Sin(beta) / (Vehicle::kLength / 2) * dt;
      speed += acceleration * dt;
      out.positions[k] = position;
      out.headings[k] = heading;
    }
    return out;
  }
};

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_ROAD_REGULATION_H_
