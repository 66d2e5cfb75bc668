// CaveFlyer: steer a ship (thrust and turn, Asteroids style) through a cave
// to the friendly ship (10), shooting red targets on the way (3 each);
// meteors, enemies, targets and the cave's walls are in the way. The cave
// is a cellular automaton's largest room, pruned to the surroundings of the
// path in easy and hard mode; the view follows the ship.
#ifndef PARALLEL_POOL_PROCGEN_GAMES_CAVEFLYER_H_
#define PARALLEL_POOL_PROCGEN_GAMES_CAVEFLYER_H_

#include <cmath>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/procgen/engine/basic_game.h"
#include "parallel_pool/procgen/engine/room_gen.h"

namespace parallel_pool::procgen {

class CaveFlyer : public BasicGame {
 public:
  explicit CaveFlyer(std::string asset_root) : BasicGame(std::move(asset_root)), rooms_(*this) {
    mixrate_ = 0.9F;
  }

 protected:
  static constexpr float kGoalReward = 10.0F;
  static constexpr float kTargetReward = 3.0F;
  static constexpr int kGoal = 1;
  static constexpr int kObstacle = 2;
  static constexpr int kTarget = 3;
  static constexpr int kPlayerBullet = 4;
  static constexpr int kEnemy = 5;
  static constexpr int kCaveWall = 8;
  static constexpr int kExhaust = 9;
  static constexpr int kMarker = 1003;

  const std::vector<ImagePtr>* Backgrounds() override {
    return &LoadBackgrounds(asset_root_, BackgroundGroup::kSpace);
  }
  bool UseBlockAsset(int type) override { return type == kCaveWall; }

  void AssetsForType(int type, std::vector<std::string>& names) override {
    switch (type) {
      case kGoal:
        names.emplace_back("misc_assets/ufoGreen2.png");
        break;
      case kObstacle:
        names.emplace_back("misc_assets/meteorBrown_big1.png");
        break;
      case kTarget:
        names.emplace_back("misc_assets/ufoRed2.png");
        break;
      case kPlayerBullet:
        names.emplace_back("misc_assets/laserBlue02.png");
        break;
      case kEnemy:
        names.emplace_back("misc_assets/enemyShipBlue4.png");
        break;
      case kPlayer:
        names.emplace_back("misc_assets/playerShip1_red.png");
        break;
      case kCaveWall:
        names.emplace_back("misc_assets/groundA.png");
        break;
      case kExhaust:
        names.emplace_back("misc_assets/towerDefense_tile295.png");
        break;
      default:
        break;
    }
  }

  void HandleAgentCollision(const EntityPtr& obj) override {
    if (obj->type == kGoal) {
      step_data_.reward += kGoalReward;
      step_data_.level_complete = true;
      step_data_.done = true;
    } else if (obj->type == kObstacle || obj->type == kEnemy || obj->type == kTarget) {
      step_data_.done = true;
    }
  }

  void UpdateAgentVelocity() override {
    const float v_scale = AgentAccelerationScale();
    agent_->vx = static_cast<float>(agent_->vx + mixrate_ * maxspeed_ * action_vx_ * v_scale * .2);
    agent_->vy = static_cast<float>(agent_->vy + mixrate_ * maxspeed_ * action_vy_ * v_scale * .2);
    agent_->vx = static_cast<float>(.9 * agent_->vx);
    agent_->vy = static_cast<float>(.9 * agent_->vy);
  }

  bool IsBlocked(const EntityPtr& src, int target, bool is_horizontal) override {
    if (BasicGame::IsBlocked(src, target, is_horizontal)) return true;
    return src->type == kPlayer && target == kCaveWall;
  }

  void HandleCollision(const EntityPtr& src, const EntityPtr& target) override {
    if (target->type != kPlayerBullet) return;
    bool erase_bullet = false;
    if (src->type == kTarget) {
      src->health -= 1;
      erase_bullet = true;
      if (src->health <= 0 && !src->will_erase) {
        SpawnChild(src, kExplosion, static_cast<float>(.5 * src->rx));
        src->will_erase = true;
        step_data_.reward += kTargetReward;
      }
    } else if (src->type == kObstacle || src->type == kEnemy || src->type == kGoal) {
      erase_bullet = true;
    }
    if (erase_bullet && !target->will_erase) {
      target->will_erase = true;
      EntityPtr explosion = SpawnChild(target, kExplosion, static_cast<float>(.5 * target->rx));
      explosion->vx = src->vx;
      explosion->vy = src->vy;
    }
  }

  bool WillReflect(int src, int target) override {
    return src == kEnemy && (target == kCaveWall || target == out_of_bounds_object_);
  }

  void ChooseWorldDim() override {
    int world_dim = 20;
    switch (options_.distribution_mode) {
      case DistributionMode::kEasy:
        world_dim = 30;
        break;
      case DistributionMode::kHard:
        world_dim = 40;
        break;
      case DistributionMode::kMemory:
        world_dim = 60;
        break;
      case DistributionMode::kExtreme:
        break;
    }
    main_width_ = world_dim;
    main_height_ = world_dim;
  }

  void GameReset() override {
    BasicGame::GameReset();
    out_of_bounds_object_ = kWall;
    for (int i = 0; i < grid_size_; ++i) SetObj(i, rand_gen_.Unit() < .5 ? kWall : kSpace);
    for (int iteration = 0; iteration < 4; ++iteration) rooms_.Update();
    const std::set<int> best_room = rooms_.FindBestRoom();
    for (int i = 0; i < grid_size_; ++i) SetObj(i, kWall);
    std::vector<int> free_cells;
    for (int i : best_room) {
      SetObj(i, kSpace);
      free_cells.push_back(i);
    }
    const std::vector<int> selected =
        rand_gen_.SimpleChoose(static_cast<int>(free_cells.size()), 2);
    const int agent_cell = free_cells[selected[0]];
    const int goal_cell = free_cells[selected[1]];
    agent_->x = static_cast<float>((agent_cell % main_width_) + .5);
    agent_->y = static_cast<float>((agent_cell / main_width_) + .5);
    SpawnEntityAtIndex(goal_cell, .5, kGoal)->collides_with_entities = true;
    const std::vector<int> goal_path = rooms_.FindPath(agent_cell, goal_cell);
    if (options_.distribution_mode != DistributionMode::kMemory) {
      // Only the surroundings of the path stay open.
      std::set<int> wide_path(goal_path.begin(), goal_path.end());
      rooms_.ExpandRoom(wide_path, 4);
      for (int i = 0; i < grid_size_; ++i) SetObj(i, kWall);
      for (int i : wide_path) SetObj(i, kSpace);
    }
    for (int iteration = 0; iteration < 4; ++iteration) {
      rooms_.Update();
      for (int i : goal_path) SetObj(i, kSpace);
    }
    for (int i : goal_path) SetObj(i, kMarker);
    free_cells.clear();
    for (int i = 0; i < grid_size_; ++i) {
      if (GetObj(i) == kSpace) {
        free_cells.push_back(i);
      } else if (GetObj(i) == kWall) {
        SetObj(i, kCaveWall);
      }
    }
    const int chunk_size = static_cast<int>(free_cells.size()) / 80;
    const int num_objs = 3 * chunk_size;
    const std::vector<int> obstacle_idxs =
        rand_gen_.SimpleChoose(static_cast<int>(free_cells.size()), num_objs);
    for (int i = 0; i < num_objs; ++i) {
      const int cell = free_cells[obstacle_idxs[i]];
      if (i < chunk_size) {
        SpawnEntityAtIndex(cell, .5, kObstacle)->collides_with_entities = true;
      } else if (i < 2 * chunk_size) {
        EntityPtr e = SpawnEntityAtIndex(cell, .5, kTarget);
        e->health = 5;
        e->collides_with_entities = true;
      } else {
        EntityPtr e = SpawnEntityAtIndex(cell, .5, kEnemy);
        const double speed = .1 * rand_gen_.Unit() + .1;
        const auto vel = static_cast<float>(speed * (rand_gen_.Below(2) * 2 - 1));
        if (rand_gen_.Unit() < .5) {
          e->vx = vel;
        } else {
          e->vy = vel;
        }
        e->smart_step = true;
        e->collides_with_entities = true;
      }
    }
    for (int i = 0; i < grid_size_; ++i) {
      if (GetObj(i) == kMarker) SetObj(i, kSpace);
    }
    out_of_bounds_object_ = kCaveWall;
    visibility_ = options_.distribution_mode == DistributionMode::kEasy ? 10 : 16;
  }

  void SetActionXY(int move_action) override {
    auto acceleration = static_cast<float>(move_action % 3 - 1);
    if (acceleration < 0) acceleration *= 0.33F;
    const float theta = -1 * agent_->rotation + kPi / 2;
    const double cos_theta = std::cos(static_cast<double>(theta));
    const double sin_theta = std::sin(static_cast<double>(theta));
    if (acceleration > 0) {
      EntityPtr exhaust = AddEntity(static_cast<float>(agent_->x - agent_->rx * cos_theta),
                                    static_cast<float>(agent_->y - agent_->ry * sin_theta), 0, 0,
                                    static_cast<float>(.5 * agent_->rx), kExhaust);
      exhaust->expire_time = 4;
      exhaust->rotation = -1 * theta - kPi / 2;
      exhaust->grow_rate = 1.25;
      exhaust->alpha_decay = 0.8F;
    }
    action_vy_ = static_cast<float>(acceleration * sin_theta);
    action_vx_ = static_cast<float>(acceleration * cos_theta);
    action_vrot_ = static_cast<float>(move_action / 3 - 1);
  }

  void GameStep() override {
    BasicGame::GameStep();
    if (special_action_ == 1) {
      const float theta = -1 * agent_->rotation + kPi / 2;
      const auto vx = static_cast<float>(std::cos(static_cast<double>(theta)));
      const auto vy = static_cast<float>(std::sin(static_cast<double>(theta)));
      EntityPtr bullet = AddEntity(agent_->x, agent_->y, vx, vy, 0.1F, 0.25F, kPlayerBullet);
      bullet->expire_time = 10;
      bullet->rotation = agent_->rotation;
    }
    for (int k = static_cast<int>(entities_.size()) - 1; k >= 0; --k) {
      EntityPtr ent = entities_[k];
      if (ent->type == kEnemy) ent->FaceDirection(ent->vx, ent->vy, -1 * kPi / 2);
      if (ent->type != kPlayerBullet) continue;
      bool found_wall = false;
      for (int i = 0; i < 2; ++i) {
        for (int j = 0; j < 2; ++j) {
          const int type2 =
              GetObjFromFloats(ent->x + ent->rx * (2 * i - 1), ent->y + ent->ry * (2 * j - 1));
          found_wall = found_wall || type2 == kCaveWall;
        }
      }
      if (found_wall) {
        ent->will_erase = true;
        SpawnChild(ent, kExplosion, static_cast<float>(.5 * ent->rx));
      }
    }
    EraseIfNeeded();
  }

 private:
  RoomGen rooms_;
};

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_GAMES_CAVEFLYER_H_
