// EnvPool's ViZDoom reward: not the scenario's own reward (DoomGame's
// living reward, kill reward, death penalty), but a float32 sum over the
// game variables of how much each changed since the last state, weighted by
// `reward_config` (NAME -> (weight of a rise, weight of a fall)), plus a
// bonus for keeping a weapon selected (`selected_weapon_reward_config`).
//
// Per variable i, in the order of DoomGame::getAvailableGameVariables():
//   delta = value - last value
//   DAMAGECOUNT: delta capped at 200; HITCOUNT: capped at 5;
//   HEALTH: ViZDoom at times reports a huge negative health (its issue
//     #202): a negative value is replaced by the last one (both negative:
//     both become 100), and the repaired value is what info reports;
//   reward += float(delta * rise)   if delta >= 0
//   reward -= float(delta * fall)   otherwise (so a fall weight is negative
//                                   to penalise, e.g. HEALTH's -0.003)
// HITCOUNT, DAMAGECOUNT and DEATHCOUNT are counted from the episode's start
// (ViZDoom keeps them across episodes, its issue #399).
// Weapon bonus: once SELECTED_WEAPON w (with ammo left) has been the
// selection for `weapon_duration` states in a row (the reset's included),
// every further state adds selected_weapon_reward_config[w].
#ifndef PARALLEL_POOL_VIZDOOM_SHAPED_REWARD_H_
#define PARALLEL_POOL_VIZDOOM_SHAPED_REWARD_H_

#include <ViZDoom.h>

#include <algorithm>
#include <array>
#include <map>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

namespace parallel_pool::vizdoom {

using ::vizdoom::GameVariable;

// The name of every GameVariable, in enum order (ViZDoom's own
// gameVariableToString() leaves out several, HITCOUNT and DAMAGECOUNT among
// them).
inline std::vector<std::string> GameVariableNames() {
  std::vector<std::string> names = {
      "KILLCOUNT",           "ITEMCOUNT",    "SECRETCOUNT",     "FRAGCOUNT",
      "DEATHCOUNT",          "HITCOUNT",     "HITS_TAKEN",      "DAMAGECOUNT",
      "DAMAGE_TAKEN",        "HEALTH",       "ARMOR",           "DEAD",
      "ON_GROUND",           "ATTACK_READY", "ALTATTACK_READY", "SELECTED_WEAPON",
      "SELECTED_WEAPON_AMMO"};
  for (const char* prefix : {"AMMO", "WEAPON"}) {
    for (int i = 0; i < 10; ++i) names.push_back(prefix + std::to_string(i));
  }
  for (const char* name :
       {"POSITION_X", "POSITION_Y", "POSITION_Z", "ANGLE", "PITCH", "ROLL", "VIEW_HEIGHT",
        "VELOCITY_X", "VELOCITY_Y", "VELOCITY_Z", "CAMERA_POSITION_X", "CAMERA_POSITION_Y",
        "CAMERA_POSITION_Z", "CAMERA_ANGLE", "CAMERA_PITCH", "CAMERA_ROLL", "CAMERA_FOV",
        "PLAYER_NUMBER", "PLAYER_COUNT"}) {
    names.push_back(name);
  }
  for (int i = 1; i <= 16; ++i) names.push_back("PLAYER" + std::to_string(i) + "_FRAGCOUNT");
  for (int i = 1; i <= 60; ++i) names.push_back("USER" + std::to_string(i));
  return names;
}

// Every GameVariable, by its ViZDoom name ("HEALTH", "USER2", ...).
inline const std::map<std::string, GameVariable>& GameVariablesByName() {
  static const auto* by_name = [] {
    const std::vector<std::string> names = GameVariableNames();
    if (names.size() != static_cast<std::size_t>(::vizdoom::USER60) + 1 ||
        names[::vizdoom::HITCOUNT] != "HITCOUNT" ||
        names[::vizdoom::SELECTED_WEAPON_AMMO] != "SELECTED_WEAPON_AMMO" ||
        names[::vizdoom::AMMO0] != "AMMO0" || names[::vizdoom::POSITION_X] != "POSITION_X" ||
        names[::vizdoom::PLAYER1_FRAGCOUNT] != "PLAYER1_FRAGCOUNT" ||
        names[::vizdoom::USER1] != "USER1") {
      throw std::logic_error("vizdoom: GameVariableNames() does not follow ViZDoom's enum");
    }
    auto* out = new std::map<std::string, GameVariable>();
    for (std::size_t v = 0; v < names.size(); ++v) (*out)[names[v]] = static_cast<GameVariable>(v);
    return out;
  }();
  return *by_name;
}

inline const std::string& GameVariableName(GameVariable v) {
  static const std::vector<std::string> names = GameVariableNames();
  return names.at(static_cast<std::size_t>(v));
}

// The game variables every state reports in info (EnvPool's 16), in order.
inline const std::vector<GameVariable>& InfoVariables() {
  static const std::vector<GameVariable> vars = {
      ::vizdoom::AMMO2,     ::vizdoom::AMMO3,           ::vizdoom::AMMO4,
      ::vizdoom::AMMO5,     ::vizdoom::AMMO6,           ::vizdoom::AMMO7,
      ::vizdoom::ARMOR,     ::vizdoom::DAMAGECOUNT,     ::vizdoom::DEATHCOUNT,
      ::vizdoom::FRAGCOUNT, ::vizdoom::HEALTH,          ::vizdoom::HITCOUNT,
      ::vizdoom::KILLCOUNT, ::vizdoom::SELECTED_WEAPON, ::vizdoom::SELECTED_WEAPON_AMMO,
      ::vizdoom::USER2,
  };
  return vars;
}

class ShapedReward {
 public:
  using Weights = std::map<std::string, std::tuple<float, float>>;

  ShapedReward(std::vector<GameVariable> vars, const Weights& weights,
               const std::map<int, float>& weapon_bonus, int weapon_duration)
      : vars_(std::move(vars)),
        rise_(vars_.size(), 0.0F),
        fall_(vars_.size(), 0.0F),
        base_(vars_.size(), 0.0),
        last_(vars_.size(), 0.0),
        values_(vars_.size(), 0.0),
        weapon_duration_(weapon_duration) {
    for (GameVariable v : InfoVariables()) {
      const auto it = std::find(vars_.begin(), vars_.end(), v);
      if (it == vars_.end())
        throw std::logic_error("vizdoom: an info game variable is not available");
      info_slots_.push_back(static_cast<std::size_t>(it - vars_.begin()));
    }
    for (std::size_t i = 0; i < vars_.size(); ++i) {
      auto it = weights.find(GameVariableName(vars_[i]));
      if (it != weights.end()) std::tie(rise_[i], fall_[i]) = it->second;
    }
    for (const auto& [weapon, bonus] : weapon_bonus) {
      if (weapon >= 0 && weapon < static_cast<int>(weapon_bonus_.size()))
        weapon_bonus_[weapon] = bonus;
    }
  }

  // A new episode starts from `raw` (the game variables, in vars() order).
  float Reset(const std::vector<double>& raw) {
    for (std::size_t i = 0; i < vars_.size(); ++i) {
      base_[i] = Rebased(vars_[i]) ? raw[i] : 0.0;
      values_[i] = raw[i] - base_[i];
    }
    last_ = values_;
    weapon_ = -1;
    weapon_states_ = 0;
    return Accumulate();
  }

  // The reward of reaching `raw` from the last state.
  float Step(const std::vector<double>& raw) {
    last_ = values_;
    for (std::size_t i = 0; i < vars_.size(); ++i) values_[i] = raw[i] - base_[i];
    return Accumulate();
  }

  const std::vector<GameVariable>& vars() const { return vars_; }
  // The current (rebased, repaired) values, in vars() order.
  const std::vector<double>& values() const { return values_; }
  // The current value of InfoVariables()[i].
  double info(std::size_t i) const { return values_[info_slots_[i]]; }

 private:
  static bool Rebased(GameVariable v) {
    return v == ::vizdoom::HITCOUNT || v == ::vizdoom::DAMAGECOUNT || v == ::vizdoom::DEATHCOUNT;
  }

  float Accumulate() {
    float reward = 0.0F;
    int weapon = -1;
    int ammo = 0;
    for (std::size_t i = 0; i < vars_.size(); ++i) {
      double delta = values_[i] - last_[i];
      switch (vars_[i]) {
        case ::vizdoom::DAMAGECOUNT:
          if (delta >= 200) delta = 200;
          break;
        case ::vizdoom::HITCOUNT:
          if (delta >= 5) delta = 5;
          break;
        case ::vizdoom::SELECTED_WEAPON:
          weapon = static_cast<int>(values_[i]);
          break;
        case ::vizdoom::SELECTED_WEAPON_AMMO:
          ammo = static_cast<int>(values_[i]);
          break;
        case ::vizdoom::HEALTH:
          if (values_[i] < 0 && last_[i] < 0) {
            values_[i] = last_[i] = 100;
          } else if (values_[i] < 0) {
            values_[i] = last_[i];
          } else if (last_[i] < 0) {
            last_[i] = values_[i];
          }
          delta = values_[i] - last_[i];
          break;
        default:
          break;
      }
      if (delta >= 0) {
        reward += static_cast<float>(delta * rise_[i]);
      } else {
        reward -= static_cast<float>(delta * fall_[i]);
      }
    }
    if (weapon == weapon_) {
      ++weapon_states_;
    } else {
      weapon_ = weapon;
      weapon_states_ = 1;
    }
    if (weapon >= 0 && weapon < static_cast<int>(weapon_bonus_.size()) &&
        weapon_states_ >= weapon_duration_ && ammo > 0) {
      reward += weapon_bonus_[weapon];
    }
    return reward;
  }

  std::vector<GameVariable> vars_;
  std::vector<float> rise_, fall_;
  std::vector<double> base_, last_, values_;
  std::vector<std::size_t> info_slots_;  // where each InfoVariables() entry is in vars_
  std::array<float, ::vizdoom::SLOT_COUNT> weapon_bonus_{};
  int weapon_duration_;
  int weapon_ = -1;
  int weapon_states_ = 0;
};

}  // namespace parallel_pool::vizdoom

#endif  // PARALLEL_POOL_VIZDOOM_SHAPED_REWARD_H_
