// Maze: a mouse finds the cheese in a maze (reward 10, which ends the
// level). The maze, of odd side 3 to world_dim, is drawn from the level's
// seed and centred in a walled square of world_dim (15 easy, 25 hard, 31
// memory); the agent moves one cell per step. In memory mode the view
// follows the agent.
#ifndef PARALLEL_POOL_PROCGEN_GAMES_MAZE_H_
#define PARALLEL_POOL_PROCGEN_GAMES_MAZE_H_

#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/procgen/engine/basic_game.h"
#include "parallel_pool/procgen/engine/maze_gen.h"

namespace parallel_pool::procgen {

class Maze : public BasicGame {
 public:
  explicit Maze(std::string asset_root) : BasicGame(std::move(asset_root)) {
    timeout_ = 500;
    random_agent_start_ = false;
    has_useful_vel_info_ = false;
    out_of_bounds_object_ = kWall;
    visibility_ = 8.0;
  }

 protected:
  static constexpr int kGoal = 2;
  static constexpr float kReward = 10.0;

  const std::vector<ImagePtr>* Backgrounds() override {
    return &LoadBackgrounds(asset_root_, BackgroundGroup::kTopdown);
  }

  void AssetsForType(int type, std::vector<std::string>& names) override {
    if (type == kWall) {
      names.emplace_back("kenney/Ground/Sand/sandCenter.png");
    } else if (type == kGoal) {
      names.emplace_back("misc_assets/cheese.png");
    } else if (type == kPlayer) {
      names.emplace_back("kenney/Enemies/mouse_move.png");
    }
  }

  void ChooseWorldDim() override {
    switch (options_.distribution_mode) {
      case DistributionMode::kEasy:
        world_dim_ = 15;
        break;
      case DistributionMode::kHard:
        world_dim_ = 25;
        break;
      case DistributionMode::kMemory:
        world_dim_ = 31;
        break;
      case DistributionMode::kExtreme:
        break;
    }
    main_width_ = world_dim_;
    main_height_ = world_dim_;
  }

  void GameReset() override {
    BasicGame::GameReset();
    grid_step_ = true;
    const int maze_dim = rand_gen_.Below((world_dim_ - 1) / 2) * 2 + 3;
    const int margin = (world_dim_ - maze_dim) / 2;
    MazeGen maze(&rand_gen_, maze_dim);
    options_.center_agent = options_.distribution_mode == DistributionMode::kMemory;
    agent_->rx = .5;
    agent_->ry = .5;
    agent_->x = static_cast<float>(margin + .5);
    agent_->y = static_cast<float>(margin + .5);
    maze.GenerateMaze();
    maze.PlaceObjects(kGoal, 1);
    for (int i = 0; i < grid_size_; ++i) SetObj(i, kWall);
    for (int i = 0; i < maze_dim; ++i) {
      for (int j = 0; j < maze_dim; ++j) {
        SetObj(margin + i, margin + j, maze.Get(i + kMazeOffset, j + kMazeOffset));
      }
    }
    if (margin > 0) {
      for (int i = 0; i < maze_dim + 2; ++i) {
        SetObj(margin - 1, margin + i - 1, kWall);
        SetObj(margin + maze_dim, margin + i - 1, kWall);
        SetObj(margin + i - 1, margin - 1, kWall);
        SetObj(margin + i - 1, margin + maze_dim, kWall);
      }
    }
  }

  void SetActionXY(int move_action) override {
    BasicGame::SetActionXY(move_action);
    if (action_vx_ != 0) action_vy_ = 0;
  }

  void GameStep() override {
    BasicGame::GameStep();
    if (action_vx_ > 0) agent_->is_reflected = true;
    if (action_vx_ < 0) agent_->is_reflected = false;
    const int ix = static_cast<int>(agent_->x);
    const int iy = static_cast<int>(agent_->y);
    if (GetObj(ix, iy) == kGoal) {
      SetObj(ix, iy, kSpace);
      step_data_.reward += kReward;
      step_data_.level_complete = true;
    }
    step_data_.done = step_data_.reward > 0;
  }

 private:
  int world_dim_ = 0;
};

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_GAMES_MAZE_H_
