// Jumper: a bunny double-jumps through a cave to the carrot (10), avoiding
// spikes, with a compass in the corner pointing to the carrot and a bar
// for its distance (not in memory mode, whose level is larger, unpruned,
// and 2000 steps long). The cave is cellular-automaton rock over a coarse
// maze; the view follows the agent.
#ifndef PARALLEL_POOL_PROCGEN_GAMES_JUMPER_H_
#define PARALLEL_POOL_PROCGEN_GAMES_JUMPER_H_

#include <cmath>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/procgen/engine/basic_game.h"
#include "parallel_pool/procgen/engine/maze_gen.h"
#include "parallel_pool/procgen/engine/room_gen.h"

namespace parallel_pool::procgen {

class Jumper : public BasicGame {
 public:
  explicit Jumper(std::string asset_root) : BasicGame(std::move(asset_root)), rooms_(*this) {}

  void Draw(Image& target, bool smooth) override {
    BasicGame::Draw(target, smooth);
    if (options_.distribution_mode != DistributionMode::kMemory) DrawCompass(target, smooth);
  }

 protected:
  static constexpr float kGoalReward = 10.0F;
  static constexpr int kGoal = 1;
  static constexpr int kSpike = 2;
  static constexpr int kCaveWall = 6;
  static constexpr int kCaveWallTop = 7;
  static constexpr int kPlayerJump = 9;
  static constexpr int kPlayerLeft1 = 10;
  static constexpr int kPlayerLeft2 = 11;
  static constexpr int kPlayerRight1 = 12;
  static constexpr int kPlayerRight2 = 13;
  static constexpr int kMazeScale = 3;
  static constexpr int kJumpCooldown = 3;
  static constexpr int kNumWallThemes = 4;

  const std::vector<ImagePtr>* Backgrounds() override {
    return &LoadBackgrounds(asset_root_, BackgroundGroup::kPlatform);
  }
  bool UseBlockAsset(int type) override { return IsWall(type); }

  void AssetsForType(int type, std::vector<std::string>& names) override {
    switch (type) {
      case kPlayer:
        names.emplace_back("misc_assets/bunny2_ready.png");
        break;
      case kSpike:
        names.emplace_back("misc_assets/spikeMan_stand.png");
        break;
      case kGoal:
        names.emplace_back("misc_assets/carrot.png");
        break;
      case kPlayerJump:
        names.emplace_back("misc_assets/bunny2_jump.png");
        break;
      case kPlayerRight1:
      case kPlayerLeft1:
        names.emplace_back("misc_assets/bunny2_walk1.png");
        break;
      case kPlayerRight2:
      case kPlayerLeft2:
        names.emplace_back("misc_assets/bunny2_walk2.png");
        break;
      case kCaveWallTop:
        names = {"platformer/tileBlue_05.png", "platformer/tileGreen_05.png",
                 "platformer/tileYellow_06.png", "platformer/tileBrown_06.png"};
        break;
      case kCaveWall:
        names = {"platformer/tileBlue_08.png", "platformer/tileGreen_08.png",
                 "platformer/tileYellow_09.png", "platformer/tileBrown_09.png"};
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
    } else if (obj->type == kSpike) {
      step_data_.done = true;
    }
  }

  void UpdateAgentVelocity() override {
    const float v_scale = AgentAccelerationScale();
    agent_->vx = (1 - mixrate_) * agent_->vx + mixrate_ * maxspeed_ * action_vx_ * v_scale;
    if (action_vy_ != 0) agent_->vy = maxspeed_ * action_vy_ * 2;
  }

  int ThemeForGridObject(int type) override { return IsWall(type) ? wall_theme_ : 0; }

  bool IsBlocked(const EntityPtr& src, int target, bool is_horizontal) override {
    if (BasicGame::IsBlocked(src, target, is_horizontal)) return true;
    return src->type == kPlayer && IsWall(target);
  }

  int ImageForType(int type) override {
    if (type == kPlayer) {
      if (std::fabs(static_cast<double>(agent_->vx)) < .01 && action_vx_ == 0 && has_support_) {
        return kPlayer;
      }
      const bool first = cur_time_ / 5 % 2 == 0 || !has_support_;
      if (facing_right_) return first ? kPlayerRight1 : kPlayerRight2;
      return first ? kPlayerLeft1 : kPlayerLeft2;
    }
    return BasicGame::ImageForType(type);
  }

  void ChooseWorldDim() override {
    int world_dim = 20;
    if (options_.distribution_mode == DistributionMode::kHard) {
      world_dim = 40;
    } else if (options_.distribution_mode == DistributionMode::kMemory) {
      world_dim = 45;
    }
    main_width_ = world_dim;
    main_height_ = world_dim;
  }

  void GameReset() override {
    if (options_.distribution_mode == DistributionMode::kEasy) {
      visibility_ = 12;
      compass_dim_ = 3;
    } else {
      visibility_ = 16;
      compass_dim_ = 2;
    }
    if (options_.distribution_mode == DistributionMode::kMemory) timeout_ = 2000;
    BasicGame::GameReset();
    out_of_bounds_object_ = kWall;
    wall_theme_ = rand_gen_.Below(kNumWallThemes);
    jump_count_ = 0;
    jump_delta_ = 0;
    jump_time_ = 0;
    has_support_ = false;
    facing_right_ = true;
    const int maze_dim = main_width_ / kMazeScale;
    MazeGen maze(&rand_gen_, maze_dim);
    maze.GenerateMazeNoDeadEnds();
    for (int i = 0; i < grid_size_; ++i) {
      const int obj =
          maze.Get((i % main_width_) / kMazeScale + 1, (i / main_width_) / kMazeScale + 1);
      const float prob = obj == kWall ? .8F : .2F;
      SetObj(i, rand_gen_.Unit() < prob ? kWall : kSpace);
    }
    for (int iteration = 0; iteration < 2; ++iteration) rooms_.Update();
    // A border, for solvability and for drawing the lowest floor tiles.
    for (int i = 0; i < main_width_; ++i) {
      SetObj(i, 0, kCaveWall);
      SetObj(i, main_height_ - 1, kCaveWall);
    }
    for (int i = 0; i < main_height_; ++i) {
      SetObj(0, i, kCaveWall);
      SetObj(main_width_ - 1, i, kCaveWall);
    }
    const std::set<int> best_room = rooms_.FindBestRoom();
    for (int i = 0; i < grid_size_; ++i) SetObj(i, kCaveWall);
    std::vector<int> free_cells;
    for (int i : best_room) {
      SetObj(i, kSpace);
      free_cells.push_back(i);
    }
    const int goal_cell = rand_gen_.ChooseOne(free_cells);
    std::vector<int> agent_candidates;
    for (int i = 0; i < grid_size_; ++i) {
      if (IsSpaceOnGround(i % main_width_, i / main_width_)) agent_candidates.push_back(i);
    }
    const int agent_cell = rand_gen_.ChooseOne(agent_candidates);
    const std::vector<int> goal_path = rooms_.FindPath(agent_cell, goal_cell);
    if (options_.distribution_mode != DistributionMode::kMemory) {
      std::set<int> wide_path(goal_path.begin(), goal_path.end());
      rooms_.ExpandRoom(wide_path, 4);
      for (int i = 0; i < grid_size_; ++i) SetObj(i, kCaveWall);
      for (int i : wide_path) SetObj(i, kSpace);
    }
    goal_ = SpawnEntityAtIndex(goal_cell, .5, kGoal);
    const float spike_prob = options_.distribution_mode == DistributionMode::kMemory ? 0 : .2F;
    for (int i = 0; i < grid_size_; ++i) {
      const int x = i % main_width_;
      const int y = i / main_width_;
      if (IsSpaceOnGround(x, y) && IsSpaceOnGround(x - 1, y) && IsSpaceOnGround(x + 1, y) &&
          rand_gen_.Unit() < spike_prob) {
        SetObj(x, y, kSpike);
      }
    }
    // No long vertical walls, for solvability.
    for (int i = 0; i < grid_size_; ++i) {
      const int x = i % main_width_;
      const int y = i / main_width_;
      if (IsLeftWall(x, y) && IsLeftWall(x, y + 1) && IsLeftWall(x, y + 2)) {
        SetObj(x, y + rand_gen_.Below(3), kSpace);
      }
      if (IsRightWall(x, y) && IsRightWall(x, y + 1) && IsRightWall(x, y + 2)) {
        SetObj(x, y + rand_gen_.Below(3), kSpace);
      }
    }
    agent_->x = static_cast<float>((agent_cell % main_width_) + .5);
    agent_->y = (agent_cell / main_width_) + agent_->ry;
    for (int cell : CellsWithType(kSpike)) {
      SetObj(cell, kSpace);
      const float spike_ry = 0.4F;
      const float spike_rx = 0.23F;
      AddEntity(static_cast<float>((cell % main_width_) + .5), (cell / main_width_) + spike_ry, 0,
                0, spike_rx, spike_ry, kSpike);
    }
    for (int i = 0; i < grid_size_; ++i) {
      const int x = i % main_width_;
      const int y = i / main_width_;
      if (GetObj(x, y) == kCaveWall && GetObj(x, y + 1) == kSpace) SetObj(x, y, kCaveWallTop);
    }
    agent_->rx = 0.254F;
    agent_->ry = 0.4F;
    out_of_bounds_object_ = kCaveWall;
  }

  void SetActionXY(int move_action) override {
    action_vx_ = static_cast<float>(move_action / 3 - 1);
    action_vy_ = static_cast<float>((move_action % 3) - 1);
    if (action_vy_ < 0) action_vy_ = 0;
    if (action_vx_ > 0) facing_right_ = true;
    if (action_vx_ < 0) facing_right_ = false;
    jump_delta_ = 0;
    has_support_ = AgentStandsOn([this](int obj) { return CanSupport(obj); });
    if (has_support_) jump_count_ = 2;
    if (action_vy_ == 1 && jump_count_ > 0 && (cur_time_ - jump_time_ > kJumpCooldown)) {
      jump_count_ -= 1;
      jump_delta_ = -1;
    } else {
      action_vy_ = 0;
    }
    if (action_vy_ > 0) jump_time_ = cur_time_;
    action_vrot_ = 0;
  }

  void GameStep() override {
    BasicGame::GameStep();
    if (action_vx_ > 0) agent_->is_reflected = false;
    if (action_vx_ < 0) agent_->is_reflected = true;
    if (std::fabs(static_cast<double>(agent_->vx)) + std::fabs(static_cast<double>(agent_->vy)) >
        .05) {
      EntityPtr trail = AddEntity(agent_->x, static_cast<float>(agent_->y - agent_->ry * .5), 0,
                                  0.01F, 0.3F, 0.2F, kTrail);
      trail->expire_time = 8;
      trail->alpha = .5;
    }
    if (agent_->vy > -2) agent_->vy -= 0.15F;
  }

 private:
  static bool IsWall(int obj) { return obj == kCaveWall || obj == kCaveWallTop; }
  bool CanSupport(int obj) const { return IsWall(obj) || obj == out_of_bounds_object_; }
  bool IsSpaceOnGround(int x, int y) const {
    if (GetObj(x, y) != kSpace || GetObj(x, y + 1) != kSpace) return false;
    const int below = GetObj(x, y - 1);
    return below == kCaveWall || below == out_of_bounds_object_;
  }
  bool IsLeftWall(int x, int y) const {
    return GetObj(x, y) == kCaveWall && GetObj(x + 1, y) == kSpace;
  }
  bool IsRightWall(int x, int y) const {
    return GetObj(x, y) == kCaveWall && GetObj(x - 1, y) == kSpace;
  }

  // The compass: a disc with a needle towards the carrot, a bar for its
  // distance, and the agent's shadow while it jumps.
  void DrawCompass(Image& target, bool smooth) {
    Painter p(target, smooth);
    const RectF compass = AbsRect(static_cast<float>(view_dim_ - compass_dim_ - .25), .25F,
                                  compass_dim_, compass_dim_);
    const std::uint32_t clock = p.Premultiplied(0xffa8a69eU);
    p.DrawEllipse(compass, &clock, &clock);
    const std::uint32_t highlight = p.Premultiplied(0xfffcba03U);
    const auto cx = static_cast<float>(compass.x + compass.w / 2);
    const auto cy = static_cast<float>(compass.y + compass.h / 2);
    const auto cr = static_cast<float>(compass.w / 2 * .95);
    const float theta = Theta(agent_, goal_);
    // QPen(color, int): the needle's width in whole pixels, truncated (0
    // at 64x64: one pixel).
    const auto pen_thickness = static_cast<float>(target.width() / (256.0 / compass_dim_));
    // procgen passes floats to drawLine(int, int, int, int): truncated.
    p.DrawLine(static_cast<int>(cx), static_cast<int>(cy),
               static_cast<int>(cx + cr * std::cos(static_cast<double>(theta))),
               static_cast<int>(cy - cr * std::sin(static_cast<double>(theta))), highlight,
               static_cast<int>(pen_thickness));
    const float dist = Distance(agent_, goal_);
    const auto dist_pct = static_cast<float>(dist / (main_width_ * std::sqrt(2.0)));
    const float bar_thickness = compass_dim_ / 8;
    p.FillRect(
        AbsRect(static_cast<float>(view_dim_ - compass_dim_ - .25),
                static_cast<float>(.25 + compass_dim_), compass_dim_ * dist_pct, bar_thickness),
        0xfcba03);
    if (jump_delta_ < 0 && !has_support_) {
      const RectF r1 = ObjectRect(agent_);
      const std::uint32_t shadow = p.Premultiplied(0x78ffffffU);  // white, alpha 120
      p.DrawEllipse(static_cast<int>(r1.x), static_cast<int>(r1.y + r1.h * (5.0 / 6)),
                    static_cast<int>(r1.w), static_cast<int>(r1.h / 3), &shadow, nullptr);
    }
  }

  RoomGen rooms_;
  EntityPtr goal_;
  int jump_count_ = 0;
  int jump_delta_ = 0;
  int jump_time_ = 0;
  bool has_support_ = false;
  bool facing_right_ = false;
  int wall_theme_ = 0;
  float compass_dim_ = 0.0F;
};

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_GAMES_JUMPER_H_
