// StarPilot: a side-scrolling shooter. The ship fires forwards (action 9)
// or backwards (10) at waves of flyers, turrets and meteors (1 for each
// destroyed) and dodges their shots; surviving to the finish line after
// 500 steps wins the level (10). Clouds hide the view in hard mode.
#ifndef PARALLEL_POOL_PROCGEN_GAMES_STARPILOT_H_
#define PARALLEL_POOL_PROCGEN_GAMES_STARPILOT_H_

#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/procgen/engine/basic_game.h"
#include "parallel_pool/procgen/engine/gnu_sort.h"

namespace parallel_pool::procgen {

class StarPilot : public BasicGame {
 public:
  explicit StarPilot(std::string asset_root) : BasicGame(std::move(asset_root)) {
    main_width_ = 16;
    main_height_ = 16;
  }

  void Draw(Image& target, bool smooth) override {
    Painter p(target, smooth);
    const auto scale = static_cast<float>(target.height() / main_height_);
    p.FillRect(
        RectF{0, 0, static_cast<double>(target.width()), static_cast<double>(target.height())},
        0x000000);
    if (options_.use_backgrounds) {
      // The background scrolls at the slow objects' speed.
      const float bg_k = 3;
      const auto t = static_cast<float>(cur_time_);
      const float x_off = -t * scale * hp_slow_v_ * 2 / char_dim_;
      const RectF r_bg{x_off, -target.height() * (bg_k - 1) / 2, target.height() * bg_k * kBgRatio,
                       target.height() * bg_k};
      TileImage(p, *backgrounds_->at(background_index_), r_bg, 1);
    }
    DrawForeground(p, target);
  }

 protected:
  static constexpr float kVScale = 2.0F / 5.0F;
  static constexpr float kBgRatio = 18;
  static constexpr float kEnemyReward = 1.0;
  static constexpr float kCompletionBonus = 10.0;
  static constexpr int kBulletPlayer = 1;
  static constexpr int kBullet2 = 2;
  static constexpr int kBullet3 = 3;
  static constexpr int kFlyer = 4;
  static constexpr int kMeteor = 5;
  static constexpr int kCloud = 6;
  static constexpr int kTurret = 7;
  static constexpr int kFastFlyer = 8;
  static constexpr int kFinishLine = 9;
  static constexpr int kShooterWinTime = 500;
  static constexpr int kNumBasicObjects = 9;
  static constexpr int kNumShipThemes = 7;

  const std::vector<ImagePtr>* Backgrounds() override {
    return &LoadBackgrounds(asset_root_, BackgroundGroup::kSpace);
  }

  void AssetsForType(int type, std::vector<std::string>& names) override {
    auto numbered = [&names](const std::string& prefix, int first, int last) {
      for (int i = first; i <= last; ++i) names.push_back(prefix + std::to_string(i) + ".png");
    };
    if (type == kPlayer) {
      names.emplace_back("misc_assets/playerShip2_blue.png");
    } else if (type == kBulletPlayer) {
      names.emplace_back("misc_assets/towerDefense_tile295.png");
    } else if (type == kBullet2) {
      names.emplace_back("misc_assets/towerDefense_tile296.png");
    } else if (type == kBullet3) {
      names.emplace_back("misc_assets/towerDefense_tile297.png");
    } else if (type == kFlyer || type == kFastFlyer) {
      numbered("misc_assets/spaceShips_00", 1, 7);
    } else if (type == kMeteor) {
      numbered("misc_assets/spaceMeteors_00", 1, 4);
      numbered("misc_assets/meteorGrey_big", 1, 4);
    } else if (type == kCloud) {
      numbered("misc_assets/spaceEffect", 1, 9);
    } else if (type == kTurret) {
      numbered("misc_assets/spaceStation_0", 18, 19);
    } else if (type == kFinishLine) {
      numbered("misc_assets/spaceRockets_00", 1, 4);
    }
  }

  void HandleAgentCollision(const EntityPtr& obj) override {
    if (obj->type == kFinishLine) {
      step_data_.done = true;
      step_data_.reward += kCompletionBonus;
      step_data_.level_complete = true;
    } else if (IsLethal(obj->type)) {
      step_data_.done = true;
    }
  }

  void HandleCollision(const EntityPtr& src, const EntityPtr& target) override {
    if (src->type == kBulletPlayer && target->type != kCloud && IsDestructible(target->type)) {
      src->will_erase = true;
      target->health -= 1;
      AddEntity(src->x, src->y, target->vx, target->vy, static_cast<float>(.5 * src->rx),
                kExplosion);
    }
  }

  void GameReset() override {
    BasicGame::GameReset();
    options_.center_agent = false;
    InitHyperparameters();
    spawners_.clear();
    AddSpawners();
    // Latest spawn first, so the next one is at the back.
    GnuSort(spawners_,
            [](const EntityPtr& a, const EntityPtr& b) { return a->spawn_time > b->spawn_time; });
    agent_->rotation = kPi / 2;
    ChooseRandomTheme(agent_);
  }

  void GameStep() override {
    BasicGame::GameStep();
    const bool is_firing = special_action_ != 0;
    for (int i = static_cast<int>(entities_.size()) - 1; i >= 0; --i) {
      EntityPtr m = entities_[i];
      if (m->type == kPlayer) continue;
      if (ShouldFire(*m)) {
        const int bullet_type = m->type == kTurret ? kBullet3 : kBullet2;
        const float bullet_r = hp_bullet_r_[m->type];
        float b_vx = agent_->x - m->x;
        float b_vy = agent_->y - m->y;
        const auto bv_scale =
            static_cast<float>(hp_vs_[bullet_type] * kVScale /
                               std::sqrt(static_cast<double>(b_vx * b_vx + b_vy * b_vy)));
        b_vx = b_vx * bv_scale;
        b_vy = b_vy * bv_scale;
        auto bullet =
            std::make_shared<Entity>(m->x, m->y, b_vx, b_vy, bullet_r, bullet_r, bullet_type);
        bullet->FaceDirection(b_vx, b_vy, -1 * kPi / 2);
        entities_.push_back(bullet);
      }
      if (m->health <= 0 && IsDestructible(m->type) && !m->will_erase) {
        SpawnChild(m, kExplosion, static_cast<float>(.5 * m->rx), true);
        step_data_.reward += kEnemyReward;
        m->will_erase = true;
      }
    }
    while (!spawners_.empty() && cur_time_ == spawners_.back()->spawn_time) {
      entities_.push_back(spawners_.back());
      spawners_.pop_back();
    }
    const float bullet_r = hp_bullet_r_[kPlayer];
    if (is_firing) {
      const float theta = special_action_ == 2 ? kPi : 0;
      const float v_scale = hp_vs_[kBulletPlayer] * kVScale;
      const auto vx = static_cast<float>(std::cos(static_cast<double>(theta)) * v_scale);
      const auto vy = static_cast<float>(std::sin(static_cast<double>(theta)) * v_scale);
      const auto x_off = static_cast<float>(agent_->rx * std::cos(static_cast<double>(theta)));
      auto bullet = std::make_shared<Entity>(agent_->x + x_off, agent_->y, vx, vy, bullet_r,
                                             bullet_r, kBulletPlayer);
      bullet->collides_with_entities = true;
      bullet->FaceDirection(vx, vy);
      bullet->rotation -= kPi / 2;
      entities_.push_back(bullet);
    }
    if (cur_time_ == kShooterWinTime) {
      auto finish = std::make_shared<Entity>(
          static_cast<float>(main_width_), static_cast<float>(main_height_ / 2),
          -1 * hp_slow_v_ * kVScale, 0, 2, static_cast<float>(main_height_ / 2), kFinishLine);
      ChooseRandomTheme(finish);
      MatchAspectRatio(finish, false);
      finish->x = main_width_ + finish->rx;
      entities_.push_back(finish);
    }
  }

 private:
  static bool IsLethal(int type) {
    return type == kFlyer || type == kFastFlyer || type == kBullet2 || type == kBullet3 ||
           type == kTurret || type == kMeteor;
  }

  static bool IsDestructible(int type) {
    return type == kFlyer || type == kFastFlyer || type == kTurret || type == kMeteor;
  }

  bool ShouldFire(const Entity& e) const {
    if (e.fire_time <= 0) return false;
    if (e.type == kTurret) return (cur_time_ - e.spawn_time) % e.fire_time == 0;
    return cur_time_ - e.spawn_time == e.fire_time;
  }

  void InitHyperparameters() {
    const float scale = 1;
    for (int i = 0; i < kNumBasicObjects; ++i) {
      hp_vs_[i] = 1;
      hp_healths_[i] = 0;
      hp_object_prob_weight_[i] = 1;
      hp_object_r_[i] = scale / 2;
    }
    auto default_bullet_r = static_cast<float>(scale / 2.5);
    switch (options_.distribution_mode) {
      case DistributionMode::kEasy:
        hp_object_prob_weight_[kMeteor] = 0;
        hp_object_prob_weight_[kCloud] = 0;
        hp_object_prob_weight_[kTurret] = 0;
        hp_object_prob_weight_[kFastFlyer] = 0;
        hp_vs_[kFlyer] = .75;
        hp_vs_[kBullet2] = 1.25;
        hp_healths_[kTurret] = 5;
        hp_healths_[kFlyer] = 2;
        hp_healths_[kFastFlyer] = 1;
        maxspeed_ = 0.75;
        break;
      case DistributionMode::kHard:
        hp_vs_[kBullet2] = 2;
        hp_healths_[kTurret] = 5;
        hp_healths_[kFlyer] = 2;
        hp_healths_[kFastFlyer] = 1;
        maxspeed_ = 0.75;
        break;
      default:
        hp_vs_[kBullet2] = 2;
        hp_healths_[kTurret] = 10;
        hp_healths_[kFlyer] = 5;
        hp_healths_[kFastFlyer] = 2;
        maxspeed_ = 0.5;
        default_bullet_r = scale / 5;
        break;
    }
    for (int i = 0; i < kNumBasicObjects; ++i) hp_bullet_r_[i] = default_bullet_r;
    hp_healths_[kMeteor] = 500;
    hp_vs_[kFastFlyer] = 1.5;
    hp_vs_[kBulletPlayer] = 2;
    hp_vs_[kBullet3] = 2;
    hp_object_r_[kTurret] = scale * 2;
    hp_object_r_[kMeteor] = scale * 2;
    hp_object_r_[kCloud] = scale * 2;
    hp_object_prob_weight_[kFlyer] = 3;
    hp_slow_v_ = .5;
    hp_max_group_size_ = 5;
    hp_min_enemy_delta_t_ = 10;
    hp_max_enemy_delta_t_ = hp_min_enemy_delta_t_ + 20;
    hp_spawn_right_threshold_ = 0.9F;
    hp_object_prob_weight_[kBulletPlayer] = 0;
    hp_object_prob_weight_[kBullet2] = 0;
    hp_object_prob_weight_[kBullet3] = 0;
    total_prob_weight_ = 0;
    for (int i = 2; i < kNumBasicObjects; ++i) total_prob_weight_ += hp_object_prob_weight_[i];
  }

  // The level's enemies, each waiting for its spawn time (up to step 500).
  void AddSpawners() {
    int t = 1 + rand_gen_.Int(hp_min_enemy_delta_t_, hp_max_enemy_delta_t_);
    const bool can_spawn_left = options_.distribution_mode != DistributionMode::kEasy;
    while (t <= kShooterWinTime) {
      int group_size = 1;
      float curr_weight = rand_gen_.Unit() * total_prob_weight_;
      int type = 2;
      for (; type < kNumBasicObjects; ++type) {
        curr_weight -= hp_object_prob_weight_[type];
        if (curr_weight <= 0) break;
      }
      if (type >= kNumBasicObjects) type = kNumBasicObjects - 1;
      const float r = hp_object_r_[type];
      int flyer_theme = 0;
      if (type == kFlyer || type == kFastFlyer) {
        group_size = rand_gen_.Int(0, hp_max_group_size_) + 1;
        flyer_theme = rand_gen_.Below(kNumShipThemes);
      }
      const float y_pos = RandPos(r, static_cast<float>(main_height_));
      for (int j = 0; j < group_size; ++j) {
        const int spawn_time = t + j * 5;
        int fire_time = rand_gen_.Int(10, 100);
        const float k = 2 * kPi / 4;
        auto theta = static_cast<float>((rand_gen_.Unit() - .5) * k);
        float v_scale = hp_vs_[type];
        if (rand_gen_.Int(0, 2) == 1) theta = 0;
        const float health = hp_healths_[type];
        if (type == kMeteor || type == kCloud) {
          theta = 0;
          v_scale = hp_slow_v_;
          fire_time = -1;
        } else if (type == kTurret) {
          theta = 0;
          v_scale = hp_slow_v_;
          fire_time = rand_gen_.Int(20, 30);
        }
        v_scale *= kVScale;
        auto vx = static_cast<float>(-1 * std::cos(static_cast<double>(theta)) * v_scale);
        const auto vy = static_cast<float>(std::sin(static_cast<double>(theta)) * v_scale);
        bool spawn_right = true;
        if ((type == kFlyer || type == kFastFlyer) &&
            rand_gen_.Unit() > hp_spawn_right_threshold_ && can_spawn_left) {
          spawn_right = false;
        }
        float x_pos;
        if (spawn_right) {
          x_pos = main_width_ + r;
        } else {
          x_pos = -r;
          vx *= -1;
        }
        auto spawner = std::make_shared<Entity>(x_pos, y_pos, vx, vy, r, r, type);
        spawner->fire_time = fire_time;
        spawner->spawn_time = spawn_time;
        spawner->health = health;
        if (type == kCloud) {
          spawner->render_z = 1;
          ChooseRandomTheme(spawner);
        } else if (type == kMeteor) {
          ChooseRandomTheme(spawner);
        } else if (type == kFlyer || type == kFastFlyer) {
          spawner->image_theme = flyer_theme;
          spawner->rotation = ((vx > 0) ? -1 : 1) * kPi / 2;
        } else if (type == kTurret) {
          ChooseRandomTheme(spawner);
          MatchAspectRatio(spawner);
        }
        spawners_.push_back(spawner);
      }
      t += rand_gen_.Int(hp_min_enemy_delta_t_, hp_max_enemy_delta_t_);
    }
  }

  std::vector<EntityPtr> spawners_;
  float hp_vs_[kNumBasicObjects] = {};
  float hp_healths_[kNumBasicObjects] = {};
  float hp_bullet_r_[kNumBasicObjects] = {};
  float hp_object_r_[kNumBasicObjects] = {};
  float hp_object_prob_weight_[kNumBasicObjects] = {};
  float total_prob_weight_ = 0.0F;
  float hp_slow_v_ = 0.0F;
  float hp_spawn_right_threshold_ = 0.0F;
  int hp_min_enemy_delta_t_ = 0;
  int hp_max_group_size_ = 0;
  int hp_max_enemy_delta_t_ = 0;
};

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_GAMES_STARPILOT_H_
