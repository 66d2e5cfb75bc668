// BipedalWalkerSim: gymnasium's BipedalWalker (v3, and its hardcore terrain)
// on Box2D 2.3.2, the Box2D of gymnasium's pybox2d wheel, with every value
// gymnasium draws from np_random drawn as it draws it.
//
// Unlike LunarLander, gymnasium keeps one b2World for the env's life and
// destroys the episode's bodies at each reset (terrain in its reversed list
// order, then the hull, then the four leg parts), so the next episode's
// bodies reuse the freed broad-phase proxies in that order: the world here
// lives as long as the env and is emptied in the same order.
//
// Reset draws: the terrain (grass slopes of np_random.uniform(-1, 1) / 30 per
// step after the start pad; with hardcore, obstacle kinds, pit, stump and
// stair sizes from integers() and random()), the 10 clouds (110 uniform
// draws; only frames show them), the hull's push np_random.uniform(-5, 5);
// then a step with every motor off, as gymnasium's reset() calls step(0).
// Each step sets the four motors (speed sign(a) * 4 or 6, torque 80 * |a|,
// in float32 as NumPy computes them), steps the world 1/50 s (180 velocity,
// 60 position iterations), casts the 10 lidar rays and computes gymnasium's
// state; the fuel cost is summed in float32, as NumPy does for a float32
// action (NEP 50). Terminated: the hull touched the ground or x < 0 (reward
// -100), or the walker reached the end of the terrain.
#ifndef PARALLEL_POOL_BOX2D_BIPEDAL_WALKER_SIM_H_
#define PARALLEL_POOL_BOX2D_BIPEDAL_WALKER_SIM_H_

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "Box2D/Box2D.h"
#include "parallel_pool/box2d/contacts.h"
#include "parallel_pool/box2d/hull_and_legs.h"
#include "parallel_pool/box2d/pybox2d.h"
#include "parallel_pool/box2d/sim_step.h"
#include "parallel_pool/box2d/world.h"
#include "parallel_pool/numpy_exact/numpy_generator.h"

namespace parallel_pool::box2d {

// gymnasium's module constants (bipedal_walker.py).
inline constexpr double kWalkerFps = 50;
inline constexpr double kWalkerScale = 30.0;
inline constexpr double kMotorsTorque = 80;
inline constexpr double kSpeedHip = 4;
inline constexpr double kSpeedKnee = 6;
inline constexpr double kLidarRange = 160 / kWalkerScale;
inline constexpr double kWalkerInitialRandom = 5;
inline constexpr std::array<std::array<double, 2>, 5> kHullPoly{
    {{-30, +9}, {+6, +9}, {+34, +1}, {+34, -8}, {-30, -8}}};
inline constexpr double kWalkerLegDown = -8 / kWalkerScale;
inline constexpr double kWalkerLegW = 8 / kWalkerScale;
inline constexpr double kWalkerLegH = 34 / kWalkerScale;
inline constexpr double kWalkerViewportW = 600;
inline constexpr double kWalkerViewportH = 400;
inline constexpr double kTerrainStep = 14 / kWalkerScale;
inline constexpr int kTerrainLength = 200;  // in steps
inline constexpr double kTerrainHeight = kWalkerViewportH / kWalkerScale / 4;
inline constexpr int kTerrainGrass = 10;
inline constexpr int kTerrainStartpad = 20;
inline constexpr double kFriction = 2.5;
inline constexpr int kLidarRays = 10;

// One of gymnasium's clouds: 5 points in world units and their least and
// greatest x.
struct WalkerCloud {
  std::array<std::array<double, 2>, 5> poly;
  double x1;
  double x2;
};

// A lidar ray of the last step as gymnasium keeps it for its frames: from
// the hull's position to the ground point it hit, or to its far end.
struct LidarRay {
  std::array<double, 2> p1;
  std::array<double, 2> p2;
};

using WalkerStep = SimStep<24>;

class BipedalWalkerSim {
 public:
  explicit BipedalWalkerSim(bool hardcore)
      : hardcore_(hardcore), world_(NewWorld(b2Vec2(0.0F, -10.0F))) {}

  WalkerStep Reset(numpy_exact::NumpyGenerator& np_random) {
    Destroy();
    world_->SetContactListener(&contacts_);
    prev_shaping_.reset();
    GenerateTerrain(np_random);
    GenerateClouds(np_random);
    BuildWalker(np_random);
    // gymnasium's reset() steps with np.array([0, 0, 0, 0]), an int array:
    // every motor off, and a fuel cost of (float64) zero.
    return Step({0.0F, 0.0F, 0.0F, 0.0F}, /*float32_action=*/false);
  }

  // `float32_action`: the action is float32 (the pool's), so NumPy computes
  // the motor torques and the fuel cost in float32.
  WalkerStep Step(const std::array<float, 4>& action, bool float32_action = true) {
    constexpr std::array<double, 4> kSpeed{kSpeedHip, kSpeedKnee, kSpeedHip, kSpeedKnee};
    for (int j = 0; j < 4; ++j) {
      const float a = action[j];
      const float sign = a > 0 ? 1.0F : (a < 0 ? -1.0F : 0.0F);
      joints_[j]->SetMotorSpeed(static_cast<float>(kSpeed[j] * sign));
      joints_[j]->SetMaxMotorTorque(static_cast<float>(kMotorsTorque) *
                                    std::clamp(std::abs(a), 0.0F, 1.0F));
    }
    world_->Step(static_cast<float>(1.0 / kWalkerFps), 6 * 30, 2 * 30);
    const b2Vec2 pos = hull_->GetPosition();
    const b2Vec2 vel = hull_->GetLinearVelocity();
    WalkerStep out;
    std::array<double, 24>& s = out.state;
    s[0] = hull_->GetAngle();
    s[1] = 2.0 * hull_->GetAngularVelocity() / kWalkerFps;
    s[2] = 0.3 * vel.x * (kWalkerViewportW / kWalkerScale) / kWalkerFps;
    s[3] = 0.3 * vel.y * (kWalkerViewportH / kWalkerScale) / kWalkerFps;
    for (int side = 0; side < 2; ++side) {
      const b2RevoluteJoint* hip = joints_[2 * side];
      const b2RevoluteJoint* knee = joints_[2 * side + 1];
      double* leg = &s[4 + 5 * side];
      leg[0] = hip->GetJointAngle();
      leg[1] = hip->GetJointSpeed() / kSpeedHip;
      leg[2] = knee->GetJointAngle() + 1.0;
      leg[3] = knee->GetJointSpeed() / kSpeedKnee;
      leg[4] = contacts_.touching(side) ? 1.0 : 0.0;
    }
    for (int i = 0; i < kLidarRays; ++i) {
      Lidar lidar;
      const double end_x = pos.x + std::sin(1.5 * i / 10.0) * kLidarRange;
      const double end_y = pos.y - std::cos(1.5 * i / 10.0) * kLidarRange;
      world_->RayCast(&lidar, pos, Vec(end_x, end_y));
      s[14 + i] = lidar.fraction;
      lidar_[i] = {{pos.x, pos.y}, lidar.hit ? lidar.point : std::array<double, 2>{end_x, end_y}};
    }
    double shaping = 130 * static_cast<double>(pos.x) / kWalkerScale;
    shaping -= 5.0 * std::abs(s[0]);
    out.reward = FuelCost(prev_shaping_ ? shaping - *prev_shaping_ : 0.0, action, float32_action);
    prev_shaping_ = shaping;
    if (contacts_.game_over() || pos.x < 0) {
      out.reward = -100;
      out.terminated = true;
    }
    if (pos.x > (kTerrainLength - kTerrainGrass) * kTerrainStep) out.terminated = true;
    return out;
  }

  // Whether there is a walker to draw: the first Reset has built it.
  bool started() const { return hull_ != nullptr; }

  // What gymnasium's render() draws.
  const b2Body* hull() const { return hull_; }
  // The hip leg and lower leg, left (gymnasium's i = -1) then right.
  const std::array<b2Body*, 4>& legs() const { return legs_; }
  // gymnasium's self.terrain, in its order (the list reversed once built):
  // the kTerrainLength - 1 edges, last made first, then the obstacles
  // (stumps, pit walls, stairs), last made first.
  const std::vector<b2Body*>& terrain() const { return terrain_; }
  // The ground's points, kTerrainLength of them, in world units.
  const std::vector<double>& terrain_x() const { return terrain_x_; }
  const std::vector<double>& terrain_y() const { return terrain_y_; }
  const std::array<WalkerCloud, kTerrainLength / 20>& clouds() const { return clouds_; }
  const std::array<LidarRay, kLidarRays>& lidar() const { return lidar_; }

 private:
  // gymnasium's LidarCallback: the nearest fixture of the ground (category
  // bit 1; the walker's own parts are 0x20), as the fraction along the ray.
  struct Lidar : public b2RayCastCallback {
    float ReportFixture(b2Fixture* fixture, const b2Vec2& at, const b2Vec2& /*normal*/,
                        float hit_fraction) override {
      if ((fixture->GetFilterData().categoryBits & 1) == 0) return -1;
      fraction = hit_fraction;
      hit = true;
      point = {at.x, at.y};
      return hit_fraction;
    }
    float fraction = 1.0F;
    bool hit = false;
    std::array<double, 2> point{};
  };

  // The fuel cost, `for a in action: reward -= 0.00035 * MOTORS_TORQUE *
  // np.clip(np.abs(a), 0, 1)`, typed as NumPy types it: with float32 actions
  // each term is float32 and the first subtraction makes the reward float32.
  static double FuelCost(double reward, const std::array<float, 4>& action, bool float32_action) {
    constexpr double kRate = 0.00035 * kMotorsTorque;
    if (!float32_action) {  // reset's int zeros: float64 terms of 0
      for (float a : action) reward -= kRate * std::clamp(std::abs(a), 0.0F, 1.0F);
      return reward;
    }
    float r = static_cast<float>(reward);
    for (float a : action) r -= static_cast<float>(kRate) * std::clamp(std::abs(a), 0.0F, 1.0F);
    return r;
  }

  // gymnasium's _destroy: its contact listener is unset first, so destroying
  // touching bodies reports no EndContact.
  void Destroy() {
    if (terrain_.empty()) return;
    world_->SetContactListener(nullptr);
    for (b2Body* body : terrain_) world_->DestroyBody(body);
    terrain_.clear();
    world_->DestroyBody(hull_);
    hull_ = nullptr;
    for (b2Body* body : legs_) world_->DestroyBody(body);
    legs_.fill(nullptr);
    joints_.fill(nullptr);
  }

  b2Body* StaticPolygon(const std::array<std::array<double, 2>, 4>& poly) {
    std::array<b2Vec2, 4> vertices;
    for (int k = 0; k < 4; ++k) vertices[k] = Vec(poly[k][0], poly[k][1]);
    b2PolygonShape shape;
    shape.Set(vertices.data(), 4);
    b2FixtureDef def;
    def.shape = &shape;
    def.friction = static_cast<float>(kFriction);
    b2BodyDef body_def;
    b2Body* body = world_->CreateBody(&body_def);
    body->CreateFixture(&def);
    return body;
  }

  void GenerateTerrain(numpy_exact::NumpyGenerator& np_random) {
    enum State : std::int64_t { kGrass, kStump, kStairs, kPit, kStates };
    std::int64_t state = kGrass;
    double velocity = 0.0;
    double y = kTerrainHeight;
    std::int64_t counter = kTerrainStartpad;
    bool oneshot = false;
    std::vector<double>& terrain_x = terrain_x_;
    std::vector<double>& terrain_y = terrain_y_;
    terrain_x.clear();
    terrain_y.clear();
    std::int64_t stair_steps = 0;
    std::int64_t stair_width = 0;
    std::int64_t stair_height = 0;
    double original_y = 0;
    for (int i = 0; i < kTerrainLength; ++i) {
      const double x = i * kTerrainStep;
      terrain_x.push_back(x);
      if (state == kGrass && !oneshot) {
        const double sign = kTerrainHeight - y > 0 ? 1.0 : (kTerrainHeight - y < 0 ? -1.0 : 0.0);
        velocity = 0.8 * velocity + 0.01 * sign;
        if (i > kTerrainStartpad) velocity += np_random.Uniform(-1, 1) / kWalkerScale;
        y += velocity;
      } else if (state == kPit && oneshot) {
        counter = np_random.Integers(3, 5);
        std::array<std::array<double, 2>, 4> poly{{{x, y},
                                                   {x + kTerrainStep, y},
                                                   {x + kTerrainStep, y - 4 * kTerrainStep},
                                                   {x, y - 4 * kTerrainStep}}};
        terrain_.push_back(StaticPolygon(poly));
        for (auto& p : poly) p[0] = p[0] + kTerrainStep * static_cast<double>(counter);
        terrain_.push_back(StaticPolygon(poly));
        counter += 2;
        original_y = y;
      } else if (state == kPit && !oneshot) {
        y = original_y;
        if (counter > 1) y -= 4 * kTerrainStep;
      } else if (state == kStump && oneshot) {
        counter = np_random.Integers(1, 3);
        const double size = static_cast<double>(counter) * kTerrainStep;
        terrain_.push_back(
            StaticPolygon({{{x, y}, {x + size, y}, {x + size, y + size}, {x, y + size}}}));
      } else if (state == kStairs && oneshot) {
        stair_height = np_random.Random() > 0.5 ? +1 : -1;
        stair_width = np_random.Integers(4, 5);
        stair_steps = np_random.Integers(3, 5);
        original_y = y;
        for (std::int64_t s = 0; s < stair_steps; ++s) {
          const auto at = [&](std::int64_t w, std::int64_t h) {
            return std::array<double, 2>{x + static_cast<double>(w) * kTerrainStep,
                                         y + static_cast<double>(h) * kTerrainStep};
          };
          terrain_.push_back(StaticPolygon({at(s * stair_width, s * stair_height),
                                            at((1 + s) * stair_width, s * stair_height),
                                            at((1 + s) * stair_width, -1 + s * stair_height),
                                            at(s * stair_width, -1 + s * stair_height)}));
        }
        counter = stair_steps * stair_width;
      } else if (state == kStairs && !oneshot) {
        const std::int64_t s = stair_steps * stair_width - counter - stair_height;
        const double n = static_cast<double>(s) / static_cast<double>(stair_width);
        y = original_y + (n * static_cast<double>(stair_height)) * kTerrainStep;
      }
      oneshot = false;
      terrain_y.push_back(y);
      counter -= 1;
      if (counter == 0) {
        counter = np_random.Integers(kTerrainGrass / 2, kTerrainGrass);
        state = (state == kGrass && hardcore_) ? np_random.Integers(1, kStates) : kGrass;
        oneshot = true;
      }
    }
    for (int i = 0; i < kTerrainLength - 1; ++i) {
      b2EdgeShape edge;
      edge.Set(Vec(terrain_x[i], terrain_y[i]), Vec(terrain_x[i + 1], terrain_y[i + 1]));
      b2FixtureDef def;
      def.shape = &edge;
      def.friction = static_cast<float>(kFriction);
      def.filter.categoryBits = 0x0001;
      b2BodyDef body_def;
      b2Body* body = world_->CreateBody(&body_def);
      body->CreateFixture(&def);
      terrain_.push_back(body);
    }
    std::reverse(terrain_.begin(), terrain_.end());
  }

  // gymnasium's _generate_clouds: 11 uniform draws a cloud, in the order its
  // expressions evaluate them, and its arithmetic (3.14 is its pi).
  void GenerateClouds(numpy_exact::NumpyGenerator& np_random) {
    for (WalkerCloud& cloud : clouds_) {
      const double x = np_random.Uniform(0, kTerrainLength) * kTerrainStep;
      const double y = kWalkerViewportH / kWalkerScale * 3 / 4;
      for (int a = 0; a < 5; ++a) {
        const double px = x + 15 * kTerrainStep * std::sin(3.14 * 2 * a / 5) +
                          np_random.Uniform(0, 5 * kTerrainStep);
        const double py = y + 5 * kTerrainStep * std::cos(3.14 * 2 * a / 5) +
                          np_random.Uniform(0, 5 * kTerrainStep);
        cloud.poly[a] = {px, py};
      }
      cloud.x1 = cloud.poly[0][0];
      cloud.x2 = cloud.poly[0][0];
      for (const auto& p : cloud.poly) {
        cloud.x1 = std::min(cloud.x1, p[0]);
        cloud.x2 = std::max(cloud.x2, p[0]);
      }
    }
  }

  void BuildWalker(numpy_exact::NumpyGenerator& np_random) {
    const double init_x = kTerrainStep * kTerrainStartpad / 2;
    const double init_y = kTerrainHeight + 2 * kWalkerLegH;
    hull_ = CreateHull(world_.get(), init_x, init_y, kHullPoly, kWalkerScale, /*category=*/0x0020);
    const double push = np_random.Uniform(-kWalkerInitialRandom, kWalkerInitialRandom);
    hull_->ApplyForceToCenter(Vec(push, 0), true);
    for (int side = 0; side < 2; ++side) {
      const int i = side == 0 ? -1 : +1;
      b2Body* leg = CreateLeg(world_.get(), init_x, init_y - kWalkerLegH / 2 - kWalkerLegDown,
                              i * 0.05, kWalkerLegW / 2, kWalkerLegH / 2);
      joints_[2 * side] = CreateMotorJoint(
          world_.get(), hull_, leg, Vec(0, kWalkerLegDown), Vec(0, kWalkerLegH / 2),
          {kMotorsTorque, /*speed=*/static_cast<double>(i), -0.8, 1.1});
      b2Body* lower = CreateLeg(world_.get(), init_x, init_y - kWalkerLegH * 3 / 2 - kWalkerLegDown,
                                i * 0.05, 0.8 * kWalkerLegW / 2, kWalkerLegH / 2);
      joints_[2 * side + 1] =
          CreateMotorJoint(world_.get(), leg, lower, Vec(0, -kWalkerLegH / 2),
                           Vec(0, kWalkerLegH / 2), {kMotorsTorque, /*speed=*/1, -1.6, -0.1});
      legs_[2 * side] = leg;
      legs_[2 * side + 1] = lower;
    }
    contacts_.Watch(hull_, {legs_[1], legs_[3]});  // the lower legs touch the ground
  }

  const bool hardcore_;
  HullContacts contacts_;
  std::unique_ptr<b2World> world_;
  std::vector<b2Body*> terrain_;
  b2Body* hull_ = nullptr;
  std::array<b2Body*, 4> legs_{};             // hip leg, lower leg; left then right
  std::array<b2RevoluteJoint*, 4> joints_{};  // hip, knee; left then right
  std::optional<double> prev_shaping_;
  std::vector<double> terrain_x_;
  std::vector<double> terrain_y_;
  std::array<WalkerCloud, kTerrainLength / 20> clouds_{};
  std::array<LidarRay, kLidarRays> lidar_{};
};

}  // namespace parallel_pool::box2d

#endif  // PARALLEL_POOL_BOX2D_BIPEDAL_WALKER_SIM_H_
