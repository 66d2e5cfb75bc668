// Miner: dig through dirt to collect every diamond (1 each), then reach the
// exit (10, which ends the level), under boulders and diamonds that fall
// into empty space and roll off round things; one falling on the agent ends
// the level. The world is 10 (easy), 20 (hard) or 35 (memory, view follows
// the agent) cells square; the agent moves one cell per step.
#ifndef PARALLEL_POOL_PROCGEN_GAMES_MINER_H_
#define PARALLEL_POOL_PROCGEN_GAMES_MINER_H_

#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/procgen/engine/basic_game.h"

namespace parallel_pool::procgen {

class Miner : public BasicGame {
 public:
  explicit Miner(std::string asset_root) : BasicGame(std::move(asset_root)) {
    main_width_ = 20;
    main_height_ = 20;
    mixrate_ = .5;
    maxspeed_ = .5;
    has_useful_vel_info_ = false;
    out_of_bounds_object_ = kOobWall;
    visibility_ = 8.0;
  }

 protected:
  static constexpr float kCompletionBonus = 10.0;
  static constexpr int kDiamondReward = 1;
  static constexpr int kBoulder = 1;
  static constexpr int kDiamond = 2;
  static constexpr int kMovingBoulder = 3;
  static constexpr int kMovingDiamond = 4;
  static constexpr int kEnemy = 5;
  static constexpr int kExitType = 6;
  static constexpr int kDirt = 9;
  static constexpr int kOobWall = 10;

  const std::vector<ImagePtr>* Backgrounds() override {
    return &LoadBackgrounds(asset_root_, BackgroundGroup::kPlatform);
  }

  void AssetsForType(int type, std::vector<std::string>& names) override {
    switch (type) {
      case kPlayer:
        names.emplace_back("misc_assets/robot_greenDrive1.png");
        break;
      case kBoulder:
        names.emplace_back("misc_assets/elementStone007.png");
        break;
      case kDiamond:
        names.emplace_back("misc_assets/gemBlue.png");
        break;
      case kExitType:
        names.emplace_back("misc_assets/window.png");
        break;
      case kDirt:
        names.emplace_back("misc_assets/dirt.png");
        break;
      case kOobWall:
        names.emplace_back("misc_assets/tile_bricksGrey.png");
        break;
      default:
        break;
    }
  }

  bool IsBlocked(const EntityPtr& src, int target, bool is_horizontal) override {
    if (BasicGame::IsBlocked(src, target, is_horizontal)) return true;
    return src->type == kPlayer &&
           (target == kBoulder || target == kMovingBoulder || target == kOobWall);
  }

  bool WillReflect(int src, int target) override {
    return src == kEnemy && (target == kBoulder || target == kDiamond || target == kMovingBoulder ||
                             target == kMovingDiamond || target == out_of_bounds_object_);
  }

  void HandleAgentCollision(const EntityPtr& obj) override {
    if (obj->type == kEnemy) {
      step_data_.done = true;
    } else if (obj->type == kExitType && diamonds_remaining_ == 0) {
      step_data_.reward += kCompletionBonus;
      step_data_.level_complete = true;
      step_data_.done = true;
    }
  }

  int ImageForType(int type) override {
    if (type == kMovingBoulder) return kBoulder;
    if (type == kMovingDiamond) return kDiamond;
    return BasicGame::ImageForType(type);
  }

  void SetActionXY(int move_action) override {
    BasicGame::SetActionXY(move_action);
    if (action_vx_ != 0) action_vy_ = 0;
  }

  void ChooseWorldDim() override {
    switch (options_.distribution_mode) {
      case DistributionMode::kEasy:
        main_width_ = main_height_ = 10;
        break;
      case DistributionMode::kHard:
        main_width_ = main_height_ = 20;
        break;
      case DistributionMode::kMemory:
        main_width_ = main_height_ = 35;
        break;
      case DistributionMode::kExtreme:
        break;
    }
  }

  void GameReset() override {
    BasicGame::GameReset();
    agent_->rx = .5;
    agent_->ry = .5;
    const int main_area = main_height_ * main_width_;
    options_.center_agent = options_.distribution_mode == DistributionMode::kMemory;
    grid_step_ = true;
    const float diamond_pct = 12 / 400.0F;
    const float boulder_pct = 80 / 400.0F;
    const int num_diamonds = static_cast<int>(diamond_pct * grid_size_);
    const int num_boulders = static_cast<int>(boulder_pct * grid_size_);
    const std::vector<int> obj_idxs =
        rand_gen_.SimpleChoose(main_area, num_diamonds + num_boulders + 1);
    const int agent_x = obj_idxs[0] % main_width_;
    const int agent_y = obj_idxs[0] / main_width_;
    agent_->x = static_cast<float>(agent_x + .5);
    agent_->y = static_cast<float>(agent_y + .5);
    for (int i = 0; i < main_area; ++i) SetObj(i, kDirt);
    for (int i = 0; i < num_diamonds; ++i) SetObj(obj_idxs[i + 1], kDiamond);
    for (int i = 0; i < num_boulders; ++i) SetObj(obj_idxs[i + 1 + num_diamonds], kBoulder);
    const std::vector<int> dirt_cells = CellsWithType(kDirt);
    SetObj(static_cast<int>(agent_->x), static_cast<int>(agent_->y), kSpace);
    for (int i = -1; i <= 1; ++i) {
      for (int j = -1; j <= 1; ++j) {
        if (GetObj(agent_x + i, agent_y + j) == kBoulder) SetObj(agent_x + i, agent_y + j, kDirt);
      }
    }
    std::vector<int> exit_candidates;
    for (int cell : dirt_cells) {
      const int above = GetObj(cell + main_width_);
      if (above == kDirt || above == out_of_bounds_object_) exit_candidates.push_back(cell);
    }
    const int exit_cell =
        exit_candidates[rand_gen_.Below(static_cast<int>(exit_candidates.size()))];
    SetObj(exit_cell, kSpace);
    EntityPtr exit =
        AddEntity(static_cast<float>((exit_cell % main_width_) + .5),
                  static_cast<float>((exit_cell / main_width_) + .5), 0, 0, .5, kExitType);
    exit->render_z = -1;
  }

  void GameStep() override {
    BasicGame::GameStep();
    if (action_vx_ > 0) agent_->is_reflected = false;
    if (action_vx_ < 0) agent_->is_reflected = true;
    HandlePush();
    const int agent_obj = GetObj(static_cast<int>(agent_->x), static_cast<int>(agent_->y));
    if (agent_obj == kDiamond) step_data_.reward += kDiamondReward;
    if (agent_obj == kDirt || agent_obj == kDiamond) {
      SetObj(static_cast<int>(agent_->x), static_cast<int>(agent_->y), kSpace);
    }
    const int main_area = main_width_ * main_height_;
    int diamonds_count = 0;
    for (int idx = 0; idx < main_area; ++idx) {
      const int obj = GetObj(idx);
      const int obj_x = idx % main_width_;
      // In double, as procgen computes it.
      const auto agent_idx = static_cast<int>((agent_->y - .5) * main_width_ + (agent_->x - .5));
      const int stat_type = Stationary(obj);
      if (stat_type == kDiamond) ++diamonds_count;
      if (obj == kBoulder || obj == kMovingBoulder || obj == kDiamond || obj == kMovingDiamond) {
        const int below_idx = idx - main_width_;
        const int obj2 = GetObj(below_idx);
        const bool agent_is_below = agent_idx == below_idx;
        if (obj2 == kSpace && !agent_is_below) {
          SetObj(idx, kSpace);
          SetObj(below_idx, Moving(obj));
        } else if (agent_is_below && IsMoving(obj)) {
          step_data_.done = true;
        } else if (IsRound(obj2) && obj_x > 0 && IsFree(idx - 1) && IsFree(idx - main_width_ - 1)) {
          SetObj(idx, kSpace);
          SetObj(idx - 1, Stationary(obj));
        } else if (IsRound(obj2) && obj_x < main_width_ - 1 && IsFree(idx + 1) &&
                   IsFree(idx - main_width_ + 1)) {
          SetObj(idx, kSpace);
          SetObj(idx + 1, stat_type);
        } else {
          SetObj(idx, stat_type);
        }
      }
    }
    diamonds_remaining_ = diamonds_count;
    for (const EntityPtr& ent : entities_) {
      if (ent->type == kEnemy && rand_gen_.Below(6) == 0) ChooseNewVelocity(ent);
    }
  }

 private:
  static int Moving(int type) {
    if (type == kDiamond) return kMovingDiamond;
    if (type == kBoulder) return kMovingBoulder;
    return type;
  }
  static bool IsMoving(int type) { return type == kMovingBoulder || type == kMovingDiamond; }
  static int Stationary(int type) {
    if (type == kMovingDiamond) return kDiamond;
    if (type == kMovingBoulder) return kBoulder;
    return type;
  }
  static bool IsRound(int type) {
    return type == kBoulder || type == kMovingBoulder || type == kDiamond || type == kMovingDiamond;
  }
  bool IsFree(int idx) const { return GetObj(idx) == kSpace && AgentIndex() != idx; }

  void ChooseNewVelocity(const EntityPtr& ent) {
    const bool is_horizontal = rand_gen_.Bool();
    const int vel = rand_gen_.Below(2) * 2 - 1;
    ent->vx = is_horizontal ? static_cast<float>(vel) : 0;
    ent->vy = is_horizontal ? 0 : static_cast<float>(vel);
  }

  void HandlePush() {
    const int agent_idx = AgentIndex();
    const int agentx = agent_idx % main_width_;
    if (action_vx_ == 1 && agent_->vx == 0 && agentx < main_width_ - 2 &&
        GetObj(agent_idx + 1) == kBoulder && GetObj(agent_idx + 2) == kSpace) {
      SetObj(agent_idx + 1, kSpace);
      SetObj(agent_idx + 2, kBoulder);
      agent_->x += 1;
    } else if (action_vx_ == -1 && agent_->vx == 0 && agentx > 1 &&
               GetObj(agent_idx - 1) == kBoulder && GetObj(agent_idx - 2) == kSpace) {
      SetObj(agent_idx - 1, kSpace);
      SetObj(agent_idx - 2, kBoulder);
      agent_->x -= 1;
    }
  }

  int diamonds_remaining_ = 0;
};

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_GAMES_MINER_H_
