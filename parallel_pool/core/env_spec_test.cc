#include "parallel_pool/core/env_spec.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "parallel_pool/core/test_envs.h"

namespace parallel_pool::testing {
namespace {

TEST(EnvSpecTest, CommonAndFamilyConfigAreJoined) {
  auto config = CounterEnvSpec::DefaultConfig();
  EXPECT_EQ(config["num_envs"_], 1);
  EXPECT_EQ(config["episode_length"_], 3);
  std::vector<std::string> keys = decltype(config)::Keys();
  EXPECT_EQ(keys.front(), "num_envs");
  EXPECT_EQ(keys.back(), "episode_step_limit");
}

TEST(EnvSpecTest, ZeroMeansDefault) {
  auto config = CounterEnvSpec::DefaultConfig();
  config["num_envs"_] = 6;
  CounterEnvSpec spec(config);
  EXPECT_EQ(spec.batch_size(), 6);
  EXPECT_TRUE(spec.sync_mode());
  // The caller runs envs too, so it is one of the threads of work.
  const int cores = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
  EXPECT_EQ(spec.num_threads(), std::max(1, std::min(6, cores) - 1));
  config["num_envs"_] = 1;
  EXPECT_EQ(CounterEnvSpec(config).num_threads(), 1);  // never no worker at all
}

// A family whose envs run on worker threads only: the caller runs none, so
// every core gets a worker.
TEST(EnvSpecTest, WorkerThreadsOnlyEnvsGetAWorkerPerCore) {
  auto config = CounterEnvSpec::DefaultConfig();
  config["num_envs"_] = 6;
  config["workers_only"_] = true;
  const int cores = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
  EXPECT_EQ(CounterEnvSpec(config).num_threads(), std::min(6, cores));
}

// A family whose step waits on a process of its own (an engine per env).
struct WaitingEnvFns : CounterEnvFns {
  static constexpr bool kThreadPerEnv = true;
};
using WaitingEnvSpec = EnvSpec<WaitingEnvFns>;

TEST(EnvSpecTest, AFamilyThatWaitsOnAProcessGetsAWorkerPerEnv) {
  auto config = WaitingEnvSpec::DefaultConfig();
  config["num_envs"_] = 64;  // more than the cores of any machine this runs on
  config["batch_size"_] = 16;
  EXPECT_EQ(WaitingEnvSpec(config).num_threads(), 64);
  config["num_threads"_] = 3;  // what the user asks for stands
  EXPECT_EQ(WaitingEnvSpec(config).num_threads(), 3);
}

TEST(EnvSpecTest, StateSpecHasFamilyThenCommonFields) {
  CounterEnvSpec spec(CounterEnvSpec::DefaultConfig());
  std::vector<std::string> keys = CounterEnvSpec::StateSpec::Keys();
  EXPECT_EQ(keys[0], "obs");
  EXPECT_EQ(keys[1], "info:seed_draw");
  EXPECT_EQ(keys[2], "info:env_id");
  EXPECT_TRUE(spec.state_spec["reward"_].per_player());
  EXPECT_FALSE(spec.state_spec["done"_].per_player());
}

TEST(EnvSpecTest, ImpossibleConfigsThrow) {
  auto bad = [](auto edit) {
    auto config = CounterEnvSpec::DefaultConfig();
    edit(config);
    return [config] { CounterEnvSpec spec(config); };
  };
  EXPECT_THROW(bad([](auto& c) { c["num_envs"_] = 0; })(), std::invalid_argument);
  EXPECT_THROW(bad([](auto& c) { c["batch_size"_] = 2; })(), std::invalid_argument);
  EXPECT_THROW(bad([](auto& c) { c["num_threads"_] = -1; })(), std::invalid_argument);
  EXPECT_THROW(bad([](auto& c) { c["max_num_players"_] = 0; })(), std::invalid_argument);
  EXPECT_THROW(bad([](auto& c) { c["max_episode_steps"_] = 0; })(), std::invalid_argument);
  EXPECT_THROW(bad([](auto& c) { c["env_seeds"_] = {1, 2}; })(), std::invalid_argument);
  EXPECT_THROW(bad([](auto& c) { c["autoreset_mode"_] = "never"; })(), std::invalid_argument);
}

TEST(EnvSpecTest, ErrorsNameTheKeyAndTheLimit) {
  auto config = CounterEnvSpec::DefaultConfig();
  config["num_envs"_] = 0;
  try {
    CounterEnvSpec spec(config);
    FAIL() << "num_envs = 0 was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "num_envs: expected an int in [1, 1048576], got 0");
  }
  config["num_envs"_] = 4;
  config["seed"_] = std::numeric_limits<int>::max() - 1;  // env 3 would overflow
  EXPECT_THROW(CounterEnvSpec spec(config), std::invalid_argument);
}

TEST(EnvSpecTest, AOnePlayerEnvRefusesMorePlayers) {
  auto config = CounterEnvSpec::DefaultConfig();
  config["max_num_players"_] = 2;
  try {
    CounterEnvSpec spec(config);
    FAIL() << "max_num_players = 2 was accepted by a one-player env";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(),
                 "max_num_players: expected 1 (this env has one player; only multi-player envs "
                 "take more), got 2");
  }
}

TEST(EnvSpecTest, FamilyValidateRunsWhenTheSpecIsBuilt) {
  auto config = CounterEnvSpec::DefaultConfig();
  config["episode_length"_] = 0;
  try {
    CounterEnvSpec spec(config);
    FAIL() << "episode_length = 0 was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "episode_length: must be >= 1");
  }
}

// Every key's role is decided in one place; a misnamed key has none, and
// EnvSpec refuses to compile with it (EveryStateKeyHasARole's static_assert).
static_assert(StateFieldRole("obs") == FieldRole::kObs);
static_assert(StateFieldRole("obs:pos") == FieldRole::kObs);
static_assert(StateFieldRole("info:lives") == FieldRole::kInfo);
static_assert(StateFieldRole("info:env_id") == FieldRole::kPoolInfo);
static_assert(StateFieldRole("reward") == FieldRole::kStep);
static_assert(StateFieldRole("infos:lives") == FieldRole::kNone);
static_assert(StateFieldRole("info:") == FieldRole::kNone);
static_assert(StateFieldRole("obs:") == FieldRole::kNone);
static_assert(StateFieldRole("observation") == FieldRole::kNone);
static_assert(StateFieldName("obs:pos") == "pos" &&
              StateFieldName("info:players.env_id") == "players.env_id");
static_assert(EveryStateKeyHasARole(static_cast<const CounterEnvSpec::StateSpec*>(nullptr)));

TEST(EnvSpecTest, EveryStateFieldOfASpecHasARole) {
  for (const std::string& key : CounterEnvSpec::StateSpec::Keys()) {
    EXPECT_NE(StateFieldRole(key), FieldRole::kNone) << key;
  }
}

TEST(EnvSpecTest, OnlyIfFieldsTakeNoSpaceWhenOff) {
  ArraySpec off = Spec<double>({4}).OnlyIf(false).array_spec();
  EXPECT_FALSE(off.enabled);
  EXPECT_EQ(off.shape, std::vector<std::size_t>{0});
  ArraySpec on = Spec<double>({4}).OnlyIf(true).array_spec();
  EXPECT_TRUE(on.enabled);
  EXPECT_EQ(on.shape, std::vector<std::size_t>{4});
}

}  // namespace
}  // namespace parallel_pool::testing
