#include "parallel_pool/core/async_env_pool.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <limits>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "parallel_pool/core/test_envs.h"

namespace parallel_pool::testing {
namespace {

CounterEnvSpec MakeSpec(int num_envs, int batch_size, int num_threads = 2) {
  auto config = CounterEnvSpec::DefaultConfig();
  config["num_envs"_] = num_envs;
  config["batch_size"_] = batch_size;
  config["num_threads"_] = num_threads;
  return CounterEnvSpec(config);
}

ActionBatch Actions(const std::vector<int>& ids, const std::vector<int>& values) {
  ActionBatch batch;
  batch.env_ids = ids;
  Array a(DType::kInt32, Shape{values.size()});
  a.Assign(values.data(), values.size());
  batch.fields.push_back(a);
  return batch;
}

// Where each state field is in a batch, looked up by key in the spec.
constexpr std::size_t Field(std::string_view key) {
  return CounterEnvSpec::StateSpec::IndexOf(key);
}
constexpr std::size_t kObs = Field("obs");
constexpr std::size_t kSeedDraw = Field("info:seed_draw");
constexpr std::size_t kEnvId = Field("info:env_id");
constexpr std::size_t kElapsed = Field("info:elapsed_step");
constexpr std::size_t kReward = Field("reward");
constexpr std::size_t kDone = Field("done");
constexpr std::size_t kTerminated = Field("terminated");
constexpr std::size_t kTruncated = Field("truncated");
constexpr std::size_t kDiscount = Field("discount");
constexpr std::size_t kStepType = Field("step_type");
static_assert(kStepType != CounterEnvSpec::StateSpec::kNotFound);

// Where a same-step "final" copy of state field `key` is in a batch.
std::size_t FinalField(const CounterEnvPool& pool, std::string_view key) {
  const std::vector<std::size_t>& shadowed = pool.shadowed_fields();
  auto it = std::find(shadowed.begin(), shadowed.end(), Field(key));
  if (it == shadowed.end()) throw std::logic_error("not a shadowed field");
  return static_cast<std::size_t>(it - shadowed.begin());
}

TEST(AsyncEnvPoolTest, SyncStepReturnsRowsInSendOrder) {
  CounterEnvPool pool(MakeSpec(4, 4));
  pool.Reset({});
  StateBatch reset = pool.Recv();
  ASSERT_EQ(reset.arrays[kEnvId].shape()[0], 4U);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(reset.arrays[kEnvId].Data<int>()[i], i);
    EXPECT_EQ(reset.arrays[kStepType].Data<int>()[i], kFirst);
  }
  StateBatch out = pool.Step(Actions({3, 1, 0, 2}, {30, 10, 0, 20}));
  for (int i = 0; i < 4; ++i) {
    int id = out.arrays[kEnvId].Data<int>()[i];
    EXPECT_EQ(id, std::vector<int>({3, 1, 0, 2})[i]);
    EXPECT_EQ(out.arrays[kObs].Data<int>()[i * 3 + 2], id * 10);
    EXPECT_EQ(out.arrays[kReward].Data<double>()[i], id * 10.0);
    EXPECT_EQ(out.arrays[kElapsed].Data<int>()[i], 1);
    EXPECT_EQ(out.arrays[kStepType].Data<int>()[i], kMid);
  }
}

TEST(AsyncEnvPoolTest, PartialBatchStepsOnlyTheGivenEnvs) {
  CounterEnvPool pool(MakeSpec(4, 4));
  pool.Reset({});
  pool.Recv();
  StateBatch out = pool.Step(Actions({2}, {5}));
  ASSERT_EQ(out.arrays[kEnvId].shape()[0], 1U);
  EXPECT_EQ(out.arrays[kEnvId].Data<int>()[0], 2);
  out = pool.Step(Actions({0, 2}, {1, 1}));
  EXPECT_EQ(out.arrays[kElapsed].Data<int>()[0], 1);
  EXPECT_EQ(out.arrays[kElapsed].Data<int>()[1], 2);
}

TEST(AsyncEnvPoolTest, EpisodeEndsThenNextStepResets) {
  CounterEnvPool pool(MakeSpec(1, 1, 1));
  pool.Reset({});
  pool.Recv();
  for (int t = 1; t <= 3; ++t) {
    StateBatch out = pool.Step(Actions({0}, {1}));
    bool last = t == 3;
    EXPECT_EQ(out.arrays[kDone].Data<bool>()[0], last);
    EXPECT_EQ(out.arrays[kTerminated].Data<bool>()[0], last);
    EXPECT_FALSE(out.arrays[kTruncated].Data<bool>()[0]);
    EXPECT_EQ(out.arrays[kDiscount].Data<float>()[0], last ? 0.0F : 1.0F);
  }
  StateBatch out = pool.Step(Actions({0}, {1}));  // action ignored: reset
  EXPECT_EQ(out.arrays[kStepType].Data<int>()[0], kFirst);
  EXPECT_EQ(out.arrays[kElapsed].Data<int>()[0], 0);
  EXPECT_EQ(out.arrays[kReward].Data<double>()[0], 0.0);
}

TEST(AsyncEnvPoolTest, WorkersPinnedFromTheLargestOffsetRun) {
  // Found by the fuzzer: offset + i overflowed an int, and CPU_SET of the
  // negative core wrote outside its cpu_set_t (a segfault).
  auto config = CounterEnvSpec::DefaultConfig();
  config["num_envs"_] = 4;
  config["num_threads"_] = 3;
  config["thread_affinity_offset"_] = std::numeric_limits<int>::max();
  CounterEnvPool pool{CounterEnvSpec(config)};
  pool.Reset({});
  EXPECT_EQ(pool.Recv().arrays[kReward].shape()[0], 4U);
}

TEST(AsyncEnvPoolTest, TruncationAtMaxEpisodeSteps) {
  auto config = CounterEnvSpec::DefaultConfig();
  config["max_episode_steps"_] = 2;
  CounterEnvPool pool{CounterEnvSpec(config)};
  pool.Reset({});
  pool.Recv();
  pool.Step(Actions({0}, {1}));
  StateBatch out = pool.Step(Actions({0}, {1}));
  EXPECT_TRUE(out.arrays[kDone].Data<bool>()[0]);
  EXPECT_TRUE(out.arrays[kTruncated].Data<bool>()[0]);
  EXPECT_FALSE(out.arrays[kTerminated].Data<bool>()[0]);
  EXPECT_EQ(out.arrays[kDiscount].Data<float>()[0], 1.0F);
}

// An env's own limit for one episode truncates it first; max_episode_steps
// still caps a longer one.
TEST(AsyncEnvPoolTest, AnEpisodesOwnStepLimitTruncatesAtTheSmallerLimit) {
  for (const auto& [own, expected] : {std::pair{2, 2}, std::pair{9, 4}}) {
    auto config = CounterEnvSpec::DefaultConfig();
    config["max_episode_steps"_] = 4;
    config["episode_length"_] = 100;
    config["episode_step_limit"_] = own;
    CounterEnvPool pool{CounterEnvSpec(config)};
    pool.Reset({});
    pool.Recv();
    for (int t = 1; t <= expected; ++t) {
      StateBatch out = pool.Step(Actions({0}, {1}));
      EXPECT_EQ(out.arrays[kTruncated].Data<bool>()[0], t == expected) << own << " step " << t;
      EXPECT_FALSE(out.arrays[kTerminated].Data<bool>()[0]);
    }
    // The next episode has the limit again.
    pool.Step(Actions({0}, {1}));
    for (int t = 1; t <= expected; ++t) {
      StateBatch out = pool.Step(Actions({0}, {1}));
      EXPECT_EQ(out.arrays[kTruncated].Data<bool>()[0], t == expected) << own << " step " << t;
    }
  }
}

TEST(AsyncEnvPoolTest, AsyncRecvReturnsBatchesOfFinishedEnvs) {
  auto config = CounterEnvSpec::DefaultConfig();
  config["num_envs"_] = 6;
  config["batch_size"_] = 2;
  config["num_threads"_] = 3;
  config["sleep_us"_] = 200;
  CounterEnvPool pool{CounterEnvSpec(config)};
  pool.Reset({});
  std::multiset<int> seen;
  for (int b = 0; b < 3; ++b) {
    StateBatch out = pool.Recv();
    ASSERT_EQ(out.arrays[kEnvId].shape()[0], 2U);
    for (int i = 0; i < 2; ++i) seen.insert(out.arrays[kEnvId].Data<int>()[i]);
  }
  EXPECT_EQ(seen, (std::multiset<int>{0, 1, 2, 3, 4, 5}));
  // Keep stepping whoever came back; every env keeps its own count.
  std::vector<int> steps(6, 0);
  pool.Send(Actions({0, 1, 2, 3, 4, 5}, {1, 1, 1, 1, 1, 1}));
  for (int b = 0; b < 30; ++b) {
    StateBatch out = pool.Recv();
    std::vector<int> ids;
    for (int i = 0; i < 2; ++i) {
      int id = out.arrays[kEnvId].Data<int>()[i];
      ids.push_back(id);
      if (out.arrays[kStepType].Data<int>()[i] != kFirst) {
        EXPECT_EQ(out.arrays[kElapsed].Data<int>()[i], ++steps[id]);
      } else {
        steps[id] = 0;
      }
    }
    pool.Send(Actions(ids, {1, 1}));
  }
}

TEST(AsyncEnvPoolTest, RecvTimeoutLeavesTheBatchForTheNextRecv) {
  auto config = CounterEnvSpec::DefaultConfig();
  config["num_envs"_] = 2;
  config["batch_size"_] = 2;
  config["num_threads"_] = 1;
  config["sleep_us"_] = 50000;  // steps of 50 and 100 ms
  CounterEnvPool pool{CounterEnvSpec(config)};
  pool.Reset({});
  pool.Recv();
  pool.Send(Actions({0, 1}, {1, 1}));
  auto start = std::chrono::steady_clock::now();
  EXPECT_THROW(pool.Recv(nullptr, std::chrono::milliseconds(5)), RecvTimeout);
  // It only waited: no env ran on this thread past the deadline.
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(40));
  EXPECT_THROW(pool.Recv(nullptr, std::chrono::nanoseconds(0)), RecvTimeout);
  StateBatch out = pool.Recv(nullptr, std::chrono::seconds(10));
  ASSERT_EQ(out.arrays[kEnvId].shape()[0], 2U);
  for (int i = 0; i < 2; ++i) EXPECT_EQ(out.arrays[kElapsed].Data<int>()[i], 1);
  out = pool.Step(Actions({0, 1}, {1, 1}));  // the pool goes on
  for (int i = 0; i < 2; ++i) EXPECT_EQ(out.arrays[kElapsed].Data<int>()[i], 2);
}

TEST(AsyncEnvPoolTest, EnvsThatResetRunFirstAndRowsKeepTheSendOrder) {
  auto config = CounterEnvSpec::DefaultConfig();
  config["num_envs"_] = 4;
  config["num_threads"_] = 1;
  config["episode_length"_] = 1;
  config["workers_only"_] = true;  // one worker runs the queue in its order
  CounterEnvPool pool{CounterEnvSpec(config)};
  pool.Reset({});
  pool.Recv();
  pool.Step(Actions({2, 3}, {1, 1}));  // envs 2 and 3 end their episodes
  RunOrder().Take();
  StateBatch out = pool.Step(Actions({0, 1, 2, 3}, {1, 1, 1, 1}));
  EXPECT_EQ(RunOrder().Take(), (std::vector<int>{2, 3, 0, 1}));
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(out.arrays[kEnvId].Data<int>()[i], i);
    EXPECT_EQ(out.arrays[kStepType].Data<int>()[i], i < 2 ? kLast : kFirst);
  }
}

TEST(AsyncEnvPoolTest, BadRequestsThrowBeforeChangingAnything) {
  CounterEnvPool pool(MakeSpec(2, 2));
  EXPECT_THROW(pool.Recv(), std::runtime_error);  // nothing in flight
  EXPECT_THROW(pool.Step(Actions({2}, {0})), std::invalid_argument);
  EXPECT_THROW(pool.Step(Actions({0, 0}, {0, 0})), std::invalid_argument);
  EXPECT_THROW(pool.Step(Actions({0}, {0, 0})), std::invalid_argument);  // 2 rows for 1 env
  pool.Send(Actions({0}, {0}));
  EXPECT_THROW(pool.Send(Actions({0}, {0})), std::invalid_argument);  // still running
  StateBatch out = pool.Recv();
  EXPECT_EQ(out.arrays[kEnvId].shape()[0], 1U);
}

TEST(AsyncEnvPoolTest, AsyncRecvThatWouldHangThrows) {
  CounterEnvPool pool(MakeSpec(4, 2));
  pool.Send(Actions({0}, {0}));
  EXPECT_THROW(pool.Recv(), std::runtime_error);
}

TEST(AsyncEnvPoolTest, EnvErrorReachesCallerAndPoolRecovers) {
  auto config = CounterEnvSpec::DefaultConfig();
  config["num_envs"_] = 3;
  config["fail_env"_] = 1;
  config["fail_step"_] = 1;
  CounterEnvPool pool{CounterEnvSpec(config)};
  pool.Reset({});
  pool.Recv();
  try {
    pool.Step(Actions({0, 1, 2}, {1, 1, 1}));
    FAIL() << "expected the env's exception";
  } catch (const std::runtime_error& e) {
    // The pool names the env before the env's own message.
    EXPECT_EQ(std::string(e.what()).rfind("env 1: ", 0), 0U) << e.what();
    EXPECT_NE(std::string(e.what()).find("failed on purpose"), std::string::npos);
  }
  // The failed env restarts its episode; the others carry on.
  StateBatch out = pool.Step(Actions({0, 1, 2}, {1, 1, 1}));
  EXPECT_EQ(out.arrays[kElapsed].Data<int>()[0], 2);
  EXPECT_EQ(out.arrays[kStepType].Data<int>()[1], kFirst);
}

TEST(AsyncEnvPoolTest, SeedsGiveReproducibleDistinctEnvs) {
  auto draw = [](int seed, std::vector<int> env_seeds) {
    auto config = CounterEnvSpec::DefaultConfig();
    config["num_envs"_] = 3;
    config["seed"_] = seed;
    config["env_seeds"_] = env_seeds;
    CounterEnvPool pool{CounterEnvSpec(config)};
    pool.Reset({});
    StateBatch out = pool.Recv();
    return std::vector<int>(out.arrays[kSeedDraw].Data<int>(),
                            out.arrays[kSeedDraw].Data<int>() + 3);
  };
  EXPECT_EQ(draw(1, {}), draw(1, {}));
  EXPECT_NE(draw(1, {}), draw(2, {}));
  std::vector<int> a = draw(1, {});
  std::vector<int> b = draw(0, {1, 2, 3});  // env i seeded with seed + i
  EXPECT_EQ(a, b);
}

TEST(AsyncEnvPoolTest, ResetWithSeedsRunsAsANewEnvWithThatSeed) {
  // CounterEnv draws seed_draw from its generator at every reset.
  auto draws = [](CounterEnvPool& pool, const std::vector<int>& ids,
                  const std::vector<std::optional<std::uint32_t>>& seeds) {
    pool.Reset(ids, seeds);
    StateBatch out = pool.Recv();
    const int* d = out.arrays[kSeedDraw].Data<int>();
    return std::vector<int>(d, d + out.arrays[kSeedDraw].shape()[0]);
  };
  auto config = CounterEnvSpec::DefaultConfig();
  config["num_envs"_] = 3;
  config["seed"_] = 10;
  CounterEnvPool fresh{CounterEnvSpec(config)};
  std::vector<int> first = draws(fresh, {}, {});   // seeds 10, 11, 12
  std::vector<int> second = draws(fresh, {}, {});  // their streams go on
  config["seed"_] = 1;
  CounterEnvPool reference{CounterEnvSpec(config)};
  draws(reference, {}, {});
  const int env1_second = draws(reference, {}, {})[1];
  CounterEnvPool pool{CounterEnvSpec(config)};
  draws(pool, {}, {});
  pool.Step(Actions({0, 1, 2}, {1, 1, 1}));
  // Only envs 2 and 0 are re-seeded; env 1 goes on with seed 2's stream.
  EXPECT_EQ(draws(pool, {2, 0}, {12, 10}), (std::vector<int>{first[2], first[0]}));
  // No value: env 1 is not re-seeded.
  EXPECT_EQ(draws(pool, {}, {std::nullopt, std::nullopt, std::nullopt}),
            (std::vector<int>{second[0], env1_second, second[2]}));
  // A seed count that does not match the envs reset changes nothing.
  EXPECT_THROW(pool.Reset({0, 1}, {5}), std::invalid_argument);
  EXPECT_THROW(pool.Reset({}, {5, 6}), std::invalid_argument);
  EXPECT_EQ(pool.in_flight(), 0);
}

TEST(AsyncEnvPoolTest, SameStepAutoresetKeepsTheFinalObservation) {
  auto config = CounterEnvSpec::DefaultConfig();
  config["episode_length"_] = 2;
  config["autoreset_mode"_] = std::string("same_step");
  CounterEnvPool pool{CounterEnvSpec(config)};
  pool.Reset({});
  pool.Recv();
  pool.Step(Actions({0}, {4}));
  StateBatch out = pool.Step(Actions({0}, {7}));
  ASSERT_FALSE(out.final_arrays.empty());
  EXPECT_TRUE(out.arrays[kDone].Data<bool>()[0]);
  EXPECT_TRUE(out.arrays[kTerminated].Data<bool>()[0]);
  EXPECT_EQ(out.arrays[kReward].Data<double>()[0], 7.0);
  EXPECT_EQ(out.arrays[kObs].Data<int>()[1], 0);  // new episode's first obs
  const std::size_t final_obs = FinalField(pool, "obs");
  EXPECT_EQ(out.final_arrays[final_obs].Data<int>()[1], 2);  // the terminal obs
  EXPECT_EQ(out.final_arrays[final_obs].Data<int>()[2], 7);
  out = pool.Step(Actions({0}, {3}));  // no wasted reset step
  EXPECT_EQ(out.arrays[kElapsed].Data<int>()[0], 1);
  EXPECT_EQ(out.arrays[kReward].Data<double>()[0], 3.0);
}

TEST(AsyncEnvPoolTest, DisabledAutoresetRefusesToStepAFinishedEnv) {
  auto config = CounterEnvSpec::DefaultConfig();
  config["num_envs"_] = 2;
  config["episode_length"_] = 1;
  config["autoreset_mode"_] = std::string("disabled");
  CounterEnvPool pool{CounterEnvSpec(config)};
  EXPECT_THROW(pool.Step(Actions({0}, {1})), std::invalid_argument);  // never reset
  pool.Reset({});
  pool.Recv();
  StateBatch out = pool.Step(Actions({0}, {4}));
  EXPECT_TRUE(out.arrays[kDone].Data<bool>()[0]);
  // Env 0's episode ended: no step until it is reset; nothing was queued.
  EXPECT_THROW(pool.Step(Actions({1, 0}, {1, 1})), std::invalid_argument);
  EXPECT_EQ(pool.in_flight(), 0);
  pool.Reset({0});
  pool.Recv();
  out = pool.Step(Actions({1, 0}, {2, 3}));
  EXPECT_EQ(out.arrays[kElapsed].Data<int>()[0], 1);
  EXPECT_EQ(out.arrays[kElapsed].Data<int>()[1], 1);
  EXPECT_EQ(out.arrays[kReward].Data<double>()[1], 3.0);
}

TEST(AsyncEnvPoolTest, DestructionWithWorkInFlight) {
  for (int trial = 0; trial < 20; ++trial) {
    auto config = CounterEnvSpec::DefaultConfig();
    config["num_envs"_] = 8;
    config["batch_size"_] = 2;
    config["num_threads"_] = 2;
    config["sleep_us"_] = 50;
    auto pool = std::make_unique<CounterEnvPool>(CounterEnvSpec(config));
    pool->Reset({});
    pool.reset();  // must join cleanly, neither hang nor crash
  }
}

TEST(AsyncEnvPoolTest, LargeBatchRunsOnWorkers) {
  // Slow steps push the cost estimate over the inline budget: the workers
  // and the caller share the batch; results still arrive in send order.
  auto config = CounterEnvSpec::DefaultConfig();
  config["num_envs"_] = 64;
  config["sleep_us"_] = 20;
  config["episode_length"_] = 1000;
  CounterEnvPool pool{CounterEnvSpec(config)};
  pool.Reset({});
  pool.Recv();
  StepThreads().Clear();
  std::vector<int> ids(64);
  std::vector<int> values(64);
  for (int i = 0; i < 64; ++i) ids[i] = 63 - i, values[i] = i % 100;
  for (int t = 1; t <= 5; ++t) {
    StateBatch out = pool.Step(Actions(ids, values));
    for (int i = 0; i < 64; ++i) {
      EXPECT_EQ(out.arrays[kEnvId].Data<int>()[i], 63 - i);
      EXPECT_EQ(out.arrays[kElapsed].Data<int>()[i], t);
      EXPECT_EQ(out.arrays[kReward].Data<double>()[i], i % 100);
    }
  }
  // The batch really was shared: some steps ran on a worker thread.
  std::set<std::thread::id> threads = StepThreads().Get();
  threads.erase(std::this_thread::get_id());
  EXPECT_FALSE(threads.empty());
}

// Slow steps (sleep_us * (1 + env_id % 3)) that never end an episode.
CounterEnvSpec SlowSpec(int num_envs, int batch_size, int sleep_us) {
  auto config = CounterEnvSpec::DefaultConfig();
  config["num_envs"_] = num_envs;
  config["batch_size"_] = batch_size;
  config["num_threads"_] = 1;
  config["sleep_us"_] = sleep_us;
  config["episode_length"_] = 1000000;
  config["max_episode_steps"_] = 1000000;
  return CounterEnvSpec(config);
}

struct Interrupted {};

TEST(AsyncEnvPoolTest, AThrowingWaitPollAbandonsTheWaitAndRecvGetsTheBatchLater) {
  CounterEnvPool pool(SlowSpec(8, 4, 50000));
  pool.Reset({});
  pool.Recv();
  pool.Recv();
  pool.Send(Actions({0, 1, 2, 3}, {7, 7, 7, 7}));
  int polls = 0;
  EXPECT_THROW(pool.Recv([&] {
    ++polls;
    throw Interrupted{};
  }),
               Interrupted);
  EXPECT_EQ(polls, 1);
  EXPECT_EQ(pool.in_flight(), 4);  // nothing was taken
  StateBatch out = pool.Recv();
  for (int i = 0; i < 4; ++i) EXPECT_EQ(out.arrays[kReward].Data<double>()[i], 7);
  EXPECT_EQ(pool.in_flight(), 0);
}

TEST(AsyncEnvPoolTest, AnInterruptedSyncStepIsDroppedByTheNextStep) {
  CounterEnvPool pool(SlowSpec(8, 8, 10000));
  pool.Reset({});
  pool.Recv();
  std::vector<int> ids{0, 1, 2, 3, 4, 5, 6, 7};
  EXPECT_THROW(pool.Step(Actions(ids, std::vector<int>(8, 1)), [] { throw Interrupted{}; }),
               Interrupted);
  StateBatch out = pool.Step(Actions(ids, std::vector<int>(8, 2)));
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(out.arrays[kElapsed].Data<int>()[i], 2);  // the dropped step happened
    EXPECT_EQ(out.arrays[kReward].Data<double>()[i], 2);
  }
}

TEST(AsyncEnvPoolTest, CloseMakesAWaitingCallerThrowAndEveryLaterCall) {
  CounterEnvPool pool(SlowSpec(8, 4, 100000));
  pool.Reset({});
  pool.Recv();
  pool.Recv();
  pool.Send(Actions({0, 1, 2, 3}, {1, 1, 1, 1}));
  pool.Send(Actions({4, 5, 6, 7}, {1, 1, 1, 1}));
  std::string error;
  std::thread waiter([&] {
    try {
      pool.Recv();
      pool.Recv();
    } catch (const std::runtime_error& e) {
      error = e.what();
    }
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  auto start = std::chrono::steady_clock::now();
  pool.Close();
  pool.Close();  // idempotent
  waiter.join();
  // The running env steps finish (<= 300 ms); the queued ones are dropped.
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(700));
  EXPECT_NE(error.find("pool closed"), std::string::npos) << error;
  EXPECT_TRUE(pool.closed());
  EXPECT_THROW(pool.Recv(), std::runtime_error);
  EXPECT_THROW(pool.Send(Actions({0}, {1})), std::runtime_error);
  EXPECT_THROW(pool.Reset({}), std::runtime_error);
}

TEST(AsyncEnvPoolTest, AFirstSlowStepAfterCheapResetsIsHandedOver) {
  // The cost estimate (from resets) says "inline"; after the first env the
  // caller sees it was wrong and hands the rest to the workers.
  CounterEnvPool pool(SlowSpec(16, 16, 2000));
  pool.Reset({});
  pool.Recv();
  StepThreads().Clear();
  std::vector<int> ids(16);
  for (int i = 0; i < 16; ++i) ids[i] = i;
  pool.Step(Actions(ids, std::vector<int>(16, 1)));
  std::set<std::thread::id> threads = StepThreads().Get();
  threads.erase(std::this_thread::get_id());
  EXPECT_FALSE(threads.empty());
}

}  // namespace
}  // namespace parallel_pool::testing
