// LunarLanderSim: gymnasium's LunarLander (v3) on Box2D 2.3.2, the Box2D of
// gymnasium's pybox2d wheel: the same world, built and stepped with the same
// values, and every value gymnasium draws from np_random drawn as it draws it.
//
// The world is rebuilt at each reset, as gymnasium's v3 does: a static moon
// (a flat edge and 10 terrain edges whose 12 heights are
// np_random.uniform(0, H/2, 12), 5 of them flattened into the helipad), the
// lander (a 6-vertex polygon) and two legs held by revolute joints with
// motors and limits. The reset pushes the lander with a force of two
// np_random.uniform(-1000, 1000) draws, draws the wind and turbulence phases
// (np_random.integers(-9999, 9999), with enable_wind), then steps once with
// the engines off, as gymnasium's reset() calls step(noop).
//
// Each step draws the two engine dispersions (np_random.uniform(-1, 1) / 30,
// scalar calls, whatever the action), applies wind and turbulence while no
// leg touches the ground, fires the engines as impulses at gymnasium's
// points, and steps the world 1/50 s (180 velocity, 60 position iterations).
// Terminated: the lander's body touched the moon or |x| >= 1 (reward -100),
// or the lander went to sleep (reward +100); else the reward is the change of
// the shaping (distance, speed, tilt, leg contacts) less the fuel.
//
// With `particles` (gymnasium's render_mode is not None), each engine firing
// also throws a particle, as gymnasium does only when it renders: a small
// dynamic circle pushed away from the lander, living in the same world (it
// collides with the moon only, so the lander's physics is the same either
// way; lunar_lander_render_test checks it bit for bit). A particle's life (ttl) starts at the
// engine's power and shrinks by 0.15 at each render() (AgeParticles); dead
// particles leave from the front of the list, the oldest first, as
// gymnasium's _clean_particles removes them.
//
// The arithmetic follows gymnasium's Python: doubles from Box2D's floats,
// cast to float where pybox2d passes a value to Box2D (b2Vec2 and the
// scalars are float there too).
#ifndef PARALLEL_POOL_BOX2D_LUNAR_LANDER_SIM_H_
#define PARALLEL_POOL_BOX2D_LUNAR_LANDER_SIM_H_

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <deque>
#include <memory>
#include <numbers>
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

// gymnasium's module constants (lunar_lander.py).
inline constexpr double kLanderFps = 50;
inline constexpr double kLanderScale = 30.0;
inline constexpr double kMainEnginePower = 13.0;
inline constexpr double kSideEnginePower = 0.6;
inline constexpr double kInitialRandom = 1000.0;
inline constexpr double kLegAway = 20;
inline constexpr double kLegDown = 18;
inline constexpr double kLegW = 2;
inline constexpr double kLegH = 8;
inline constexpr double kLegSpringTorque = 40;
inline constexpr double kSideEngineHeight = 14;
inline constexpr double kSideEngineAway = 12;
inline constexpr double kMainEngineYLocation = 4;
inline constexpr double kLanderViewportW = 600;
inline constexpr double kLanderViewportH = 400;
inline constexpr int kLanderChunks = 11;
inline constexpr std::array<std::array<double, 2>, 6> kLanderPoly{
    {{-14, +17}, {-17, 0}, {-17, -10}, {+17, -10}, {+17, 0}, {+14, +17}}};

struct LunarLanderConfig {
  bool continuous = false;
  double gravity = -10.0;
  bool enable_wind = false;
  double wind_power = 15.0;
  double turbulence_power = 1.5;
  bool particles = false;  // the engines' particles, which only frames show
};

// An engine's particle: its body and its life (gymnasium's p.ttl).
struct LanderParticle {
  b2Body* body;
  double ttl;
};

// One step's engine command: the discrete action (0 noop, 1 left, 2 main,
// 3 right) or the continuous one ([main, lateral], each clipped to [-1, 1]).
struct LanderAction {
  int discrete = 0;
  std::array<float, 2> throttle{0.0F, 0.0F};
};

using LanderStep = SimStep<8>;

class LunarLanderSim {
 public:
  explicit LunarLanderSim(const LunarLanderConfig& config) : config_(config) {}

  // gymnasium's reset() after super().reset(seed): a new world, then
  // step(noop), whose result is the first observation.
  LanderStep Reset(numpy_exact::NumpyGenerator& np_random) {
    prev_shaping_.reset();
    particles_.clear();  // their bodies go with the old world
    world_ = NewWorld(b2Vec2(0.0F, static_cast<float>(config_.gravity)));
    world_->SetContactListener(&contacts_);
    BuildTerrain(np_random);
    BuildLander(np_random);
    contacts_.Watch(lander_, {legs_[0], legs_[1]});
    return Step(LanderAction{}, np_random);
  }

  LanderStep Step(const LanderAction& action, numpy_exact::NumpyGenerator& np_random) {
    if (config_.enable_wind && !(contacts_.touching(0) || contacts_.touching(1))) ApplyWind();
    double m_power = 0.0;
    double s_power = 0.0;
    FireEngines(action, np_random, &m_power, &s_power);
    world_->Step(static_cast<float>(1.0 / kLanderFps), 6 * 30, 2 * 30);
    return Outcome(m_power, s_power);
  }

  // What render() does to the particles before it draws: each one's life
  // shrinks, and the dead at the front of the list are gone.
  void AgeParticles() {
    for (LanderParticle& p : particles_) p.ttl -= 0.15;
    CleanParticles();
  }

  // Whether there is a world to draw: the first Reset has built it.
  bool started() const { return lander_ != nullptr; }

  // What gymnasium's render() draws.
  const b2Body* lander() const { return lander_; }
  const std::array<b2Body*, 2>& legs() const { return legs_; }
  const std::deque<LanderParticle>& particles() const { return particles_; }
  // The terrain's points (x, y) in world units, kLanderChunks of them.
  const std::vector<double>& chunk_x() const { return chunk_x_; }
  const std::vector<double>& smooth_y() const { return smooth_y_; }
  double helipad_x1() const { return chunk_x_[kLanderChunks / 2 - 1]; }
  double helipad_x2() const { return chunk_x_[kLanderChunks / 2 + 1]; }
  double helipad_y() const { return helipad_y_; }

 private:
  void BuildTerrain(numpy_exact::NumpyGenerator& np_random) {
    constexpr double kW = kLanderViewportW / kLanderScale;
    constexpr double kH = kLanderViewportH / kLanderScale;
    std::vector<double> height = np_random.Uniform(0, kH / 2, kLanderChunks + 1);
    std::vector<double>& chunk_x = chunk_x_;
    chunk_x.clear();
    for (int i = 0; i < kLanderChunks; ++i) chunk_x.push_back(kW / (kLanderChunks - 1) * i);
    helipad_y_ = kH / 4;
    for (int i = kLanderChunks / 2 - 2; i <= kLanderChunks / 2 + 2; ++i) height[i] = helipad_y_;
    // Python's height[i - 1] at i = 0 is height[-1], the last one.
    std::vector<double>& smooth_y = smooth_y_;
    smooth_y.clear();
    for (int i = 0; i < kLanderChunks; ++i) {
      const double before = height[i == 0 ? kLanderChunks : i - 1];
      smooth_y.push_back(0.33 * (before + height[i + 0] + height[i + 1]));
    }
    b2BodyDef moon_def;
    b2Body* moon = world_->CreateBody(&moon_def);
    b2EdgeShape floor;
    floor.Set(Vec(0, 0), Vec(kW, 0));
    b2FixtureDef floor_def;  // pybox2d's shapes= takes a default fixtureDef
    floor_def.shape = &floor;
    moon->CreateFixture(&floor_def);
    for (int i = 0; i < kLanderChunks - 1; ++i) {
      b2EdgeShape edge;
      edge.Set(Vec(chunk_x[i], smooth_y[i]), Vec(chunk_x[i + 1], smooth_y[i + 1]));
      b2FixtureDef def;
      def.shape = &edge;
      def.density = 0;
      def.friction = 0.1F;
      moon->CreateFixture(&def);
    }
  }

  void BuildLander(numpy_exact::NumpyGenerator& np_random) {
    const double initial_y = kLanderViewportH / kLanderScale;
    const double initial_x = kLanderViewportW / kLanderScale / 2;
    lander_ = CreateHull(world_.get(), initial_x, initial_y, kLanderPoly, kLanderScale,
                         /*category=*/0x0010);
    const double fx = np_random.Uniform(-kInitialRandom, kInitialRandom);
    const double fy = np_random.Uniform(-kInitialRandom, kInitialRandom);
    lander_->ApplyForceToCenter(Vec(fx, fy), true);
    if (config_.enable_wind) {
      wind_idx_ = np_random.Integers(-9999, 9999);
      torque_idx_ = np_random.Integers(-9999, 9999);
    }
    for (int k = 0; k < 2; ++k) {
      const int i = k == 0 ? -1 : +1;
      b2Body* leg = CreateLeg(world_.get(), initial_x - i * kLegAway / kLanderScale, initial_y,
                              i * 0.05, kLegW / kLanderScale, kLegH / kLanderScale);
      const double speed = +0.3 * i;  // low enough not to jump back into the sky
      const JointMotor motor = i == -1 ? JointMotor{kLegSpringTorque, speed, +0.9 - 0.5, +0.9}
                                       : JointMotor{kLegSpringTorque, speed, -0.9, -0.9 + 0.5};
      CreateMotorJoint(world_.get(), lander_, leg, Vec(0, 0),
                       Vec(i * kLegAway / kLanderScale, kLegDown / kLanderScale), motor);
      legs_[k] = leg;
    }
  }

  // tanh(sin(2 k t) + sin(pi k t)), k = 0.01: gymnasium's never-periodic wind.
  static double WindShape(std::int64_t t) {
    return std::tanh(std::sin(0.02 * static_cast<double>(t)) +
                     std::sin(std::numbers::pi * 0.01 * static_cast<double>(t)));
  }

  void ApplyWind() {
    const double wind_mag = WindShape(wind_idx_) * config_.wind_power;
    ++wind_idx_;
    lander_->ApplyForceToCenter(Vec(wind_mag, 0.0), true);
    const double torque_mag = WindShape(torque_idx_) * config_.turbulence_power;
    ++torque_idx_;
    lander_->ApplyTorque(static_cast<float>(torque_mag), true);
  }

  void FireEngines(const LanderAction& action, numpy_exact::NumpyGenerator& np_random,
                   double* m_power, double* s_power) {
    double main = 0.0;
    double lateral = 0.0;
    if (config_.continuous) {
      // np.clip(action, -1, +1).astype(np.float64): clipped as float32.
      main = std::clamp(action.throttle[0], -1.0F, 1.0F);
      lateral = std::clamp(action.throttle[1], -1.0F, 1.0F);
    }
    const double angle = lander_->GetAngle();
    const std::array<double, 2> tip{std::sin(angle), std::cos(angle)};
    const std::array<double, 2> side{-tip[1], tip[0]};
    std::array<double, 2> dispersion{};
    for (double& d : dispersion) d = np_random.Uniform(-1.0, +1.0) / kLanderScale;
    const b2Vec2 position = lander_->GetPosition();
    if ((config_.continuous && main > 0.0) || (!config_.continuous && action.discrete == 2)) {
      *m_power = config_.continuous ? (std::clamp(main, 0.0, 1.0) + 1.0) * 0.5 : 1.0;
      const double along = kMainEngineYLocation / kLanderScale + 2 * dispersion[0];
      const double ox = tip[0] * along + side[0] * dispersion[1];
      const double oy = -tip[1] * along - side[1] * dispersion[1];
      const double at_x = position.x + ox;
      const double at_y = position.y + oy;
      if (config_.particles) {
        b2Body* p = CreateParticle(3.5, at_x, at_y, *m_power);  // 3.5: an adequate speed
        p->ApplyLinearImpulse(
            Vec(ox * kMainEnginePower * *m_power, oy * kMainEnginePower * *m_power),
            Vec(at_x, at_y), true);
      }
      lander_->ApplyLinearImpulse(
          Vec(-ox * kMainEnginePower * *m_power, -oy * kMainEnginePower * *m_power),
          Vec(at_x, at_y), true);
    }
    if ((config_.continuous && std::abs(lateral) > 0.5) ||
        (!config_.continuous && (action.discrete == 1 || action.discrete == 3))) {
      double direction;
      if (config_.continuous) {
        direction = lateral > 0 ? 1.0 : -1.0;  // np.sign; |lateral| > 0.5 here
        *s_power = std::clamp(std::abs(lateral), 0.5, 1.0);
      } else {
        direction = action.discrete - 2;  // 1 is left, 3 is right
        *s_power = 1.0;
      }
      const double across = 3 * dispersion[1] + direction * kSideEngineAway / kLanderScale;
      const double ox = tip[0] * dispersion[0] + side[0] * across;
      const double oy = -tip[1] * dispersion[0] - side[1] * across;
      // gymnasium's 17 where SIDE_ENGINE_HEIGHT (14) was presumably meant:
      // an orientation-dependent torque, kept as the reference has it.
      const double at_x = position.x + ox - tip[0] * 17 / kLanderScale;
      const double at_y = position.y + oy + tip[1] * kSideEngineHeight / kLanderScale;
      if (config_.particles) {
        b2Body* p = CreateParticle(0.7, at_x, at_y, *s_power);
        p->ApplyLinearImpulse(
            Vec(ox * kSideEnginePower * *s_power, oy * kSideEnginePower * *s_power),
            Vec(at_x, at_y), true);
      }
      lander_->ApplyLinearImpulse(
          Vec(-ox * kSideEnginePower * *s_power, -oy * kSideEnginePower * *s_power),
          Vec(at_x, at_y), true);
    }
  }

  // gymnasium's _create_particle: a circle of radius 2 (pixels) that
  // collides with the moon only, added at the back of the list.
  b2Body* CreateParticle(double mass, double x, double y, double ttl) {
    b2BodyDef def;
    def.type = b2_dynamicBody;
    def.position = Vec(x, y);
    def.angle = 0.0F;
    b2Body* body = world_->CreateBody(&def);
    b2CircleShape circle;
    circle.m_radius = static_cast<float>(2 / kLanderScale);
    circle.m_p = Vec(0, 0);
    b2FixtureDef fixture;
    fixture.shape = &circle;
    fixture.density = static_cast<float>(mass);
    fixture.friction = 0.1F;
    fixture.filter.categoryBits = 0x0100;
    fixture.filter.maskBits = 0x001;  // collide only with ground
    fixture.restitution = 0.3F;
    body->CreateFixture(&fixture);
    particles_.push_back({body, ttl});
    CleanParticles();
    return body;
  }

  // _clean_particles(False): the dead particles at the front, until a living one.
  void CleanParticles() {
    while (!particles_.empty() && particles_.front().ttl < 0) {
      world_->DestroyBody(particles_.front().body);
      particles_.pop_front();
    }
  }

  LanderStep Outcome(double m_power, double s_power) {
    const b2Vec2 pos = lander_->GetPosition();
    const b2Vec2 vel = lander_->GetLinearVelocity();
    constexpr double kHalfW = kLanderViewportW / kLanderScale / 2;
    constexpr double kHalfH = kLanderViewportH / kLanderScale / 2;
    LanderStep out;
    std::array<double, 8>& s = out.state;
    s[0] = (pos.x - kHalfW) / kHalfW;
    s[1] = (pos.y - (helipad_y_ + kLegDown / kLanderScale)) / kHalfH;
    s[2] = vel.x * kHalfW / kLanderFps;
    s[3] = vel.y * kHalfH / kLanderFps;
    s[4] = lander_->GetAngle();
    s[5] = 20.0 * lander_->GetAngularVelocity() / kLanderFps;
    s[6] = contacts_.touching(0) ? 1.0 : 0.0;
    s[7] = contacts_.touching(1) ? 1.0 : 0.0;
    const double shaping = -100 * std::sqrt(s[0] * s[0] + s[1] * s[1]) -
                           100 * std::sqrt(s[2] * s[2] + s[3] * s[3]) - 100 * std::abs(s[4]) +
                           10 * s[6] + 10 * s[7];
    double reward = 0;
    if (prev_shaping_) reward = shaping - *prev_shaping_;
    prev_shaping_ = shaping;
    reward -= m_power * 0.30;  // less fuel spent is better
    reward -= s_power * 0.03;
    if (contacts_.game_over() || std::abs(s[0]) >= 1.0) {
      out.terminated = true;
      reward = -100;
    }
    if (!lander_->IsAwake()) {
      out.terminated = true;
      reward = +100;
    }
    out.reward = reward;
    return out;
  }

  const LunarLanderConfig config_;
  HullContacts contacts_;
  std::unique_ptr<b2World> world_;
  b2Body* lander_ = nullptr;
  std::array<b2Body*, 2> legs_{nullptr, nullptr};
  std::optional<double> prev_shaping_;
  std::int64_t wind_idx_ = 0;
  std::int64_t torque_idx_ = 0;
  double helipad_y_ = 0.0;
  std::vector<double> chunk_x_;
  std::vector<double> smooth_y_;
  std::deque<LanderParticle> particles_;
};

}  // namespace parallel_pool::box2d

#endif  // PARALLEL_POOL_BOX2D_LUNAR_LANDER_SIM_H_
