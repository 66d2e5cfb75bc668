// The Box2D build works: a body falls as Box2D's integrator says (semi-implicit
// Euler: v += h * g, then x += h * v), and a box dropped on the ground comes to
// rest on it (contacts, the solver, sleeping). What the Box2D family draws and
// steps is tested against gymnasium in the family's own tests.
#include <Box2D/Box2D.h>
#include <gtest/gtest.h>

namespace {

constexpr float kStep = 1.0f / 60.0f;

TEST(Box2dBuildTest, FreeFallIsSemiImplicitEuler) {
  b2World world(b2Vec2(0.0f, -10.0f));
  b2BodyDef def;
  def.type = b2_dynamicBody;
  def.position.Set(0.0f, 100.0f);
  b2Body* body = world.CreateBody(&def);
  b2CircleShape circle;
  circle.m_radius = 0.5f;
  body->CreateFixture(&circle, 1.0f);
  double y = 100.0;
  double v = 0.0;
  for (int i = 0; i < 60; ++i) {
    world.Step(kStep, 6, 2);
    v += kStep * -10.0;
    y += kStep * v;
  }
  EXPECT_NEAR(body->GetLinearVelocity().y, v, 1e-4);
  EXPECT_NEAR(body->GetPosition().y, y, 1e-3);
  EXPECT_FLOAT_EQ(body->GetPosition().x, 0.0f);
}

TEST(Box2dBuildTest, ABoxComesToRestOnTheGround) {
  b2World world(b2Vec2(0.0f, -10.0f));
  b2BodyDef ground_def;
  b2Body* ground = world.CreateBody(&ground_def);
  b2EdgeShape edge;
  edge.Set(b2Vec2(-20.0f, 0.0f), b2Vec2(20.0f, 0.0f));
  ground->CreateFixture(&edge, 0.0f);
  b2BodyDef def;
  def.type = b2_dynamicBody;
  def.position.Set(0.0f, 4.0f);
  b2Body* box = world.CreateBody(&def);
  b2PolygonShape shape;
  shape.SetAsBox(0.5f, 0.5f);
  box->CreateFixture(&shape, 1.0f);
  for (int i = 0; i < 240; ++i) world.Step(kStep, 6, 2);
  EXPECT_NEAR(box->GetPosition().y, 0.5f, 0.02f);  // its half height above the ground
  EXPECT_NEAR(box->GetAngle(), 0.0f, 1e-3f);
  EXPECT_LT(box->GetLinearVelocity().Length(), 1e-2f);
  EXPECT_GT(world.GetContactCount(), 0);
}

}  // namespace
