// EnvSpec<EnvFns>: an env family's single declaration (config, state spec,
// action spec) joined with the parts every env shares.
//
// EnvFns provides
//   static auto DefaultConfig();                          // family config
//   template <class Config> static auto StateSpec(const Config&);
//   template <class Config> static auto ActionSpec(const Config&);
// and, optionally,
//   template <class Config> static void Validate(const Config&);
//   static constexpr bool kMultiPlayer = true;  // takes max_num_players > 1
//   static constexpr bool kThreadPerEnv = true;  // num_threads defaults to num_envs
//   template <class Config> static bool WorkerThreadsOnly(const Config&);
// WorkerThreadsOnly returns true for a config whose Reset/Step use a resource
// bound to one thread (an OpenGL context, for pixel observations): the pool
// then never runs them on the caller's thread (no inline batches, no helping
// while waiting), so every such resource lives, and dies, on a worker thread.
// Validate throws std::invalid_argument (a ValueError in Python) naming the key
// for a config no env could run with. It is the one place a family checks
// its config: called once per pool, when the spec is built, after the
// common keys are checked and before StateSpec/ActionSpec see the config.
// State keys are "obs", "obs:<name>" (a dict observation) or "info:<name>",
// checked at compile time (field_role.h).
#ifndef PARALLEL_POOL_CORE_ENV_SPEC_H_
#define PARALLEL_POOL_CORE_ENV_SPEC_H_

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "parallel_pool/core/dict.h"
#include "parallel_pool/core/field_role.h"
#include "parallel_pool/core/spec.h"

namespace parallel_pool {

// dm_env step types, as integers in the "step_type" field.
enum StepType : int { kFirst = 0, kMid = 1, kLast = 2 };

// For a family's Validate: throws the std::invalid_argument (ValueError in
// Python) that `message` describes; the message should start with the key.
inline void RequireConfig(bool ok, const std::string& message) {
  if (!ok) throw std::invalid_argument(message);
}

// The limits of the common config keys, stated once (Python only coerces
// types and lets these checks speak).
inline constexpr int kMaxNumEnvs = 1 << 20;
inline constexpr int kMaxNumThreads = 4096;
inline constexpr int kMaxNumPlayers = 4096;

inline auto CommonConfig() {
  return MakeDict("num_envs"_.Bind(1),
                  // 0 means num_envs (sync mode). Smaller: async, first-done first-served.
                  "batch_size"_.Bind(0),
                  // 0 means one thread of work per core, at most batch_size of
                  // them, the caller counted as one where it runs envs (see
                  // Normalize); num_envs for a family whose step waits on a
                  // process of its own (kThreadPerEnv).
                  "num_threads"_.Bind(0), "max_num_players"_.Bind(1),
                  // >= 0 pins worker i to core (offset + i).
                  "thread_affinity_offset"_.Bind(-1), "base_path"_.Bind(std::string()),
                  // Env i is seeded with seed + i, unless env_seeds (one per env) is given.
                  "seed"_.Bind(42), "env_seeds"_.Bind(std::vector<int>()),
                  "max_episode_steps"_.Bind(std::numeric_limits<int>::max()),
                  // "next_step": a done env resets on its next step (EnvPool's way).
                  // "same_step": it resets at once; the final obs/info go to extra buffers.
                  // "disabled": never; stepping a done env is an error until it is reset.
                  "autoreset_mode"_.Bind(std::string("next_step")));
}

// Fields every env returns; the Env base class fills all but "reward".
inline auto CommonStateSpec() {
  return MakeDict("info:env_id"_.Bind(Spec<int>({})), "info:players.env_id"_.Bind(Spec<int>({-1})),
                  "info:elapsed_step"_.Bind(Spec<int>({})), "reward"_.Bind(Spec<double>({-1})),
                  "done"_.Bind(Spec<bool>({})), "terminated"_.Bind(Spec<bool>({})),
                  "truncated"_.Bind(Spec<bool>({})),
                  "discount"_.Bind(Spec<float>({}, std::pair<float, float>{0.0F, 1.0F})),
                  "step_type"_.Bind(Spec<int>({}, std::pair<int, int>{kFirst, kLast})));
}

template <typename SpecDict>
std::vector<ArraySpec> ArraySpecsOf(const SpecDict& specs) {
  std::vector<ArraySpec> out;
  specs.ForEach([&](std::string_view, const auto& spec) { out.push_back(spec.array_spec()); });
  return out;
}

template <typename EnvFns>
class EnvSpec {
 public:
  using Fns = EnvFns;
  using Config = decltype(ConcatDict(CommonConfig(), EnvFns::DefaultConfig()));
  using StateSpec =
      decltype(ConcatDict(EnvFns::StateSpec(std::declval<const Config&>()), CommonStateSpec()));
  using ActionSpec = decltype(EnvFns::ActionSpec(std::declval<const Config&>()));
  using State = ArrayDict<StateSpec>;
  using Action = ArrayDict<ActionSpec>;
  static_assert(EveryStateKeyHasARole(static_cast<const StateSpec*>(nullptr)));

  static Config DefaultConfig() { return ConcatDict(CommonConfig(), EnvFns::DefaultConfig()); }

  explicit EnvSpec(const Config& conf)
      : config(Normalize(conf)),
        state_spec(ConcatDict(EnvFns::StateSpec(config), CommonStateSpec())),
        action_spec(EnvFns::ActionSpec(config)) {}

  int num_envs() const { return config["num_envs"_]; }
  int batch_size() const { return config["batch_size"_]; }
  int num_threads() const { return config["num_threads"_]; }
  int max_num_players() const { return config["max_num_players"_]; }
  bool sync_mode() const { return batch_size() == num_envs(); }
  bool same_step_autoreset() const { return config["autoreset_mode"_] == "same_step"; }
  bool autoreset_disabled() const { return config["autoreset_mode"_] == "disabled"; }

  // The family's step waits on a process of its own (EnvFns::kThreadPerEnv).
  static constexpr bool ThreadPerEnv() {
    if constexpr (requires { EnvFns::kThreadPerEnv; }) {
      return EnvFns::kThreadPerEnv;
    } else {
      return false;
    }
  }

  // The family runs this config's Reset/Step on worker threads only
  // (EnvFns::WorkerThreadsOnly).
  static bool WorkerThreadsOnly(const Config& conf) {
    if constexpr (requires { EnvFns::WorkerThreadsOnly(conf); }) {
      return EnvFns::WorkerThreadsOnly(conf);
    } else {
      return false;
    }
  }
  bool worker_threads_only() const { return WorkerThreadsOnly(config); }

  Config config;
  StateSpec state_spec;
  ActionSpec action_spec;

 private:
  // Fills the "0 means default" values, checks the common keys, then hands
  // the config to the family's Validate.
  static Config Normalize(Config conf) {
    auto require = [](bool ok, const std::string& key, const std::string& expected, auto got) {
      if (!ok) {
        throw std::invalid_argument(key + ": expected " + expected + ", got " + ToString(got));
      }
    };
    auto in_range = [&](const std::string& key, long long value, long long low, long long high) {
      require(value >= low && value <= high, key,
              "an int in [" + std::to_string(low) + ", " + std::to_string(high) + "]", value);
    };
    int& num_envs = conf["num_envs"_];
    int& batch_size = conf["batch_size"_];
    int& num_threads = conf["num_threads"_];
    in_range("num_envs", num_envs, 1, kMaxNumEnvs);
    in_range("batch_size", batch_size, 0, num_envs);
    if (batch_size == 0) batch_size = num_envs;
    in_range("num_threads", num_threads, 0, kMaxNumThreads);
    if (num_threads == 0 && ThreadPerEnv()) {
      // Such an env's step is mostly a wait on a process of its own: with a
      // worker per env every process steps at once and the scheduler keeps the
      // cores busy through each hand-off; with one worker per core a core
      // would sit idle for every hand-off.
      num_threads = std::min(num_envs, kMaxNumThreads);
    } else if (num_threads == 0) {
      // One thread of work per core, and no more than a batch has envs. The
      // caller is one of them where it runs envs (inline batches, and queued
      // envs while it waits for a batch: async_env_pool.h): a worker per core
      // beside it made three threads contend for two cores, each env step
      // queued behind another for its core. One worker fewer measured 1.00x
      // to 1.08x the steps/s on Atari and up to 1.5x on MuJoCo, dm_control
      // and Box2D, sync and async (benchmark/thread_time.py,
      // docs/engineering_notes.md). At least one worker: an async pool steps while
      // the caller is away, and rendering runs on workers.
      int hw = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
      int threads = std::min(batch_size, hw);
      num_threads = WorkerThreadsOnly(conf) ? threads : std::max(1, threads - 1);
    }
    in_range("max_num_players", conf["max_num_players"_], 1, kMaxNumPlayers);
    // Only an env that declares players has more than one row per env: a
    // one-player env given more would take actions for players it never has.
    require(MultiPlayer() || conf["max_num_players"_] == 1, "max_num_players",
            "1 (this env has one player; only multi-player envs take more)",
            conf["max_num_players"_]);
    in_range("max_episode_steps", conf["max_episode_steps"_], 1, std::numeric_limits<int>::max());
    in_range("thread_affinity_offset", conf["thread_affinity_offset"_], -1,
             std::numeric_limits<int>::max());
    const auto& seeds = conf["env_seeds"_];
    if (seeds.empty()) {
      // Env i is seeded with seed + i, which must stay an int too.
      in_range("seed", static_cast<long long>(conf["seed"_]) + num_envs - 1,
               std::numeric_limits<int>::min(), std::numeric_limits<int>::max());
    } else {
      require(static_cast<int>(seeds.size()) == num_envs, "seed",
              "one seed per env (" + std::to_string(num_envs) + ")", seeds.size());
    }
    const std::string& mode = conf["autoreset_mode"_];
    require(mode == "next_step" || mode == "same_step" || mode == "disabled", "autoreset_mode",
            "'next_step', 'same_step' or 'disabled'", "'" + mode + "'");
    if constexpr (requires { EnvFns::Validate(conf); }) EnvFns::Validate(conf);
    return conf;
  }

  static constexpr bool MultiPlayer() {
    if constexpr (requires { EnvFns::kMultiPlayer; }) {
      return EnvFns::kMultiPlayer;
    } else {
      return false;
    }
  }

  template <typename T>
  static std::string ToString(const T& value) {
    if constexpr (std::is_convertible_v<T, std::string>) {
      return std::string(value);
    } else {
      return std::to_string(value);
    }
  }
};

}  // namespace parallel_pool

#endif  // PARALLEL_POOL_CORE_ENV_SPEC_H_
