// Heist: steal the gem behind a series of locked doors, each opened by the
// key of its colour found on this side of it (reward 10 for the gem, which
// ends the level). The maze (odd side 5 to world_dim: 9 easy, 13 hard, 23
// memory) has up to three doors; in memory mode the view follows the agent.
#ifndef PARALLEL_POOL_PROCGEN_GAMES_HEIST_H_
#define PARALLEL_POOL_PROCGEN_GAMES_HEIST_H_

#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/procgen/engine/basic_game.h"
#include "parallel_pool/procgen/engine/maze_gen.h"

namespace parallel_pool::procgen {

class Heist : public BasicGame {
 public:
  explicit Heist(std::string asset_root) : BasicGame(std::move(asset_root)) {
    has_useful_vel_info_ = false;
    main_width_ = 20;
    main_height_ = 20;
    out_of_bounds_object_ = kWall;
    visibility_ = 8.0;
  }

 protected:
  static constexpr float kCompletionBonus = 10.0F;
  static constexpr int kLockedDoor = 1;
  static constexpr int kKeyType = 2;
  static constexpr int kExitType = 9;
  static constexpr int kKeyOnRing = 11;

  const std::vector<ImagePtr>* Backgrounds() override {
    return &LoadBackgrounds(asset_root_, BackgroundGroup::kTopdown);
  }
  bool UseBlockAsset(int type) override { return type == kWall || type == kLockedDoor; }

  bool ShouldPreserveTypeThemes(int type) override {
    return type == kKeyType || type == kLockedDoor;
  }

  void AssetsForType(int type, std::vector<std::string>& names) override {
    if (type == kWall) {
      names.emplace_back("kenney/Ground/Dirt/dirtCenter.png");
    } else if (type == kExitType) {
      names.emplace_back("misc_assets/gemYellow.png");
    } else if (type == kPlayer) {
      names.emplace_back("misc_assets/spaceAstronauts_008.png");
    } else if (type == kKeyType) {
      names.emplace_back("misc_assets/keyBlue.png");
      names.emplace_back("misc_assets/keyGreen.png");
      names.emplace_back("misc_assets/keyRed.png");
    } else if (type == kLockedDoor) {
      names.emplace_back("misc_assets/lock_blue.png");
      names.emplace_back("misc_assets/lock_green.png");
      names.emplace_back("misc_assets/lock_red.png");
    }
  }

  bool IsBlockedByEntity(const EntityPtr& src, const EntityPtr& target,
                         bool is_horizontal) override {
    if (target->type == kLockedDoor) return !has_keys_[target->image_theme];
    return BasicGame::IsBlockedByEntity(src, target, is_horizontal);
  }

  bool ShouldDrawEntity(const EntityPtr& ent) override {
    if (ent->type == kKeyOnRing) return has_keys_[ent->image_theme];
    return true;
  }

  void HandleAgentCollision(const EntityPtr& obj) override {
    if (obj->type == kExitType) {
      step_data_.done = true;
      step_data_.reward = kCompletionBonus;
      step_data_.level_complete = true;
    } else if (obj->type == kKeyType) {
      obj->will_erase = true;
      has_keys_[obj->image_theme] = true;
    } else if (obj->type == kLockedDoor) {
      if (has_keys_[obj->image_theme]) obj->will_erase = true;
    }
  }

  void ChooseWorldDim() override {
    switch (options_.distribution_mode) {
      case DistributionMode::kEasy:
        world_dim_ = 9;
        break;
      case DistributionMode::kHard:
        world_dim_ = 13;
        break;
      case DistributionMode::kMemory:
        world_dim_ = 23;
        break;
      case DistributionMode::kExtreme:
        break;
    }
    maxspeed_ = .75;
    main_width_ = world_dim_;
    main_height_ = world_dim_;
  }

  void GameReset() override {
    BasicGame::GameReset();
    const int min_maze_dim = 5;
    const int max_diff = (world_dim_ - min_maze_dim) / 2;
    const int difficulty = rand_gen_.Below(max_diff + 1);
    options_.center_agent = options_.distribution_mode == DistributionMode::kMemory;
    if (options_.distribution_mode == DistributionMode::kMemory) {
      num_keys_ = rand_gen_.Below(4);
    } else {
      num_keys_ = difficulty + rand_gen_.Below(2);
    }
    if (num_keys_ > 3) num_keys_ = 3;
    has_keys_.assign(num_keys_, false);
    const int maze_dim = difficulty * 2 + min_maze_dim;
    const auto maze_scale = static_cast<float>(main_height_ / (world_dim_ * 1.0));
    agent_->rx = static_cast<float>(.375 * maze_scale);
    agent_->ry = static_cast<float>(.375 * maze_scale);
    const float r_ent = maze_scale / 2;
    MazeGen maze(&rand_gen_, maze_dim);
    maze.GenerateMazeWithDoors(num_keys_);
    // Out of the way while the level is placed.
    agent_->x = -1;
    agent_->y = -1;
    const int off_x = rand_gen_.Below(world_dim_ - maze_dim + 1);
    const int off_y = rand_gen_.Below(world_dim_ - maze_dim + 1);
    for (int i = 0; i < grid_size_; ++i) SetObj(i, kWall);
    for (int i = 0; i < maze_dim; ++i) {
      for (int j = 0; j < maze_dim; ++j) {
        const int x = off_x + i;
        const int y = off_y + j;
        const int obj = maze.Get(i + kMazeOffset, j + kMazeOffset);
        const auto obj_x = static_cast<float>((x + .5) * maze_scale);
        const auto obj_y = static_cast<float>((y + .5) * maze_scale);
        if (obj != kWall) SetObj(x, y, kSpace);
        if (obj >= kKey) {
          EntityPtr ent = SpawnEntity(static_cast<float>(.375 * maze_scale), kKeyType,
                                      maze_scale * x, maze_scale * y, maze_scale, maze_scale);
          ent->image_theme = obj - kKey - 1;
          MatchAspectRatio(ent);
        } else if (obj >= kDoor) {
          EntityPtr ent = AddEntity(obj_x, obj_y, 0, 0, r_ent, kLockedDoor);
          ent->image_theme = obj - kDoor - 1;
        } else if (obj == kExit) {
          EntityPtr ent = SpawnEntity(static_cast<float>(.375 * maze_scale), kExitType,
                                      maze_scale * x, maze_scale * y, maze_scale, maze_scale);
          MatchAspectRatio(ent);
        } else if (obj == kAgentObject) {
          agent_->x = obj_x;
          agent_->y = obj_y;
        }
      }
    }
    const float ring_key_r = 0.03F;
    for (int i = 0; i < num_keys_; ++i) {
      EntityPtr ent = AddEntity(static_cast<float>(1 - ring_key_r * (2 * i + 1.25)),
                                static_cast<float>(ring_key_r * .75), 0, 0, ring_key_r, kKeyOnRing);
      ent->image_theme = i;
      ent->image_type = kKeyType;
      ent->rotation = kPi / 2;
      ent->render_z = 1;
      ent->use_abs_coords = true;
      MatchAspectRatio(ent);
    }
  }

  void GameStep() override {
    BasicGame::GameStep();
    agent_->FaceDirection(action_vx_, action_vy_);
  }

 private:
  int world_dim_ = 0;
  int num_keys_ = 0;
  std::vector<bool> has_keys_;
};

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_GAMES_HEIST_H_
