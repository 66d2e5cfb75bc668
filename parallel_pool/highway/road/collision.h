// utils.are_polygons_intersecting: the separating axis test of two convex
// polygons, now and after their displacements, with the smallest
// translation that separates them.
#ifndef PARALLEL_POOL_HIGHWAY_ROAD_COLLISION_H_
#define PARALLEL_POOL_HIGHWAY_ROAD_COLLISION_H_

#include <array>
#include <cmath>
#include <limits>

#include "parallel_pool/highway/numerics.h"

namespace parallel_pool::highway {

struct CollisionTest {
  bool intersecting = false;
  bool will_intersect = false;
  Vec2 translation;  // valid when will_intersect
};

namespace internal {
struct Interval {
  double min;
  double max;
};
inline Interval ProjectPolygon(const std::array<Vec2, 5>& polygon, Vec2 axis) {
  Interval p{0.0, 0.0};
  bool first = true;
  for (const Vec2& point : polygon) {
    const double projected = Dot(point, axis);
    if (first || projected < p.min) p.min = projected;
    if (first || projected > p.max) p.max = projected;
    first = false;
  }
  return p;
}
inline double IntervalDistance(Interval a, Interval b) {
  return a.min < b.min ? b.min - a.max : a.min - b.max;
}
// The mean of a closed polygon's 4 corners (a[:-1].mean(axis=0)).
inline Vec2 Center(const std::array<Vec2, 5>& p) {
  return {(((p[0].x + p[1].x) + p[2].x) + p[3].x) / 4, (((p[0].y + p[1].y) + p[2].y) + p[3].y) / 4};
}
}  // namespace internal

inline CollisionTest PolygonsIntersecting(const std::array<Vec2, 5>& a,
                                          const std::array<Vec2, 5>& b, Vec2 displacement_a,
                                          Vec2 displacement_b) {
  CollisionTest result{true, true, {}};
  double min_distance = std::numeric_limits<double>::infinity();
  Vec2 translation_axis;
  bool have_axis = false;
  for (const std::array<Vec2, 5>* polygon : {&a, &b}) {
    // The reference's break leaves this polygon's loop only.
    for (int i = 0; i + 1 < 5; ++i) {
      const Vec2 p1 = (*polygon)[i];
      const Vec2 p2 = (*polygon)[i + 1];
      Vec2 normal{-p2.y + p1.y, p2.x - p1.x};
      normal = normal / Norm(normal);
      internal::Interval pa = internal::ProjectPolygon(a, normal);
      const internal::Interval pb = internal::ProjectPolygon(b, normal);
      if (internal::IntervalDistance(pa, pb) > 0) result.intersecting = false;
      const double velocity_projection = Dot(normal, displacement_a - displacement_b);
      if (velocity_projection < 0) {
        pa.min += velocity_projection;
      } else {
        pa.max += velocity_projection;
      }
      const double distance = internal::IntervalDistance(pa, pb);
      if (distance > 0) result.will_intersect = false;
      if (!result.intersecting && !result.will_intersect) break;
      if (std::abs(distance) < min_distance) {
        min_distance = std::abs(distance);
        const Vec2 d = internal::Center(a) - internal::Center(b);
        translation_axis = Dot(d, normal) > 0 ? normal : -normal;
        have_axis = true;
      }
    }
  }
  if (result.will_intersect && have_axis) result.translation = min_distance * translation_axis;
  return result;
}

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_ROAD_COLLISION_H_
