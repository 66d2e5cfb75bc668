// BigFish: eat the fish smaller than you to grow, and avoid the bigger
// ones; the level ends at 30 fish eaten (bonus 10) or when a bigger fish
// touches the agent. Fish of random size swim in from either side, one on
// a tenth of the steps.
#ifndef PARALLEL_POOL_PROCGEN_GAMES_BIGFISH_H_
#define PARALLEL_POOL_PROCGEN_GAMES_BIGFISH_H_

#include <cmath>
#include <string>
#include <vector>

#include "parallel_pool/procgen/engine/basic_game.h"

namespace parallel_pool::procgen {

class BigFish : public BasicGame {
 public:
  explicit BigFish(std::string asset_root) : BasicGame(std::move(asset_root)) {
    timeout_ = 6000;
    main_width_ = 20;
    main_height_ = 20;
  }

 protected:
  static constexpr int kFish = 2;
  static constexpr float kCompletionBonus = 10;
  static constexpr float kFishReward = 1;
  static constexpr float kFishMinR = .25;
  static constexpr float kFishMaxR = 2;
  static constexpr int kFishQuota = 30;

  const std::vector<ImagePtr>* Backgrounds() override {
    return &LoadBackgrounds(asset_root_, BackgroundGroup::kWater);
  }

  void AssetsForType(int type, std::vector<std::string>& names) override {
    if (type == kPlayer) {
      names.emplace_back("misc_assets/fishTile_072.png");
    } else if (type == kFish) {
      names.emplace_back("misc_assets/fishTile_074.png");
      names.emplace_back("misc_assets/fishTile_078.png");
      names.emplace_back("misc_assets/fishTile_080.png");
    }
  }

  void HandleAgentCollision(const EntityPtr& obj) override {
    if (obj->type != kFish) return;
    if (obj->rx > agent_->rx) {
      step_data_.done = true;
    } else {
      step_data_.reward += kFishReward;
      obj->will_erase = true;
      agent_->rx += r_inc_;
      agent_->ry += r_inc_;
      fish_eaten_ += 1;
    }
  }

  void GameReset() override {
    BasicGame::GameReset();
    options_.center_agent = false;
    fish_eaten_ = 0;
    const float start_r = options_.distribution_mode == DistributionMode::kEasy ? 1.0F : .5F;
    r_inc_ = (kFishMaxR - start_r) / kFishQuota;
    agent_->rx = start_r;
    agent_->ry = start_r;
    agent_->y = 1 + agent_->ry;
  }

  void GameStep() override {
    BasicGame::GameStep();
    if (rand_gen_.Below(10) == 1) {
      // pow on a float promotes to double, as in procgen.
      const auto ent_r = static_cast<float>(
          (kFishMaxR - kFishMinR) * std::pow(static_cast<double>(rand_gen_.Unit()), 1.4) +
          kFishMinR);
      const float ent_y = rand_gen_.Unit() * (main_height_ - 2 * ent_r);
      const float moves_right = rand_gen_.Unit() < .5 ? 1.0F : 0.0F;
      // .15 and .25 are doubles in procgen: this sum is in double.
      const auto ent_vx =
          static_cast<float>((.15 + rand_gen_.Unit() * .25) * (moves_right != 0 ? 1 : -1));
      const float ent_x = moves_right != 0 ? -1 * ent_r : main_width_ + ent_r;
      EntityPtr ent = AddEntity(ent_x, ent_y, ent_vx, 0, ent_r, kFish);
      ChooseRandomTheme(ent);
      MatchAspectRatio(ent);
      ent->is_reflected = moves_right == 0;
    }
    if (fish_eaten_ >= kFishQuota) {
      step_data_.done = true;
      step_data_.reward += kCompletionBonus;
      step_data_.level_complete = true;
    }
    if (action_vx_ > 0) agent_->is_reflected = false;
    if (action_vx_ < 0) agent_->is_reflected = true;
  }

 private:
  int fish_eaten_ = 0;
  float r_inc_ = 0.0F;
};

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_GAMES_BIGFISH_H_
