// CoinRun: run right across platforms to the coin at the end of the level
// (10), over pits of lava, saws and walking enemies, which end the level on
// contact; crates can be stood on. The view follows the agent.
#ifndef PARALLEL_POOL_PROCGEN_GAMES_COINRUN_H_
#define PARALLEL_POOL_PROCGEN_GAMES_COINRUN_H_

#include <cctype>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/procgen/engine/basic_game.h"

namespace parallel_pool::procgen {

class CoinRun : public BasicGame {
 public:
  explicit CoinRun(std::string asset_root) : BasicGame(std::move(asset_root)) {
    visibility_ = 13;
    mixrate_ = 0.2F;
    main_width_ = 64;
    main_height_ = 64;
    out_of_bounds_object_ = kWallMid;
  }

 protected:
  static constexpr float kGoalReward = 10.0F;
  static constexpr int kGoal = 1;
  static constexpr int kSaw = 2;
  static constexpr int kSaw2 = 3;
  static constexpr int kEnemy = 5;
  static constexpr int kEnemy1 = 6;
  static constexpr int kEnemy2 = 7;
  static constexpr int kPlayerJump = 9;
  static constexpr int kPlayerRight1 = 12;
  static constexpr int kPlayerRight2 = 13;
  static constexpr int kWallMid = 15;
  static constexpr int kWallTop = 16;
  static constexpr int kLavaMid = 17;
  static constexpr int kLavaTop = 18;
  static constexpr int kEnemyBarrier = 19;
  static constexpr int kCrate = 20;
  static constexpr int kNumGroundThemes = 6;

  const std::vector<ImagePtr>* Backgrounds() override {
    return &LoadBackgrounds(asset_root_, BackgroundGroup::kPlatform);
  }
  bool UseBlockAsset(int type) override { return IsWall(type); }

  RectF AdjustedImageRect(int type, const RectF& rect) override {
    if (type == kPlayer || type == kPlayerJump || type == kPlayerRight1 || type == kPlayerRight2) {
      return AdjustRect(rect, 0, -.7415, 1, 1.7415);
    }
    return rect;
  }

  void AssetsForType(int type, std::vector<std::string>& names) override {
    static const char* const kPlayerColors[] = {"Beige", "Blue", "Green", "Pink", "Yellow"};
    static const char* const kWalkingEnemies[] = {"slimeBlock", "slimePurple", "slimeBlue",
                                                  "slimeGreen", "mouse",       "snail",
                                                  "ladybug",    "wormGreen",   "wormPink"};
    static const char* const kGroundThemes[] = {"Dirt", "Grass", "Planet", "Sand", "Snow", "Stone"};
    auto players = [&names](const std::string& pose) {
      for (const std::string color : kPlayerColors) {
        names.push_back("kenney/Players/128x256/" + color + "/alien" + color + "_" + pose + ".png");
      }
    };
    auto grounds = [&names](const std::string& part) {
      for (const std::string ground : kGroundThemes) {
        std::string lower = ground;
        for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        names.push_back("kenney/Ground/" + ground + "/" + lower + part + ".png");
      }
    };
    if (type == kPlayer) {
      players("stand");
    } else if (type == kPlayerJump) {
      players("jump");
    } else if (type == kPlayerRight1) {
      players("walk1");
    } else if (type == kPlayerRight2) {
      players("walk2");
    } else if (type == kEnemy1) {
      for (const std::string enemy : kWalkingEnemies)
        names.push_back("kenney/Enemies/" + enemy + ".png");
    } else if (type == kEnemy2) {
      for (const std::string enemy : kWalkingEnemies) {
        names.push_back("kenney/Enemies/" + enemy + "_move.png");
      }
    } else if (type == kGoal) {
      names.emplace_back("kenney/Items/coinGold.png");
    } else if (type == kWallTop) {
      grounds("Mid");
    } else if (type == kWallMid) {
      grounds("Center");
    } else if (type == kLavaTop) {
      names.emplace_back("kenney/Tiles/lavaTop_low.png");
    } else if (type == kLavaMid) {
      names.emplace_back("kenney/Tiles/lava.png");
    } else if (type == kSaw) {
      names.emplace_back("kenney/Enemies/sawHalf.png");
    } else if (type == kSaw2) {
      names.emplace_back("kenney/Enemies/sawHalf_move.png");
    } else if (type == kCrate) {
      names = {"kenney/Tiles/boxCrate.png", "kenney/Tiles/boxCrate_double.png",
               "kenney/Tiles/boxCrate_single.png", "kenney/Tiles/boxCrate_warning.png"};
    }
  }

  void HandleAgentCollision(const EntityPtr& obj) override {
    if (obj->type == kEnemy || obj->type == kSaw) step_data_.done = true;
  }

  int ThemeForGridObject(int type) override { return IsWall(type) ? wall_theme_ : 0; }

  bool WillReflect(int src, int target) override {
    return src == kEnemy && (IsWall(target) || target == kEnemyBarrier);
  }

  void HandleGridCollision(const EntityPtr& obj, int type, int /*i*/, int /*j*/) override {
    if (obj->type != kPlayer) return;
    if (type == kGoal) {
      step_data_.reward += kGoalReward;
      step_data_.done = true;
      step_data_.level_complete = true;
    } else if (type == kLavaMid || type == kLavaTop) {
      step_data_.done = true;
    }
  }

  void UpdateAgentVelocity() override {
    const float mixrate_x = has_support_ ? mixrate_ : (mixrate_ * air_control_);
    agent_->vx = (1 - mixrate_x) * agent_->vx + mixrate_x * maxspeed_ * action_vx_;
    if (std::fabs(static_cast<double>(agent_->vx)) < mixrate_x * maxspeed_) agent_->vx = 0;
    if (action_vy_ > 0) {
      agent_->vy = max_jump_;
    } else if (has_support_) {
      agent_->vy = static_cast<float>(agent_->vy + .2 * action_vy_);
    }
    if (!(has_support_ && action_vy_ > 0)) {
      agent_->vy -= gravity_;
      if (agent_->vy > max_jump_) {
        agent_->vy = max_jump_;
      } else if (agent_->vy < -max_jump_) {
        agent_->vy = -max_jump_;
      }
    }
  }

  bool IsBlockedByEntity(const EntityPtr& src, const EntityPtr& target,
                         bool is_horizontal) override {
    if (target->type == kCrate && !is_horizontal) {
      if (agent_->vy >= 0) return false;
      if (action_vy_ < 0) return false;
      if (last_agent_y_ < (target->y + target->ry + agent_->ry)) return false;
      is_on_crate_ = true;
      return true;
    }
    return BasicGame::IsBlockedByEntity(src, target, is_horizontal);
  }

  bool IsBlocked(const EntityPtr& src, int target, bool is_horizontal) override {
    if (BasicGame::IsBlocked(src, target, is_horizontal)) return true;
    return src->type == kPlayer && IsWall(target);
  }

  int ImageForType(int type) override {
    if (type == kPlayer) {
      if (std::fabs(static_cast<double>(agent_->vx)) < .01 && action_vx_ == 0 && has_support_) {
        return kPlayer;
      }
      return (cur_time_ / 5 % 2 == 0 || !has_support_) ? kPlayerRight1 : kPlayerRight2;
    }
    if (type == kEnemyBarrier) return -1;
    return BasicGame::ImageForType(type);
  }

  void GameReset() override {
    BasicGame::GameReset();
    gravity_ = 0.2F;
    max_jump_ = 1.5;
    air_control_ = 0.15F;
    maxspeed_ = .5;
    has_support_ = false;
    if (options_.distribution_mode == DistributionMode::kEasy) {
      agent_->image_theme = 0;
      wall_theme_ = 0;
      background_index_ = 0;
    } else {
      ChooseRandomTheme(agent_);
      wall_theme_ = rand_gen_.Below(kNumGroundThemes);
    }
    agent_->rx = .5;
    agent_->ry = 0.5787F;
    agent_->x = 1 + agent_->rx;
    agent_->y = 1 + agent_->ry;
    last_agent_y_ = agent_->y;
    is_on_crate_ = false;
    FillElem(0, 0, main_width_, 1, kWallTop);
    FillElem(0, 0, 1, main_height_, kWallMid);
    FillElem(main_width_ - 1, 0, 1, main_height_, kWallMid);
    FillElem(0, main_height_ - 1, main_width_, 1, kWallMid);
    GenerateCoinToTheRight();
  }

  void SetActionXY(int move_action) override {
    action_vx_ = static_cast<float>(move_action / 3 - 1);
    action_vy_ = static_cast<float>((move_action % 3) - 1);
    has_support_ = (is_on_crate_ || AgentStandsOn([this](int obj) { return CanSupport(obj); })) &&
                   agent_->vy == 0;
    is_on_crate_ = false;
    if (action_vy_ == 1 && !has_support_) action_vy_ = 0;
  }

  void GameStep() override {
    BasicGame::GameStep();
    if (action_vx_ > 0) agent_->is_reflected = false;
    if (action_vx_ < 0) agent_->is_reflected = true;
    for (int i = static_cast<int>(entities_.size()) - 1; i >= 0; --i) {
      EntityPtr ent = entities_[i];
      if (ent->type == kEnemy) {
        EntityPtr trail = AddEntity(ent->x, static_cast<float>(ent->y - ent->ry * .5), 0, 0.01F,
                                    0.3F, 0.2F, kTrail);
        trail->expire_time = 8;
        trail->alpha = .5;
        ent->image_type = cur_time_ / 5 % 2 == 0 ? kEnemy1 : kEnemy2;
        ent->is_reflected = ent->vx > 0;
      } else if (ent->type == kSaw) {
        ent->image_type = cur_time_ % 2 == 0 ? kSaw : kSaw2;
      }
    }
    last_agent_y_ = agent_->y;
  }

 private:
  static bool IsWall(int type) { return type == kWallMid || type == kWallTop; }
  bool CanSupport(int obj) const { return IsWall(obj) || obj == out_of_bounds_object_; }

  void FillBlockTop(int x, int y, int dx, int dy, int fill, int top) {
    if (dy <= 0) throw std::logic_error("coinrun: a block of no height");  // procgen asserts
    FillElem(x, y, dx, dy - 1, fill);
    FillElem(x, y + dy - 1, dx, 1, top);
  }
  void FillGroundBlock(int x, int y, int dx, int dy) {
    FillBlockTop(x, y, dx, dy, kWallMid, kWallTop);
  }
  void FillLavaBlock(int x, int y, int dx, int dy) {
    FillBlockTop(x, y, dx, dy, kLavaMid, kLavaTop);
  }

  void CreateSaw(int x, int y) {
    AddEntity(static_cast<float>(x + .5), static_cast<float>(y + .5), 0, 0, .5, kSaw);
  }

  void CreateEnemy(int x, int y) {
    EntityPtr ent =
        AddEntity(static_cast<float>(x + .5), static_cast<float>(y + .5),
                  static_cast<float>(.15 * (rand_gen_.Below(2) * 2 - 1)), 0, .5, kEnemy);
    ent->smart_step = true;
    ent->image_type = kEnemy1;
    ent->render_z = 1;
    ChooseRandomTheme(ent);
  }

  void CreateCrate(int x, int y) {
    EntityPtr ent =
        AddEntity(static_cast<float>(x + .5), static_cast<float>(y + .5), 0, 0, .5, kCrate);
    ChooseRandomTheme(ent);
  }

  // The level: sections of ground rightwards, some with a pit (of lava,
  // saws or enemies), saws, enemies and crates, and the coin at the end.
  void GenerateCoinToTheRight() {
    const int max_difficulty = 3;
    const int dif = rand_gen_.Below(max_difficulty) + 1;
    const int num_sections = rand_gen_.Below(dif) + dif;
    int curr_x = 5;
    int curr_y = 1;
    const int pit_threshold = dif;
    const int danger_type = rand_gen_.Below(3);
    const int w = main_width_;
    const float max_dy_float = max_jump_ * max_jump_ / (2 * gravity_);
    const float max_dx_float = maxspeed_ * 2 * max_jump_ / gravity_;
    const auto max_dy = static_cast<int>(max_dy_float - .5);
    const auto max_dx = static_cast<int>(max_dx_float - .5);
    const bool allow_monsters = options_.distribution_mode != DistributionMode::kEasy;
    for (int section = 0; section < num_sections; ++section) {
      if (curr_x + 15 >= w) break;
      int dy = rand_gen_.Below(4) + 1 + dif / 3;
      if (dy > max_dy) dy = max_dy;
      if (curr_y >= 20) {
        dy *= -1;
      } else if (curr_y >= 5 && rand_gen_.Below(2) == 1) {
        dy *= -1;
      }
      const int dx = rand_gen_.Below(2 * dif) + 3 + dif / 3;
      curr_y += dy;
      if (curr_y < 1) curr_y = 1;
      const bool use_pit = dx > 7 && curr_y > 3 && rand_gen_.Below(20) >= pit_threshold;
      if (use_pit) {
        const int x1 = rand_gen_.Below(3) + 1;
        int x2 = rand_gen_.Below(3) + 1;
        int pit_width = dx - x1 - x2;
        if (pit_width > max_dx) {
          pit_width = max_dx;
          x2 = dx - x1 - pit_width;
        }
        FillGroundBlock(curr_x, 0, x1, curr_y);
        FillGroundBlock(curr_x + dx - x2, 0, x2, curr_y);
        const int lava_height = rand_gen_.Below(curr_y - 3) + 1;
        if (danger_type == 0) {
          FillLavaBlock(curr_x + x1, 1, pit_width, lava_height);
        } else if (danger_type == 1) {
          for (int ei = 0; ei < pit_width; ++ei) CreateSaw(curr_x + x1 + ei, 1);
        } else {
          for (int ei = 0; ei < pit_width; ++ei) CreateEnemy(curr_x + x1 + ei, 1);
        }
        if (pit_width > 4) {
          int x3, w1;
          if (pit_width == 5) {
            x3 = 1 + rand_gen_.Below(2);
            w1 = 1 + rand_gen_.Below(2);
          } else if (pit_width == 6) {
            x3 = 2 + rand_gen_.Below(2);
            w1 = 1 + rand_gen_.Below(2);
          } else {
            x3 = 2 + rand_gen_.Below(2);
            const int x4 = 2 + rand_gen_.Below(2);
            w1 = pit_width - x3 - x4;
          }
          FillGroundBlock(curr_x + x1 + x3, curr_y - 1, w1, 1);
        }
      } else {
        FillGroundBlock(curr_x, 0, dx, curr_y);
        int ob1_x = -1;
        int ob2_x = -1;
        if (rand_gen_.Below(10) < (2 * dif) && dx > 3) {
          ob1_x = curr_x + rand_gen_.Below(dx - 2) + 1;
          CreateSaw(ob1_x, curr_y);
        }
        if (rand_gen_.Below(10) < dif && dx > 3 && max_dx >= 4 && allow_monsters) {
          ob2_x = curr_x + rand_gen_.Below(dx - 2) + 1;
          CreateEnemy(ob2_x, curr_y);
        }
        for (int i = 0; i < 2; ++i) {
          const int crate_x = curr_x + rand_gen_.Below(dx - 2) + 1;
          if (rand_gen_.Below(2) == 1 && ob1_x != crate_x && ob2_x != crate_x) {
            const int pile_height = rand_gen_.Below(3) + 1;
            for (int j = 0; j < pile_height; ++j) CreateCrate(crate_x, curr_y + j);
          }
        }
      }
      if (!IsWall(GetObj(curr_x - 1, curr_y))) SetObj(curr_x - 1, curr_y, kEnemyBarrier);
      curr_x += dx;
      SetObj(curr_x, curr_y, kEnemyBarrier);
    }
    SetObj(curr_x, curr_y, kGoal);
    FillGroundBlock(curr_x, 0, 1, curr_y);
    FillElem(curr_x + 1, 0, main_width_ - curr_x - 1, main_height_, kWallMid);
  }

  float last_agent_y_ = 0.0F;
  int wall_theme_ = 0;
  bool has_support_ = false;
  bool is_on_crate_ = false;
  float gravity_ = 0.0F;
  float air_control_ = 0.0F;
};

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_GAMES_COINRUN_H_
