// Dodgeball: hit every enemy with a ball (action 9; 2 each), then reach the
// exit door, which opens once they are all out (10). Enemies throw balls
// along rows and columns; a ball, an enemy or a lava wall ends the level.
// The room is split by lava walls into smaller ones (more in harder modes;
// memory mode: a world of 40 with the view following the agent).
#ifndef PARALLEL_POOL_PROCGEN_GAMES_DODGEBALL_H_
#define PARALLEL_POOL_PROCGEN_GAMES_DODGEBALL_H_

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/procgen/engine/basic_game.h"

namespace parallel_pool::procgen {

class Dodgeball : public BasicGame {
 public:
  explicit Dodgeball(std::string asset_root) : BasicGame(std::move(asset_root)) {
    mixrate_ = .5;
    out_of_bounds_object_ = kOobWall;
  }

 protected:
  static constexpr float kCompletionBonus = 10.0;
  static constexpr int kLavaWall = 1;
  static constexpr int kPlayerBall = 3;
  static constexpr int kEnemy = 4;
  static constexpr int kDoor = 5;
  static constexpr int kEnemyBall = 6;
  static constexpr int kDoorOpen = 7;
  static constexpr int kDustCloud = 8;
  static constexpr int kOobWall = 10;
  static constexpr int kEnemyReward = 2;
  static constexpr int kNumEnemyThemes = 7;
  static constexpr float kEnemyVel = 0.05F;
  static constexpr float kBallVRot = kPi * 0.23F;
  static constexpr int kEnemyFireDelay = 50;

  // A room as procgen keeps it (a QRectF built from floats).
  struct Room {
    float x, y, w, h;
  };

  const std::vector<ImagePtr>* Backgrounds() override {
    return &LoadBackgrounds(asset_root_, BackgroundGroup::kTopdown);
  }
  bool UseBlockAsset(int type) override {
    return type == kLavaWall || type == kDoor || type == kDoorOpen;
  }

  void AssetsForType(int type, std::vector<std::string>& names) override {
    if (type == kPlayer) {
      names.emplace_back("misc_assets/character12.png");
    } else if (type == kPlayerBall) {
      names.emplace_back("misc_assets/ball_soccer1.png");
    } else if (type == kEnemy) {
      for (int i = 1; i <= 11; ++i) {
        names.push_back("misc_assets/character" + std::to_string(i) + ".png");
      }
    } else if (type == kDoor) {
      names.emplace_back("misc_assets/blockRed.png");
    } else if (type == kEnemyBall) {
      names.emplace_back("misc_assets/ball_soccer2.png");
    } else if (type == kDoorOpen) {
      names.emplace_back("misc_assets/blockGreen.png");
    } else if (type == kLavaWall || type == kOobWall) {
      names.emplace_back("misc_assets/tileStone_slope2.png");
    } else if (type == kDustCloud) {
      for (int i = 1; i <= 9; ++i) {
        names.push_back("misc_assets/spaceEffect" + std::to_string(i) + ".png");
      }
    }
  }

  int ImageForType(int type) override {
    if (type == kDoor) return num_enemies_ == 0 ? kDoorOpen : kDoor;
    return BasicGame::ImageForType(type);
  }

  bool WillReflect(int src, int target) override {
    return src == kEnemy && (target == kLavaWall || target == out_of_bounds_object_);
  }

  void HandleAgentCollision(const EntityPtr& obj) override {
    if (obj->type == kEnemy || obj->type == kEnemyBall || obj->type == kLavaWall) {
      step_data_.done = true;
    } else if (obj->type == kDoor && num_enemies_ == 0) {
      step_data_.done = true;
      step_data_.reward += kCompletionBonus;
      step_data_.level_complete = true;
    }
  }

  void HandleCollision(const EntityPtr& src, const EntityPtr& target) override {
    if (target->type == kPlayerBall) {
      if (src->type == kLavaWall) {
        target->will_erase = true;
      } else if (src->type == kEnemy) {
        src->health -= 1;
        target->will_erase = true;
        if (src->health <= 0 && !src->will_erase) {
          src->will_erase = true;
          step_data_.reward += kEnemyReward;
          EntityPtr dust = SpawnChild(src, kDustCloud, src->rx);
          dust->vrot = kPi / 0.3F;
          dust->grow_rate = 1.0F / 1.2F;
          dust->expire_time = 4;
          dust->alpha_decay = 0.9F;
          ChooseStepRandomTheme(dust);
        }
      }
    } else if (target->type == kEnemyBall && src->type == kLavaWall) {
      target->will_erase = true;
    }
  }

  float TileAspectRatio(const EntityPtr& ent) override {
    if (ent->type == kLavaWall) return ent->rx > ent->ry ? 1 : -1;
    return 0;
  }

  void ChooseWorldDim() override {
    const int world_dim = options_.distribution_mode == DistributionMode::kMemory ? 40 : 20;
    main_width_ = world_dim;
    main_height_ = world_dim;
  }

  void GameReset() override {
    BasicGame::GameReset();
    options_.center_agent = options_.distribution_mode == DistributionMode::kMemory;
    last_fire_time_ = 0;
    rooms_.assign(1, Room{0, 0, static_cast<float>(main_width_), static_cast<float>(main_height_)});
    float thickness = 0.3F;
    float enemy_r = .5;
    float exit_r = .75;
    ball_r_ = .25;
    ball_vscale_ = .25;
    int num_iterations = 0;
    int max_extra_enemies = 3;
    switch (options_.distribution_mode) {
      case DistributionMode::kEasy:
        num_iterations = 2;
        thickness *= 2;
        enemy_r *= 2;
        ball_r_ *= 2;
        ball_vscale_ *= 2;
        maxspeed_ = .75;
        agent_->rx = 1;
        agent_->ry = 1;
        exit_r *= 2;
        break;
      case DistributionMode::kHard:
        num_iterations = 4;
        thickness *= 1.5;
        enemy_r *= 1.5;
        ball_r_ *= 1.5;
        ball_vscale_ *= 1.5;
        maxspeed_ = .5;
        agent_->rx = .75;
        agent_->ry = .75;
        break;
      case DistributionMode::kExtreme:
        num_iterations = 8;
        maxspeed_ = .25;
        break;
      case DistributionMode::kMemory:
        num_iterations = 16;
        thickness *= 1.5;
        enemy_r *= 1.5;
        ball_r_ *= 1.5;
        ball_vscale_ *= 1.5;
        maxspeed_ = .5;
        agent_->rx = .75;
        agent_->ry = .75;
        max_extra_enemies = 16;
        break;
    }
    hard_min_dim_ = static_cast<float>(4 * agent_->rx + 2 * thickness + .5);
    min_dim_ = static_cast<float>(agent_->rx * 8 + .5);
    for (int iteration = 0; iteration < num_iterations && !rooms_.empty(); ++iteration) {
      const int idx = rand_gen_.Below(static_cast<int>(rooms_.size()));
      const Room room = rooms_[idx];
      rooms_.erase(rooms_.begin() + idx);
      SplitRoom(room, thickness);
    }
    const float border_r = 0;
    const float doorlen = 2 * exit_r;
    const auto w = static_cast<float>(main_width_);
    const auto h = static_cast<float>(main_height_);
    switch (rand_gen_.Below(4)) {
      case 0:
        SpawnEntityRxy(doorlen / 2, exit_r, kDoor, 2 * border_r, 2 * border_r, w - 4 * border_r,
                       2 * exit_r);
        break;
      case 1:
        SpawnEntityRxy(doorlen / 2, exit_r, kDoor, 2 * border_r, h - 2 * border_r - 2 * exit_r,
                       w - 4 * border_r, 2 * exit_r);
        break;
      case 2:
        SpawnEntityRxy(exit_r, doorlen / 2, kDoor, 2 * border_r, 2 * border_r, 2 * exit_r,
                       h - 4 * border_r);
        break;
      default:
        SpawnEntityRxy(exit_r, doorlen / 2, kDoor, w - 2 * border_r - 2 * exit_r, 2 * border_r,
                       2 * exit_r, h - 4 * border_r);
        break;
    }
    RepositionAgent();
    num_enemies_ = rand_gen_.Below(max_extra_enemies + 1) + 3;
    SpawnEntities(num_enemies_, enemy_r, kEnemy, 0, 0, w, h);
    const int enemy_theme = rand_gen_.Below(kNumEnemyThemes);
    for (const EntityPtr& ent : entities_) {
      if (ent->type == kEnemy) {
        ent->image_theme = enemy_theme;
        ent->health = 1;
        ent->spawn_time = 0;
        ent->fire_time = 10;
        ent->collides_with_entities = true;
        ent->smart_step = true;
        ChooseVelocity(ent);
        ent->FaceDirection(ent->vx, ent->vy);
      } else if (ent->type == kLavaWall) {
        ent->collides_with_entities = true;
      }
    }
    agent_->FaceDirection(1, 0);
  }

  void GameStep() override {
    BasicGame::GameStep();
    const auto vx = static_cast<float>(last_move_action_ / 3 - 1);
    const auto vy = static_cast<float>(last_move_action_ % 3 - 1);
    agent_->FaceDirection(vx, vy);
    if (special_action_ == 1 && (cur_time_ - last_fire_time_) >= 7) {
      EntityPtr ball = AddEntity(agent_->x, agent_->y, vx * ball_vscale_, vy * ball_vscale_,
                                 ball_r_, kPlayerBall);
      ball->collides_with_entities = true;
      ball->expire_time = 50;
      ball->vrot = kBallVRot;
      last_fire_time_ = cur_time_;
    }
    num_enemies_ = 0;
    for (int i = static_cast<int>(entities_.size()) - 1; i >= 0; --i) {
      EntityPtr ent = entities_[i];
      if (ent->type == kEnemy) {
        ++num_enemies_;
        if (ent->spawn_time == 0) {
          ChooseVelocity(ent);
        } else {
          ent->spawn_time -= 1;
        }
        if (cur_time_ - ent->fire_time >= kEnemyFireDelay) {
          const float dx = ent->x - agent_->x;
          const float dy = ent->y - agent_->y;
          const float bvelx = ent->x < agent_->x ? 1 : -1;
          const float bvely = ent->y < agent_->y ? 1 : -1;
          if (std::fabs(static_cast<double>(dx)) < 1) {
            FireBall(ent, 0, bvely);
            ent->vx = 0;
            ent->vy = bvely * kEnemyVel;
          } else if (std::fabs(static_cast<double>(dy)) < 1) {
            FireBall(ent, bvelx, 0);
            ent->vx = bvelx * kEnemyVel;
            ent->vy = 0;
          }
        }
        ent->FaceDirection(ent->vx, ent->vy);
      } else if (ent->type == kPlayerBall || ent->type == kEnemyBall) {
        if (ent->x < ent->rx || ent->x > (main_width_ - ent->rx) || ent->y < ent->ry ||
            ent->y > (main_height_ - ent->ry)) {
          ent->will_erase = true;
        }
      }
    }
    EraseIfNeeded();
  }

 private:
  void AddRoom(const Room& room) {
    if ((room.w >= min_dim_ || room.h >= min_dim_) && room.w >= hard_min_dim_ &&
        room.h >= hard_min_dim_) {
      rooms_.push_back(room);
    }
  }

  // Splits a room with a lava wall with a gap, keeping the parts that are
  // large enough to split again.
  void SplitRoom(const Room& room, float thickness) {
    bool will_split_width = rand_gen_.Unit() < .5;
    const bool choice2 = rand_gen_.Unit() < .5;
    if (room.w < min_dim_) will_split_width = false;
    if (room.h < min_dim_) will_split_width = true;
    const float rx = room.x;
    const float ry = room.y;
    const float rw = room.w;
    const float rh = room.h;
    const auto gap = static_cast<float>(.25 * (rand_gen_.Below(3) + 1));
    const float pct = 1 - gap;
    if (!will_split_width) {
      float wy, remy;
      if (choice2) {
        wy = ry;
        remy = ry + pct * rh;
      } else {
        wy = ry + (1 - pct) * rh;
        remy = ry;
      }
      const float wh = pct * rh;
      AddEntity(rx + rw / 2, wy + wh / 2, 0, 0, thickness, wh / 2, kLavaWall);
      const float nextw = rw / 2 - thickness;
      AddRoom(Room{rx, wy, nextw, wh});
      AddRoom(Room{rx + rw / 2 + thickness, wy, nextw, wh});
      AddRoom(Room{rx, remy, rw, rh - wh});
    } else {
      float wx, remx;
      if (choice2) {
        wx = rx;
        remx = rx + pct * rw;
      } else {
        wx = rx + (1 - pct) * rw;
        remx = rx;
      }
      const float ww = pct * rw;
      AddEntity(wx + ww / 2, ry + rh / 2, 0, 0, ww / 2, thickness, kLavaWall);
      const float nexth = rh / 2 - thickness;
      AddRoom(Room{wx, ry, ww, nexth});
      AddRoom(Room{wx, ry + rh / 2 + thickness, ww, nexth});
      AddRoom(Room{remx, ry, rw - ww, rh});
    }
  }

  void ChooseVelocity(const EntityPtr& ent) {
    const float vel = kEnemyVel * static_cast<float>(rand_gen_.Below(2) * 2 - 1);
    if (rand_gen_.Below(2) == 0) {
      ent->vx = vel;
      ent->vy = 0;
    } else {
      ent->vy = vel;
      ent->vx = 0;
    }
    ent->spawn_time = rand_gen_.Below(50) + 25;
  }

  void FireBall(const EntityPtr& ent, float vx, float vy) {
    EntityPtr ball =
        AddEntity(ent->x, ent->y, vx * ball_vscale_, vy * ball_vscale_, ball_r_, kEnemyBall);
    ent->fire_time = cur_time_ + rand_gen_.Below(4);
    ball->vrot = kBallVRot;
    ball->expire_time = 50;
  }

  std::vector<Room> rooms_;
  float min_dim_ = 0.0F;
  float hard_min_dim_ = 0.0F;
  float ball_vscale_ = 0.0F;
  float ball_r_ = 0.0F;
  int last_fire_time_ = 0;
  int num_enemies_ = 0;
};

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_GAMES_DODGEBALL_H_
