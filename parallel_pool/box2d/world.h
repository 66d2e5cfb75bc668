// NewWorld: a b2World, made safe to create on many threads at once.
//
// Box2D 2.3.2 fills two static tables the first time they are needed, with
// no synchronisation: b2BlockAllocator's block-size lookup (in its
// constructor, so in every b2World's) and b2Contact's shape-pair registers
// (at the first contact). Envs building worlds and stepping them on the
// pool's worker threads would race there (ThreadSanitizer reports it). The
// first NewWorld builds a world with a contact and steps it, inside a static
// initializer, which C++ runs exactly once while other threads wait: every
// later world finds the tables filled, and only reads them.
#ifndef PARALLEL_POOL_BOX2D_WORLD_H_
#define PARALLEL_POOL_BOX2D_WORLD_H_

#include <memory>

#include "Box2D/Box2D.h"

namespace parallel_pool::box2d {

inline bool FillBox2dStaticTables() {
  b2World world(b2Vec2(0.0F, -10.0F));
  b2CircleShape circle;
  circle.m_radius = 1.0F;
  for (int i = 0; i < 2; ++i) {  // two overlapping bodies: a contact
    b2BodyDef def;
    def.type = b2_dynamicBody;
    b2Body* body = world.CreateBody(&def);
    body->CreateFixture(&circle, 1.0F);
  }
  world.Step(1.0F / 60.0F, 1, 1);
  return world.GetContactCount() > 0;
}

inline std::unique_ptr<b2World> NewWorld(const b2Vec2& gravity) {
  [[maybe_unused]] static const bool filled = FillBox2dStaticTables();
  return std::make_unique<b2World>(gravity);
}

}  // namespace parallel_pool::box2d

#endif  // PARALLEL_POOL_BOX2D_WORLD_H_
