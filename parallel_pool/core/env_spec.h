// EnvSpec<EnvFns>: an env family's single declaration (config, state spec,
// action spec) joined with the parts every env shares.
//
// EnvFns provides
//   static auto DefaultConfig();                          // family config
//   template <class Config> static auto StateSpec(const Config&);
//   template <class Config> static auto ActionSpec(const Config&);
// State keys are "obs", "obs:<name>" (a dict observation) or "info:<name>".
#ifndef PARALLEL_POOL_CORE_ENV_SPEC_H_
#define PARALLEL_POOL_CORE_ENV_SPEC_H_

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "parallel_pool/core/dict.h"
#include "parallel_pool/core/spec.h"

namespace parallel_pool {

// dm_env step types, as integers in the "step_type" field.
enum StepType : int { kFirst = 0, kMid = 1, kLast = 2 };

inline auto CommonConfig() {
  return MakeDict(
      "num_envs"_.Bind(1),
      // 0 means num_envs (sync mode). Smaller: async, first-done first-served.
      "batch_size"_.Bind(0),
      // 0 means min(batch_size, hardware threads).
      "num_threads"_.Bind(0),
      "max_num_players"_.Bind(1),
      // >= 0 pins worker i to core (offset + i).
      "thread_affinity_offset"_.Bind(-1),
      "base_path"_.Bind(std::string()),
      // Env i is seeded with seed + i, unless env_seeds (one per env) is given.
      "seed"_.Bind(42),
      "env_seeds"_.Bind(std::vector<int>()),
      "max_episode_steps"_.Bind(std::numeric_limits<int>::max()),
      // "next_step": a done env resets on its next step (EnvPool's way).
      // "same_step": it resets at once; the final obs/info go to extra buffers.
      "autoreset_mode"_.Bind(std::string("next_step")));
}

// Fields every env returns; the Env base class fills all but "reward".
inline auto CommonStateSpec() {
  return MakeDict(
      "info:env_id"_.Bind(Spec<int>({})),
      "info:players.env_id"_.Bind(Spec<int>({-1})),
      "info:elapsed_step"_.Bind(Spec<int>({})),
      "reward"_.Bind(Spec<double>({-1})),
      "done"_.Bind(Spec<bool>({})),
      "terminated"_.Bind(Spec<bool>({})),
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
  using StateSpec = decltype(ConcatDict(
      EnvFns::StateSpec(std::declval<const Config&>()), CommonStateSpec()));
  using ActionSpec = decltype(EnvFns::ActionSpec(std::declval<const Config&>()));
  using State = ArrayDict<StateSpec>;
  using Action = ArrayDict<ActionSpec>;

  static Config DefaultConfig() {
    return ConcatDict(CommonConfig(), EnvFns::DefaultConfig());
  }

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

  Config config;
  StateSpec state_spec;
  ActionSpec action_spec;

 private:
  // Fills the "0 means default" values and rejects impossible configs. The
  // Python layer checks first with friendlier messages; this is the backstop
  // for anyone driving the C++ API directly.
  static Config Normalize(Config conf) {
    int& num_envs = conf["num_envs"_];
    int& batch_size = conf["batch_size"_];
    int& num_threads = conf["num_threads"_];
    if (num_envs < 1) throw std::invalid_argument("num_envs must be >= 1");
    if (batch_size == 0) batch_size = num_envs;
    if (batch_size < 1 || batch_size > num_envs) {
      throw std::invalid_argument("batch_size must be in [1, num_envs]");
    }
    if (num_threads == 0) {
      int hw = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
      num_threads = std::min(batch_size, hw);
    }
    if (num_threads < 1) throw std::invalid_argument("num_threads must be >= 0");
    if (conf["max_num_players"_] < 1) {
      throw std::invalid_argument("max_num_players must be >= 1");
    }
    if (conf["max_episode_steps"_] < 1) {
      throw std::invalid_argument("max_episode_steps must be >= 1");
    }
    const auto& seeds = conf["env_seeds"_];
    if (!seeds.empty() && static_cast<int>(seeds.size()) != num_envs) {
      throw std::invalid_argument("env_seeds must hold exactly num_envs seeds");
    }
    const std::string& mode = conf["autoreset_mode"_];
    if (mode != "next_step" && mode != "same_step") {
      throw std::invalid_argument("autoreset_mode must be 'next_step' or 'same_step'");
    }
    return conf;
  }
};

}  // namespace parallel_pool

#endif  // PARALLEL_POOL_CORE_ENV_SPEC_H_
