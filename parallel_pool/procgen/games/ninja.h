// Ninja: a zombie ninja jumps from ledge to ledge, charging its jumps by
// holding up, to the mushroom at the end of the level (10). Bombs and the
// fire at the bottom end the level; throwing stars (actions 9 to 12, four
// directions) clear bombs. The view follows the agent.
#ifndef PARALLEL_POOL_PROCGEN_GAMES_NINJA_H_
#define PARALLEL_POOL_PROCGEN_GAMES_NINJA_H_

#include <cmath>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/procgen/engine/basic_game.h"

namespace parallel_pool::procgen {

class Ninja : public BasicGame {
 public:
  explicit Ninja(std::string asset_root) : BasicGame(std::move(asset_root)) {
    main_width_ = 64;
    main_height_ = 64;
    out_of_bounds_object_ = kWallMid;
  }

  void Draw(Image& target, bool smooth) override {
    BasicGame::Draw(target, smooth);
    // The jump's charge as a bar on the left.
    Painter p(target, smooth);
    const float bar_height = 3 * jump_charge_;
    p.FillRect(AbsRect(.25, static_cast<float>(visibility_ - .5 - bar_height), .5, bar_height),
               0x42f587);
  }

 protected:
  static constexpr float kGoalReward = 10.0F;
  static constexpr int kGoal = 1;
  static constexpr int kBomb = 6;
  static constexpr int kThrowingStar = 7;
  static constexpr int kPlayerJump = 9;
  static constexpr int kPlayerRight1 = 12;
  static constexpr int kPlayerRight2 = 13;
  static constexpr int kFire = 14;
  static constexpr int kWallMid = 20;
  static constexpr int kNumWallThemes = 3;

  const std::vector<ImagePtr>* Backgrounds() override {
    return &LoadBackgrounds(asset_root_, BackgroundGroup::kPlatform);
  }
  bool UseBlockAsset(int type) override { return type == kWallMid; }

  void AssetsForType(int type, std::vector<std::string>& names) override {
    if (type == kWallMid) {
      names = {"misc_assets/tile_bricksGrey.png", "misc_assets/tile_bricksGrown.png",
               "misc_assets/tile_bricksRed.png"};
    } else if (type == kGoal) {
      for (int i = 1; i <= 6; ++i)
        names.push_back("platformer/shroom" + std::to_string(i) + ".png");
    } else if (type == kPlayer) {
      names.emplace_back("platformer/zombie_idle.png");
    } else if (type == kPlayerJump) {
      names.emplace_back("platformer/zombie_jump.png");
    } else if (type == kPlayerRight1) {
      names.emplace_back("platformer/zombie_walk1.png");
    } else if (type == kPlayerRight2) {
      names.emplace_back("platformer/zombie_walk2.png");
    } else if (type == kBomb || type == kFire) {
      names.emplace_back("misc_assets/bomb.png");
    } else if (type == kThrowingStar) {
      names.emplace_back("misc_assets/saw.png");
    }
  }

  void HandleAgentCollision(const EntityPtr& obj) override {
    if (obj->type == kExplosion) {
      step_data_.done = true;
    } else if (obj->type == kGoal) {
      step_data_.reward += kGoalReward;
      step_data_.level_complete = true;
      step_data_.done = true;
    }
  }

  void HandleGridCollision(const EntityPtr& obj, int type, int i, int j) override {
    if (obj->type == kPlayer) {
      if (type == kFire || type == kBomb) step_data_.done = true;
    } else if (obj->type == kThrowingStar) {
      if (type == kBomb) {
        obj->will_erase = true;
        SetObj(i, j, kSpace);
        AddEntity(static_cast<float>(i + .5), static_cast<float>(j + .5), 0, 0, .5, kExplosion);
      }
      if (type == kWallMid) obj->will_erase = true;
    }
  }

  void UpdateAgentVelocity() override {
    const float mixrate_x = has_support_ ? mixrate_ : (mixrate_ * air_control_);
    agent_->vx = (1 - mixrate_x) * agent_->vx + mixrate_x * maxspeed_ * action_vx_;
    if (action_vy_ < 1 && jump_charge_ > 0) {
      agent_->vy = jump_charge_ * max_jump_;
      jump_charge_ = 0;
    }
    if (!has_support_ && agent_->vy > -2) agent_->vy -= gravity_;
  }

  int ThemeForGridObject(int type) override { return type == kWallMid ? wall_theme_ : 0; }

  bool IsBlocked(const EntityPtr& src, int target, bool is_horizontal) override {
    if (target == kWallMid) {
      if (src->type == kPlayer) return true;
      if (src->type == kThrowingStar) {
        // Stars stick in walls.
        src->vx = 0;
        src->vy = 0;
        return true;
      }
    }
    return BasicGame::IsBlocked(src, target, is_horizontal);
  }

  int ImageForType(int type) override {
    if (type == kPlayer) {
      if (std::fabs(static_cast<double>(agent_->vx)) < .01 && action_vx_ == 0 && has_support_) {
        return kPlayer;
      }
      return (cur_time_ / 5 % 2 == 0 || !has_support_) ? kPlayerRight1 : kPlayerRight2;
    }
    return BasicGame::ImageForType(type);
  }

  void GameReset() override {
    BasicGame::GameReset();
    gravity_ = 0.2F;
    max_jump_ = 1.5;
    air_control_ = 0.15F;
    maxspeed_ = .5;
    has_support_ = false;
    jump_charge_ = 0;
    jump_charge_inc_ = .25;
    visibility_ = 16;
    agent_->rx = .5;
    agent_->ry = .5;
    agent_->x = 1 + agent_->rx;
    agent_->y = main_height_ / 2 + agent_->ry;
    if (options_.distribution_mode == DistributionMode::kEasy) {
      max_jump_ = 1.25;
      jump_charge_inc_ = 1;
      visibility_ = 10;
    }
    const int max_difficulty = 3;
    const int difficulty = rand_gen_.Below(max_difficulty) + 1;
    last_fire_time_ = 0;
    wall_theme_ = rand_gen_.Below(kNumWallThemes);
    FillElem(0, 0, main_width_, 1, kWallMid);
    FillElem(0, 0, 1, main_height_, kWallMid);
    FillElem(main_width_ - 1, 0, 1, main_height_, kWallMid);
    FillElem(0, main_height_ - 1, main_width_, 1, kWallMid);
    GenerateCoinToTheRight(difficulty);
  }

  void SetActionXY(int move_action) override {
    action_vx_ = static_cast<float>(move_action / 3 - 1);
    action_vy_ = static_cast<float>((move_action % 3) - 1);
    if (action_vy_ < 0) action_vy_ = 0;
    has_support_ = AgentStandsOn([this](int obj) { return CanSupport(obj); });
    if (has_support_ && action_vy_ == 1) {
      action_vy_ = 1;
      jump_charge_ += jump_charge_inc_;
      if (jump_charge_ > 1) jump_charge_ = 1;
    } else {
      action_vy_ = 0;
    }
    if (!has_support_) jump_charge_ = 0;
  }

  void GameStep() override {
    BasicGame::GameStep();
    if (action_vx_ > 0) agent_->is_reflected = false;
    if (action_vx_ < 0) agent_->is_reflected = true;
    if (special_action_ > 0 && (cur_time_ - last_fire_time_) >= 3) {
      float theta = 0;
      const float bullet_vel = 1;
      if (special_action_ == 2) {
        theta = kPi / 4;
      } else if (special_action_ == 3) {
        theta = kPi / 2;
      } else if (special_action_ == 4) {
        theta = -1 * kPi / 4;
      }
      if (agent_->is_reflected) theta = kPi - theta;
      EntityPtr star =
          AddEntity(agent_->x, agent_->y,
                    static_cast<float>(bullet_vel * std::cos(static_cast<double>(theta))),
                    static_cast<float>(bullet_vel * std::sin(static_cast<double>(theta))), .25,
                    kThrowingStar);
      star->collides_with_entities = true;
      star->expire_time = 15;
      star->smart_step = true;
      last_fire_time_ = cur_time_;
    }
  }

 private:
  bool CanSupport(int obj) const { return obj == kWallMid || obj == out_of_bounds_object_; }

  // Fills dx x dy cells from (x, y), its top row with `top`.
  void FillBlockTop(int x, int y, int dx, int dy, int fill, int top) {
    if (dy <= 0) return;
    FillElem(x, y, dx, dy - 1, fill);
    FillElem(x, y + dy - 1, dx, 1, top);
  }

  void FillGroundBlock(int x, int y, int dx, int dy) {
    FillBlockTop(x, y, dx, dy, kWallMid, kWallMid);
  }

  // The level: ledges rightwards from the start to the goal, a ceiling over
  // each section, bombs on some ledges and fire below.
  void GenerateCoinToTheRight(int difficulty) {
    int min_gap = difficulty - 1;
    int min_plat_w = 1;
    int inc_dy = 4;
    if (options_.distribution_mode == DistributionMode::kEasy) {
      min_gap -= 1;
      if (min_gap < 0) min_gap = 0;
      min_plat_w = 3;
      inc_dy = 2;
    }
    const auto bomb_prob = static_cast<float>(.25 * (difficulty - 1));
    const int max_gap_inc = difficulty == 1 ? 1 : 2;
    const int num_sections = rand_gen_.Below(difficulty) + difficulty;
    const int start_x = 5;
    int curr_x = start_x;
    int curr_y = main_height_ / 2;
    int min_y = curr_y;
    const int w = main_width_;
    const float max_dy_float = max_jump_ * max_jump_ / (2 * gravity_);
    const auto max_dy = static_cast<int>(max_dy_float - .5);
    FillGroundBlock(0, 0, start_x, curr_y);
    FillElem(0, curr_y + 8, start_x, main_height_ - curr_y - 8, kWallMid);
    for (int i = 0; i < num_sections; ++i) {
      const int prev_x = curr_x;
      const int prev_y = curr_y;
      const int num_edges = rand_gen_.Below(2) + 1;
      int max_y = -1;
      int last_edge_y = -1;
      for (int j = 0; j < num_edges; ++j) {
        curr_x = prev_x + j;
        if (curr_x + 15 >= w) break;
        curr_y = prev_y;
        int dy = rand_gen_.Below(inc_dy) + 1 + difficulty / 3;
        if (dy > max_dy) dy = max_dy;
        if (curr_y >= main_height_ - 15) {
          dy *= -1;
        } else if (curr_y >= 5 && rand_gen_.Unit() < .4) {
          dy *= -1;
        }
        curr_y += dy;
        if (curr_y < 3) curr_y = 3;
        if (std::abs(curr_y - last_edge_y) <= 1) curr_y = last_edge_y + 2;
        const int dx = min_plat_w + rand_gen_.Below(3);
        FillGroundBlock(curr_x, curr_y - 1, dx, 1);
        curr_x += dx;
        curr_x += min_gap + rand_gen_.Below(max_gap_inc + 1);
        if (curr_y > max_y) max_y = curr_y;
        if (curr_y < min_y) min_y = curr_y;
        last_edge_y = curr_y;
      }
      if (rand_gen_.Unit() < bomb_prob) {
        SetObj(rand_gen_.Below(curr_x - prev_x + 1) + prev_x, max_y + 2, kBomb);
      }
      const int ceiling_height = 11;
      const int ceiling_start = max_y - 1 + ceiling_height;
      FillGroundBlock(prev_x, ceiling_start, curr_x - prev_x, main_height_ - ceiling_start);
    }
    EntityPtr goal = AddEntity(static_cast<float>(curr_x + .5), static_cast<float>(curr_y + .5), 0,
                               0, .5, kGoal);
    ChooseRandomTheme(goal);
    FillGroundBlock(curr_x, curr_y - 1, 1, 1);
    FillElem(curr_x, curr_y + 6, 1, main_height_ - curr_y - 6, kWallMid);
    int fire_y = min_y - 2;
    if (fire_y < 1) fire_y = 1;
    FillGroundBlock(start_x, 0, main_width_ - start_x, fire_y);
    FillElem(start_x, fire_y, main_width_ - start_x, 1, kFire);
    FillElem(curr_x + 1, 0, main_width_ - curr_x - 1, main_height_, kWallMid);
  }

  bool has_support_ = false;
  int last_fire_time_ = 0;
  int wall_theme_ = 0;
  float gravity_ = 0.0F;
  float air_control_ = 0.0F;
  float jump_charge_ = 0.0F;
  float jump_charge_inc_ = 0.0F;
};

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_GAMES_NINJA_H_
