// Climber: climb a tower of platforms collecting every star (1 each; all of
// them win the level, bonus 10) while avoiding the patrolling enemies. The
// view follows the agent up the tower (16 wide easy, 20 hard, 64 tall).
#ifndef PARALLEL_POOL_PROCGEN_GAMES_CLIMBER_H_
#define PARALLEL_POOL_PROCGEN_GAMES_CLIMBER_H_

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/procgen/engine/basic_game.h"

namespace parallel_pool::procgen {

class Climber : public BasicGame {
 public:
  explicit Climber(std::string asset_root) : BasicGame(std::move(asset_root)) {
    out_of_bounds_object_ = kWallMid;
  }

 protected:
  static constexpr float kCoinReward = 1.0F;
  static constexpr float kCompletionBonus = 10.0F;
  static constexpr int kCoin = 1;
  static constexpr int kEnemy = 5;
  static constexpr int kEnemy1 = 6;
  static constexpr int kEnemy2 = 7;
  static constexpr int kPlayerJump = 9;
  static constexpr int kPlayerRight1 = 12;
  static constexpr int kPlayerRight2 = 13;
  static constexpr int kWallMid = 15;
  static constexpr int kWallTop = 16;
  static constexpr int kEnemyBarrier = 19;
  static constexpr float kPatrolRange = 4;
  static constexpr int kNumWallThemes = 4;

  const std::vector<ImagePtr>* Backgrounds() override {
    return &LoadBackgrounds(asset_root_, BackgroundGroup::kPlatform);
  }
  bool UseBlockAsset(int type) override { return IsWall(type); }

  void AssetsForType(int type, std::vector<std::string>& names) override {
    auto players = [&names](const char* pose) {
      for (const char* color : {"Blue", "Green", "Grey", "Red"}) {
        names.push_back(std::string("platformer/player") + color + "_" + pose + ".png");
      }
    };
    if (type == kPlayer) {
      players("stand");
    } else if (type == kPlayerJump) {
      players("walk4");
    } else if (type == kPlayerRight1) {
      players("walk1");
    } else if (type == kPlayerRight2) {
      players("walk2");
    } else if (type == kWallTop) {
      names = {"platformer/tileBlue_05.png", "platformer/tileGreen_05.png",
               "platformer/tileYellow_06.png", "platformer/tileBrown_06.png"};
    } else if (type == kWallMid) {
      names = {"platformer/tileBlue_08.png", "platformer/tileGreen_08.png",
               "platformer/tileYellow_09.png", "platformer/tileBrown_09.png"};
    } else if (type == kEnemy1) {
      names.emplace_back("platformer/enemySwimming_1.png");
    } else if (type == kEnemy2) {
      names.emplace_back("platformer/enemySwimming_2.png");
    } else if (type == kCoin) {
      names.emplace_back("platformer/yellowCrystal.png");
    }
  }

  void HandleAgentCollision(const EntityPtr& obj) override {
    if (obj->type == kEnemy) {
      step_data_.done = true;
    } else if (obj->type == kCoin) {
      step_data_.reward += kCoinReward;
      coins_collected_ += 1;
      obj->will_erase = true;
    }
  }

  int ThemeForGridObject(int type) override { return IsWall(type) ? wall_theme_ : 0; }

  bool WillReflect(int src, int target) override {
    return src == kEnemy && (IsWall(target) || target == kEnemyBarrier);
  }

  void UpdateAgentVelocity() override {
    const float mixrate_x = has_support_ ? mixrate_ : (mixrate_ * air_control_);
    agent_->vx = (1 - mixrate_x) * agent_->vx + mixrate_x * maxspeed_ * action_vx_;
    if (action_vy_ > 0) agent_->vy = max_jump_;
    if (!has_support_ && agent_->vy > -2) agent_->vy -= gravity_;
  }

  bool IsBlocked(const EntityPtr& src, int target, bool is_horizontal) override {
    if (BasicGame::IsBlocked(src, target, is_horizontal)) return true;
    return src->type == kPlayer && IsWall(target);
  }

  int ImageForType(int type) override {
    if (type == kPlayer) {
      if (!has_support_) return kPlayerJump;
      if (std::fabs(static_cast<double>(agent_->vx)) < .01 && action_vx_ == 0) return kPlayer;
      return cur_time_ / 5 % 2 == 0 ? kPlayerRight1 : kPlayerRight2;
    }
    if (type == kEnemyBarrier) return -1;
    return BasicGame::ImageForType(type);
  }

  void ChooseWorldDim() override {
    main_width_ = options_.distribution_mode == DistributionMode::kEasy ? 16 : 20;
    main_height_ = 64;
  }

  void GameReset() override {
    BasicGame::GameReset();
    gravity_ = 0.2F;
    max_jump_ = 1.5;
    air_control_ = 0.15F;
    maxspeed_ = .5;
    has_support_ = false;
    agent_->rx = .5;
    agent_->ry = .5;
    agent_->x = 1 + agent_->rx;
    agent_->y = 1 + agent_->ry;
    ChooseRandomTheme(agent_);
    wall_theme_ = rand_gen_.Below(kNumWallThemes);
    FillElem(0, 0, main_width_, 1, kWallTop);
    FillElem(0, 0, 1, main_height_, kWallMid);
    FillElem(main_width_ - 1, 0, 1, main_height_, kWallMid);
    FillElem(0, main_height_ - 1, main_width_, 1, kWallMid);
    GeneratePlatforms();
  }

  void ChooseCenter(float& cx, float& cy) override {
    cx = static_cast<float>(main_width_ / 2.0);
    cy = static_cast<float>(agent_->y + main_width_ / 2.0 - 5 * agent_->ry);
    visibility_ = static_cast<float>(main_width_);
  }

  void SetActionXY(int move_action) override {
    action_vx_ = static_cast<float>(move_action / 3 - 1);
    action_vy_ = static_cast<float>((move_action % 3) - 1);
    if (action_vy_ < 0) action_vy_ = 0;
    has_support_ = AgentStandsOn([this](int obj) { return CanSupport(obj); });
    action_vy_ = has_support_ && action_vy_ == 1 ? 1 : 0;
  }

  void GameStep() override {
    BasicGame::GameStep();
    if (action_vx_ > 0) agent_->is_reflected = false;
    if (action_vx_ < 0) agent_->is_reflected = true;
    for (int i = static_cast<int>(entities_.size()) - 1; i >= 0; --i) {
      const EntityPtr& ent = entities_[i];
      if (ent->type != kEnemy) continue;
      if (ent->x > ent->climber_spawn_x + kPatrolRange) {
        ent->vx = -1 * std::fabs(ent->vx);
      } else if (ent->x < ent->climber_spawn_x - kPatrolRange) {
        ent->vx = std::fabs(ent->vx);
      }
      ent->image_type = cur_time_ / 5 % 2 == 0 ? kEnemy1 : kEnemy2;
      ent->is_reflected = ent->vx < 0;
    }
    if (coin_quota_ == coins_collected_) {
      step_data_.done = true;
      step_data_.reward += kCompletionBonus;
      step_data_.level_complete = true;
    }
  }

 private:
  static bool IsWall(int type) { return type == kWallMid || type == kWallTop; }
  bool CanSupport(int obj) const { return IsWall(obj) || obj == out_of_bounds_object_; }

  int ChooseDeltaY() {
    const auto max_dy = static_cast<int>(max_jump_ * max_jump_ / (2 * gravity_));
    const int min_dy = 3;
    return rand_gen_.Below(max_dy - min_dy + 1) + min_dy;
  }

  void GeneratePlatforms() {
    const int difficulty = rand_gen_.Below(3);
    const int min_platforms = difficulty * difficulty + 1;
    const int max_platforms = (difficulty + 1) * (difficulty + 1) + 1;
    const int num_platforms = rand_gen_.Below(max_platforms - min_platforms + 1) + min_platforms;
    coin_quota_ = 0;
    coins_collected_ = 0;
    int curr_x = rand_gen_.Below(main_width_ - 4) + 2;
    int curr_y = 0;
    const int margin_x = 3;
    const float enemy_prob = options_.distribution_mode == DistributionMode::kEasy ? .2F : .5F;
    for (int i = 0; i < num_platforms; ++i) {
      const int delta_y = ChooseDeltaY();
      // Only enemies that will not be trapped in tight spaces.
      const bool can_spawn_enemy = curr_x >= margin_x && curr_x <= main_width_ - margin_x;
      if (can_spawn_enemy && rand_gen_.Unit() < enemy_prob) {
        // procgen's compiler evaluates this call's arguments right to left:
        // the speed's draw comes before the height's.
        const int direction = rand_gen_.Below(2) * 2 - 1;
        const int lift = rand_gen_.Below(2);
        EntityPtr ent =
            AddEntity(static_cast<float>(curr_x + .5), static_cast<float>(curr_y + lift + 2 + .5),
                      static_cast<float>(.15 * direction), 0, .5, kEnemy);
        ent->image_type = kEnemy1;
        ent->smart_step = true;
        ent->climber_spawn_x = static_cast<float>(curr_x + .5);
        MatchAspectRatio(ent);
      }
      curr_y += delta_y;
      const int plat_len = 2 + rand_gen_.Below(10);
      int vx = rand_gen_.Below(2) * 2 - 1;
      if (curr_x < margin_x) vx = 1;
      if (curr_x > main_width_ - margin_x) vx = -1;
      std::vector<int> candidates;
      for (int j = 0; j < plat_len; ++j) {
        const int nx = curr_x + (j + 1) * vx;
        if (nx <= 0 || nx >= main_width_ - 1) break;
        candidates.push_back(nx);
        SetObj(nx, curr_y, kWallTop);
      }
      if (rand_gen_.Unit() < .5 || i == num_platforms - 1) {
        const int coin_x = rand_gen_.ChooseOne(candidates);
        AddEntity(static_cast<float>(coin_x + .5), static_cast<float>(curr_y + 1.5), 0, 0, 0.3F,
                  kCoin);
        coin_quota_ += 1;
      }
      curr_x = rand_gen_.ChooseOne(candidates);
    }
  }

  bool has_support_ = false;
  int coin_quota_ = 0;
  int coins_collected_ = 0;
  int wall_theme_ = 0;
  float gravity_ = 0.0F;
  float air_control_ = 0.0F;
};

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_GAMES_CLIMBER_H_
