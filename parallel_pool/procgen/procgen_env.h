// ProcgenEnv: one procgen 0.10.7 game (game_registry.h) as an env of the
// pool, seed for seed with procgen's own vectorised env.
//
// Seeds: env i of a pool made with seed=s runs the levels of env i of
// procgen's ProcgenGym3Env(num=n, rand_seed=s): its level-seed generator is
// seeded with the i-th output of mt19937(s). In general env i, whose seed is
// s_i (s + i, or env_seeds[i]), takes the i-th output of mt19937(s_i - i),
// so reset(seed=...) runs as a new pool made with that seed.
//
// Episodes: a step that ends a level (the game's rule, or its timeout)
// reports done and, as procgen does, already shows the next level's first
// frame. The reset that follows in EnvPool's autoreset mode starts no new
// level (the game has moved on) and repeats that frame; a reset the user asks
// for starts the next level. Truncation is the game's timeout (the
// registered max_episode_steps), or max_episode_steps if lower, counted per
// level: with use_sequential_levels a won level leads to the next one within
// the same episode, and the time limit starts again with it.
//
// Observation "obs": uint8 [3, 64, 64], procgen's "rgb" channel first as
// EnvPool has it ([64, 64, 3], procgen's own layout, with channel_first
// false). Action: Discrete(15). Info: level_seed (the level now shown),
// prev_level_seed (the level the step was played in) and
// prev_level_complete (1: that level was won), as procgen's info.
#ifndef PARALLEL_POOL_PROCGEN_PROCGEN_ENV_H_
#define PARALLEL_POOL_PROCGEN_PROCGEN_ENV_H_

#include <climits>
#include <cstdint>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/core/env.h"
#include "parallel_pool/procgen/engine/asset_gen.h"
#include "parallel_pool/procgen/game_registry.h"

namespace parallel_pool::procgen {

inline constexpr int kNumActions = 15;

class ProcgenEnvFns {
 public:
  static auto DefaultConfig() {
    return MakeDict("env_name"_.Bind(std::string("bigfish")), "channel_first"_.Bind(true),
                    "num_levels"_.Bind(0), "start_level"_.Bind(0), "distribution_mode"_.Bind(1),
                    "use_sequential_levels"_.Bind(false), "center_agent"_.Bind(true),
                    "use_backgrounds"_.Bind(true), "restrict_themes"_.Bind(false),
                    "use_monochrome_assets"_.Bind(false), "paint_vel_info"_.Bind(false),
                    "use_generated_assets"_.Bind(false), "use_easy_jump"_.Bind(false));
  }

  template <typename Config>
  static void Validate(const Config& conf) {
    const std::string& name = conf["env_name"_];
    RequireConfig(Games().count(name) != 0,
                  "env_name: unknown procgen game '" + name + "'; known: " + KnownGameNames());
    const int mode = conf["distribution_mode"_];
    RequireConfig(mode == 0 || mode == 1 || mode == 2 || mode == 10,
                  "distribution_mode: expected 0 (easy), 1 (hard), 2 (extreme) or 10 (memory)");
    RequireConfig(mode != 2 || name == "chaser" || name == "dodgeball" || name == "leaper" ||
                      name == "starpilot",
                  "distribution_mode: extreme (2) is a mode of chaser, dodgeball, leaper and "
                  "starpilot only");
    RequireConfig(mode != 10 || name == "caveflyer" || name == "dodgeball" || name == "heist" ||
                      name == "jumper" || name == "maze" || name == "miner",
                  "distribution_mode: memory (10) is a mode of caveflyer, dodgeball, heist, "
                  "jumper, maze and miner only");
    RequireConfig(conf["num_levels"_] >= 0, "num_levels: expected an int >= 0 (0: unlimited)");
    RequireConfig(conf["start_level"_] >= 0, "start_level: expected an int >= 0");
    RequireConfig(std::int64_t{conf["start_level"_]} + conf["num_levels"_] <= INT_MAX,
                  "start_level + num_levels: must fit in a 32-bit int");
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    const std::vector<int> shape = conf["channel_first"_]
                                       ? std::vector<int>{3, kFrameSize, kFrameSize}
                                       : std::vector<int>{kFrameSize, kFrameSize, 3};
    return MakeDict("obs"_.Bind(Spec<std::uint8_t>(shape, {std::uint8_t{0}, std::uint8_t{255}})),
                    "info:level_seed"_.Bind(Spec<int>({})),
                    "info:prev_level_seed"_.Bind(Spec<int>({})),
                    "info:prev_level_complete"_.Bind(Spec<int>({})));
  }

  template <typename Config>
  static auto ActionSpec(const Config& /*conf*/) {
    return MakeDict("action"_.Bind(Spec<int>({-1}, {0, kNumActions - 1})));
  }
};

using ProcgenEnvSpec = EnvSpec<ProcgenEnvFns>;

// The game of a config, set up as procgen's env sets it up: its options,
// its range of level seeds and its level-seed generator, seeded with
// `level_seed_gen_seed`. The env and the benchmark's limit probe
// (game_rate.h) make their games here.
inline std::unique_ptr<Game> MakeConfiguredGame(const ProcgenEnvSpec::Config& conf,
                                                std::uint32_t level_seed_gen_seed) {
  GameOptions options;
  options.paint_vel_info = conf["paint_vel_info"_];
  options.use_generated_assets = conf["use_generated_assets"_];
  options.use_monochrome_assets = conf["use_monochrome_assets"_];
  options.restrict_themes = conf["restrict_themes"_];
  options.use_backgrounds = conf["use_backgrounds"_];
  options.center_agent = conf["center_agent"_];
  options.distribution_mode = static_cast<DistributionMode>(int{conf["distribution_mode"_]});
  options.use_sequential_levels = conf["use_sequential_levels"_];
  options.use_easy_jump = conf["use_easy_jump"_];
  options.fixed_asset_seed = FixedAssetSeed(conf["env_name"_]);
  const int num_levels = conf["num_levels"_];
  const int low = num_levels == 0 ? 0 : int{conf["start_level"_]};
  const int high = num_levels == 0 ? INT_MAX : low + num_levels;
  std::unique_ptr<Game> game =
      Games().at(conf["env_name"_])(std::string(conf["base_path"_]) + "/assets");
  game->Init(options, low, high, static_cast<int>(level_seed_gen_seed));
  return game;
}

// The seed of env `env_id`'s level-seed generator when its seed is `seed`:
// procgen's vector draws it from mt19937(rand_seed), env n taking the n-th
// output; rand_seed is the env's seed less its index (the pool's seed).
inline std::uint32_t LevelSeedGenSeed(std::uint32_t seed, int env_id) {
  std::mt19937 vector_gen(seed - static_cast<std::uint32_t>(env_id));
  vector_gen.discard(static_cast<unsigned long long>(env_id));
  return vector_gen();
}

class ProcgenEnv : public Env<ProcgenEnvSpec> {
 public:
  ProcgenEnv(const Spec& spec, int env_id)
      : Env(spec, env_id), channel_first_(spec.config["channel_first"_]) {
    MakeGame();
  }

  // render(): EnvPool's frame by default, the 64x64 observation (as RGB,
  // whatever channel_first says); with render_width / render_height set,
  // procgen's 512x512 human view (render_mode="rgb_array" in procgen), which
  // the core resizes to any other size asked (core/render.h's ResizedFrames).
  static RenderRequest CheckRender(const Spec& /*spec*/, RenderRequest request) {
    RequireConfig(request.camera_id == -1,
                  "render_camera_id: procgen has one view, camera -1 (got " +
                      std::to_string(request.camera_id) + ")");
    if (request.height == 0 && request.width == 0) return RenderRequest{kFrameSize, kFrameSize, -1};
    return RenderRequest{kViewSize, kViewSize, -1};
  }

  void Render(const RenderRequest& request, std::uint8_t* rgb) {
    if (!started_) {
      throw std::runtime_error("render(): procgen has nothing to draw before its first reset()");
    }
    if (request.height == kFrameSize) {
      game_->Observe(rgb, /*channel_first=*/false);
    } else {
      game_->RenderView(rgb);
    }
  }

 protected:
  void Reset() override {
    // After a level end the game has already started the next level.
    if (forced_reset() || !level_ended_) game_->Reset();
    level_ended_ = false;
    started_ = true;
    LimitEpisodeSteps(game_->timeout());
    Write(0.0F);
  }

  void Step(const Action& action) override {
    const int level = game_->current_level_seed();
    game_->Step(action["action"_].Get<int>());
    level_ended_ = game_->step_data().done;
    // Sequential levels: a won level leads to the next one within the
    // episode, whose time limit is the new level's.
    if (!level_ended_ && game_->current_level_seed() != level) RestartStepClock();
    Write(game_->step_data().reward);
  }

  bool IsTerminated() override { return level_ended_ && !game_->timed_out(); }

  void Reseed() override { MakeGame(); }

 private:
  void MakeGame() {
    game_ = MakeConfiguredGame(spec_.config, LevelSeedGenSeed(seed(), env_id_));
    level_ended_ = false;
    started_ = false;
  }

  void Write(float reward) {
    State& state = Allocate();
    game_->Observe(state["obs"_].Data<std::uint8_t>(), channel_first_);
    state["reward"_] = reward;
    state["info:level_seed"_] = game_->current_level_seed();
    state["info:prev_level_seed"_] = game_->prev_level_seed();
    state["info:prev_level_complete"_] = game_->step_data().level_complete ? 1 : 0;
  }

  const bool channel_first_;
  std::unique_ptr<Game> game_;
  bool level_ended_ = false;
  bool started_ = false;  // reset at least once since the game was made
};

using ProcgenEnvPool = AsyncEnvPool<ProcgenEnv>;

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_PROCGEN_ENV_H_
