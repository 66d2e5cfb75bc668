// Game: what every procgen game shares above its world: the options, the
// level seeds, the step clock and the episode logic of procgen's Game
// (game.cpp): a level ends by the game's own rule or at `timeout`, and the
// next level starts within the same step, so the frame a step returns after
// a level end is the next level's first.
//
// Level seeds: env n of a vector made with rand_seed s takes the n-th raw
// output of mt19937(s) as the seed of its own level-seed generator, and each
// new level draws low + x % (high - low) from it (high - low = 2^31 - 1 with
// num_levels = 0). The level is then generated from mt19937(level seed).
#ifndef PARALLEL_POOL_PROCGEN_ENGINE_GAME_H_
#define PARALLEL_POOL_PROCGEN_ENGINE_GAME_H_

#include <cstdint>
#include <string>

#include "parallel_pool/procgen/engine/image.h"
#include "parallel_pool/procgen/engine/rand_gen.h"

namespace parallel_pool::procgen {

// procgen's distribution modes, by the numbers its options use.
enum class DistributionMode { kEasy = 0, kHard = 1, kExtreme = 2, kMemory = 10 };

struct GameOptions {
  bool paint_vel_info = false;
  bool use_generated_assets = false;
  bool use_monochrome_assets = false;
  bool restrict_themes = false;
  bool use_backgrounds = true;
  bool center_agent = false;
  DistributionMode distribution_mode = DistributionMode::kHard;
  bool use_sequential_levels = false;
  bool use_easy_jump = false;
  // Not an option: the seed of the game's generated sprites, which procgen's
  // vector derives from the game's name (FixedAssetSeed).
  std::uint32_t fixed_asset_seed = 0;
};

struct StepData {
  float reward = 0.0F;
  bool done = false;
  bool level_complete = false;
};

inline constexpr int kFrameSize = 64;
// procgen's human view (render_mode="rgb_array"): the same scene at 512x512,
// drawn with antialiasing and smooth pixmap transforms.
inline constexpr int kViewSize = 512;

class Game {
 public:
  Game() = default;
  // A game keeps pointers into itself (a generated background's list).
  Game(const Game&) = delete;
  Game& operator=(const Game&) = delete;
  virtual ~Game() = default;

  // Once, before the first Reset: the options, the level seeds' range
  // [low, high) and the seed of the level-seed generator.
  void Init(const GameOptions& options, int level_seed_low, int level_seed_high,
            int level_seed_gen_seed) {
    options_ = options;
    level_seed_low_ = level_seed_low;
    level_seed_high_ = level_seed_high;
    level_seed_gen_.Seed(level_seed_gen_seed);
    GameInit();
  }

  // procgen's Game::reset: a new level (the next seed) unless the last one
  // asked to be played again.
  void Reset() {
    if (episodes_remaining_ == 0) {
      if (options_.use_sequential_levels && step_data_.level_complete) {
        current_level_seed_ =
            static_cast<std::int32_t>(static_cast<std::uint32_t>(current_level_seed_) + 997U);
      } else {
        current_level_seed_ = level_seed_gen_.Int(level_seed_low_, level_seed_high_);
      }
      episodes_remaining_ = 1;
    } else {
      step_data_ = StepData{};
    }
    rand_gen_.Seed(current_level_seed_);
    GameReset();
    cur_time_ = 0;
    episodes_remaining_ -= 1;
    action_ = default_action_;
  }

  // procgen's Game::step with `action` (-1 forces the level to end).
  void Step(int action) {
    action_ = action;
    cur_time_ += 1;
    bool force_reset = false;
    if (action_ == -1) {
      action_ = default_action_;
      force_reset = true;
    }
    step_data_ = StepData{};
    GameStep();
    timed_out_ = cur_time_ >= timeout_;
    step_data_.done = step_data_.done || force_reset || timed_out_;
    prev_level_seed_ = current_level_seed_;
    if (step_data_.done) Reset();
    if (options_.use_sequential_levels && step_data_.level_complete) step_data_.done = false;
  }

  // Draws the current frame (kFrameSize square, RGB32) and writes it as
  // RGB bytes: [64, 64, 3] (procgen's layout), or [3, 64, 64] with
  // channel_first (EnvPool's).
  void Observe(std::uint8_t* rgb, bool channel_first) {
    if (frame_.width() != kFrameSize) frame_ = Image(kFrameSize, kFrameSize, PixelFormat::kRgb32);
    Draw(frame_, /*smooth=*/false);
    WriteRgb(frame_, rgb, channel_first);
  }

  // Draws the human view of the current state and writes it as RGB bytes,
  // [512, 512, 3].
  void RenderView(std::uint8_t* rgb) {
    if (view_.width() != kViewSize) view_ = Image(kViewSize, kViewSize, PixelFormat::kRgb32);
    Draw(view_, /*smooth=*/true);
    WriteRgb(view_, rgb, /*channel_first=*/false);
  }

  // Draws the current state on `target` (any square size), aliased as the
  // observation is or, with `smooth`, antialiased as the human view is.
  virtual void Draw(Image& target, bool smooth) = 0;

  const StepData& step_data() const { return step_data_; }
  int current_level_seed() const { return current_level_seed_; }
  int prev_level_seed() const { return prev_level_seed_; }
  int timeout() const { return timeout_; }
  // Whether the last step reached the level's time limit.
  bool timed_out() const { return timed_out_; }

 protected:
  virtual void GameInit() = 0;
  virtual void GameReset() = 0;
  virtual void GameStep() = 0;

  GameOptions options_;
  RandGen rand_gen_;
  StepData step_data_{0.0F, true, false};
  int action_ = 0;
  int timeout_ = 1000;
  int default_action_ = 0;
  int cur_time_ = 0;

 private:
  // The image's RGB bytes, [height, width, 3] or, with channel_first,
  // [3, height, width].
  static void WriteRgb(const Image& image, std::uint8_t* rgb, bool channel_first) {
    const std::uint32_t* src = image.data();
    const int pixels = image.width() * image.height();
    if (channel_first) {
      for (int i = 0; i < pixels; ++i) {
        rgb[i] = static_cast<std::uint8_t>(src[i] >> 16);
        rgb[pixels + i] = static_cast<std::uint8_t>(src[i] >> 8);
        rgb[2 * pixels + i] = static_cast<std::uint8_t>(src[i]);
      }
      return;
    }
    for (int i = 0; i < pixels; ++i) {
      rgb[3 * i] = static_cast<std::uint8_t>(src[i] >> 16);
      rgb[3 * i + 1] = static_cast<std::uint8_t>(src[i] >> 8);
      rgb[3 * i + 2] = static_cast<std::uint8_t>(src[i]);
    }
  }

  RandGen level_seed_gen_;
  int level_seed_low_ = 0;
  int level_seed_high_ = 1;
  int current_level_seed_ = 0;
  int prev_level_seed_ = 0;
  int episodes_remaining_ = 0;
  bool timed_out_ = false;
  Image frame_;
  Image view_;
};

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_ENGINE_GAME_H_
