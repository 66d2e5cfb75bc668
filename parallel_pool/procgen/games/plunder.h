// Plunder: a ship fires cannonballs (action 9) at the enemy ships of the
// colour the legend shows (1 each; 20 win the level, bonus 10) while its
// supply of "juice" runs down; hitting a wrong ship costs juice, and the
// level ends when it is gone. Ships sail in five lanes; wooden panels block
// shots in hard mode. The juice and the progress are drawn as two bars.
#ifndef PARALLEL_POOL_PROCGEN_GAMES_PLUNDER_H_
#define PARALLEL_POOL_PROCGEN_GAMES_PLUNDER_H_

#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/procgen/engine/basic_game.h"

namespace parallel_pool::procgen {

class Plunder : public BasicGame {
 public:
  explicit Plunder(std::string asset_root) : BasicGame(std::move(asset_root)) {
    timeout_ = 4000;
    main_width_ = 20;
    main_height_ = 20;
    mixrate_ = .5;
    maxspeed_ = 0.85F;
    has_useful_vel_info_ = false;
  }

  void Draw(Image& target, bool smooth) override {
    BasicGame::Draw(target, smooth);
    Painter p(target, smooth);
    p.FillRect(AbsRect(.25, .25, main_width_ * juice_left_, .5), 0x42f587);
    p.FillRect(AbsRect(.25, .75,
                       static_cast<float>(main_width_ * (targets_hit_ * 1.0 / target_quota_)), .5),
               0xf54290);
  }

 protected:
  static constexpr float kCompletionBonus = 10.0F;
  static constexpr float kPositiveReward = 1.0F;
  static constexpr int kPlayerBullet = 1;
  static constexpr int kTargetLegend = 2;
  static constexpr int kTargetBackground = 3;
  static constexpr int kPanel = 6;
  static constexpr int kShip = 7;

  const std::vector<ImagePtr>* Backgrounds() override {
    return &LoadBackgrounds(asset_root_, BackgroundGroup::kWaterSurface);
  }

  void AssetsForType(int type, std::vector<std::string>& names) override {
    if (type == kShip) {
      for (int i = 1; i <= 6; ++i)
        names.push_back("misc_assets/ship_" + std::to_string(i) + ".png");
    } else if (type == kPlayerBullet) {
      names.emplace_back("misc_assets/cannonBall.png");
    } else if (type == kPanel) {
      names.emplace_back("misc_assets/panel_wood.png");
    } else if (type == kTargetBackground) {
      names.emplace_back("misc_assets/target_red2.png");
    }
  }

  bool ShouldPreserveTypeThemes(int type) override { return type == kShip; }

  void HandleCollision(const EntityPtr& src, const EntityPtr& target) override {
    if (src->type != kPlayerBullet) return;
    if (target->type == kShip) {
      target->will_erase = true;
      src->will_erase = true;
      if (target_bools_[target->image_theme]) {
        targets_hit_ += 1;
        step_data_.reward += kPositiveReward;
        juice_left_ += 0.1F;
      } else {
        juice_left_ -= 0.1F;
      }
    } else if (target->type == kPanel) {
      src->will_erase = true;
    }
    if (target->will_erase) {
      AddEntity(target->x, target->y, target->vx / 2, target->vy / 2,
                static_cast<float>(.5 * target->rx), kExplosion);
    }
  }

  void SetActionXY(int move_action) override {
    action_vx_ = static_cast<float>(move_action / 3 - 1);
    action_vy_ = 0;
    action_vrot_ = 0;
  }

  void GameReset() override {
    BasicGame::GameReset();
    agent_->image_type = kShip;
    juice_left_ = 1;
    targets_hit_ = 0;
    target_quota_ = 20;
    spawn_prob_ = 0.06F;
    r_scale_ = options_.distribution_mode == DistributionMode::kEasy ? 1.5F : 1.0F;
    const int num_total_ship_types = 6;
    num_lanes_ = 5;
    lane_directions_.clear();
    lane_vels_.clear();
    image_permutation_ = rand_gen_.ChooseN({0, 1, 2, 3, 4, 5}, num_total_ship_types);
    num_current_ship_types_ = 2;
    target_bools_.assign(num_total_ship_types, false);
    for (int i = 0; i < num_current_ship_types_ / 2; ++i)
      target_bools_[image_permutation_[i]] = true;
    for (int i = 0; i < num_lanes_; ++i) {
      lane_directions_.push_back(rand_gen_.Unit() < .5);
      lane_vels_.push_back(static_cast<float>(.15 + .1 * rand_gen_.Unit()));
    }
    const int num_panels =
        options_.distribution_mode == DistributionMode::kEasy ? 0 : rand_gen_.Below(4);
    const float panel_width = 1.2F;
    for (int i = 0; i < num_panels; ++i) {
      SpawnEntityRxy(panel_width, .5, kPanel, 0, static_cast<float>(.25 * main_height_),
                     static_cast<float>(main_width_), static_cast<float>(.25 * main_height_));
    }
    const float key_scale = 1.5;
    legend_r_ = 2;
    AddEntity(legend_r_, legend_r_, 0, 0, legend_r_, kTargetBackground);
    EntityPtr legend = AddEntity(legend_r_, legend_r_, 0, 0, r_scale_ * key_scale, kTargetLegend);
    legend->image_theme = image_permutation_[0];
    legend->image_type = kShip;
    MatchAspectRatio(legend);
    legend->rotation = kPi / 2;
    last_fire_time_ = 0;
    options_.center_agent = false;
    agent_->rx = r_scale_;
    agent_->rotation = -1 * kPi / 2;
    agent_->image_theme = image_permutation_[rand_gen_.Below(num_current_ship_types_ / 2) +
                                             num_current_ship_types_ / 2];
    MatchAspectRatio(agent_);
    RepositionAgent();
    agent_->y = 1 + agent_->ry;
    min_agent_x_ = 2 * legend_r_ + agent_->rx;
    if (agent_->x < min_agent_x_) agent_->x = min_agent_x_;
  }

  void GameStep() override {
    BasicGame::GameStep();
    juice_left_ -= 0.0015F;
    if (rand_gen_.Unit() < spawn_prob_) {
      const float ent_r = r_scale_;
      const int lane = rand_gen_.Below(num_lanes_);
      const auto ent_y =
          static_cast<float>((lane * .11 + .4) * (main_height_ / 2 - ent_r) + main_height_ / 2);
      const float moves_right = lane_directions_[lane] ? 1.0F : 0.0F;
      const float ent_vx = lane_vels_[lane] * (moves_right != 0 ? 1 : -1);
      auto ent = std::make_shared<Entity>(0, ent_y, ent_vx, 0, ent_r, ent_r, kShip);
      ent->image_type = kShip;
      ent->image_theme = image_permutation_[rand_gen_.Below(num_current_ship_types_)];
      MatchAspectRatio(ent);
      ent->x = moves_right != 0 ? -1 * ent_r : (main_width_ + ent_r);
      ent->is_reflected = moves_right == 0;
      if (!HasAnyCollision(ent)) entities_.push_back(ent);
    }
    if (special_action_ == 1 && (cur_time_ - last_fire_time_) >= 3) {
      EntityPtr bullet = AddEntity(agent_->x, agent_->y, 0, 1, .25, kPlayerBullet);
      bullet->collides_with_entities = true;
      bullet->expire_time = 50;
      last_fire_time_ = cur_time_;
      juice_left_ -= 0.02F;
    }
    if (juice_left_ <= 0) {
      step_data_.done = true;
    } else if (juice_left_ >= 1) {
      juice_left_ = 1;
    }
    if (targets_hit_ >= target_quota_) {
      step_data_.done = true;
      step_data_.reward += kCompletionBonus;
      step_data_.level_complete = true;
    }
    // Not into the legend.
    if (agent_->x < min_agent_x_) agent_->x = min_agent_x_;
  }

 private:
  int last_fire_time_ = 0;
  std::vector<bool> lane_directions_;
  std::vector<bool> target_bools_;
  std::vector<int> image_permutation_;
  std::vector<float> lane_vels_;
  int num_lanes_ = 0;
  int num_current_ship_types_ = 0;
  int targets_hit_ = 0;
  int target_quota_ = 0;
  float juice_left_ = 0.0F;
  float r_scale_ = 0.0F;
  float spawn_prob_ = 0.0F;
  float legend_r_ = 0.0F;
  float min_agent_x_ = 0.0F;
};

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_GAMES_PLUNDER_H_
