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
#include "parallel_pool/vizdoom/doom_game.h"
#include "parallel_pool/vizdoom/engine_watchdog.h"
#include "parallel_pool/vizdoom/match.h"
#include "parallel_pool/vizdoom/shaped_reward.h"
#include "parallel_pool/vizdoom/vizdoom_config.h"

namespace parallel_pool::vizdoom {

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
                  "render_mode: the scenario's screen_format is not one "
                  "render() converts to "
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
  // set_seed() then new_episode()), and an engine started again later gets it
  // too.
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
    std::vector<int> row_of(n,
                            -1);  // player number -> the row whose engine has it
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
  // kMatchStartTic, and on until they have run kMatchSettleTics tics in a
  // row with the host never late (a tic where the host ran its tic alone is
  // the proof that the others' input is one tic ahead: MatchTurns; the
  // settling lets ZDoom take back inputs a joiner built ahead).
  void StartMatchEpisode() {
    if (NumPlayers() == 1) return;
    int settled = 0;
    for (int tic = 0; tic < kMaxMatchStartTics; ++tic) {
      turns_.Repair();
      RunTogether(
          NumPlayers(),
          [&](int p) {
            players_[p].game->setAction(action_set_[0]);
            Advance(p, 1, kStartPatience);
          },
          [&] { AbortMatch(); });
      settled = turns_.HostWasLate() ? 0 : settled + 1;
      if (settled >= kMatchSettleTics &&
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
    State& state = Allocate(n);
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
