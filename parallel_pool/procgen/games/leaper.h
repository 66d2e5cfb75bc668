// Leaper: a frog crosses lanes of traffic, then a river on moving logs, to
// the finish line (reward 10, which ends the level). A car, the water or
// leaving the world ends it too. Each move is a leap of several steps;
// lanes and speeds are drawn per level (world 9 easy, 15 hard, 20 extreme).
#ifndef PARALLEL_POOL_PROCGEN_GAMES_LEAPER_H_
#define PARALLEL_POOL_PROCGEN_GAMES_LEAPER_H_

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/procgen/engine/basic_game.h"

namespace parallel_pool::procgen {

class Leaper : public BasicGame {
 public:
  explicit Leaper(std::string asset_root) : BasicGame(std::move(asset_root)) {
    maxspeed_ = kMaxSpeed;
    timeout_ = 500;
  }

 protected:
  static constexpr int kLog = 1;
  static constexpr int kRoad = 2;
  static constexpr int kWater = 3;
  static constexpr int kCar = 4;
  static constexpr int kFinishLine = 5;
  static constexpr float kMonsterRadius = 0.25;
  static constexpr float kLogRadius = 0.45F;
  static constexpr int kGoalReward = 10;
  static constexpr int kNStep = 5;
  static constexpr int kFrogAnimationFrames = kNStep;
  static constexpr float kMaxSpeed = static_cast<float>(2 / (kNStep - 1.0));
  static constexpr float kVelDecay = kMaxSpeed / kNStep;

  const std::vector<ImagePtr>* Backgrounds() override {
    return &LoadBackgrounds(asset_root_, BackgroundGroup::kTopdown);
  }
  bool UseBlockAsset(int type) override { return type == kWater || type == kRoad; }

  void AssetsForType(int type, std::vector<std::string>& names) override {
    if (type == kRoad) {
      names.emplace_back("misc_assets/roadTile6b.png");
    } else if (type == kWater) {
      names.emplace_back("misc_assets/terrainTile6.png");
    } else if (type == kCar) {
      names.emplace_back("misc_assets/car_yellow_5.png");
      names.emplace_back("misc_assets/car_black_1.png");
      names.emplace_back("misc_assets/car_blue_2.png");
      names.emplace_back("misc_assets/car_green_3.png");
      names.emplace_back("misc_assets/car_red_4.png");
    } else if (type == kLog) {
      names.emplace_back("misc_assets/elementWood044.png");
    } else if (type == kPlayer) {
      names.emplace_back("misc_assets/frog1.png");
      names.emplace_back("misc_assets/frog2.png");
      names.emplace_back("misc_assets/frog4.png");
      names.emplace_back("misc_assets/frog6.png");
      names.emplace_back("misc_assets/frog7.png");
    } else if (type == kFinishLine) {
      names.emplace_back("misc_assets/finish2.png");
    }
  }

  float TileAspectRatio(const EntityPtr& ent) override { return ent->type == kFinishLine ? 1 : 0; }

  void HandleAgentCollision(const EntityPtr& obj) override {
    if (obj->type == kCar) {
      step_data_.done = true;
    } else if (obj->type == kFinishLine && agent_->vx == 0 && agent_->vy == 0) {
      step_data_.reward += kGoalReward;
      step_data_.done = true;
      step_data_.level_complete = true;
    }
  }

  bool ShouldPreserveTypeThemes(int type) override { return type == kPlayer; }

  void ChooseWorldDim() override {
    int world_dim = 20;
    if (options_.distribution_mode == DistributionMode::kEasy) {
      world_dim = 9;
    } else if (options_.distribution_mode == DistributionMode::kHard) {
      world_dim = 15;
    }
    main_width_ = world_dim;
    main_height_ = world_dim;
  }

  void GameReset() override {
    BasicGame::GameReset();
    options_.center_agent = false;
    agent_->y = agent_->ry;
    float min_car_speed = 0.05F;
    float max_car_speed = 0.2F;
    float min_log_speed = 0.05F;
    float max_log_speed = 0.1F;
    if (options_.distribution_mode == DistributionMode::kEasy) {
      min_car_speed = 0.03F;
      max_car_speed = 0.12F;
      min_log_speed = 0.025F;
      max_log_speed = 0.075F;
    } else if (options_.distribution_mode == DistributionMode::kExtreme) {
      min_car_speed = 0.1F;
      max_car_speed = 0.3F;
      min_log_speed = 0.1F;
      max_log_speed = 0.2F;
    }
    const bool easy = options_.distribution_mode == DistributionMode::kEasy;
    bottom_road_y_ = ExtraSpace() + 1;
    const int max_diff = easy ? 3 : 4;
    const int difficulty = rand_gen_.Below(max_diff + 1);
    // Half the time an extra lane of road or of water.
    const int extra_lane_option = easy ? 0 : rand_gen_.Below(4);
    const int num_road_lanes = difficulty + (extra_lane_option == 2 ? 1 : 0);
    road_lane_speeds_.clear();
    for (int lane = 0; lane < num_road_lanes; ++lane) {
      const float sign = RandSign();
      road_lane_speeds_.push_back(sign * rand_gen_.Range(min_car_speed, max_car_speed));
      FillElem(0, bottom_road_y_ + lane, main_width_, 1, kRoad);
    }
    bottom_water_y_ = bottom_road_y_ + num_road_lanes + ExtraSpace() + 1;
    water_lane_speeds_.clear();
    const int num_water_lanes = difficulty + (extra_lane_option == 3 ? 1 : 0);
    auto curr_sign = static_cast<int>(RandSign());
    for (int lane = 0; lane < num_water_lanes; ++lane) {
      water_lane_speeds_.push_back(static_cast<float>(curr_sign) *
                                   rand_gen_.Range(min_log_speed, max_log_speed));
      curr_sign *= -1;
      FillElem(0, bottom_water_y_ + lane, main_width_, 1, kWater);
    }
    goal_y_ = bottom_water_y_ + num_water_lanes + 1;
    // The traffic already under way.
    for (int i = 0; static_cast<float>(i) < main_width_ / std::min(min_car_speed, min_log_speed);
         ++i) {
      SpawnTraffic();
      StepEntities(entities_);
    }
    AddEntity(static_cast<float>(main_width_ / 2.0), static_cast<float>(goal_y_ - .5), 0, 0,
              static_cast<float>(main_width_ / 2.0), .5F, kFinishLine);
  }

  void UpdateAgentVelocity() override {
    if (agent_->vx == 0 && agent_->vy == 0) {
      if (action_vx_ != 0) {
        agent_->vx = maxspeed_ * action_vx_;
        agent_->image_theme = 1;
        agent_->rotation = (agent_->vx > 0 ? 1 : -1) * kPi / 2;
      } else if (action_vy_ != 0) {
        agent_->vy = maxspeed_ * action_vy_;
        agent_->image_theme = 1;
        agent_->rotation = agent_->vy > 0 ? 0 : kPi;
      }
    }
    DecayVelocity(agent_->vx);
    DecayVelocity(agent_->vy);
  }

  RectF AdjustedImageRect(int type, const RectF& rect) override {
    if (type == kPlayer) return AdjustRect(rect, 0, -.275, 1, 1.55);
    return rect;
  }

  void GameStep() override {
    if (agent_->image_theme >= 1) {
      agent_->image_theme = (agent_->image_theme + 1) % kFrogAnimationFrames;
    }
    BasicGame::GameStep();
    SpawnTraffic();
    bool standing_on_log = false;
    float log_vx = 0.0;
    const float margin = -1 * agent_->rx;
    for (const EntityPtr& m : entities_) {
      if (m->type == kLog && HasCollision(agent_, m, margin)) {
        standing_on_log = true;
        log_vx = m->vx;
      }
    }
    if (GetObj(static_cast<int>(agent_->x), static_cast<int>(agent_->y)) == kWater &&
        !standing_on_log && agent_->vx == 0 && agent_->vy == 0) {
      step_data_.done = true;
    }
    if (standing_on_log) agent_->x += log_vx;
    if (IsOutOfBounds(agent_)) step_data_.done = true;
  }

 private:
  float RandSign() { return rand_gen_.Unit() < 0.5 ? 1.0F : -1.0F; }

  int ExtraSpace() {
    return options_.distribution_mode == DistributionMode::kEasy ? 0 : rand_gen_.Below(2);
  }

  void SpawnTraffic() {
    for (int lane = 0; lane < static_cast<int>(road_lane_speeds_.size()); ++lane) {
      const float speed = road_lane_speeds_[lane];
      const auto spawn_prob = static_cast<float>(std::fabs(static_cast<double>(speed)) / 6.0);
      if (rand_gen_.Unit() < spawn_prob) {
        const float x = speed > 0 ? (-1 * kMonsterRadius) : (main_width_ + kMonsterRadius);
        auto m = std::make_shared<Entity>(x, static_cast<float>(bottom_road_y_ + lane + 0.5), speed,
                                          0, 2 * kMonsterRadius, kMonsterRadius, kCar);
        ChooseRandomTheme(m);
        if (speed < 0) m->rotation = kPi;
        if (!HasAnyCollision(m)) entities_.push_back(m);
      }
    }
    for (int lane = 0; lane < static_cast<int>(water_lane_speeds_.size()); ++lane) {
      const float speed = water_lane_speeds_[lane];
      const auto spawn_prob = static_cast<float>(std::fabs(static_cast<double>(speed)) / 2.0);
      if (rand_gen_.Unit() < spawn_prob) {
        const float x = speed > 0 ? (-1 * kLogRadius) : (main_width_ + kLogRadius);
        auto m = std::make_shared<Entity>(x, static_cast<float>(bottom_water_y_ + lane + 0.5),
                                          speed, 0, kLogRadius, kLogRadius, kLog);
        if (!HasAnyCollision(m)) entities_.push_back(m);
      }
    }
  }

  static void DecayVelocity(float& vel) {
    const float vel_sign = vel > 0 ? +1 : (vel == 0 ? 0 : -1);
    vel = std::fabs(vel) - kVelDecay;
    if (vel < 0) vel = 0;
    vel = vel * vel_sign;
  }

  int bottom_road_y_ = 0;
  std::vector<float> road_lane_speeds_;
  int bottom_water_y_ = 0;
  std::vector<float> water_lane_speeds_;
  int goal_y_ = 0;
};

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_GAMES_LEAPER_H_
