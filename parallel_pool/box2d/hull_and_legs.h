// The parts LunarLander and BipedalWalker build alike in gymnasium (their
// reset() code is the same there but for the values): a polygon hull, box
// legs, and revolute joints with a motor and limits. Every value is passed to
// Box2D as pybox2d passes it (pybox2d.h), so the bodies are the reference's.
#ifndef PARALLEL_POOL_BOX2D_HULL_AND_LEGS_H_
#define PARALLEL_POOL_BOX2D_HULL_AND_LEGS_H_

#include <array>
#include <cstddef>
#include <cstdint>

#include "Box2D/Box2D.h"
#include "parallel_pool/box2d/pybox2d.h"

namespace parallel_pool::box2d {

// The hull: a dynamic body at (x, y) with one fixture, `poly` (in pixels)
// divided by `scale`, density 5, friction 0.1, no restitution, in `category`
// and colliding with the ground only.
template <std::size_t N>
b2Body* CreateHull(b2World* world, double x, double y,
                   const std::array<std::array<double, 2>, N>& poly, double scale,
                   std::uint16_t category) {
  b2BodyDef body_def;
  body_def.type = b2_dynamicBody;
  body_def.position = Vec(x, y);
  b2Body* hull = world->CreateBody(&body_def);
  std::array<b2Vec2, N> vertices;
  for (std::size_t k = 0; k < N; ++k) vertices[k] = Vec(poly[k][0] / scale, poly[k][1] / scale);
  b2PolygonShape shape;
  shape.Set(vertices.data(), static_cast<int>(N));
  b2FixtureDef fixture;
  fixture.shape = &shape;
  fixture.density = 5.0F;
  fixture.friction = 0.1F;
  fixture.filter.categoryBits = category;
  fixture.filter.maskBits = 0x001;  // collide only with ground
  fixture.restitution = 0.0F;
  hull->CreateFixture(&fixture);
  return hull;
}

// A leg part: a dynamic box of half sizes (half_w, half_h) at (x, y), turned
// by `angle`, density 1, no restitution, in category 0x0020 and colliding
// with the ground only.
inline b2Body* CreateLeg(b2World* world, double x, double y, double angle, double half_w,
                         double half_h) {
  b2BodyDef def;
  def.type = b2_dynamicBody;
  def.position = Vec(x, y);
  def.angle = static_cast<float>(angle);
  b2Body* body = world->CreateBody(&def);
  b2PolygonShape box;
  box.SetAsBox(static_cast<float>(half_w), static_cast<float>(half_h));
  b2FixtureDef fixture;
  fixture.shape = &box;
  fixture.density = 1.0F;
  fixture.restitution = 0.0F;
  fixture.filter.categoryBits = 0x0020;
  fixture.filter.maskBits = 0x001;
  body->CreateFixture(&fixture);
  return body;
}

// The angle range and motor of a joint, in pybox2d's Python floats.
struct JointMotor {
  double max_torque;
  double speed;
  double lower;
  double upper;
};

// A revolute joint of `a` and `b` at their local anchors, its motor and its
// limits enabled.
inline b2RevoluteJoint* CreateMotorJoint(b2World* world, b2Body* a, b2Body* b,
                                         const b2Vec2& anchor_a, const b2Vec2& anchor_b,
                                         const JointMotor& motor) {
  b2RevoluteJointDef def = RevoluteJointDef(a, b);
  def.localAnchorA = anchor_a;
  def.localAnchorB = anchor_b;
  def.enableMotor = true;
  def.enableLimit = true;
  def.maxMotorTorque = static_cast<float>(motor.max_torque);
  def.motorSpeed = static_cast<float>(motor.speed);
  def.lowerAngle = static_cast<float>(motor.lower);
  def.upperAngle = static_cast<float>(motor.upper);
  return static_cast<b2RevoluteJoint*>(world->CreateJoint(&def));
}

}  // namespace parallel_pool::box2d

#endif  // PARALLEL_POOL_BOX2D_HULL_AND_LEGS_H_
