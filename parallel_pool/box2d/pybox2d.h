// What gymnasium's Box2D envs get from pybox2d beyond Box2D itself, so that
// the worlds here are built with the very values theirs are.
#ifndef PARALLEL_POOL_BOX2D_PYBOX2D_H_
#define PARALLEL_POOL_BOX2D_PYBOX2D_H_

#include "Box2D/Box2D.h"

namespace parallel_pool::box2d {

// A point or vector from Python floats, as pybox2d passes it to Box2D:
// each double rounded to float.
inline b2Vec2 Vec(double x, double y) { return {static_cast<float>(x), static_cast<float>(y)}; }

// pybox2d's revoluteJointDef(bodyA=a, bodyB=b, ...): with both bodies given,
// it sets the reference angle to b.angle - a.angle (in Python doubles),
// where Box2D's own default is 0. Two bodies made at different angles (the
// walkers' and landers' legs) start with their joint at angle 0.
inline b2RevoluteJointDef RevoluteJointDef(b2Body* a, b2Body* b) {
  b2RevoluteJointDef def;
  def.bodyA = a;
  def.bodyB = b;
  def.referenceAngle = static_cast<float>(static_cast<double>(b->GetAngle()) - a->GetAngle());
  return def;
}

}  // namespace parallel_pool::box2d

#endif  // PARALLEL_POOL_BOX2D_PYBOX2D_H_
