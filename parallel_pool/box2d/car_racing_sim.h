// CarRacingSim: gymnasium's CarRacing (v3) world on Box2D 2.3.2: the track
// (car_racing_track.h) as sensor tiles, the car (car_dynamics.h), the contact
// listener that counts visited tiles, and the reward; what is drawn from them
// is car_racing_frame.h's.
//
// Like gymnasium, one b2World lives as long as the env: each reset destroys
// the tiles in track order, then the car, so the next episode's bodies reuse
// the freed broad-phase proxies as gymnasium's do.
//
// Reset draws: with domain_randomize, the road and background colours
// (np_random.uniform(0, 210, size=3) each) and the grass channel lifted by 20
// (np_random.integers(3)); then tracks until one closes (24 uniform draws an
// attempt). Then one step without action, as gymnasium's reset() calls
// step(None): the car settles and touches its first tiles, whose reward
// counts in the next step's.
#ifndef PARALLEL_POOL_BOX2D_CAR_RACING_SIM_H_
#define PARALLEL_POOL_BOX2D_CAR_RACING_SIM_H_

#include <array>
#include <cmath>
#include <memory>
#include <optional>
#include <vector>

#include "Box2D/Box2D.h"
#include "parallel_pool/box2d/car_dynamics.h"
#include "parallel_pool/box2d/car_racing_track.h"
#include "parallel_pool/box2d/pybox2d.h"
#include "parallel_pool/box2d/world.h"
#include "parallel_pool/numpy_exact/numpy_generator.h"

namespace parallel_pool::box2d {

using Colour = std::array<double, 3>;  // gymnasium keeps colours as NumPy arrays

struct Tile : BodyTag {
  Tile() : BodyTag{kTile} {}
  b2Body* body = nullptr;
  int idx = 0;
  bool road_visited = false;
  Colour color{};
};

// gymnasium's car action: steer in [-1, 1] (left negative), gas and brake in
// [0, 1], as floats (the discrete actions map to these, as gymnasium's do).
struct CarAction {
  double steer = 0, gas = 0, brake = 0;
};

struct RacingStep {
  double reward = 0;
  bool terminated = false;
};

struct CarRacingConfig {
  bool domain_randomize = false;
  double lap_complete_percent = 0.95;
};

class CarRacingSim : private b2ContactListener {
 public:
  explicit CarRacingSim(const CarRacingConfig& config)
      : config_(config), world_(NewWorld(b2Vec2(0.0F, 0.0F))) {
    world_->SetContactListener(this);
  }

  CarRacingSim(const CarRacingSim&) = delete;
  CarRacingSim& operator=(const CarRacingSim&) = delete;

  ~CarRacingSim() override { Destroy(); }

  void Reset(numpy_exact::NumpyGenerator& np_random) {
    Destroy();
    reward_ = 0.0;
    prev_reward_ = 0.0;
    tile_visited_count_ = 0;
    t_ = 0.0;
    new_lap_ = false;
    if (config_.domain_randomize) {
      for (double& c : road_color_) c = np_random.Uniform(0, 210);
      for (double& c : bg_color_) c = np_random.Uniform(0, 210);
      grass_color_ = bg_color_;
      grass_color_[np_random.Integers(0, 3)] += 20;
    }
    std::optional<Track> track;
    while (!track) track = GenerateTrack(np_random);
    track_ = std::move(*track);
    BuildRoad();
    const TrackPoint& start = track_.points[0];
    car_ = std::make_unique<Car>(world_.get(), start.beta, start.x, start.y);
    Step(std::nullopt);
  }

  RacingStep Step(const std::optional<CarAction>& action) {
    if (action) {
      car_->SetSteering(-action->steer);
      car_->SetThrottle(action->gas);
      car_->SetBrake(action->brake);
    }
    car_->Step(1.0 / kRacingFps);
    world_->Step(static_cast<float>(1.0 / kRacingFps), 6 * 30, 2 * 30);
    t_ += 1.0 / kRacingFps;
    shown_reward_ = reward_;  // gymnasium draws the frame before the step's -0.1
    RacingStep out;
    if (action) {  // reset()'s step counts nothing
      reward_ -= 0.1;
      out.reward = reward_ - prev_reward_;
      prev_reward_ = reward_;
      if (tile_visited_count_ == static_cast<int>(tiles_.size()) || new_lap_) {
        out.terminated = true;
      }
      const b2Vec2 p = car_->hull()->GetPosition();
      if (std::abs(p.x) > kPlayfield || std::abs(p.y) > kPlayfield) {
        out.terminated = true;
        out.reward = -100;
      }
    }
    return out;
  }

  // What the frame is drawn from.
  const Car& car() const { return *car_; }
  // Whether there is a car to draw: the first Reset has built it.
  bool started() const { return car_ != nullptr; }
  const Track& track() const { return track_; }
  const std::vector<std::unique_ptr<Tile>>& tiles() const { return tiles_; }
  double t() const { return t_; }
  // The episode's running total as the step's frame shows it: its tiles
  // counted, its -0.1 not yet.
  double shown_reward() const { return shown_reward_; }
  double reward() const { return reward_; }
  const Colour& road_color() const { return road_color_; }
  const Colour& bg_color() const { return bg_color_; }
  const Colour& grass_color() const { return grass_color_; }

 private:
  // gymnasium's FrictionDetector.
  void BeginContact(b2Contact* contact) override { OnContact(contact, true); }
  void EndContact(b2Contact* contact) override { OnContact(contact, false); }

  void OnContact(b2Contact* contact, bool begin) {
    auto* u1 = static_cast<BodyTag*>(contact->GetFixtureA()->GetBody()->GetUserData());
    auto* u2 = static_cast<BodyTag*>(contact->GetFixtureB()->GetBody()->GetUserData());
    Tile* tile = nullptr;
    BodyTag* obj = nullptr;
    if (u1 != nullptr && u1->kind == BodyTag::kTile) {
      tile = static_cast<Tile*>(u1);
      obj = u2;
    }
    if (u2 != nullptr && u2->kind == BodyTag::kTile) {
      tile = static_cast<Tile*>(u2);
      obj = u1;
    }
    if (tile == nullptr) return;
    tile->color = road_color_;  // any touch, even the hull's, takes the shade away
    if (obj == nullptr || obj->kind != BodyTag::kWheel) return;
    auto* wheel = static_cast<Wheel*>(obj);
    if (!begin) {
      wheel->tiles -= 1;
      return;
    }
    wheel->tiles += 1;
    if (!tile->road_visited) {
      tile->road_visited = true;
      const auto n = static_cast<double>(tiles_.size());
      reward_ += 1000.0 / n;
      tile_visited_count_ += 1;
      // The lap is complete once enough of the track was covered.
      if (tile->idx == 0 && tile_visited_count_ / n > config_.lap_complete_percent) new_lap_ = true;
    }
  }

  void BuildRoad() {
    for (std::size_t i = 0; i < track_.tiles.size(); ++i) {
      const Quad& quad = track_.tiles[i];
      std::array<b2Vec2, 4> vertices;
      for (int k = 0; k < 4; ++k) vertices[k] = Vec(quad[k][0], quad[k][1]);
      b2PolygonShape shape;
      shape.Set(vertices.data(), 4);
      b2FixtureDef def;
      def.shape = &shape;
      b2BodyDef body_def;
      auto tile = std::make_unique<Tile>();
      tile->body = world_->CreateBody(&body_def);
      tile->body->CreateFixture(&def);
      tile->body->SetUserData(tile.get());
      const double c = 0.01 * static_cast<double>(i % 3) * 255;
      for (int k = 0; k < 3; ++k) tile->color[k] = road_color_[k] + c;
      tile->idx = static_cast<int>(i);
      // gymnasium makes the fixture a sensor after creating it.
      tile->body->GetFixtureList()->SetSensor(true);
      tiles_.push_back(std::move(tile));
    }
  }

  // gymnasium's _destroy: the tiles in order, then the car. Its listener
  // still hears the EndContacts, to no effect on anything kept: ours is
  // detached meanwhile.
  void Destroy() {
    world_->SetContactListener(nullptr);
    for (const auto& tile : tiles_) world_->DestroyBody(tile->body);
    tiles_.clear();
    car_.reset();
    world_->SetContactListener(this);
  }

  CarRacingConfig config_;
  std::unique_ptr<b2World> world_;
  Track track_;
  std::vector<std::unique_ptr<Tile>> tiles_;
  std::unique_ptr<Car> car_;
  Colour road_color_{102, 102, 102};
  Colour bg_color_{102, 204, 102};
  Colour grass_color_{102, 230, 102};
  double reward_ = 0.0;
  double prev_reward_ = 0.0;
  double shown_reward_ = 0.0;
  int tile_visited_count_ = 0;
  double t_ = 0.0;
  bool new_lap_ = false;
};

}  // namespace parallel_pool::box2d

#endif  // PARALLEL_POOL_BOX2D_CAR_RACING_SIM_H_
