// The vizdoom family's config, spaces and checks (EnvPool's keys and
// defaults, plus ours), and what a scenario's cfg declares, read without
// keeping an engine.
#ifndef PARALLEL_POOL_VIZDOOM_VIZDOOM_CONFIG_H_
#define PARALLEL_POOL_VIZDOOM_VIZDOOM_CONFIG_H_

#include <ViZDoom.h>

#include <filesystem>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "parallel_pool/core/env_spec.h"
#include "parallel_pool/vizdoom/action_set.h"
#include "parallel_pool/vizdoom/button_bounds.h"
#include "parallel_pool/vizdoom/doom_game.h"
#include "parallel_pool/vizdoom/match.h"
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
  // (button_bounds.h; EnvPool declares no bounds, so its space cannot be
  // sampled).
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
                  "max_episode_steps x frame_skip (tics) below 2^30, the engine's "
                  "counter");
    RequireConfig(conf["max_num_players"_] <= static_cast<int>(::vizdoom::MAX_PLAYERS),
                  "max_num_players: ViZDoom hosts at most " +
                      std::to_string(::vizdoom::MAX_PLAYERS) + " players");
    const std::string& cfg = conf["cfg_path"_];
    RequireConfig(!cfg.empty(),
                  "cfg_path: a ViZDoom .cfg file is needed "
                  "(VizdoomCustom-v1 takes yours)");
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

}  // namespace parallel_pool::vizdoom

#endif  // PARALLEL_POOL_VIZDOOM_VIZDOOM_CONFIG_H_
