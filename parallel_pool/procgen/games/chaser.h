// Chaser: eat every orb of a maze (0.04 each; all of them win the level,
// bonus 10) while enemies hatched from eggs chase the agent; a large orb
// lets the agent eat enemies for a while. Maze 11 (easy), 13 (hard) or 19
// (extreme, five enemies) cells square, without dead ends.
#ifndef PARALLEL_POOL_PROCGEN_GAMES_CHASER_H_
#define PARALLEL_POOL_PROCGEN_GAMES_CHASER_H_

#include <cmath>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/procgen/engine/basic_game.h"
#include "parallel_pool/procgen/engine/maze_gen.h"

namespace parallel_pool::procgen {

class Chaser : public BasicGame {
 public:
  explicit Chaser(std::string asset_root) : BasicGame(std::move(asset_root)) {
    mixrate_ = 1;
    maxspeed_ = .5;
    has_useful_vel_info_ = false;
  }

 protected:
  static constexpr float kOrbReward = 0.04F;
  static constexpr float kCompletionBonus = 10.0F;
  static constexpr float kOrbDim = 0.3F;
  static constexpr int kLargeOrb = 2;
  static constexpr int kEnemyWeak = 3;
  static constexpr int kEnemyEgg = 4;
  static constexpr int kMazeWall = 5;
  static constexpr int kEnemy = 6;
  static constexpr int kMarker = 1001;
  static constexpr int kOrb = 1002;
  static constexpr int kEatTimeout = 75;
  static constexpr int kEggTimeout = 50;

  const std::vector<ImagePtr>* Backgrounds() override {
    return &LoadBackgrounds(asset_root_, BackgroundGroup::kTopdownSimple);
  }
  bool UseBlockAsset(int type) override { return type == kMazeWall; }

  void AssetsForType(int type, std::vector<std::string>& names) override {
    switch (type) {
      case kPlayer:
        names.emplace_back("misc_assets/enemyFloating_1b.png");
        break;
      case kEnemy:
        names.emplace_back("misc_assets/enemyFlying_1.png");
        break;
      case kEnemy + 1:
        names.emplace_back("misc_assets/enemyFlying_2.png");
        break;
      case kEnemy + 2:
        names.emplace_back("misc_assets/enemyFlying_3.png");
        break;
      case kLargeOrb:
        names.emplace_back("misc_assets/yellowCrystal.png");
        break;
      case kEnemyWeak:
        names.emplace_back("misc_assets/enemyWalking_1b.png");
        break;
      case kEnemyEgg:
        names.emplace_back("misc_assets/enemySpikey_1b.png");
        break;
      case kMazeWall:
        names.emplace_back("misc_assets/tileStone_slope.png");
        break;
      default:
        break;
    }
  }

  void UpdateAgentVelocity() override {
    if (action_vx_ != 0) agent_->vx = maxspeed_ * action_vx_;
    if (action_vy_ != 0) agent_->vy = maxspeed_ * action_vy_;
    // Collisions can shave speed off; the agent always moves at full speed.
    agent_->vx = static_cast<float>(Sign(agent_->vx) * maxspeed_);
    agent_->vy = static_cast<float>(Sign(agent_->vy) * maxspeed_);
  }

  bool IsBlocked(const EntityPtr& src, int target, bool is_horizontal) override {
    return target == kMazeWall || BasicGame::IsBlocked(src, target, is_horizontal);
  }

  int ImageForType(int type) override {
    if (type == kEnemy) {
      if (CanEatEnemies()) return kEnemyWeak;
      int rem = (cur_time_ / 2) % 4;
      if (rem == 3) rem = 1;
      return kEnemy + rem;
    }
    return BasicGame::ImageForType(type);
  }

  void DrawGridObject(Painter& p, const RectF& rect, int type, int theme) override {
    if (type == kOrb) {
      p.FillRect(RectF{rect.x + rect.w * (1 - kOrbDim) / 2, rect.y + rect.h * (1 - kOrbDim) / 2,
                       rect.w * kOrbDim, rect.h * kOrbDim},
                 0x00ff00);
    } else {
      BasicGame::DrawGridObject(p, rect, type, theme);
    }
  }

  void HandleAgentCollision(const EntityPtr& obj) override {
    if (obj->type == kLargeOrb) {
      eat_time_ = cur_time_;
      step_data_.reward += kOrbReward;
      obj->will_erase = true;
    } else if (obj->type == kEnemy) {
      if (CanEatEnemies()) {
        obj->will_erase = true;
      } else {
        step_data_.done = true;
      }
    }
  }

  void ChooseWorldDim() override {
    main_width_ = maze_dim_;
    main_height_ = maze_dim_;
  }

  void GameReset() override {
    int extra_orb_sign = 1;
    switch (options_.distribution_mode) {
      case DistributionMode::kEasy:
        maze_dim_ = 11;
        total_enemies_ = 3;
        extra_orb_sign = 0;
        break;
      case DistributionMode::kHard:
        maze_dim_ = 13;
        total_enemies_ = 3;
        extra_orb_sign = -1;
        break;
      default:
        maze_dim_ = 19;
        total_enemies_ = 5;
        extra_orb_sign = 1;
        break;
    }
    // One generator for every level, as procgen keeps it.
    if (maze_ == nullptr) maze_ = std::make_unique<MazeGen>(&rand_gen_, maze_dim_);
    BasicGame::GameReset();
    options_.center_agent = false;
    agent_->rx = .5;
    agent_->ry = .5;
    eat_time_ = -1 * kEatTimeout;
    FillElem(0, 0, main_width_, main_height_, kMazeWall);
    maze_->GenerateMazeNoDeadEnds();
    const int num_quadrants = 4;
    const int extra_quad = rand_gen_.Below(num_quadrants);
    std::vector<std::vector<int>> quadrants(num_quadrants);
    std::vector<int> orbs_for_quadrant;
    for (int i = 0; i < num_quadrants; ++i) {
      orbs_for_quadrant.push_back(1 + (i == extra_quad ? extra_orb_sign : 0));
    }
    for (int i = 0; i < maze_dim_; ++i) {
      for (int j = 0; j < maze_dim_; ++j) {
        const int obj = maze_->Get(i + kMazeOffset, j + kMazeOffset);
        SetObj(i, j, obj == kWall ? kMazeWall : obj);
        if (obj == kSpace) {
          const int idx = j * maze_dim_ + i;
          const int quad_idx = (i >= maze_dim_ / 2.0 ? 1 : 0) * 2 + (j >= maze_dim_ / 2.0 ? 1 : 0);
          quadrants[quad_idx].push_back(idx);
        }
      }
    }
    for (int i = 0; i < num_quadrants; ++i) {
      const std::vector<int>& quadrant = quadrants[i];
      for (int j :
           rand_gen_.SimpleChoose(static_cast<int>(quadrant.size()), orbs_for_quadrant[i])) {
        SpawnEntityAtIndex(quadrant[j], 0.4F, kLargeOrb);
        SetObj(quadrant[j], kMarker);
      }
    }
    std::vector<int> free_cells = CellsWithType(kSpace);
    const std::vector<int> selected =
        rand_gen_.SimpleChoose(static_cast<int>(free_cells.size()), 1 + total_enemies_);
    const int start = free_cells[selected[0]];
    agent_->x = static_cast<float>((start % maze_dim_) + .5);
    agent_->y = static_cast<float>((start / maze_dim_) + .5);
    for (int i = 0; i < total_enemies_; ++i) {
      const int cell = free_cells[selected[i + 1]];
      SetObj(cell, kMarker);
      SpawnEgg(cell);
    }
    for (int cell : free_cells) SetObj(cell, kOrb);
    total_orbs_ = static_cast<int>(free_cells.size());
    orbs_collected_ = 0;
    for (int cell : CellsWithType(kMarker)) SetObj(cell, kSpace);
    free_cells_.clear();
    is_space_.clear();
    for (int i = 0; i < grid_size_; ++i) {
      const bool is_space = GetObj(i) != kMazeWall;
      if (is_space) free_cells_.push_back(i);
      is_space_.push_back(is_space);
    }
  }

  void GameStep() override {
    BasicGame::GameStep();
    int num_enemies = 0;
    const float default_enemy_speed = .5;
    const float vscale = CanEatEnemies() ? (default_enemy_speed * .5F) : default_enemy_speed;
    for (int j = static_cast<int>(entities_.size()) - 1; j >= 0; --j) {
      EntityPtr ent = entities_[j];
      if (ent->type == kEnemyEgg) {
        ++num_enemies;
        ent->health -= 1;
        if (ent->health == 0) {
          ent->will_erase = true;
          SpawnChild(ent, kEnemy, .5)->smart_step = true;
        }
      } else if (ent->type == kEnemy) {
        ++num_enemies;
        SteerEnemy(ent, vscale);
      }
    }
    if (num_enemies < total_enemies_) {
      SpawnEgg(free_cells_[static_cast<std::size_t>(step_rand_int_) % free_cells_.size()]);
    }
    const int agent_idx = AgentIndex();
    if (GetObj(agent_idx) == kOrb) {
      SetObj(agent_idx, kSpace);
      step_data_.reward += kOrbReward;
      orbs_collected_ += 1;
    }
    if (orbs_collected_ == total_orbs_) {
      step_data_.reward += kCompletionBonus;
      step_data_.level_complete = true;
      step_data_.done = true;
    }
  }

 private:
  static double Sign(double x) { return x > 0 ? +1 : (x == 0 ? 0 : -1); }

  bool CanEatEnemies() const { return cur_time_ - eat_time_ < kEatTimeout; }

  void SpawnEgg(int cell) {
    EntityPtr egg = AddEntity(static_cast<float>((cell % maze_dim_) + .5),
                              static_cast<float>((cell / maze_dim_) + .5), 0, 0, .5, kEnemyEgg);
    egg->health = kEggTimeout;
  }

  int ManhattanDist(int a, int b) const {
    return std::abs((a % main_width_) - (b % main_width_)) +
           std::abs((a / main_width_) - (b / main_width_));
  }

  // At a junction (or when stopped) an enemy picks its next cell: towards
  // the agent (away while it can be eaten) on even step draws, at random
  // otherwise, never straight back.
  void SteerEnemy(const EntityPtr& ent, float vscale) {
    const auto x = static_cast<float>(ent->x - .5);
    const auto y = static_cast<float>(ent->y - .5);
    const int dist_scale = CanEatEnemies() ? -1 : 1;
    const int enemy_idx = ToGridIndex(static_cast<int>(x), static_cast<int>(y));
    const int agent_idx = ToGridIndex(static_cast<int>(agent_->x), static_cast<int>(agent_->y));
    const bool is_at_junction = std::fabs(x - std::round(static_cast<double>(x))) +
                                    std::fabs(y - std::round(static_cast<double>(y))) <
                                .01;
    const bool be_aggressive = step_rand_int_ % 2 == 0;
    if (!((ent->vx == 0 && ent->vy == 0) || is_at_junction)) return;
    const int prev_idx =
        ToGridIndex(static_cast<int>(x - Sign(ent->vx)), static_cast<int>(y - Sign(ent->vy)));
    std::vector<int> space_neighbors;
    int min_dist = 2 * main_width_;
    const int ex = enemy_idx % main_width_;
    const int ey = enemy_idx / main_width_;
    for (int i = -1; i <= 1; ++i) {
      for (int k = -1; k <= 1; ++k) {
        if ((i == 0) == (k == 0)) continue;
        const int adj = ToGridIndex(ex + i, ey + k);
        if (adj == kInvalidIndex || !is_space_[adj] || adj == prev_idx) continue;
        const int md = ManhattanDist(adj, agent_idx) * dist_scale;
        if (be_aggressive) {
          if (md < min_dist) {
            min_dist = md;
            space_neighbors.assign(1, adj);
          } else if (md == min_dist) {
            space_neighbors.push_back(adj);
          }
        } else {
          space_neighbors.push_back(adj);
        }
      }
    }
    if (space_neighbors.empty()) return;  // procgen would divide by zero here
    const int neighbor =
        space_neighbors[static_cast<std::size_t>(step_rand_int_) % space_neighbors.size()];
    ent->vx = (neighbor % main_width_ - x) * vscale;
    ent->vy = (neighbor / main_width_ - y) * vscale;
  }

  std::unique_ptr<MazeGen> maze_;
  std::vector<int> free_cells_;
  std::vector<bool> is_space_;
  int eat_time_ = 0;
  int total_enemies_ = 0;
  int total_orbs_ = 0;
  int orbs_collected_ = 0;
  int maze_dim_ = 0;
};

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_GAMES_CHASER_H_
