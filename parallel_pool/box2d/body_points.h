// A Box2D body's points as gymnasium's LunarLander and BipedalWalker draw
// them: pybox2d's `transform * vertex * SCALE`, Box2D's float b2Mul, then a
// float product.
#ifndef PARALLEL_POOL_BOX2D_BODY_POINTS_H_
#define PARALLEL_POOL_BOX2D_BODY_POINTS_H_

#include <vector>

#include "Box2D/Box2D.h"
#include "parallel_pool/image/canvas.h"

namespace parallel_pool::box2d {

// pybox2d's transform * v * SCALE: b2Mul and the product in float.
inline image::Point ScaledPoint(const b2Transform& xf, const b2Vec2& v, double scale) {
  const b2Vec2 p = b2Mul(xf, v);
  const auto s = static_cast<float>(scale);
  return {p.x * s, p.y * s};
}

// [trans * v * SCALE for v in f.shape.vertices] of the body's (first and
// only) fixture, a polygon, into `path`.
inline void PolygonPoints(const b2Body* body, double scale, std::vector<image::Point>* path) {
  const auto* shape = static_cast<const b2PolygonShape*>(body->GetFixtureList()->GetShape());
  path->clear();
  for (int k = 0; k < shape->m_count; ++k) {
    path->push_back(ScaledPoint(body->GetTransform(), shape->m_vertices[k], scale));
  }
}

}  // namespace parallel_pool::box2d

#endif  // PARALLEL_POOL_BOX2D_BODY_POINTS_H_
