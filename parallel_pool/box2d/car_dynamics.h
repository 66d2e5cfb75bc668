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
#include <cstddef>
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
  // Skidding began on the step before, with no mark to extend: the next
  // skidding step starts one.
  bool skid_pending = false;
  long skid_mark = -1;  // the id of the particle this wheel extends, -1: none
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

  // The driver's controls, applied at the next Step. The throttle drives
  // the rear wheels only and opens by at most kThrottleRise a step (it
  // closes at once); the brake acts on all four; the steering sets the
  // angle the front wheels' motors turn towards.
  void SetThrottle(double gas) {
    const double target = std::clamp(gas, 0.0, 1.0);
    for (int k = 2; k < 4; ++k) {
      wheels_[k].gas += std::min(target - wheels_[k].gas, kThrottleRise);
    }
  }

  void SetBrake(double brake) {
    for (Wheel& w : wheels_) w.brake = brake;
  }

  void SetSteering(double angle) {
    wheels_[0].steer = angle;
    wheels_[1].steer = angle;
  }

  // Integrates each wheel's spin over dt and hands its tyre force to Box2D
  // (which integrates the bodies when the world steps). The wheels go in
  // order, each one's arithmetic in Python's doubles as gymnasium's.
  void Step(double dt) {
    for (Wheel& w : wheels_) {
      DriveSteeringMotor(w);
      const bool on_road = w.tiles > 0;
      const double grip = kFrictionLimit * (on_road ? 1.0 : 0.6);
      const GroundMotion ground = GroundMotionOf(w);
      UpdateSpin(w, dt);
      TyreForce force = SlipForce(w, ground);
      // It skids where the unlimited force is over twice the grip.
      TraceSkid(w, force.magnitude > 2.0 * grip, /*on_grass=*/!on_road);
      LimitToGrip(force, grip);
      // The ground pushes back on the rim: the spin follows the force.
      w.omega -= dt * force.along * kWheelRad / kWheelMomentOfInertia;
      w.body->ApplyForceToCenter(Vec(force.across * ground.side.x + force.along * ground.forward.x,
                                     force.across * ground.side.y + force.along * ground.forward.y),
                                 true);
    }
  }

  const b2Body* hull() const { return hull_; }
  const std::array<Wheel, 4>& wheels() const { return wheels_; }
  const std::deque<Particle>& particles() const { return particles_; }

 private:
  static constexpr double kWheelRad = 1.0 * kWheelR * kCarSize;
  static constexpr double kThrottleRise = 0.1;
  // A brake below kBrakeLock takes up to kBrakeForce * brake radians per
  // second off the spin each step; from kBrakeLock on it locks the wheel.
  static constexpr double kBrakeForce = 15;
  static constexpr double kBrakeLock = 0.9;
  // Tyre force per unit of slip speed, tuned so that the force settles in a
  // few steps instead of oscillating about zero slip.
  static constexpr double kSlipStiffness = 205000 * kCarSize * kCarSize;
  static constexpr std::size_t kMaxSkidPoints = 30;

  // The wheel's axes in world coordinates and its velocity along them.
  struct GroundMotion {
    b2Vec2 forward;
    b2Vec2 side;
    double forward_speed;
    double side_speed;
  };

  // The force the ground puts on the tyre, along the wheel and across it,
  // and its size.
  struct TyreForce {
    double along;
    double across;
    double magnitude;
  };

  static double Sign(double v) { return v > 0 ? 1.0 : (v < 0 ? -1.0 : 0.0); }

  // The steering joint's motor turns the wheel towards its steering angle,
  // faster the further off it is, up to 3 radians per second.
  static void DriveSteeringMotor(Wheel& w) {
    const double error = w.steer - w.joint->GetJointAngle();
    w.joint->SetMotorSpeed(static_cast<float>(Sign(error) * std::min(50.0 * std::abs(error), 3.0)));
  }

  static GroundMotion GroundMotionOf(const Wheel& w) {
    GroundMotion m;
    m.forward = w.body->GetWorldVector(b2Vec2(0, 1));
    m.side = w.body->GetWorldVector(b2Vec2(1, 0));
    const b2Vec2 v = w.body->GetLinearVelocity();
    // In double, as Python multiplies pybox2d's floats.
    m.forward_speed =
        static_cast<double>(m.forward.x) * v.x + static_cast<double>(m.forward.y) * v.y;
    m.side_speed = static_cast<double>(m.side.x) * v.x + static_cast<double>(m.side.y) * v.y;
    return m;
  }

  // The engine adds spin at constant power (+5 keeps a wheel at rest from
  // dividing by zero); the brake then takes spin away, never past zero, or
  // locks the wheel; the wheel's drawn angle follows.
  static void UpdateSpin(Wheel& w, double dt) {
    w.omega += dt * kEnginePower * w.gas / kWheelMomentOfInertia / (std::abs(w.omega) + 5.0);
    if (w.brake >= kBrakeLock) {
      w.omega = 0;
    } else if (w.brake > 0) {
      w.omega += -Sign(w.omega) * std::min(kBrakeForce * w.brake, std::abs(w.omega));
    }
    w.phase += w.omega * dt;
  }

  // The tyre's force before the grip limit: proportional to how fast the
  // contact patch slides over the ground, the rim's speed against the
  // ground speed along the wheel, and the whole sideways speed.
  static TyreForce SlipForce(const Wheel& w, const GroundMotion& ground) {
    TyreForce force;
    force.along = (w.omega * kWheelRad - ground.forward_speed) * kSlipStiffness;
    force.across = -ground.side_speed * kSlipStiffness;
    force.magnitude = std::sqrt(force.along * force.along + force.across * force.across);
    return force;
  }

  // Scales a force beyond the grip back onto it, direction kept.
  static void LimitToGrip(TyreForce& force, double grip) {
    if (!(force.magnitude > grip)) return;
    force.along = force.along / force.magnitude * grip;
    force.across = force.across / force.magnitude * grip;
    force.magnitude = grip;
  }

  // Extends the wheel's skid mark while it skids on the same ground, up to
  // kMaxSkidPoints points. A new mark starts on the second skidding step
  // after the last one ended, at the wheel's position then (twice: gymnasium
  // keeps pybox2d's live view of the position from the first step, which by
  // then reads the current one).
  void TraceSkid(Wheel& w, bool skidding, bool on_grass) {
    if (!skidding) {
      w.skid_pending = false;
      w.skid_mark = -1;
      return;
    }
    Particle* mark = FindParticle(w.skid_mark);
    const b2Vec2 position = w.body->GetPosition();
    if (mark != nullptr && mark->grass == on_grass && mark->poly.size() < kMaxSkidPoints) {
      mark->poly.push_back(position);
    } else if (!w.skid_pending) {
      w.skid_pending = true;
    } else {
      w.skid_mark = NewParticle(position, position, on_grass);
      w.skid_pending = false;
    }
  }

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
      for (const Wheel& w : wheels_) held = held || w.skid_mark == old.id;
      if (held) dropped_.push_back(std::move(old));
    }
    for (auto it = dropped_.begin(); it != dropped_.end();) {
      bool held = false;
      for (const Wheel& w : wheels_) held = held || w.skid_mark == it->id;
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
