// highway-env's LidarObservation (envs/common/observation.py): `cells`
// angular sectors around the agent's vehicle, each with the distance to the
// nearest solid object's rectangle in it (maximum_range where none) and
// that object's speed relative to the agent along the sector's direction,
// float32 as the reference's grid is, divided by maximum_range if
// normalized.
#ifndef PARALLEL_POOL_HIGHWAY_OBSERVATION_LIDAR_H_
#define PARALLEL_POOL_HIGHWAY_OBSERVATION_LIDAR_H_

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "parallel_pool/highway/numerics.h"
#include "parallel_pool/highway/observation/observer.h"

namespace parallel_pool::highway {

class LidarObserver : public Observer {
 public:
  LidarObserver(int cells, double maximum_range, bool normalize)
      : cells_(cells),
        maximum_range_(maximum_range),
        normalize_(normalize),
        angle_(2 * kPi / cells) {}

  void Observe(Simulation& sim, float* out) override {
    const Vehicle& ego = *sim.vehicle();
    const Vec2 origin = ego.position;
    const Vec2 origin_velocity = ego.velocity();
    // np.ones(..., float32) * maximum_range.
    std::vector<std::array<float, 2>> grid(
        cells_, {static_cast<float>(maximum_range_), static_cast<float>(maximum_range_)});
    const auto trace = [&](const RoadObject& obstacle) {
      if (&obstacle == &ego || !obstacle.solid) return;
      const double center_distance = Norm(obstacle.position - origin);
      if (center_distance > maximum_range_) return;
      const int center_index = AngleToIndex(PositionToAngle(obstacle.position, origin));
      const double distance = center_distance - obstacle.width / 2;
      if (distance <= grid[center_index][0]) {
        const Vec2 direction = IndexToDirection(center_index);
        const double velocity = Dot(obstacle.velocity() - origin_velocity, direction);
        grid[center_index] = {static_cast<float>(distance), static_cast<float>(velocity)};
      }
      // The sectors the rectangle spans.
      const std::array<Vec2, 4> corners = Corners(obstacle);
      // Python's min and max: the first extreme.
      double min_angle = PositionToAngle(corners[0], origin);
      double max_angle = min_angle;
      for (int k = 1; k < 4; ++k) {
        const double a = PositionToAngle(corners[k], origin);
        if (a < min_angle) min_angle = a;
        if (a > max_angle) max_angle = a;
      }
      if (min_angle < -kPi / 2 && kPi / 2 < max_angle) {
        const double wrapped_min = max_angle;
        max_angle = min_angle + 2 * kPi;
        min_angle = wrapped_min;
      }
      const int start = AngleToIndex(min_angle);
      const int end = AngleToIndex(max_angle);
      std::vector<int> indexes;
      if (start < end) {
        for (int i = start; i <= end; ++i) indexes.push_back(i);
      } else {
        for (int i = start; i < cells_; ++i) indexes.push_back(i);
        for (int i = 0; i <= end; ++i) indexes.push_back(i);
      }
      for (int index : indexes) {
        const Vec2 direction = IndexToDirection(index);
        const Vec2 far = origin + maximum_range_ * direction;
        const double d = DistanceToRect(origin, far, corners);
        if (d <= grid[index][0]) {
          const double velocity = Dot(obstacle.velocity() - origin_velocity, direction);
          grid[index] = {static_cast<float>(d), static_cast<float>(velocity)};
        }
      }
    };
    for (const auto& v : sim.road->vehicles) trace(*v);
    for (const auto& o : sim.road->objects) trace(*o);
    const auto range = static_cast<float>(maximum_range_);
    for (int i = 0; i < cells_; ++i) {
      for (int k = 0; k < 2; ++k) out[2 * i + k] = normalize_ ? grid[i][k] / range : grid[i][k];
    }
  }

 private:
  double PositionToAngle(Vec2 position, Vec2 origin) const {
    return Arctan2(position.y - origin.y, position.x - origin.x) + angle_ / 2;
  }
  // int(np.floor(angle / self.angle)) % cells.
  int AngleToIndex(double angle) const {
    const auto index = static_cast<std::int64_t>(std::floor(angle / angle_));
    const std::int64_t mod = index % cells_;
    return static_cast<int>(mod < 0 ? mod + cells_ : mod);
  }
  Vec2 IndexToDirection(int index) const { return {Cos(index * angle_), Sin(index * angle_)}; }

  // utils.rect_corners: rotation @ corners.T, then + center.
  static std::array<Vec2, 4> Corners(const RoadObject& o) {
    const Mat2 rotation = Rotation(o.heading);
    const double hl = o.length / 2;
    const double hw = o.width / 2;
    const Vec2 local[4] = {{-hl, -hw}, {-hl, hw}, {hl, hw}, {hl, -hw}};
    std::array<Vec2, 4> corners;
    for (int k = 0; k < 4; ++k) corners[k] = MatMulColumn(rotation, local[k]) + o.position;
    return corners;
  }

  // utils.interval_distance.
  static double IntervalDistance(double min_a, double max_a, double min_b, double max_b) {
    return min_a < min_b ? min_b - max_a : min_a - max_b;
  }

  // utils.distance_to_rect of the segment r -> q and the rectangle abcd.
  static double DistanceToRect(Vec2 r, Vec2 q, const std::array<Vec2, 4>& rect) {
    const Vec2 a = rect[0];
    const Vec2 b = rect[1];
    const Vec2 d = rect[3];
    Vec2 u = b - a;
    Vec2 v = d - a;
    u = u / Norm(u);
    v = v / Norm(v);
    const double rqu = Dot(q - r, u);
    const double rqv = Dot(q - r, v);
    std::array<double, 2> i1 = {Dot(a - r, u) / rqu, Dot(b - r, u) / rqu};
    std::array<double, 2> i2 = {Dot(a - r, v) / rqv, Dot(d - r, v) / rqv};
    if (!(rqu >= 0)) std::swap(i1[0], i1[1]);
    if (!(rqv >= 0)) std::swap(i2[0], i2[1]);
    if (IntervalDistance(i1[0], i1[1], i2[0], i2[1]) <= 0 &&
        IntervalDistance(0, 1, i1[0], i1[1]) <= 0 && IntervalDistance(0, 1, i2[0], i2[1]) <= 0) {
      // Python's max: the first unless the second is greater.
      const double m = i2[0] > i1[0] ? i2[0] : i1[0];
      return m * Norm(q - r);
    }
    return std::numeric_limits<double>::infinity();
  }

  int cells_;
  double maximum_range_;
  bool normalize_;
  double angle_;
};

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_OBSERVATION_LIDAR_H_
