// FruitBot: a robot scrolls up a corridor collecting fruit (1 each) and
// avoiding other food (-4); hitting a wall or a locked fence ends the
// level, which is won (10) at the presents at the top. Keys fired with
// action 9 open a fence's lock. The view follows the robot up the world
// (10 wide easy, 20 hard, 60 tall).
#ifndef PARALLEL_POOL_PROCGEN_GAMES_FRUITBOT_H_
#define PARALLEL_POOL_PROCGEN_GAMES_FRUITBOT_H_

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/procgen/engine/basic_game.h"

namespace parallel_pool::procgen {

class FruitBot : public BasicGame {
 public:
  explicit FruitBot(std::string asset_root) : BasicGame(std::move(asset_root)) {
    mixrate_ = .5;
    maxspeed_ = 0.85F;
    bg_tile_ratio_ = -1;
    out_of_bounds_object_ = kOutOfBoundsWall;
  }

 protected:
  static constexpr float kCompletionBonus = 10.0;
  static constexpr int kPositiveReward = 1;
  static constexpr int kPenalty = -4;
  static constexpr int kBarrier = 1;
  static constexpr int kOutOfBoundsWall = 2;
  static constexpr int kPlayerBullet = 3;
  static constexpr int kBadObj = 4;
  static constexpr int kGoodObj = 7;
  static constexpr int kLockedDoor = 10;
  static constexpr int kLock = 11;
  static constexpr int kPresent = 12;
  static constexpr int kKeyDuration = 8;
  static constexpr float kDoorAspectRatio = 3.25;
  static constexpr float kBulletVScale = .5;

  const std::vector<ImagePtr>* Backgrounds() override {
    return &LoadBackgrounds(asset_root_, BackgroundGroup::kTopdown);
  }
  bool UseBlockAsset(int type) override {
    return type == kBarrier || type == kLockedDoor || type == kPresent;
  }

  void AssetsForType(int type, std::vector<std::string>& names) override {
    if (type == kPlayer) {
      names.emplace_back("misc_assets/robot_3Dblue.png");
    } else if (type == kBarrier || type == kOutOfBoundsWall) {
      names.emplace_back("misc_assets/tileStone_slope.png");
    } else if (type == kPlayerBullet) {
      names.emplace_back("misc_assets/keyRed2.png");
    } else if (type == kBadObj) {
      for (int i = 1; i <= 6; ++i) names.push_back("misc_assets/food" + std::to_string(i) + ".png");
    } else if (type == kGoodObj) {
      for (int i = 1; i <= 6; ++i)
        names.push_back("misc_assets/fruit" + std::to_string(i) + ".png");
    } else if (type == kLockedDoor) {
      names.emplace_back("misc_assets/fenceYellow.png");
    } else if (type == kLock) {
      names.emplace_back("misc_assets/lockRed2.png");
    } else if (type == kPresent) {
      for (int i = 1; i <= 3; ++i)
        names.push_back("misc_assets/present" + std::to_string(i) + ".png");
    }
  }

  bool WillReflect(int src, int target) override {
    return src == kBadObj && (target == kBarrier || target == kWall);
  }

  bool IsBlocked(const EntityPtr& src, int target, bool is_horizontal) override {
    return BasicGame::IsBlocked(src, target, is_horizontal) ||
           (src->type == kPlayer && target == kOutOfBoundsWall);
  }

  float TileAspectRatio(const EntityPtr& ent) override {
    if (ent->type == kBarrier) return 1;
    if (ent->type == kLockedDoor) return kDoorAspectRatio;
    return 0;
  }

  void HandleAgentCollision(const EntityPtr& obj) override {
    if (obj->type == kBarrier) {
      step_data_.done = true;
    } else if (obj->type == kBadObj) {
      step_data_.reward += kPenalty;
      obj->will_erase = true;
    } else if (obj->type == kLockedDoor) {
      step_data_.done = true;
    } else if (obj->type == kGoodObj) {
      step_data_.reward += kPositiveReward;
      obj->will_erase = true;
    } else if (obj->type == kPresent) {
      step_data_.reward += kCompletionBonus;
      step_data_.done = true;
      step_data_.level_complete = true;
    }
  }

  void HandleCollision(const EntityPtr& src, const EntityPtr& target) override {
    if (src->type != kPlayerBullet) return;
    if (target->type == kBarrier) {
      src->will_erase = true;
    } else if (target->type == kLock) {
      src->will_erase = true;
      target->will_erase = true;
      // The fence of this lock goes too.
      for (const EntityPtr& ent : entities_) {
        if (ent->type == kLockedDoor && std::fabs(ent->y - target->y) < 1) {
          ent->will_erase = true;
          break;
        }
      }
    }
  }

  void ChooseCenter(float& cx, float& cy) override {
    cx = static_cast<float>(main_width_ / 2.0);
    cy = static_cast<float>(agent_->y + main_width_ / 2.0 - 2 * agent_->ry);
    visibility_ = static_cast<float>(main_width_);
  }

  void ChooseWorldDim() override {
    main_width_ = options_.distribution_mode == DistributionMode::kEasy ? 10 : 20;
    main_height_ = 60;
  }

  void SetActionXY(int move_action) override {
    action_vx_ = static_cast<float>(move_action / 3 - 1);
    action_vy_ = 0.2F;
    action_vrot_ = 0;
  }

  void GameReset() override {
    BasicGame::GameReset();
    last_fire_time_ = 0;
    const int min_sep = 4;
    int num_walls = 10;
    int object_group_size = 6;
    const int buf_h = 4;
    float door_prob = .125;
    float min_pct = .1F;
    if (options_.distribution_mode == DistributionMode::kEasy) {
      num_walls = 5;
      object_group_size = 2;
      door_prob = 0;
      min_pct = .2F;
    }
    const std::vector<int> partition =
        rand_gen_.Partition(main_height_ - min_sep * num_walls - buf_h, num_walls);
    int curr_h = 0;
    for (int part : partition) {
      const int dy = min_sep + part;
      curr_h += dy;
      const bool use_door = (dy > 5) && rand_gen_.Unit() < door_prob;
      AddWalls(static_cast<float>(curr_h), use_door, min_pct);
    }
    agent_->y = agent_->ry;
    const int num_good = rand_gen_.Below(10) + 10;
    const int num_bad = rand_gen_.Below(10) + 10;
    for (int i = 0; i < main_width_; ++i) {
      EntityPtr present =
          AddEntity(static_cast<float>(i + .5), static_cast<float>(main_height_ - .5), 0, 0, .5F,
                    .5F, kPresent);
      ChooseRandomTheme(present);
    }
    SpawnEntities(num_good, .5, kGoodObj, 0, 0, static_cast<float>(main_width_),
                  static_cast<float>(main_height_));
    SpawnEntities(num_bad, .5, kBadObj, 0, 0, static_cast<float>(main_width_),
                  static_cast<float>(main_height_));
    for (const EntityPtr& ent : entities_) {
      if (ent->type == kGoodObj || ent->type == kBadObj) {
        ent->image_theme = rand_gen_.Below(object_group_size);
        FitAspectRatio(ent);
      }
    }
    agent_->rotation = -1 * kPi / 2;
  }

  void GameStep() override {
    BasicGame::GameStep();
    if (special_action_ == 1 && (cur_time_ - last_fire_time_) >= kKeyDuration) {
      const float vx = 0;
      const float vy = 1;
      EntityPtr bullet = AddEntity(agent_->x, agent_->y, vx * kBulletVScale, vy * kBulletVScale,
                                   .25, kPlayerBullet);
      bullet->expire_time = kKeyDuration;
      bullet->collides_with_entities = true;
      last_fire_time_ = cur_time_;
    }
  }

 private:
  // A wall across the world at height ry with a gap (a locked fence in it
  // with use_door).
  void AddWalls(float ry, bool use_door, float min_pct) {
    const auto rw = static_cast<float>(main_width_);
    const float wall_ry = 0.3F;
    const float lock_rx = .25;
    const float lock_ry = 0.45F;
    auto pct = static_cast<float>(min_pct + .2 * rand_gen_.Unit());
    if (use_door) {
      pct += 0.1F;
      const float lock_pct_w = 2 * lock_rx / main_width_;
      const float door_pct_w = (wall_ry * 2 * kDoorAspectRatio) / main_width_;
      const auto num_doors =
          static_cast<int>(std::ceil(static_cast<double>((pct - 2 * lock_pct_w) / door_pct_w)));
      pct = 2 * lock_pct_w + door_pct_w * num_doors;
    }
    const float gapw = pct * rw;
    const float w1 = rand_gen_.Unit() * (rw - gapw);
    const float w2 = rw - w1 - gapw;
    AddEntity(w1 / 2, ry, 0, 0, w1 / 2, wall_ry, kBarrier);
    AddEntity(rw - w2 / 2, ry, 0, 0, w2 / 2, wall_ry, kBarrier);
    if (use_door) {
      const int is_on_right = rand_gen_.Below(2);
      const float lock_x = w1 + lock_rx + is_on_right * (gapw - 2 * lock_rx);
      const float door_x = w1 + gapw / 2 - (is_on_right * 2 - 1) * lock_rx;
      AddEntity(door_x, ry, 0, 0, gapw / 2 - lock_rx, wall_ry, kLockedDoor);
      AddEntity(lock_x, ry - lock_ry + wall_ry, 0, 0, lock_rx, lock_ry, kLock);
    }
  }

  int last_fire_time_ = 0;
};

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_GAMES_FRUITBOT_H_
