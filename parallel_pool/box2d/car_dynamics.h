// Car: gymnasium's car_dynamics.Car (Oleg Klimov's top-down car) on Box2D
// 2.3.2: a hull of four polygons and four wheels on revolute joints, each
// wheel's spin and tyre force integrated in Python's doubles as gymnasium's
// step() integrates them, the force handed to Box2D in float as pybox2d hands
// it on.
//
// The skid marks gymnasium draws in its rgb_array frames (not in the
// observation) are kept as it keeps them: Car::particles().
#ifndef PARALLEL_POOL_BOX2D_CAR_DYNAMICS_H_
#define PARALLEL_POOL_BOX2D_CAR_DYNAMICS_H_

#include <algorithm>
#include <array>
#include <cmath>
#include <deque>
#include <vector>

#include "Box2D/Box2D.h"
#include "parallel_pool/box2d/pybox2d.h"

namespace parallel_pool::box2d {

// gymnasium's module constants (car_dynamics.py).
inline constexpr double kCarSize = 0.02;
inline constexpr double kEnginePower = 100000000 * kCarSize * kCarSize;
inline constexpr double kWheelMomentOfInertia = 4000 * kCarSize * kCarSize;
inline constexpr double kFrictionLimit = 1000000 * kCarSize * kCarSize;
inline constexpr double kWheelR = 27;
inline constexpr double kWheelW = 14;

// What a body's user data points to, so the contact listener can tell a
// road tile from a wheel (gymnasium asks for "road_friction" / "tiles").
struct BodyTag {
  enum Kind { kTile, kWheel } kind;
};

struct Wheel : BodyTag {
  Wheel() : BodyTag{kWheel} {}
  b2Body* body = nullptr;
  b2RevoluteJoint* joint = nullptr;
  double gas = 0.0;
  double brake = 0.0;
  double steer = 0.0;
  double phase = 0.0;  // wheel angle
  double omega = 0.0;  // angular velocity
  int tiles = 0;       // road tiles touched (gymnasium's w.tiles, a set)
  // gymnasium's skid_start holds pybox2d's live view of the wheel's
  // position, not a copy: a new mark starts with the current position twice.
  bool skid_start = false;
  int skid_particle = -1;  // index into the car's particles, -1: None
};

// A skid mark: a polyline of wheel positions.
struct Particle {
  bool grass = false;  // mud colour on grass, black on the road
  std::vector<b2Vec2> poly;
  long id = 0;  // which particle, so a wheel can find its own after the deque drops old ones
};

class Car {
 public:
  static constexpr int kMaxParticles = 30;  // gymnasium's deque(maxlen=30)

  Car(b2World* world, double init_angle, double init_x, double init_y) : world_(world) {
    constexpr std::array<std::array<std::array<double, 2>, 8>, 4> kHullPolys{{
        {{{-60, +130}, {+60, +130}, {+60, +110}, {-60, +110}}},
        {{{-15, +120}, {+15, +120}, {+20, +20}, {-20, 20}}},
        {{{+25, +20},
          {+50, -10},
          {+50, -40},
          {+20, -90},
          {-20, -90},
          {-50, -40},
          {-50, -10},
          {-25, +20}}},
        {{{-50, -120}, {+50, -120}, {+50, -90}, {-50, -90}}},
    }};
    constexpr std::array<int, 4> kHullCounts{4, 4, 8, 4};
    b2BodyDef hull_def;
    hull_def.type = b2_dynamicBody;
    hull_def.position = Vec(init_x, init_y);
    hull_def.angle = static_cast<float>(init_angle);
    hull_ = world_->CreateBody(&hull_def);
    for (int k = 0; k < 4; ++k) {
      std::array<b2Vec2, 8> vertices;
      for (int v = 0; v < kHullCounts[k]; ++v) {
        vertices[v] = Vec(kHullPolys[k][v][0] * kCarSize, kHullPolys[k][v][1] * kCarSize);
      }
      b2PolygonShape shape;
      shape.Set(vertices.data(), kHullCounts[k]);
      b2FixtureDef def;
      def.shape = &shape;
      def.density = 1.0F;
      hull_->CreateFixture(&def);
    }
    constexpr std::array<std::array<double, 2>, 4> kWheelPos{
        {{-55, +80}, {+55, +80}, {-55, -82}, {+55, -82}}};
    constexpr std::array<std::array<double, 2>, 4> kWheelPoly{
        {{-kWheelW, +kWheelR}, {+kWheelW, +kWheelR}, {+kWheelW, -kWheelR}, {-kWheelW, -kWheelR}}};
    for (int k = 0; k < 4; ++k) {
      const double wx = kWheelPos[k][0];
      const double wy = kWheelPos[k][1];
      constexpr double kFrontK = 1.0;
      b2BodyDef def;
      def.type = b2_dynamicBody;
      def.position = Vec(init_x + wx * kCarSize, init_y + wy * kCarSize);
      def.angle = static_cast<float>(init_angle);
      b2Body* body = world_->CreateBody(&def);
      std::array<b2Vec2, 4> vertices;
      for (int v = 0; v < 4; ++v) {
        vertices[v] =
            Vec(kWheelPoly[v][0] * kFrontK * kCarSize, kWheelPoly[v][1] * kFrontK * kCarSize);
      }
      b2PolygonShape shape;
      shape.Set(vertices.data(), 4);
      b2FixtureDef fixture;
      fixture.shape = &shape;
      fixture.density = 0.1F;
      fixture.filter.categoryBits = 0x0020;
      fixture.filter.maskBits = 0x001;
      fixture.restitution = 0.0F;
      body->CreateFixture(&fixture);
      Wheel& wheel = wheels_[k];
      wheel.body = body;
      b2RevoluteJointDef rjd = RevoluteJointDef(hull_, body);
      rjd.localAnchorA = Vec(wx * kCarSize, wy * kCarSize);
      rjd.localAnchorB = Vec(0, 0);
      rjd.enableMotor = true;
      rjd.enableLimit = true;
      rjd.maxMotorTorque = static_cast<float>(180 * 900 * kCarSize * kCarSize);
      rjd.motorSpeed = 0;
      rjd.lowerAngle = static_cast<float>(-0.4);
      rjd.upperAngle = static_cast<float>(+0.4);
      wheel.joint = static_cast<b2RevoluteJoint*>(world_->CreateJoint(&rjd));
      body->SetUserData(&wheel);
    }
  }

  Car(const Car&) = delete;
  Car& operator=(const Car&) = delete;

  // gymnasium's destroy(): the hull (and with it the joints), then the wheels.
  ~Car() {
    world_->DestroyBody(hull_);
    for (Wheel& w : wheels_) world_->DestroyBody(w.body);
  }

  // gas(): rear-wheel drive, the throttle rising by at most 0.1 a step.
  void Gas(double gas) {
    gas = std::clamp(gas, 0.0, 1.0);
    for (int k = 2; k < 4; ++k) {
      double diff = gas - wheels_[k].gas;
      if (diff > 0.1) diff = 0.1;
      wheels_[k].gas += diff;
    }
  }

  void Brake(double b) {
    for (Wheel& w : wheels_) w.brake = b;
  }

  void Steer(double s) {
    wheels_[0].steer = s;
    wheels_[1].steer = s;
  }

  void Step(double dt) {
    for (Wheel& w : wheels_) {
      // Steer each wheel.
      const double joint_angle = w.joint->GetJointAngle();
      const double dir = Sign(w.steer - joint_angle);
      const double val = std::abs(w.steer - joint_angle);
      w.joint->SetMotorSpeed(static_cast<float>(dir * std::min(50.0 * val, 3.0)));

      // Position => friction_limit.
      bool grass = true;
      double friction_limit = kFrictionLimit * 0.6;  // grass friction if no tile
      if (w.tiles > 0) {
        friction_limit = std::max(friction_limit, kFrictionLimit * 1.0);
        grass = false;
      }

      // Force.
      const b2Vec2 forw = w.body->GetWorldVector(b2Vec2(0, 1));
      const b2Vec2 side = w.body->GetWorldVector(b2Vec2(1, 0));
      const b2Vec2 v = w.body->GetLinearVelocity();
      const double vf = static_cast<double>(forw.x) * v.x + static_cast<double>(forw.y) * v.y;
      const double vs = static_cast<double>(side.x) * v.x + static_cast<double>(side.y) * v.y;

      w.omega += dt * kEnginePower * w.gas / kWheelMomentOfInertia / (std::abs(w.omega) + 5.0);
      if (w.brake >= 0.9) {
        w.omega = 0;
      } else if (w.brake > 0) {
        constexpr double kBrakeForce = 15;  // radians per second
        const double brake_dir = -Sign(w.omega);
        double brake_val = kBrakeForce * w.brake;
        if (std::abs(brake_val) > std::abs(w.omega)) brake_val = std::abs(w.omega);
        w.omega += brake_dir * brake_val;
      }
      w.phase += w.omega * dt;

      const double vr = w.omega * kWheelRad;  // rotating wheel speed
      double f_force = -vf + vr;              // force along the speed difference
      double p_force = -vs;
      f_force *= 205000 * kCarSize * kCarSize;
      p_force *= 205000 * kCarSize * kCarSize;
      double force = std::sqrt(f_force * f_force + p_force * p_force);

      // Skid marks.
      if (std::abs(force) > 2.0 * friction_limit) {
        Particle* particle = FindParticle(w.skid_particle);
        const b2Vec2 position = w.body->GetPosition();
        if (particle != nullptr && particle->grass == grass && particle->poly.size() < 30) {
          particle->poly.push_back(position);
        } else if (!w.skid_start) {
          w.skid_start = true;
        } else {
          w.skid_particle = NewParticle(position, position, grass);
          w.skid_start = false;
        }
      } else {
        w.skid_start = false;
        w.skid_particle = -1;
      }

      if (std::abs(force) > friction_limit) {
        f_force /= force;
        p_force /= force;
        force = friction_limit;  // correct physics here
        f_force *= force;
        p_force *= force;
      }
      w.omega -= dt * f_force * kWheelRad / kWheelMomentOfInertia;
      w.body->ApplyForceToCenter(
          Vec(p_force * side.x + f_force * forw.x, p_force * side.y + f_force * forw.y), true);
    }
  }

  const b2Body* hull() const { return hull_; }
  const std::array<Wheel, 4>& wheels() const { return wheels_; }
  const std::deque<Particle>& particles() const { return particles_; }

 private:
  static constexpr double kWheelRad = 1.0 * kWheelR * kCarSize;

  static double Sign(double v) { return v > 0 ? 1.0 : (v < 0 ? -1.0 : 0.0); }

  Particle* FindParticle(long id) {
    if (id < 0) return nullptr;
    // A particle the deque dropped is still the wheel's in gymnasium (it
    // holds a reference): it keeps growing, unseen. Kept here as dropped_.
    for (Particle& p : particles_) {
      if (p.id == id) return &p;
    }
    for (Particle& p : dropped_) {
      if (p.id == id) return &p;
    }
    return nullptr;
  }

  long NewParticle(b2Vec2 point1, b2Vec2 point2, bool grass) {
    const long id = next_particle_id_++;
    particles_.push_back({grass, {point1, point2}, id});
    if (particles_.size() > kMaxParticles) {
      // Keep a dropped particle only while some wheel still extends it.
      Particle old = std::move(particles_.front());
      particles_.pop_front();
      bool held = false;
      for (const Wheel& w : wheels_) held = held || w.skid_particle == old.id;
      if (held) dropped_.push_back(std::move(old));
    }
    for (auto it = dropped_.begin(); it != dropped_.end();) {
      bool held = false;
      for (const Wheel& w : wheels_) held = held || w.skid_particle == it->id;
      it = held ? it + 1 : dropped_.erase(it);
    }
    return id;
  }

  b2World* world_;
  b2Body* hull_ = nullptr;
  std::array<Wheel, 4> wheels_;
  std::deque<Particle> particles_;
  std::vector<Particle> dropped_;
  long next_particle_id_ = 0;
};

}  // namespace parallel_pool::box2d

#endif  // PARALLEL_POOL_BOX2D_CAR_DYNAMICS_H_
