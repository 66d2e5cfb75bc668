// VizdoomEnv: ViZDoom scenarios with EnvPool's preprocessing, config and
// info, single- and multi-player.
//
// One env is one ViZDoom game (an engine process driven through the ViZDoom
// client library): with max_num_players = P > 1 it is one deathmatch of P
// engines, player 0 hosting and the others joining over loopback, every
// player a row of the batch with its own action. A step sets each player's
// buttons and advances every engine `frame_skip` tics, one tic at a time, the
// host's engine first (MatchTurns: what makes a match deterministic).
//
// Per player and step: the screen (planes, resized each to img_height x
// img_width as cv2.resize does) joins a stack of `stack_num` frames, oldest
// first; the reward is EnvPool's shaped reward (shaped_reward.h), plus the
// scenario's own reward with `use_game_reward`; info holds 16 game variables.
// When the episode has ended the engine has no screen: the last frames stay
// (EnvPool's choice), but the reward and info come from the final game
// variables, so a kill on the last step is rewarded (EnvPool drops it).
#ifndef PARALLEL_POOL_VIZDOOM_VIZDOOM_ENV_H_
#define PARALLEL_POOL_VIZDOOM_VIZDOOM_ENV_H_

#include <ViZDoom.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/core/env.h"
#include "parallel_pool/image/resize.h"
#include "parallel_pool/vizdoom/action_set.h"
#include "parallel_pool/vizdoom/button_bounds.h"
#include "parallel_pool/vizdoom/doom_game.h"
#include "parallel_pool/vizdoom/engine_watchdog.h"
#include "parallel_pool/vizdoom/shaped_reward.h"
#include "parallel_pool/vizdoom/wad.h"

namespace parallel_pool::vizdoom {

using RewardConfig = std::map<std::string, std::tuple<float, float>>;
using WeaponRewardConfig = std::map<int, float>;
using DeltaButtonConfig = std::map<std::string, std::tuple<float, float, float>>;

// EnvPool's defaults: (weight of a rise, weight of a fall) per game variable.
inline RewardConfig DefaultRewardConfig() {
  RewardConfig c = {{"FRAGCOUNT", {1.0F, -1.5F}},       {"KILLCOUNT", {1.0F, 0.0F}},
                    {"DEATHCOUNT", {-0.75F, 0.75F}},    {"HITCOUNT", {0.01F, -0.01F}},
                    {"DAMAGECOUNT", {0.003F, -0.003F}}, {"HEALTH", {0.005F, -0.003F}},
                    {"ARMOR", {0.005F, -0.001F}}};
  for (int slot = 0; slot < 8; ++slot) {
    const float weapon = slot < 3 ? 0.02F : slot < 6 ? 0.1F : 0.2F;
    const float ammo = slot < 3 ? 0.0002F : slot < 6 ? 0.001F : 0.002F;
    c["WEAPON" + std::to_string(slot)] = {weapon, -weapon / 2};
    c["AMMO" + std::to_string(slot)] = {ammo, -ammo / 2};
  }
  return c;
}

inline WeaponRewardConfig DefaultWeaponRewardConfig() {
  WeaponRewardConfig c;
  for (int slot = 0; slot < 8; ++slot) c[slot] = slot < 3 ? 0.0002F : slot < 6 ? 0.001F : 0.002F;
  return c;
}

// What a cfg declares, read without starting an engine.
struct CfgFacts {
  int screen_height;
  int screen_width;
  int channels;
  bool planar;
  std::vector<::vizdoom::Button> buttons;
  ::vizdoom::ScreenFormat format;
  std::vector<double> button_max_values;  // per button, the cfg's button_max_value (0: none)
};

// A match's episodes start on this tic of the map (its first step runs the
// next ones): every player's engine goes there with no button pressed, so
// that every episode starts from the same state, with every player's input
// one tic ahead of the host's (MatchTurns).
inline constexpr int kMatchStartTic = 5;
// The most tics a match's episode may take to start (a host that stays late).
inline constexpr int kMaxMatchStartTics = kMatchStartTic + 64;

// How long the other players of a match wait for the host's tic before they
// run theirs anyway (MatchTurns). At the start of an episode the host may be
// waiting for them; later it never is, and going early (four tics in a row)
// would shift whose input lands when, so the patience is long: it only keeps
// a match from hanging should that ever happen.
inline constexpr std::chrono::milliseconds kStartPatience{250};
inline constexpr std::chrono::milliseconds kPatience{5000};

template <typename Config>
GameSettings SettingsOf(const Config& conf, unsigned int seed) {
  const std::string& base = conf["base_path"_];
  GameSettings s;
  s.vizdoom_path = UnderBase(base, conf["vzd_path"_]);
  s.iwad_path = UnderBase(base, conf["iwad_path"_]);
  s.cfg_path = conf["cfg_path"_];
  s.wad_path = conf["wad_path"_];
  s.map = conf["map_id"_];
  s.game_args = conf["game_args"_];
  // EnvPool's: the time limit ends the episode, not the cfg's timeout. A
  // match's episode starts a few tics into the map (kMatchStartTic; the
  // players' engines may first differ by a tic or two: AlignPlayers).
  s.episode_timeout = (conf["max_episode_steps"_] + 1) * conf["frame_skip"_] +
                      (conf["max_num_players"_] > 1 ? kMaxMatchStartTics + 8 : 0);
  s.seed = seed;
  s.extra_variables = InfoVariables();
  return s;
}

template <typename Config>
CfgFacts ReadCfg(const Config& conf) {
  auto game = ConfiguredGame(SettingsOf(conf, 0));
  const auto format = game->getScreenFormat();
  std::vector<double> max_values;
  for (auto button : game->getAvailableButtons()) {
    max_values.push_back(game->getButtonMaxValue(button));
  }
  return {game->getScreenHeight(), game->getScreenWidth(),      ScreenChannels(format),
          PlanarScreen(format),    game->getAvailableButtons(), format,
          std::move(max_values)};
}

inline std::map<int, DeltaRange> DeltaRanges(const DeltaButtonConfig& config) {
  std::map<int, DeltaRange> out;
  for (const auto& [name, range] : config) {
    for (int b = ::vizdoom::LOOK_UP_DOWN_DELTA; b <= ::vizdoom::MOVE_UP_DOWN_DELTA; ++b) {
      if (::vizdoom::buttonToString(static_cast<::vizdoom::Button>(b)) == name) {
        out[b] = {static_cast<int>(std::get<0>(range)), std::get<1>(range), std::get<2>(range)};
      }
    }
  }
  return out;
}

template <typename Config>
int CombinedActionCount(const Config& conf) {
  return static_cast<int>(ActionSetBuilder(ReadCfg(conf).buttons,
                                           DeltaRanges(conf["delta_button_config"_]),
                                           conf["force_speed"_])
                              .Build()
                              .size());
}

// The most frames in a stack, and pixels on an image side: the resizer
// counts a frame's bytes (side x side x channels) in an int.
inline constexpr int kMaxFrames = 1 << 16;
inline constexpr int kMaxImageSide = 1 << 13;

class VizdoomEnvFns {
 public:
  // max_num_players > 1: one deathmatch of that many players per env.
  static constexpr bool kMultiPlayer = true;
  // A step waits on the env's engine process: one worker per env by default.
  static constexpr bool kThreadPerEnv = true;

  static auto DefaultConfig() {
    return MakeDict("img_height"_.Bind(84), "img_width"_.Bind(84), "stack_num"_.Bind(4),
                    "frame_skip"_.Bind(4), "lmp_save_dir"_.Bind(std::string()),
                    "episodic_life"_.Bind(false), "force_speed"_.Bind(false),
                    "use_combined_action"_.Bind(false), "use_inter_area_resize"_.Bind(true),
                    "weapon_duration"_.Bind(5), "reward_config"_.Bind(DefaultRewardConfig()),
                    "selected_weapon_reward_config"_.Bind(DefaultWeaponRewardConfig()),
                    "delta_button_config"_.Bind(DeltaButtonConfig()),
                    // Adds the scenario's own reward (the cfg's living reward, death
                    // penalty, ...: what DoomGame.make_action returns) to the shaped one.
                    "use_game_reward"_.Bind(false), "cfg_path"_.Bind(std::string()),
                    "wad_path"_.Bind(std::string()), "vzd_path"_.Bind(std::string("vizdoom")),
                    "iwad_path"_.Bind(std::string("freedoom2.wad")),
                    "game_args"_.Bind(std::string()), "map_id"_.Bind(std::string("map01")),
                    // Ours: seconds an engine may take to answer one reset or step (a
                    // match's start included) before the env stops it and raises.
                    "engine_timeout"_.Bind(60.0));
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    const CfgFacts cfg = ReadCfg(conf);
    const int planes = conf["stack_num"_] * cfg.channels;
    auto var = [] { return Spec<double>({-1}); };
    return MakeDict(
        "obs"_.Bind(Spec<std::uint8_t>({-1, planes, conf["img_height"_], conf["img_width"_]},
                                       {std::uint8_t{0}, std::uint8_t{255}})),
        "info:AMMO2"_.Bind(var()), "info:AMMO3"_.Bind(var()), "info:AMMO4"_.Bind(var()),
        "info:AMMO5"_.Bind(var()), "info:AMMO6"_.Bind(var()), "info:AMMO7"_.Bind(var()),
        "info:ARMOR"_.Bind(var()), "info:DAMAGECOUNT"_.Bind(var()), "info:DEATHCOUNT"_.Bind(var()),
        "info:FRAGCOUNT"_.Bind(var()), "info:HEALTH"_.Bind(var()), "info:HITCOUNT"_.Bind(var()),
        "info:KILLCOUNT"_.Bind(var()), "info:SELECTED_WEAPON"_.Bind(var()),
        "info:SELECTED_WEAPON_AMMO"_.Bind(var()), "info:USER2"_.Bind(var()));
  }

  // One "action" field either way, a float64 as EnvPool's: with
  // use_combined_action the index into the combined set (bounds [0, N - 1];
  // the Python spec makes it an integer, Discrete(N)), else one value per
  // available button, in the cfg's order, each within its button's bounds
  // (button_bounds.h; EnvPool declares no bounds, so its space cannot be sampled).
  template <typename Config>
  static auto ActionSpec(const Config& conf) {
    if (conf["use_combined_action"_]) {
      return MakeDict("action"_.Bind(Spec<double>({-1}, {0.0, CombinedActionCount(conf) - 1.0})));
    }
    const CfgFacts cfg = ReadCfg(conf);
    const int buttons = static_cast<int>(cfg.buttons.size());
    if (buttons == 0) return MakeDict("action"_.Bind(Spec<double>({-1, 0}, {0.0, 1.0})));
    ButtonBounds bounds = BoundsOf(cfg.buttons, cfg.button_max_values);
    return MakeDict(
        "action"_.Bind(Spec<double>({-1, buttons}, std::move(bounds.low), std::move(bounds.high))));
  }

  template <typename Config>
  static void Validate(const Config& conf) {
    RequireConfig(conf["img_height"_] >= 1 && conf["img_width"_] >= 1,
                  "img_height, img_width: must be >= 1");
    RequireConfig(conf["stack_num"_] >= 1, "stack_num: must be >= 1");
    // Upper bounds keep the sizes derived from them (stack_num x 4 planes is
    // an int) from overflowing; no scenario needs more.
    RequireConfig(conf["stack_num"_] <= kMaxFrames, "stack_num: must be <= 65536");
    RequireConfig(conf["img_height"_] <= kMaxImageSide && conf["img_width"_] <= kMaxImageSide,
                  "img_height, img_width: must be <= 8192");
    RequireConfig(conf["frame_skip"_] >= 1, "frame_skip: must be >= 1");
    RequireConfig(conf["weapon_duration"_] >= 0, "weapon_duration: must be >= 0");
    RequireConfig(conf["engine_timeout"_] > 0 && conf["engine_timeout"_] <= 1e6,
                  "engine_timeout: seconds, in (0, 1e6]");
    RequireConfig(conf["max_episode_steps"_] >= 1 &&
                      conf["max_episode_steps"_] < (1 << 30) / conf["frame_skip"_],
                  "max_episode_steps, frame_skip: max_episode_steps must be >= 1, and "
                  "max_episode_steps x frame_skip (tics) below 2^30, the engine's counter");
    RequireConfig(conf["max_num_players"_] <= static_cast<int>(::vizdoom::MAX_PLAYERS),
                  "max_num_players: ViZDoom hosts at most " +
                      std::to_string(::vizdoom::MAX_PLAYERS) + " players");
    const std::string& cfg = conf["cfg_path"_];
    RequireConfig(!cfg.empty(),
                  "cfg_path: a ViZDoom .cfg file is needed (VizdoomCustom-v1 takes yours)");
    RequireFile("cfg_path", cfg);
    if (!conf["wad_path"_].empty()) RequireFile("wad_path", conf["wad_path"_]);
    RequireFile("vzd_path", UnderBase(conf["base_path"_], conf["vzd_path"_]));
    const std::string iwad = UnderBase(conf["base_path"_], conf["iwad_path"_]);
    RequireFile("iwad_path", iwad);
    // A map no WAD has: the engine would wait forever at the next episode. With
    // no wad_path the map may be in the cfg's own WAD, which the engine finds.
    const std::string& wad = conf["wad_path"_];
    RequireConfig(
        wad.empty() || WadMayHaveMap(wad, conf["map_id"_]) || WadMayHaveMap(iwad, conf["map_id"_]),
        "map_id: no map '" + std::string(conf["map_id"_]) + "' in " + wad + " or " + iwad);
    const std::string& lmp = conf["lmp_save_dir"_];
    RequireConfig(lmp.empty() || std::filesystem::is_directory(lmp),
                  "lmp_save_dir: no directory " + lmp);
    const auto& names = GameVariablesByName();
    for (const auto& entry : conf["reward_config"_]) {
      RequireConfig(names.count(entry.first) == 1,
                    "reward_config: " + entry.first + " is not a ViZDoom game variable");
    }
    for (const auto& entry : conf["selected_weapon_reward_config"_]) {
      RequireConfig(entry.first >= 0 && entry.first < static_cast<int>(::vizdoom::SLOT_COUNT),
                    "selected_weapon_reward_config: weapon slots are 0 to 9, got " +
                        std::to_string(entry.first));
    }
    for (const auto& [name, range] : conf["delta_button_config"_]) {
      RequireConfig(DeltaRanges({{name, range}}).size() == 1,
                    "delta_button_config: " + name + " is not a ViZDoom delta button (*_DELTA)");
      const float num = std::get<0>(range);
      RequireConfig(num >= 0 && num <= 1000 && num == static_cast<float>(static_cast<int>(num)),
                    "delta_button_config: " + name + "'s count must be an integer in [0, 1000]");
    }
  }

 private:
  static void RequireFile(const std::string& key, const std::string& path) {
    std::error_code error;
    RequireConfig(std::filesystem::is_regular_file(path, error), key + ": no file " + path);
  }
};

using VizdoomEnvSpec = EnvSpec<VizdoomEnvFns>;

class VizdoomEnv : public Env<VizdoomEnvSpec> {
 public:
  VizdoomEnv(const Spec& spec, int env_id)
      : Env(spec, env_id),
        settings_(SettingsOf(spec.config, seed())),
        cfg_(ReadCfg(spec.config)),
        frame_skip_(spec.config["frame_skip"_]),
        stack_num_(spec.config["stack_num"_]),
        episodic_life_(spec.config["episodic_life"_]),
        combined_(spec.config["use_combined_action"_]),
        use_game_reward_(spec.config["use_game_reward"_]),
        lmp_dir_(spec.config["lmp_save_dir"_]),
        resizer_(cfg_.screen_height, cfg_.screen_width, spec.config["img_height"_],
                 spec.config["img_width"_], 1, spec.config["use_inter_area_resize"_]),
        plane_size_(static_cast<std::size_t>(resizer_.dst_size())),
        players_(max_num_players_) {
    action_set_ = ActionSetBuilder(cfg_.buttons, DeltaRanges(spec.config["delta_button_config"_]),
                                   spec.config["force_speed"_])
                      .Build();
    for (auto& player : players_) {
      player.resizer.emplace(resizer_);
      player.frames.assign(static_cast<std::size_t>(stack_num_) * cfg_.channels * plane_size_, 0);
      player.planes.resize(static_cast<std::size_t>(cfg_.channels) * cfg_.screen_height *
                           cfg_.screen_width);
    }
    watched_.timeout_ms = static_cast<long long>(spec.config["engine_timeout"_] * 1000.0);
    watched_.kill = [this] {
      std::lock_guard<std::mutex> lock(instance_ids_mu_);
      for (const auto& id : instance_ids_) KillEngine(id);
    };
    EngineWatchdog::Instance().Add(&watched_);
    try {
      Guarded([&] { StartEngines(); });
    } catch (...) {
      // A constructor that throws runs no destructor: unregister here, or the
      // watchdog thread would go on reading this env's freed Watched.
      EngineWatchdog::Instance().Remove(&watched_);
      StopEngines();
      throw;
    }
  }

  // render(): player 0's screen as the engine has it now, in RGB (a gray
  // screen in all three channels); black once the episode has ended (the
  // engine has no screen then).
  static RenderRequest CheckRender(const Spec& spec, RenderRequest request) {
    const CfgFacts cfg = ReadCfg(spec.config);
    RequireConfig(cfg.format != ::vizdoom::DOOM_256_COLORS8 && cfg.channels != 4,
                  "render_mode: the scenario's screen_format is not one render() converts to "
                  "RGB (RGB24, BGR24, CRCGCB, CBCGCR, GRAY8)");
    // Another render_height / render_width: the core resizes the screen to it
    // (core/render.h's ResizedFrames).
    RequireConfig(request.camera_id == -1,
                  "render_camera_id: vizdoom has one view, camera -1 (got " +
                      std::to_string(request.camera_id) + ")");
    return RenderRequest{cfg.screen_height, cfg.screen_width, -1};
  }

  void Render(const RenderRequest&, std::uint8_t* rgb) {
    const std::size_t plane = static_cast<std::size_t>(cfg_.screen_height) * cfg_.screen_width;
    ::vizdoom::GameStatePtr state = players_[0].game ? players_[0].game->getState() : nullptr;
    if (!state || !state->screenBuffer) {
      std::fill(rgb, rgb + 3 * plane, std::uint8_t{0});
      return;
    }
    const std::uint8_t* screen = state->screenBuffer->data();
    const bool bgr = cfg_.format == ::vizdoom::BGR24 || cfg_.format == ::vizdoom::CBCGCR;
    for (std::size_t i = 0; i < plane; ++i) {
      for (int c = 0; c < 3; ++c) {
        const int channel = cfg_.channels == 1 ? 0 : (bgr ? 2 - c : c);
        rgb[3 * i + c] = cfg_.planar ? screen[channel * plane + i] : screen[3 * i + channel];
      }
    }
  }

  ~VizdoomEnv() override {
    EngineWatchdog::Instance().Remove(&watched_);
    StopEngines();
  }

 protected:
  void Reset() override {
    Guarded([&] {
      const bool restarted = RestartDeadEngines();
      if (!restarted && started_ && !forced_reset() && !Finished() &&
          total_steps_ < max_episode_steps()) {
        // Episodic life: the game goes on after a death that did not end it.
        CarryElapsedSteps(total_steps_);
        turns_.Repair();
        RunTogether(
            NumPlayers(),
            [&](int p) {
              players_[p].game->setAction(action_set_[0]);
              Advance(p, frame_skip_, kPatience);
            },
            [&] { AbortMatch(); });
      } else {
        if ((started_ || reseeded_) && !restarted) {
          // init() started the first episode; later ones are new, and so is
          // a first one re-seeded since init() (reset(seed=...) before any
          // reset: init()'s episode came from the old seed).
          const std::string lmp = lmp_dir_.empty() ? ""
                                                   : lmp_dir_ + "/env_" + std::to_string(env_id_) +
                                                         "_" + std::to_string(episodes_) + ".lmp";
          RunTogether(
              NumPlayers(), [&](int p) { players_[p].game->newEpisode(p == 0 ? lmp : ""); },
              [&] { AbortMatch(); });
        }
        AlignPlayers();
        StartMatchEpisode();
        total_steps_ = 0;
      }
      started_ = true;
      reseeded_ = false;
      ++episodes_;
      RunTogether(NumPlayers(), [&](int p) { Observe(players_[p], /*reset=*/true, 0.0); });
      WriteState();
    });
  }

  void Step(const Action& action) override {
    Guarded([&] {
      turns_.Repair();  // after a failed step, every player has left it
      const Array& buttons = action["action"_];
      const int rows = std::min<int>(NumPlayers(), static_cast<int>(buttons.shape()[0]));
      // Every player's buttons first: a bad action must not stop a match.
      const std::size_t n = cfg_.buttons.size();
      std::vector<std::vector<double>> pressed(NumPlayers(), action_set_[0]);
      for (int p = 0; p < rows; ++p) {
        if (combined_) {
          pressed[p] = action_set_[CombinedIndex(buttons.Get<double>(p))];
        } else {
          const double* row = buttons.Data<double>() + static_cast<std::size_t>(p) * n;
          pressed[p].assign(row, row + n);
        }
      }
      RunTogether(
          NumPlayers(),
          [&](int p) {
            Player& player = players_[p];
            player.game->setAction(pressed[p]);
            Advance(p, frame_skip_, kPatience);
            Observe(player, /*reset=*/false, player.reward_of_step);
          },
          [&] { AbortMatch(); });
      ++total_steps_;
      WriteState();
    });
  }

  bool IsTerminated() override {
    if (Finished()) return true;
    if (!episodic_life_) return false;
    return std::any_of(players_.begin(), players_.end(),
                       [](const Player& p) { return p.game->isPlayerDead(); });
  }

  // reset(seed=...): every player's game takes the seed as at construction;
  // the forced reset that follows starts a new episode (as vizdoom's
  // set_seed() then new_episode()), and an engine started again later gets it too.
  void Reseed() override {
    reseeded_ = true;
    settings_.seed = seed();
    for (auto& player : players_) {
      if (player.game) player.game->setSeed(seed());
    }
  }

 private:
  struct Player {
    std::unique_ptr<::vizdoom::DoomGame> game;
    std::unique_ptr<ShapedReward> shaped;
    // stack_num frames of `channels` resized planes; frame k of the ring
    // starts at k * channels * plane_size.
    std::vector<std::uint8_t> frames;
    int newest = 0;
    std::vector<std::uint8_t> planes;  // one screen, channel-major
    // Its own: a Resizer keeps scratch rows, and the players of a match
    // resize their screens at once, each on its own thread.
    std::optional<image::Resizer> resizer;
    std::vector<double> variables;
    float reward = 0.0F;
    double reward_of_step = 0.0;  // the scenario's own reward over the step's tics
  };

  int NumPlayers() const { return static_cast<int>(players_.size()); }

  // A combined action's index, checked here: the action field is a float64
  // (EnvPool's type), whose bounds the pool does not enforce.
  std::size_t CombinedIndex(double value) const {
    if (!(value >= 0.0 && value < static_cast<double>(action_set_.size()))) {
      throw std::invalid_argument("action: " + std::to_string(value) + " is outside [0, " +
                                  std::to_string(action_set_.size() - 1) +
                                  "] (use_combined_action)");
    }
    return static_cast<std::size_t>(value);
  }

  bool Finished() const {
    return std::any_of(players_.begin(), players_.end(),
                       [](const Player& p) { return p.game->isEpisodeFinished(); });
  }

  // Runs `fn` under the engine watchdog, turning ViZDoom's errors (an engine
  // that died or stopped answering, a cfg it rejects) into a RuntimeError;
  // the pool puts "env <id>: " before the message.
  template <typename Fn>
  void Guarded(Fn&& fn) {
    try {
      BusyWithEngines busy(watched_);
      fn();
    } catch (const std::invalid_argument&) {
      throw;
    } catch (const std::exception& e) {
      const std::string why = watched_.fired.load()
                                  ? "an engine did not answer for " +
                                        std::to_string(watched_.timeout_ms / 1000.0) +
                                        " s (engine_timeout) and was stopped"
                                  : e.what();
      throw std::runtime_error("vizdoom: " + why);  // the pool adds "env <id>: "
    }
  }

  void StartEngines() {
    const int n = NumPlayers();
    for (int attempt = 0;; ++attempt) {
      port_ = n > 1 ? MatchPorts::Instance().Acquire() : 0;
      try {
        RunTogether(n, [&](int p) {
          GameSettings s = settings_;
          if (n > 1) s.game_args += " " + MatchArgs(p, n, port_);
          players_[p].game = ConfiguredGame(s);
          players_[p].game->init();
        });
        if (n > 1) OrderByPlayerNumber();
        break;
      } catch (const std::exception&) {
        // A host that lost its port to another process: try another one.
        StopEngines();
        if (n == 1 || attempt == 2) throw;
      }
    }
    std::lock_guard<std::mutex> lock(instance_ids_mu_);
    instance_ids_.clear();
    for (auto& player : players_) {
      instance_ids_.push_back(player.game->getInstanceId());
      player.shaped = std::make_unique<ShapedReward>(
          player.game->getAvailableGameVariables(), spec_.config["reward_config"_],
          spec_.config["selected_weapon_reward_config"_], spec_.config["weapon_duration"_]);
    }
  }

  // The players who join a match get their numbers in the order their
  // engines connect, which varies: row p is made the engine of player number
  // p (the world depends on the numbers: who spawns first, where), and the
  // joiners are named and coloured by their numbers.
  void OrderByPlayerNumber() {
    const int n = NumPlayers();
    std::vector<int> row_of(n, -1);  // player number -> the row whose engine has it
    for (int p = 0; p < n; ++p) {
      const int number =
          static_cast<int>(players_[p].game->getGameVariable(::vizdoom::PLAYER_NUMBER));
      if (number < 0 || number >= n || row_of[number] >= 0) return;  // keep the start order
      row_of[number] = p;
    }
    std::vector<std::unique_ptr<::vizdoom::DoomGame>> games(n);
    for (int number = 0; number < n; ++number)
      games[number] = std::move(players_[row_of[number]].game);
    for (int p = 0; p < n; ++p) {
      players_[p].game = std::move(games[p]);
      if (p == 0) continue;  // the host's are in its arguments
      for (const auto& command : PlayerIdentity(p)) players_[p].game->sendGameCommand(command);
    }
  }

  // The engines of a match may start an episode on tics that differ by one
  // or two (each client library restarts the map on its own). A player's tic
  // needs every player's input for that tic, and the players run each tic
  // together: players out of phase would each wait for the other's next tic.
  // So the players behind first catch up with the first (the others' inputs
  // for those tics exist), buttons released.
  void AlignPlayers() {
    if (NumPlayers() == 1) return;
    unsigned int ahead = 0;
    for (auto& player : players_) ahead = std::max(ahead, player.game->getEpisodeTime());
    for (auto& player : players_) {
      const unsigned int behind = ahead - player.game->getEpisodeTime();
      if (behind > 0) player.game->advanceAction(behind, true);
    }
  }

  // Takes a match's players, buttons released, tic by tic to map tic
  // kMatchStartTic, and on until a tic where the host ran its tic alone (the
  // proof that the others' input is one tic ahead: MatchTurns).
  void StartMatchEpisode() {
    if (NumPlayers() == 1) return;
    for (int tic = 0; tic < kMaxMatchStartTics; ++tic) {
      turns_.Repair();
      RunTogether(
          NumPlayers(),
          [&](int p) {
            players_[p].game->setAction(action_set_[0]);
            Advance(p, 1, kStartPatience);
          },
          [&] { AbortMatch(); });
      if (!turns_.HostWasLate() &&
          static_cast<int>(players_[0].game->getEpisodeTime()) >= kMatchStartTic) {
        return;
      }
    }
  }

  // A player failed mid-step: the others wait for its input inside their
  // engines, so their engines are stopped too (and the barrier broken); the
  // next reset starts the match afresh.
  void AbortMatch() {
    turns_.Break();
    std::lock_guard<std::mutex> lock(instance_ids_mu_);
    for (const auto& id : instance_ids_) KillEngine(id);
  }

  void StopEngines() {
    for (auto& player : players_) {
      if (player.game) {
        try {
          player.game->close();
        } catch (...) {  // an engine that already died
        }
        player.game.reset();
      }
    }
    if (port_ > 0) MatchPorts::Instance().Release(port_);
    port_ = 0;
  }

  // An engine that died (killed, crashed) makes its step fail; the reset
  // after that starts the env's engines afresh.
  bool RestartDeadEngines() {
    if (std::all_of(players_.begin(), players_.end(),
                    [](const Player& p) { return p.game && p.game->isRunning(); })) {
      return false;
    }
    StopEngines();
    StartEngines();
    return true;
  }

  // `tics` tics of player p (its buttons set). Alone, in one call; in a
  // match, one tic at a time, in MatchTurns' order: the host's first, then
  // the others', every player done before the next tic. (Players that each
  // ran several tics in one call would wait for each other forever: an
  // engine sends its input for a tic only as it starts the next one.) Either
  // way the state (screen, game variables, the scenario's reward) is taken
  // once, after the last tic, as make_action(a, tics) does: rendering the
  // screens of the tics before is work for nothing. A match that ends before
  // the last tic leaves no state to take (Observe reads the variables).
  void Advance(int p, int tics, std::chrono::milliseconds patience) {
    Player& player = players_[p];
    if (NumPlayers() == 1) {
      player.game->advanceAction(tics, true);
      player.reward_of_step = player.game->getLastReward();
      return;
    }
    bool updated = false;
    for (int tic = 0; tic < tics; ++tic) {
      if (p != 0) turns_.AwaitHost(patience);
      const bool last = tic == tics - 1;
      updated = last && !player.game->isEpisodeFinished();
      player.game->advanceAction(1, last);
      if (p == 0) turns_.HostDone();
      turns_.EndTic();
    }
    player.reward_of_step = updated ? player.game->getLastReward() : 0.0;
  }

  // Reads player's state after a reset or a step: the screen into the stack
  // (when the episode goes on), the game variables, the reward.
  void Observe(Player& player, bool reset, double game_reward) {
    // A match that ended inside a step keeps the state of the step before.
    ::vizdoom::GameStatePtr state =
        player.game->isEpisodeFinished() ? nullptr : player.game->getState();
    const auto& vars = player.shaped->vars();
    if (state) {
      player.variables = state->gameVariables;
      PushScreen(player, state->screenBuffer->data(), reset);
    } else {
      player.variables.resize(vars.size());
      for (std::size_t i = 0; i < vars.size(); ++i)
        player.variables[i] = player.game->getGameVariable(vars[i]);
    }
    float reward =
        reset ? player.shaped->Reset(player.variables) : player.shaped->Step(player.variables);
    if (use_game_reward_ && !reset) reward += static_cast<float>(game_reward);
    player.reward = reward;
  }

  void PushScreen(Player& player, const std::uint8_t* screen, bool fill) {
    const std::size_t plane = static_cast<std::size_t>(cfg_.screen_height) * cfg_.screen_width;
    const std::uint8_t* planes = screen;
    if (!cfg_.planar) {  // interleaved pixels: gather each channel's plane
      for (int c = 0; c < cfg_.channels; ++c) {
        for (std::size_t i = 0; i < plane; ++i)
          player.planes[c * plane + i] = screen[i * cfg_.channels + c];
      }
      planes = player.planes.data();
    }
    const std::size_t frame = static_cast<std::size_t>(cfg_.channels) * plane_size_;
    player.newest = (player.newest + 1) % stack_num_;
    std::uint8_t* dst = player.frames.data() + player.newest * frame;
    for (int c = 0; c < cfg_.channels; ++c)
      player.resizer->Resize(planes + c * plane, dst + c * plane_size_);
    if (fill) {
      for (int k = 0; k < stack_num_; ++k) {
        if (k != player.newest) std::memcpy(player.frames.data() + k * frame, dst, frame);
      }
    }
  }

  void WriteState() {
    const int n = NumPlayers();
    State state = Allocate(n);
    const std::size_t frame = static_cast<std::size_t>(cfg_.channels) * plane_size_;
    std::uint8_t* obs = state["obs"_].Data<std::uint8_t>();
    for (int p = 0; p < n; ++p) {
      const Player& player = players_[p];
      std::uint8_t* out = obs + static_cast<std::size_t>(p) * stack_num_ * frame;
      for (int k = 0; k < stack_num_; ++k) {  // oldest first
        const int slot = (player.newest + 1 + k) % stack_num_;
        std::memcpy(out + k * frame, player.frames.data() + slot * frame, frame);
      }
      state["reward"_].Set(p, static_cast<double>(player.reward));
      double info[16];
      for (std::size_t i = 0; i < 16; ++i) info[i] = player.shaped->info(i);
      state["info:AMMO2"_].Set(p, info[0]);
      state["info:AMMO3"_].Set(p, info[1]);
      state["info:AMMO4"_].Set(p, info[2]);
      state["info:AMMO5"_].Set(p, info[3]);
      state["info:AMMO6"_].Set(p, info[4]);
      state["info:AMMO7"_].Set(p, info[5]);
      state["info:ARMOR"_].Set(p, info[6]);
      state["info:DAMAGECOUNT"_].Set(p, info[7]);
      state["info:DEATHCOUNT"_].Set(p, info[8]);
      state["info:FRAGCOUNT"_].Set(p, info[9]);
      state["info:HEALTH"_].Set(p, info[10]);
      state["info:HITCOUNT"_].Set(p, info[11]);
      state["info:KILLCOUNT"_].Set(p, info[12]);
      state["info:SELECTED_WEAPON"_].Set(p, info[13]);
      state["info:SELECTED_WEAPON_AMMO"_].Set(p, info[14]);
      state["info:USER2"_].Set(p, info[15]);
    }
  }

  GameSettings settings_;
  CfgFacts cfg_;
  int frame_skip_;
  int stack_num_;
  bool episodic_life_;
  bool combined_;
  bool use_game_reward_;
  std::string lmp_dir_;
  image::Resizer resizer_;  // each player resizes with a copy of its own
  std::size_t plane_size_;
  std::vector<Player> players_;
  std::vector<std::vector<double>> action_set_;
  MatchTurns turns_{static_cast<int>(players_.size())};
  std::mutex instance_ids_mu_;
  std::vector<std::string> instance_ids_;  // the engines' (to kill them)
  EngineWatchdog::Watched watched_;
  int port_ = 0;
  bool started_ = false;
  bool reseeded_ = false;  // since the last reset
  int episodes_ = 0;
  int total_steps_ = 0;
};

using VizdoomEnvPool = AsyncEnvPool<VizdoomEnv>;

}  // namespace parallel_pool::vizdoom

#endif  // PARALLEL_POOL_VIZDOOM_VIZDOOM_ENV_H_
