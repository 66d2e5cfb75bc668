// highway-env's lanes (road/lane.py): a centre curve with a width, in lane
// coordinates (longitudinal along the curve, lateral to its left).
#ifndef PARALLEL_POOL_HIGHWAY_ROAD_LANE_H_
#define PARALLEL_POOL_HIGHWAY_ROAD_LANE_H_

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "parallel_pool/highway/numerics.h"

namespace parallel_pool::highway {

enum class LineType { kNone = 0, kStriped = 1, kContinuous = 2, kContinuousLine = 3 };

struct LaneCoordinates {
  double longitudinal;
  double lateral;
};

// AbstractLane.DEFAULT_WIDTH.
inline constexpr double kDefaultLaneWidth = 4.0;

// Common lane options (the keyword arguments every lane kind takes).
struct LaneOptions {
  double width = kDefaultLaneWidth;
  std::array<LineType, 2> line_types = {LineType::kStriped, LineType::kStriped};
  bool forbidden = false;
  std::optional<double> speed_limit = 20.0;
  int priority = 0;
};

// What every lane kind shares: AbstractLane.
class Lane {
 public:
  static constexpr double kDefaultWidth = kDefaultLaneWidth;
  static constexpr double kVehicleLength = 5.0;

  virtual ~Lane() = default;
  virtual Vec2 Position(double longitudinal, double lateral) const = 0;
  virtual LaneCoordinates LocalCoordinates(Vec2 position) const = 0;
  virtual double HeadingAt(double longitudinal) const = 0;
  // LocalCoordinates of each of n positions (Road::Act asks every object's
  // on a lane at once).
  virtual void LocalCoordinatesOf(const Vec2* positions, std::size_t n,
                                  LaneCoordinates* out) const {
    EachLocalCoordinates(positions, n, out);
  }
  double WidthAt(double /*longitudinal*/) const { return width; }

  // on_lane with the coordinates already known.
  bool OnLane(double longitudinal, double lateral, double margin = 0.0) const {
    return std::abs(lateral) <= WidthAt(longitudinal) / 2 + margin &&
           -kVehicleLength <= longitudinal && longitudinal < length + kVehicleLength;
  }
  bool OnLane(Vec2 position) const {
    const LaneCoordinates c = LocalCoordinates(position);
    return OnLane(c.longitudinal, c.lateral);
  }
  bool IsReachableFrom(Vec2 position) const {
    if (forbidden) return false;
    const LaneCoordinates c = LocalCoordinates(position);
    return std::abs(c.lateral) <= 2 * WidthAt(c.longitudinal) && 0 <= c.longitudinal &&
           c.longitudinal < length + kVehicleLength;
  }
  bool AfterEnd(Vec2 position) const {
    return LocalCoordinates(position).longitudinal > length - kVehicleLength / 2;
  }
  // The L1 distance from a position to the lane.
  double Distance(Vec2 position) const {
    const LaneCoordinates c = LocalCoordinates(position);
    return std::abs(c.lateral) + std::max(c.longitudinal - length, 0.0) +
           std::max(0 - c.longitudinal, 0.0);
  }
  double DistanceWithHeading(Vec2 position, double heading, double heading_weight = 1.0) const {
    return DistanceWithHeading(LocalCoordinates(position), heading, heading_weight);
  }
  // The same from the position's coordinates on this lane.
  double DistanceWithHeading(const LaneCoordinates& c, double heading,
                             double heading_weight = 1.0) const {
    return DistanceWithAngle(c, LocalAngle(heading, c.longitudinal), heading_weight);
  }
  // ... given the local angle.
  double DistanceWithAngle(const LaneCoordinates& c, double local_angle,
                           double heading_weight = 1.0) const {
    return std::abs(c.lateral) + std::max(c.longitudinal - length, 0.0) +
           std::max(0 - c.longitudinal, 0.0) + heading_weight * std::abs(local_angle);
  }
  // DistanceWithHeading of each of n vehicles from their coordinates on
  // this lane (RoadNetwork::ClosestLanes asks a lane for all at once).
  virtual void DistancesWithHeading(const LaneCoordinates* coordinates, const double* headings,
                                    std::size_t n, double* out) const {
    EachDistanceWithHeading(coordinates, headings, n, out);
  }
  void EachDistanceWithHeading(const LaneCoordinates* coordinates, const double* headings,
                               std::size_t n, double* out) const {
    for (std::size_t i = 0; i < n; ++i) out[i] = DistanceWithHeading(coordinates[i], headings[i]);
  }
  double LocalAngle(double heading, double longitudinal) const {
    return WrapToPi(heading - HeadingAt(longitudinal));
  }

  void EachLocalCoordinates(const Vec2* positions, std::size_t n, LaneCoordinates* out) const {
    for (std::size_t i = 0; i < n; ++i) out[i] = LocalCoordinates(positions[i]);
  }

  void SetOptions(const LaneOptions& options) {
    width = options.width;
    line_types = options.line_types;
    forbidden = options.forbidden;
    speed_limit = options.speed_limit;
    priority = options.priority;
  }

  // Road::Act's coordinates of every object on this lane, for one frame of
  // one road (road.h's CoordinatesOn).
  mutable std::vector<LaneCoordinates> shared_coordinates;
  mutable std::uint64_t shared_frame = 0;
  mutable const void* shared_road = nullptr;
  // The same frame's objects on this lane (within a margin), by longitudinal
  // coordinate then index (road.h's NeighbourVehicles).
  struct Occupant {
    double longitudinal;
    std::size_t index;
  };
  mutable std::vector<Occupant> shared_occupants;
  mutable std::uint64_t occupants_frame = 0;
  mutable const void* occupants_road = nullptr;

  double length = 0.0;
  double width = kDefaultWidth;
  std::array<LineType, 2> line_types = {LineType::kStriped, LineType::kStriped};
  bool forbidden = false;
  std::optional<double> speed_limit = 20.0;
  int priority = 0;
};

class StraightLane : public Lane {
 public:
  StraightLane(Vec2 start, Vec2 end, const LaneOptions& options = {}) : start_(start), end_(end) {
    SetOptions(options);
    heading_ = Arctan2(end.y - start.y, end.x - start.x);
    length = Norm(end - start);
    direction_ = (end - start) / length;
    direction_lateral_ = {-direction_.y, direction_.x};
  }
  Vec2 Position(double longitudinal, double lateral) const override {
    return start_ + longitudinal * direction_ + lateral * direction_lateral_;
  }
  LaneCoordinates LocalCoordinates(Vec2 position) const override {
    const Vec2 c = Dots(position - start_, direction_, direction_lateral_);
    return {c.x, c.y};
  }
  double HeadingAt(double /*longitudinal*/) const override { return heading_; }
  void LocalCoordinatesOf(const Vec2* positions, std::size_t n,
                          LaneCoordinates* out) const override {
    DotsFrom(positions, n, start_, direction_, direction_lateral_, out);
  }
  // DistanceWithHeading, the lane's heading the same everywhere.
  void DistancesWithHeading(const LaneCoordinates* coordinates, const double* headings,
                            std::size_t n, double* out) const override {
    for (std::size_t i = 0; i < n; ++i) {
      out[i] = DistanceWithAngle(coordinates[i], WrapToPi(headings[i] - heading_));
    }
  }
  Vec2 start() const { return start_; }
  Vec2 end() const { return end_; }

 private:
  Vec2 start_;
  Vec2 end_;
  double heading_;
  Vec2 direction_;
  Vec2 direction_lateral_;
};

// A straight lane with a sinusoidal lateral offset.
class SineLane : public StraightLane {
 public:
  SineLane(Vec2 start, Vec2 end, double amplitude, double pulsation, double phase,
           const LaneOptions& options = {})
      : StraightLane(start, end, options),
        amplitude_(amplitude),
        pulsation_(pulsation),
        phase_(phase) {}
  Vec2 Position(double longitudinal, double lateral) const override {
    return StraightLane::Position(longitudinal,
                                  lateral + amplitude_ * Sin(pulsation_ * longitudinal + phase_));
  }
  double HeadingAt(double longitudinal) const override {
    return StraightLane::HeadingAt(longitudinal) +
           Arctan(amplitude_ * pulsation_ * Cos(pulsation_ * longitudinal + phase_));
  }
  LaneCoordinates LocalCoordinates(Vec2 position) const override {
    const LaneCoordinates c = StraightLane::LocalCoordinates(position);
    return {c.longitudinal, c.lateral - amplitude_ * Sin(pulsation_ * c.longitudinal + phase_)};
  }
  void LocalCoordinatesOf(const Vec2* positions, std::size_t n,
                          LaneCoordinates* out) const override {
    EachLocalCoordinates(positions, n, out);
  }
  void DistancesWithHeading(const LaneCoordinates* coordinates, const double* headings,
                            std::size_t n, double* out) const override {
    EachDistanceWithHeading(coordinates, headings, n, out);
  }

 private:
  double amplitude_;
  double pulsation_;
  double phase_;
};

// A circle arc from start_phase to end_phase.
class CircularLane : public Lane {
 public:
  CircularLane(Vec2 center, double radius, double start_phase, double end_phase, bool clockwise,
               const LaneOptions& options = {})
      : center_(center),
        radius_(radius),
        start_phase_(start_phase),
        direction_(clockwise ? 1 : -1) {
    SetOptions(options);
    length = radius * (end_phase - start_phase) * direction_;
  }
  Vec2 Position(double longitudinal, double lateral) const override {
    const double phi = direction_ * longitudinal / radius_ + start_phase_;
    return center_ + (radius_ - lateral * direction_) * Vec2{Cos(phi), Sin(phi)};
  }
  double HeadingAt(double longitudinal) const override {
    const double phi = direction_ * longitudinal / radius_ + start_phase_;
    return phi + kPi / 2 * direction_;
  }
  LaneCoordinates LocalCoordinates(Vec2 position) const override {
    const Vec2 delta = position - center_;
    double phi = Arctan2(delta.y, delta.x);
    phi = start_phase_ + WrapToPi(phi - start_phase_);
    const double r = Norm(delta);
    return {direction_ * (phi - start_phase_) * radius_, direction_ * (radius_ - r)};
  }
  Vec2 center() const { return center_; }
  double radius() const { return radius_; }

 private:
  Vec2 center_;
  double radius_;
  double start_phase_;
  double direction_;
};

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_ROAD_LANE_H_
