// BossFight: a ship duels a boss that attacks in rounds. The boss's shield
// reflects shots while it fires patterns of lasers; when the shield drops,
// each hit counts, a round's worth of hits (1 each round) brings the next
// attack pattern, and the last round destroys the boss (10). A laser or the
// boss itself ends the level; meteors shelter the ship.
#ifndef PARALLEL_POOL_PROCGEN_GAMES_BOSSFIGHT_H_
#define PARALLEL_POOL_PROCGEN_GAMES_BOSSFIGHT_H_

#include <cmath>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/procgen/engine/basic_game.h"

namespace parallel_pool::procgen {

class BossFight : public BasicGame {
 public:
  explicit BossFight(std::string asset_root) : BasicGame(std::move(asset_root)) {
    timeout_ = 4000;
    main_width_ = 20;
    main_height_ = 20;
    mixrate_ = .5;
    maxspeed_ = 0.85F;
  }

 protected:
  static constexpr int kCompletionBonus = 10;
  static constexpr int kPositiveReward = 1;
  static constexpr int kPlayerBullet = 1;
  static constexpr int kBoss = 2;
  static constexpr int kShields = 3;
  static constexpr int kEnemyBullet = 4;
  static constexpr int kLaserTrail = 5;
  static constexpr int kReflectedBullet = 6;
  static constexpr int kBarrier = 7;
  static constexpr float kBossR = 3;
  static constexpr int kNumAttackModes = 4;
  static constexpr int kNumLaserThemes = 3;
  static constexpr int kPlayerBulletVel = 1;
  static constexpr int kBottomMargin = 6;
  static constexpr int kBossVelTimeout = 20;
  static constexpr int kBossDamagedTimeout = 40;

  const std::vector<ImagePtr>* Backgrounds() override {
    return &LoadBackgrounds(asset_root_, BackgroundGroup::kSpace);
  }

  void AssetsForType(int type, std::vector<std::string>& names) override {
    if (type == kPlayer) {
      names = {"misc_assets/playerShip1_blue.png", "misc_assets/playerShip1_green.png",
               "misc_assets/playerShip2_orange.png", "misc_assets/playerShip3_red.png"};
    } else if (type == kBoss) {
      names = {"misc_assets/enemyShipBlack1.png", "misc_assets/enemyShipBlue2.png",
               "misc_assets/enemyShipGreen3.png", "misc_assets/enemyShipRed4.png"};
    } else if (type == kEnemyBullet || type == kPlayerBullet) {
      names = {"misc_assets/laserGreen14.png", "misc_assets/laserRed11.png",
               "misc_assets/laserBlue09.png"};
    } else if (type == kShields) {
      names.emplace_back("misc_assets/shield2.png");
    } else if (type == kBarrier) {
      for (int i = 1; i <= 4; ++i) {
        names.push_back("misc_assets/spaceMeteors_00" + std::to_string(i) + ".png");
      }
      for (int i = 1; i <= 4; ++i) {
        names.push_back("misc_assets/meteorGrey_big" + std::to_string(i) + ".png");
      }
    }
  }

  void HandleAgentCollision(const EntityPtr& obj) override {
    if (obj->type == kBoss || obj->type == kBarrier || obj->type == kEnemyBullet) {
      step_data_.done = true;
    }
  }

  bool ShouldDrawEntity(const EntityPtr& ent) override {
    return ent->type != kShields || shields_are_up_;
  }

  void HandleCollision(const EntityPtr& src, const EntityPtr& target) override {
    if (src->type == kPlayerBullet) {
      bool will_erase = false;
      if (target->type == kShields) {
        if (shields_are_up_) {
          src->type = kReflectedBullet;
          const auto theta = static_cast<float>(kPi * (1.25 + .5 * rand_pct_));
          src->vy =
              static_cast<float>(kPlayerBulletVel * std::sin(static_cast<double>(theta)) * .5);
          src->vx =
              static_cast<float>(kPlayerBulletVel * std::cos(static_cast<double>(theta)) * .5);
          src->expire_time = 4;
          src->life_time = 0;
          src->alpha_decay = 0.8F;
        }
      } else if (target->type == kBoss && !shields_are_up_) {
        target->health -= 1;
        will_erase = true;
        if (static_cast<int>(target->health) % round_health_ == 0) {
          step_data_.reward += kPositiveReward;
          if (target->health == 0) {
            step_data_.done = true;
            step_data_.reward += kCompletionBonus;
            step_data_.level_complete = true;
          } else {
            ++round_num_;
            PrepareBoss();
            curr_vel_timeout_ = kBossDamagedTimeout;
            damaged_until_time_ = cur_time_ + kBossDamagedTimeout;
          }
        }
      }
      if (will_erase && !src->will_erase) {
        src->will_erase = true;
        EntityPtr explosion = SpawnChild(src, kExplosion, static_cast<float>(.5 * src->rx));
        explosion->vx = target->vx;
        explosion->vy = target->vy;
      }
    } else if (src->type == kBarrier) {
      if (target->type == kEnemyBullet || target->type == kPlayerBullet) {
        target->will_erase = true;
        SpawnChild(target, kExplosion, static_cast<float>(.5 * target->rx));
      } else if (target->type == kLaserTrail) {
        target->will_erase = true;
      }
      if (src->health <= 0) {
        if (!src->will_erase) {
          EntityPtr explosion = SpawnChild(src, kExplosion, static_cast<float>(.5 * src->rx));
          explosion->vx = src->vx;
          explosion->vy = src->vy;
        }
        src->will_erase = true;
      }
    }
  }

  void GameReset() override {
    BasicGame::GameReset();
    const bool easy = options_.distribution_mode == DistributionMode::kEasy;
    damaged_until_time_ = 0;
    last_fire_time_ = 0;
    boss_bullet_vel_ = easy ? .5F : .75F;
    const int max_extra_invulnerable = easy ? 1 : 3;
    options_.center_agent = false;
    boss_ = AddEntity(static_cast<float>(main_width_ / 2), static_cast<float>(main_height_ / 2), 0,
                      0, kBossR, kBoss);
    ChooseRandomTheme(boss_);
    MatchAspectRatio(boss_);
    shields_ = AddEntity(boss_->x, boss_->y, 0, 0, static_cast<float>(1.2 * boss_->rx),
                         static_cast<float>(1.2 * boss_->ry), kShields);
    boss_vel_timeout_ = kBossVelTimeout;
    base_fire_prob_ = 0.1F;
    round_health_ = rand_gen_.Below(9) + 1;
    num_rounds_ = 1 + rand_gen_.Below(5);
    invulnerable_duration_ = 2 + rand_gen_.Below(max_extra_invulnerable + 1);
    vulnerable_duration_ = 500;  // as good as for ever
    boss_->health = static_cast<float>(round_health_ * num_rounds_);
    ChooseRandomTheme(agent_);
    player_laser_theme_ = rand_gen_.Below(kNumLaserThemes);
    boss_laser_theme_ = rand_gen_.Below(kNumLaserThemes);
    attack_modes_.clear();
    for (int i = 0; i < num_rounds_; ++i) attack_modes_.push_back(rand_gen_.Below(kNumAttackModes));
    round_num_ = 0;
    PrepareBoss();
    agent_->rx = .75;
    MatchAspectRatio(agent_);
    RepositionAgent();
    agent_->y = agent_->ry;
    rand_gen_.Bool();  // procgen draws which way barriers would move; they never do
    SpawnBarriers();
  }

  void GameStep() override {
    BasicGame::GameStep();
    shields_->x = boss_->x;
    shields_->y = boss_->y;
    rand_pct_ = rand_gen_.Unit();
    rand_fire_pct_ = rand_gen_.Unit();
    rand_pct_x_ = rand_gen_.Unit();
    rand_pct_y_ = rand_gen_.Unit();
    if (curr_vel_timeout_ <= 0) {
      const float dest_x = rand_pct_x_ * (main_width_ - 2 * kBossR) + kBossR;
      const float dest_y =
          rand_pct_y_ * (main_height_ - 2 * kBossR - kBottomMargin) + kBossR + kBottomMargin;
      boss_->vx = (dest_x - boss_->x) / boss_vel_timeout_;
      boss_->vy = (dest_y - boss_->y) / boss_vel_timeout_;
      curr_vel_timeout_ = boss_vel_timeout_;
      if (time_to_swap_ > 0) {
        time_to_swap_ -= 1;
      } else {
        time_to_swap_ = shields_are_up_ ? vulnerable_duration_ : invulnerable_duration_;
        shields_are_up_ = !shields_are_up_;
      }
    } else {
      curr_vel_timeout_ -= 1;
    }
    if (special_action_ == 1 && (cur_time_ - last_fire_time_) >= 3) {
      EntityPtr bullet = AddEntity(agent_->x, agent_->y, 0, kPlayerBulletVel, .25, kPlayerBullet);
      bullet->image_theme = player_laser_theme_;
      bullet->collides_with_entities = true;
      bullet->expire_time = 25;
      last_fire_time_ = cur_time_;
    }
    if (damaged_until_time_ >= cur_time_) {
      DamagedMode();
    } else if (shields_are_up_) {
      ActiveAttack();
    } else if (rand_fire_pct_ < base_fire_prob_) {
      BossFire(.5, boss_bullet_vel_, kPi * (1 + rand_pct_));
    }
    for (int i = static_cast<int>(entities_.size()) - 1; i >= 0; --i) {
      EntityPtr ent = entities_[i];
      if (ent->type != kEnemyBullet) continue;
      const float v_trail = .5;
      EntityPtr trail = AddEntity(ent->x, ent->y, ent->vx * v_trail, ent->vy * v_trail, ent->rx,
                                  ent->ry, kLaserTrail);
      trail->alpha_decay = 0.7F;
      trail->image_type = kEnemyBullet;
      trail->image_theme = boss_laser_theme_;
      trail->vrot = ent->vrot;
      trail->rotation = ent->rotation;
      trail->expire_time = 8;
    }
  }

 private:
  void PrepareBoss() {
    shields_are_up_ = true;
    curr_vel_timeout_ = boss_vel_timeout_;
    time_to_swap_ = invulnerable_duration_;
    attack_mode_ = attack_modes_[round_num_ % attack_modes_.size()];
    boss_->vx = 0;
    boss_->vy = 0;
  }

  void BossFire(float bullet_r, float vel, float theta) {
    EntityPtr bullet = AddEntity(
        boss_->x, boss_->y, static_cast<float>(vel * std::cos(static_cast<double>(theta))),
        static_cast<float>(vel * std::sin(static_cast<double>(theta))), bullet_r, kEnemyBullet);
    bullet->image_theme = boss_laser_theme_;
    bullet->expire_time = 50;
    bullet->vrot = kPi / 8;
  }

  void ActiveAttack() {
    switch (attack_mode_) {
      case 0:
        if (cur_time_ % 8 == 0) {
          for (int i = 0; i < 5; ++i) {
            BossFire(.5, boss_bullet_vel_, static_cast<float>(kPi * 1.5 + (i - 2) * kPi / 8));
          }
        }
        break;
      case 1:
        if (cur_time_ % 5 == 0) {
          const int k = std::abs(8 - ((cur_time_ / 5) % 16));
          for (int i = 0; i < 4; ++i) {
            BossFire(.5, boss_bullet_vel_,
                     static_cast<float>(kPi * (1.25 + .5 * k / 8.0) + i * kPi / 2));
          }
        }
        break;
      case 2:
        if (cur_time_ % 10 == 0) {
          const int num_bullets = 8;
          const float offset = rand_pct_ * 2 * kPi;
          for (int i = 0; i < num_bullets; ++i) {
            BossFire(.5, boss_bullet_vel_, 2 * kPi / num_bullets * i + offset);
          }
        }
        break;
      case 3:
        if (cur_time_ % 4 == 0) BossFire(.5, boss_bullet_vel_, kPi * (1 + rand_pct_));
        break;
      default:
        break;
    }
  }

  void DamagedMode() {
    if (cur_time_ % 3 != 0) return;
    const float pos_x = boss_->x + (2 * rand_pct_x_ - 1) * boss_->rx;
    const float pos_y = boss_->y + (2 * rand_pct_y_ - 1) * boss_->ry;
    AddEntity(pos_x, pos_y, 0, 0, .75, kExplosion);
  }

  void SpawnBarriers() {
    const int num_barriers = rand_gen_.Below(3) + 1;
    for (int i = 0; i < num_barriers; ++i) {
      const float barrier_r = 0.6F;
      const auto min_barrier_y = static_cast<float>(2 * agent_->ry + barrier_r + .5);
      const float ent_y =
          rand_gen_.Unit() * (kBottomMargin - min_barrier_y - barrier_r) + min_barrier_y;
      const float ent_x = rand_gen_.Unit() * (main_width_ - 2 * barrier_r) + barrier_r;
      auto ent = std::make_shared<Entity>(ent_x, ent_y, 0, 0, barrier_r, barrier_r, kBarrier);
      ChooseRandomTheme(ent);
      MatchAspectRatio(ent);
      ent->health = 3;
      ent->collides_with_entities = true;
      if (!HasAnyCollision(ent)) entities_.push_back(ent);
    }
  }

  EntityPtr boss_;
  EntityPtr shields_;
  std::vector<int> attack_modes_;
  int last_fire_time_ = 0;
  int time_to_swap_ = 0;
  int invulnerable_duration_ = 0;
  int vulnerable_duration_ = 0;
  int num_rounds_ = 0;
  int round_num_ = 0;
  int round_health_ = 0;
  int boss_vel_timeout_ = 0;
  int curr_vel_timeout_ = 0;
  int attack_mode_ = 0;
  int player_laser_theme_ = 0;
  int boss_laser_theme_ = 0;
  int damaged_until_time_ = 0;
  bool shields_are_up_ = false;
  float base_fire_prob_ = 0.0F;
  float boss_bullet_vel_ = 0.0F;
  float rand_pct_ = 0.0F;
  float rand_fire_pct_ = 0.0F;
  float rand_pct_x_ = 0.0F;
  float rand_pct_y_ = 0.0F;
};

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_GAMES_BOSSFIGHT_H_
