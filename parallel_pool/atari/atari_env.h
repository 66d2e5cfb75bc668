// AtariEnv: an Atari 2600 game on the Arcade Learning Environment (ALE
// 0.12.1), with the DQN preprocessing EnvPool applies (its config keys,
// defaults and semantics; docs/atari.md says every rule).
//
// Reset (a new episode):
//   1. n = a uniform draw in [1, noop_max] from the env's generator (0 when
//      noop_max is 0), minus 1 if FIRE is pressed below;
//   2. the game restarts (ALE reset_game), unless episodic_life is on and the
//      last episode ended on a life loss the game survived (not on game over,
//      the time limit, or an explicit reset()): then the game goes on;
//   3. n single-frame NOOPs (restarting the game if one ends it);
//   4. one FIRE frame, if use_fire_reset and FIRE is in the action set;
//   5. the observation is the current frame; after a restart it fills the
//      whole frame stack, otherwise it is pushed onto it.
// Step(a): action_set[a] for frame_skip frames (fewer if the game ends);
//   the reward is their sum; the new frame is the pixel-wise max of the last
//   two frames emulated (the only one if just one was); it is pushed onto the
//   stack. terminated = game over, or (episodic_life) a life lost with lives
//   left. truncated = max_episode_steps reached (counted over the whole game
//   with episodic_life).
// A frame is the ALE screen (210 x 160) in grayscale (ALE's luminance) or RGB,
// max-pooled, resized to img_height x img_width with OpenCV's INTER_AREA (or
// INTER_LINEAR), stored channel-first. Observation "obs": uint8
// [stack_num * channels, img_height, img_width], oldest frame first.
// Info: "lives", "reward" (before reward_clip), "terminated" (real game
// over, 0/1), "ram" (the 128 bytes of console RAM).
// Action "action": an index into the minimal action set (or all 18 actions
// with full_action_space).
// render(): the current ALE screen in RGB (210 x 160 for most games), as
// ale_py's getScreenRGB() (and gymnasium's AtariEnv render) gives it.
#ifndef PARALLEL_POOL_ATARI_ATARI_ENV_H_
#define PARALLEL_POOL_ATARI_ATARI_ENV_H_

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "ale/ale_interface.hpp"
#include "ale/common/ColourPalette.hpp"
#include "ale/common/Log.hpp"
#include "ale/emucore/OSystem.hxx"
#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/core/env.h"
#include "parallel_pool/image/resize.h"

namespace parallel_pool::atari {

// The ALE's own messages (its banner, "Random seed is ...") go to stderr at
// Info level: keep errors only. Once per process, before the first ALE.
inline void SilenceAle() {
  static const bool silenced = [] {
    ale::Logger::setMode(ale::Logger::Error);
    return true;
  }();
  (void)silenced;
}

// ROMs live in the installed ale_py package: <base_path>/roms/<task>.bin
// (registration.py points base_path at that package).
inline std::string RomPath(const std::string& base_path, const std::string& task) {
  return base_path + "/roms/" + task + ".bin";
}

// A fresh ALE with `rom` loaded. The ALE ends the process on a missing or
// unknown ROM; this throws instead.
inline std::unique_ptr<ale::ALEInterface> LoadAle(const std::string& rom, int seed,
                                                  float repeat_action_probability) {
  SilenceAle();
  std::error_code error;
  if (!std::filesystem::is_regular_file(rom, error)) {
    throw std::invalid_argument("atari: no ROM at " + rom +
                                " (ROMs are read from the installed ale_py package: pip install "
                                "ale-py==0.12.1; check task and base_path)");
  }
  if (!ale::ALEInterface::isSupportedROM(rom)) {
    throw std::invalid_argument("atari: " + rom +
                                " is not a ROM this ALE supports (MD5 mismatch; check task and "
                                "base_path)");
  }
  auto env = std::make_unique<ale::ALEInterface>();
  env->setInt("random_seed", seed);
  // ALE's own default is 0.25 (sticky actions): always set it.
  env->setFloat("repeat_action_probability", repeat_action_probability);
  env->loadROM(rom);
  return env;
}

// What the specs need to know of a ROM before any env exists, found once
// per ROM: its action counts and its screen size (210 x 160 for most games,
// taller for a few).
struct RomFacts {
  int minimal_actions;
  int legal_actions;
  int screen_height;
  int screen_width;
};

inline RomFacts FactsOf(const std::string& rom) {
  static std::mutex mutex;
  static std::map<std::string, RomFacts> cache;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = cache.find(rom);
  if (it != cache.end()) return it->second;
  auto env = LoadAle(rom, 0, 0.0F);
  RomFacts facts{static_cast<int>(env->getMinimalActionSet().size()),
                 static_cast<int>(env->getLegalActionSet().size()),
                 static_cast<int>(env->getScreen().height()),
                 static_cast<int>(env->getScreen().width())};
  cache.emplace(rom, facts);
  return facts;
}

// The number of actions of a ROM (minimal or full set).
inline int ActionCount(const std::string& rom, bool full_action_space) {
  RomFacts facts = FactsOf(rom);
  return full_action_space ? facts.legal_actions : facts.minimal_actions;
}

// The most frames in a stack, and pixels on an image side: the resizer
// counts a frame's bytes (side x side x channels) in an int.
inline constexpr int kMaxFrames = 1 << 16;
inline constexpr int kMaxImageSide = 1 << 13;

class AtariEnvFns {
 public:
  static auto DefaultConfig() {
    return MakeDict("stack_num"_.Bind(4), "frame_skip"_.Bind(4), "noop_max"_.Bind(30),
                    "zero_discount_on_life_loss"_.Bind(false), "episodic_life"_.Bind(false),
                    "reward_clip"_.Bind(false), "use_fire_reset"_.Bind(true),
                    "img_height"_.Bind(84), "img_width"_.Bind(84), "task"_.Bind("pong"),
                    "full_action_space"_.Bind(false), "repeat_action_probability"_.Bind(0.0F),
                    "use_inter_area_resize"_.Bind(true), "gray_scale"_.Bind(true), "mode"_.Bind(-1),
                    "difficulty"_.Bind(-1));
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    int channels = conf["gray_scale"_] ? 1 : 3;
    return MakeDict(
        "obs"_.Bind(Spec<std::uint8_t>(
            {conf["stack_num"_] * channels, conf["img_height"_], conf["img_width"_]},
            {std::uint8_t{0}, std::uint8_t{255}})),
        "info:lives"_.Bind(Spec<int>({})), "info:reward"_.Bind(Spec<float>({})),
        "info:terminated"_.Bind(Spec<int>({}, {0, 1})),
        "info:ram"_.Bind(Spec<std::uint8_t>({128}, {std::uint8_t{0}, std::uint8_t{255}})));
  }

  template <typename Config>
  static auto ActionSpec(const Config& conf) {
    int n = ActionCount(RomPath(conf["base_path"_], conf["task"_]), conf["full_action_space"_]);
    return MakeDict("action"_.Bind(Spec<int>({-1}, {0, n - 1})));
  }

  template <typename Config>
  static void Validate(const Config& conf) {
    RequireConfig(conf["stack_num"_] >= 1, "stack_num: must be >= 1");
    RequireConfig(conf["frame_skip"_] >= 1, "frame_skip: must be >= 1");
    RequireConfig(conf["noop_max"_] >= 0, "noop_max: must be >= 0");
    RequireConfig(conf["img_height"_] >= 1 && conf["img_width"_] >= 1,
                  "img_height, img_width: must be >= 1");
    // Upper bounds keep the sizes derived from them (stack_num x 3 planes is
    // an int) from overflowing; no game needs more.
    RequireConfig(conf["stack_num"_] <= kMaxFrames, "stack_num: must be <= 65536");
    RequireConfig(conf["img_height"_] <= kMaxImageSide && conf["img_width"_] <= kMaxImageSide,
                  "img_height, img_width: must be <= 8192");
    float p = conf["repeat_action_probability"_];
    RequireConfig(p >= 0.0F && p <= 1.0F, "repeat_action_probability: must be in [0, 1]");
  }
};

using AtariEnvSpec = EnvSpec<AtariEnvFns>;

class AtariEnv : public Env<AtariEnvSpec> {
 public:
  AtariEnv(const Spec& spec, int env_id)
      : Env(spec, env_id),
        stack_num_(spec.config["stack_num"_]),
        frame_skip_(spec.config["frame_skip"_]),
        noop_max_(spec.config["noop_max"_]),
        channels_(spec.config["gray_scale"_] ? 1 : 3),
        episodic_life_(spec.config["episodic_life"_]),
        zero_discount_on_life_loss_(spec.config["zero_discount_on_life_loss"_]),
        reward_clip_(spec.config["reward_clip"_]),
        // The ALE is seeded with the first draw of this env's generator.
        ale_(LoadAle(RomPath(spec.config["base_path"_], spec.config["task"_]),
                     static_cast<int>(gen_() & 0x7fffffffU),
                     spec.config["repeat_action_probability"_])),
        screen_h_(static_cast<int>(ale_->getScreen().height())),
        screen_w_(static_cast<int>(ale_->getScreen().width())),
        resizer_(screen_h_, screen_w_, spec.config["img_height"_], spec.config["img_width"_],
                 channels_, spec.config["use_inter_area_resize"_]),
        frame_size_(static_cast<std::size_t>(resizer_.dst_size())) {
    action_set_ =
        spec.config["full_action_space"_] ? ale_->getLegalActionSet() : ale_->getMinimalActionSet();
    fire_reset_ =
        spec.config["use_fire_reset"_] &&
        std::find(action_set_.begin(), action_set_.end(), ale::PLAYER_A_FIRE) != action_set_.end();
    SetModeAndDifficulty(spec.config["mode"_], spec.config["difficulty"_]);
    // Consecutive observations share most rows: resize only what changed.
    resizer_.SetReuse(true);
    const ale::ColourPalette& palette = ale_->theOSystem->colourPalette();
    for (int v = 0; v < 256; ++v) {
      std::uint32_t rgb = palette.getRGB(v);
      red_[v] = static_cast<std::uint8_t>(rgb >> 16);
      green_[v] = static_cast<std::uint8_t>(rgb >> 8);
      blue_[v] = static_cast<std::uint8_t>(rgb);
      // ALE's grayscale of palette value v is stored at v + 1.
      gray_[v] = static_cast<std::uint8_t>(palette.getRGB(std::min(v + 1, 255)));
    }
    const std::size_t pixels = static_cast<std::size_t>(screen_h_) * screen_w_;
    previous_screen_.resize(pixels);
    pooled_.resize(pixels * channels_);
    if (channels_ == 3) resized_.resize(frame_size_);
    frames_.resize(frame_size_ * stack_num_);
  }

  static RenderRequest CheckRender(const Spec& spec, RenderRequest request) {
    RomFacts facts = FactsOf(RomPath(spec.config["base_path"_], spec.config["task"_]));
    // Another render_height / render_width: the core resizes the screen to it
    // (core/render.h's ResizedFrames).
    RequireConfig(request.camera_id == -1, "render_camera_id: atari has one view, camera -1 (got " +
                                               std::to_string(request.camera_id) + ")");
    return RenderRequest{facts.screen_height, facts.screen_width, -1};
  }

  // The screen as it is now (the last frame emulated, not max-pooled).
  void Render(const RenderRequest&, std::uint8_t* rgb) {
    const std::uint8_t* screen = ale_->getScreen().getArray();
    for (int i = 0; i < screen_h_ * screen_w_; ++i) {
      rgb[3 * i] = red_[screen[i]];
      rgb[3 * i + 1] = green_[screen[i]];
      rgb[3 * i + 2] = blue_[screen[i]];
    }
  }

 protected:
  void Reset() override {
    int noops = noop_max_ > 0
                    ? 1 + static_cast<int>(UniformBelow(static_cast<std::uint32_t>(noop_max_)))
                    : 0;
    if (fire_reset_) noops = std::max(noops - 1, 0);
    // An explicit reset always restarts the game, even with episodic_life.
    bool restarted = false;
    if (!continue_game_ || forced_reset()) {
      ale_->reset_game();
      restarted = true;
    }
    continue_game_ = false;
    for (int i = 0; i < noops; ++i) {
      ale_->act(ale::PLAYER_A_NOOP);
      if (ale_->game_over()) {
        ale_->reset_game();
        restarted = true;
      }
    }
    // A game that goes on keeps its step count (the time limit is on the
    // whole game).
    if (!restarted) CarryElapsedSteps(game_steps_);
    if (fire_reset_) ale_->act(ale::PLAYER_A_FIRE);
    PushFrame(ale_->getScreen().getArray(), nullptr, restarted);
    lives_ = ale_->lives();
    terminated_ = false;
    WriteState(0, 0.0);
  }

  void Step(const Action& action) override {
    continue_game_ = false;
    const ale::Action a = action_set_[action["action"_].Get<int>()];
    int reward = 0;
    int frames = 0;
    bool game_over = false;
    for (int i = 0; i < frame_skip_; ++i) {
      if (i > 0) {
        // The last two frames are max-pooled and the game may end on any
        // frame: keep the one before this.
        std::memcpy(previous_screen_.data(), ale_->getScreen().getArray(), previous_screen_.size());
      }
      reward += ale_->act(a);
      ++frames;
      game_over = ale_->game_over();
      if (game_over) break;
    }
    PushFrame(ale_->getScreen().getArray(), frames >= 2 ? previous_screen_.data() : nullptr, false);
    const int lives = ale_->lives();
    const bool life_lost = lives < lives_;
    lives_ = lives;
    const bool life_episode_over = episodic_life_ && life_lost && lives > 0;
    terminated_ = game_over || life_episode_over;
    if (zero_discount_on_life_loss_ && life_lost) SetDiscount(0.0F);
    // The next reset goes on with this game if only a life ended here.
    game_steps_ = elapsed_step();
    continue_game_ = life_episode_over && !game_over && elapsed_step() < max_episode_steps();
    double clipped = reward;
    if (reward_clip_) clipped = reward > 0 ? 1.0 : (reward < 0 ? -1.0 : 0.0);
    WriteState(reward, clipped);
  }

  bool IsTerminated() override { return terminated_; }

  // reset(seed=...): the ALE seeded again as the constructor seeded it (with
  // the generator's first draw), then the ROM loaded again, as ale_py's
  // reset(seed=) does, so the ALE starts as a new one with that seed would.
  void Reseed() override {
    ale_->setInt("random_seed", static_cast<int>(gen_() & 0x7fffffffU));
    ale_->loadROM(RomPath(spec_.config["base_path"_], spec_.config["task"_]));
    SetModeAndDifficulty(spec_.config["mode"_], spec_.config["difficulty"_]);
  }

 private:
  // A uniform integer in [0, n), from 32-bit draws of gen_ by rejection
  // (Lemire's method): exact, and the same on every platform and standard
  // library, so a reference implementation can replay it.
  std::uint32_t UniformBelow(std::uint32_t n) {
    std::uint64_t m = static_cast<std::uint64_t>(gen_()) * n;
    auto low = static_cast<std::uint32_t>(m);
    if (low < n) {
      const std::uint32_t threshold = (0U - n) % n;
      while (low < threshold) {
        m = static_cast<std::uint64_t>(gen_()) * n;
        low = static_cast<std::uint32_t>(m);
      }
    }
    return static_cast<std::uint32_t>(m >> 32);
  }

  void SetModeAndDifficulty(int mode, int difficulty) {
    auto describe = [](const auto& values) {
      std::string out;
      for (auto v : values) out += (out.empty() ? "" : ", ") + std::to_string(static_cast<int>(v));
      return out;
    };
    if (mode != -1) {
      auto modes = ale_->getAvailableModes();
      if (std::find(modes.begin(), modes.end(), static_cast<ale::game_mode_t>(mode)) ==
          modes.end()) {
        throw std::invalid_argument("atari: mode " + std::to_string(mode) +
                                    " is not one of this game's modes: " + describe(modes));
      }
      ale_->setMode(static_cast<ale::game_mode_t>(mode));
    }
    if (difficulty != -1) {
      auto difficulties = ale_->getAvailableDifficulties();
      if (std::find(difficulties.begin(), difficulties.end(),
                    static_cast<ale::difficulty_t>(difficulty)) == difficulties.end()) {
        throw std::invalid_argument(
            "atari: difficulty " + std::to_string(difficulty) +
            " is not one of this game's difficulties: " + describe(difficulties));
      }
      ale_->setDifficulty(static_cast<ale::difficulty_t>(difficulty));
    }
  }

  // Turns one or two ALE screens (palette indices) into the max-pooled
  // grayscale or RGB image, resizes it into the next slot of the frame ring,
  // and (fill_stack) copies it into every other slot.
  void PushFrame(const std::uint8_t* screen, const std::uint8_t* previous, bool fill_stack) {
    const std::size_t width = screen_w_;
    const std::size_t out_width = width * channels_;
    for (int r = 0; r < screen_h_; ++r) {
      const std::uint8_t* s = screen + r * width;
      const std::uint8_t* p = previous == nullptr ? s : previous + r * width;
      std::uint8_t* out = pooled_.data() + r * out_width;
      // Atari screens repeat rows a lot: a row whose palette indices repeat
      // the row above (in both frames) pools to the same pixels.
      if (r > 0 && std::memcmp(s, s - width, width) == 0 &&
          (p == s || std::memcmp(p, p - width, width) == 0)) {
        std::memcpy(out, out - out_width, out_width);
        continue;
      }
      if (channels_ == 1) {
        for (std::size_t i = 0; i < width; ++i) out[i] = std::max(gray_[s[i]], gray_[p[i]]);
      } else {
        for (std::size_t i = 0; i < width; ++i) {
          out[3 * i] = std::max(red_[s[i]], red_[p[i]]);
          out[3 * i + 1] = std::max(green_[s[i]], green_[p[i]]);
          out[3 * i + 2] = std::max(blue_[s[i]], blue_[p[i]]);
        }
      }
    }
    const std::uint8_t* pooled = pooled_.data();
    std::uint8_t* slot = frames_.data() + frame_size_ * newest_;
    if (channels_ == 1) {
      resizer_.Resize(pooled, slot);
    } else {
      // HWC -> CHW.
      resizer_.Resize(pooled, resized_.data());
      const std::size_t plane = frame_size_ / 3;
      for (std::size_t i = 0; i < plane; ++i) {
        slot[i] = resized_[3 * i];
        slot[plane + i] = resized_[3 * i + 1];
        slot[2 * plane + i] = resized_[3 * i + 2];
      }
    }
    if (fill_stack) {
      for (int k = 0; k < stack_num_; ++k) {
        if (k != newest_) std::memcpy(frames_.data() + frame_size_ * k, slot, frame_size_);
      }
    }
    newest_ = (newest_ + 1) % stack_num_;
  }

  void WriteState(int raw_reward, double reward) {
    State& state = Allocate();
    // The ring holds the frames oldest first from slot newest_ (the slot
    // the next frame overwrites).
    std::uint8_t* obs = state["obs"_].Data<std::uint8_t>();
    const std::size_t older = frame_size_ * (stack_num_ - newest_);
    std::memcpy(obs, frames_.data() + frame_size_ * newest_, older);
    std::memcpy(obs + older, frames_.data(), frame_size_ * newest_);
    state["reward"_] = reward;
    state["info:reward"_] = static_cast<float>(raw_reward);
    state["info:lives"_] = lives_;
    state["info:terminated"_] = ale_->game_over() ? 1 : 0;
    std::memcpy(state["info:ram"_].Data<std::uint8_t>(), ale_->getRAM().array(), 128);
  }

  const int stack_num_;
  const int frame_skip_;
  const int noop_max_;
  const int channels_;
  const bool episodic_life_;
  const bool zero_discount_on_life_loss_;
  const bool reward_clip_;
  std::unique_ptr<ale::ALEInterface> ale_;
  const int screen_h_;
  const int screen_w_;
  image::Resizer resizer_;
  const std::size_t frame_size_;  // one frame: channels * img_height * img_width
  ale::ActionVect action_set_;
  bool fire_reset_ = false;
  std::array<std::uint8_t, 256> gray_{}, red_{}, green_{}, blue_{};

  std::vector<std::uint8_t> previous_screen_;  // palette indices
  std::vector<std::uint8_t> pooled_;           // screen size, HWC
  std::vector<std::uint8_t> resized_;          // RGB only: output size, HWC
  std::vector<std::uint8_t> frames_;           // stack_num frames, CHW each
  int newest_ = 0;                             // slot the next frame goes to

  int lives_ = 0;
  bool terminated_ = false;
  bool continue_game_ = false;  // the next Reset goes on with this game
  int game_steps_ = 0;          // steps of the current game so far
};

using AtariEnvPool = AsyncEnvPool<AtariEnv>;

}  // namespace parallel_pool::atari

#endif  // PARALLEL_POOL_ATARI_ATARI_ENV_H_
