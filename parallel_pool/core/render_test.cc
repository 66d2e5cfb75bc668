// AsyncEnvPool::Render: frames in id order, from the worker threads only,
// errors before anything runs, an env's exception naming it, and a pool that
// stays usable after an abandoned or closed render.
#include "parallel_pool/core/render.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/core/test_envs.h"

namespace parallel_pool::testing {
namespace {

static_assert(RenderableEnv<CounterEnv>);

CounterEnvSpec MakeSpec(int num_envs, int batch_size, int num_threads = 2) {
  auto config = CounterEnvSpec::DefaultConfig();
  config["num_envs"_] = num_envs;
  config["batch_size"_] = batch_size;
  config["num_threads"_] = num_threads;
  config["episode_length"_] = 1000;
  return CounterEnvSpec(config);
}

ActionBatch Actions(const std::vector<int>& ids, int value) {
  ActionBatch batch;
  batch.env_ids = ids;
  Array a(DType::kInt32, Shape{ids.size()});
  for (std::size_t i = 0; i < ids.size(); ++i) a.Data<int>()[i] = value;
  batch.fields.push_back(a);
  return batch;
}

// Pixel p of frame i: {env_id, elapsed_step, camera_id + 1}.
void ExpectFrame(const Array& frames, std::size_t i, int env_id, int elapsed, int camera_id) {
  const std::size_t pixels = frames.shape()[1] * frames.shape()[2];
  const std::uint8_t* rgb = reinterpret_cast<const std::uint8_t*>(frames.raw()) + i * pixels * 3;
  for (std::size_t p = 0; p < pixels; ++p) {
    ASSERT_EQ(rgb[3 * p], env_id) << "frame " << i << " pixel " << p;
    ASSERT_EQ(rgb[3 * p + 1], elapsed) << "frame " << i << " pixel " << p;
    ASSERT_EQ(rgb[3 * p + 2], camera_id + 1) << "frame " << i << " pixel " << p;
  }
}

TEST(RenderTest, FramesComeInIdOrderAtTheDefaultSize) {
  CounterEnvPool pool(MakeSpec(4, 4));
  pool.Reset({});
  pool.Recv();
  pool.Step(Actions({1, 2}, 5));
  Array frames = pool.Render({2, 0, 1}, RenderRequest{});
  ASSERT_EQ(frames.dtype(), DType::kUInt8);
  ASSERT_EQ(frames.shape(), (Shape{3, 2, 3, 3}));
  ExpectFrame(frames, 0, 2, 1, -1);
  ExpectFrame(frames, 1, 0, 0, -1);
  ExpectFrame(frames, 2, 1, 1, -1);
}

TEST(RenderTest, SizeAndCameraAsAsked) {
  CounterEnvPool pool(MakeSpec(2, 2));
  Array frames = pool.Render({1}, RenderRequest{5, 4, 3});
  ASSERT_EQ(frames.shape(), (Shape{1, 5, 4, 3}));
  ExpectFrame(frames, 0, 1, 0, 3);
}

// A family that draws one frame size: the frames come at the size asked,
// resized as cv2.resize INTER_AREA does (checked byte for byte against cv2 by
// the families' render tests; here: sizes, and a flat frame stays flat).
TEST(RenderTest, FramesOfOneDrawnSizeAreResizedToTheSizeAsked) {
  Array frames(DType::kUInt8, Shape{2, 2, 3, 3});
  for (std::size_t i = 0; i < frames.nbytes(); ++i) {
    frames.raw()[i] = static_cast<char>(i < frames.row_bytes() ? 10 : 200);
  }
  const RenderRequest drawn{2, 3, -1};
  EXPECT_EQ(ResizedFrames(frames, RenderRequest{}, drawn).raw(), frames.raw());
  EXPECT_EQ(ResizedFrames(frames, RenderRequest{2, 3, -1}, drawn).raw(), frames.raw());
  Array bigger = ResizedFrames(frames, RenderRequest{4, 6, -1}, drawn);
  ASSERT_EQ(bigger.shape(), (Shape{2, 4, 6, 3}));
  Array wider = ResizedFrames(frames, RenderRequest{0, 9, -1}, drawn);
  ASSERT_EQ(wider.shape(), (Shape{2, 2, 9, 3}));
  for (std::size_t i = 0; i < bigger.nbytes(); ++i) {
    ASSERT_EQ(static_cast<std::uint8_t>(bigger.raw()[i]), i < bigger.row_bytes() ? 10 : 200) << i;
  }
}

TEST(RenderTest, OnlyWorkerThreadsRender) {
  CounterEnvPool pool(MakeSpec(8, 8));
  RenderThreads().Clear();
  for (int i = 0; i < 5; ++i) pool.Render({0, 1, 2, 3, 4, 5, 6, 7}, RenderRequest{});
  std::set<std::thread::id> threads = RenderThreads().Get();
  EXPECT_FALSE(threads.empty());
  EXPECT_EQ(threads.count(std::this_thread::get_id()), 0U);
}

TEST(RenderTest, BadRequestsThrowBeforeAnythingRuns) {
  CounterEnvPool pool(MakeSpec(4, 2));
  pool.Reset({});
  pool.Recv();
  pool.Recv();
  pool.Send(Actions({3}, 1));  // env 3 is running
  RenderThreads().Clear();
  EXPECT_THROW(pool.Render({}, RenderRequest{}), std::invalid_argument);
  EXPECT_THROW(pool.Render({4}, RenderRequest{}), std::invalid_argument);
  EXPECT_THROW(pool.Render({-1}, RenderRequest{}), std::invalid_argument);
  EXPECT_THROW(pool.Render({1, 1}, RenderRequest{}), std::invalid_argument);
  EXPECT_THROW(pool.Render({3}, RenderRequest{}), std::invalid_argument);
  EXPECT_THROW(pool.Render({0}, RenderRequest{0, 0, 9}), std::invalid_argument);
  EXPECT_TRUE(RenderThreads().Get().empty());
  Array frames = pool.Render({0, 2}, RenderRequest{});
  ExpectFrame(frames, 1, 2, 0, -1);
}

TEST(RenderTest, AnEnvErrorNamesTheEnvAndThePoolGoesOn) {
  auto config = CounterEnvSpec::DefaultConfig();
  config["num_envs"_] = 3;
  config["fail_env"_] = 1;
  CounterEnvPool pool{CounterEnvSpec(config)};
  try {
    pool.Render({0, 1, 2}, RenderRequest{0, 0, 7});
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()).rfind("env 1: ", 0), 0U) << e.what();
  }
  ExpectFrame(pool.Render({1}, RenderRequest{}), 0, 1, 0, -1);
}

struct Interrupted {};

TEST(RenderTest, AnAbandonedRenderLeavesThePoolUsable) {
  auto config = CounterEnvSpec::DefaultConfig();
  config["num_envs"_] = 8;
  config["num_threads"_] = 1;
  config["sleep_us"_] = 10000;
  config["episode_length"_] = 1000;
  CounterEnvPool pool{CounterEnvSpec(config)};
  std::vector<int> all{0, 1, 2, 3, 4, 5, 6, 7};
  EXPECT_THROW(pool.Render(all, RenderRequest{}, [] { throw Interrupted{}; }), Interrupted);
  // Steps and renders work at once; the abandoned job's leftovers are skipped.
  pool.Reset({});
  pool.Recv();
  StateBatch out = pool.Step(Actions(all, 1));
  EXPECT_EQ(out.arrays[0].shape()[0], 8U);
  Array frames = pool.Render({7, 6}, RenderRequest{});
  ExpectFrame(frames, 0, 7, 1, -1);
  ExpectFrame(frames, 1, 6, 1, -1);
}

TEST(RenderTest, CloseEndsAWaitingRender) {
  auto config = CounterEnvSpec::DefaultConfig();
  config["num_envs"_] = 8;
  config["num_threads"_] = 1;
  config["sleep_us"_] = 50000;
  CounterEnvPool pool{CounterEnvSpec(config)};
  std::string error;
  std::thread waiter([&] {
    try {
      pool.Render({0, 1, 2, 3, 4, 5, 6, 7}, RenderRequest{});
    } catch (const std::runtime_error& e) {
      error = e.what();
    }
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  pool.Close();
  waiter.join();
  EXPECT_NE(error.find("pool closed"), std::string::npos) << error;
  EXPECT_THROW(pool.Render({0}, RenderRequest{}), std::runtime_error);
}

TEST(RenderTest, WorkerThreadsOnlyEnvsNeverStepOnTheCaller) {
  for (int num_envs : {1, 6}) {
    auto config = CounterEnvSpec::DefaultConfig();
    config["num_envs"_] = num_envs;
    config["workers_only"_] = true;
    config["episode_length"_] = 2;
    CounterEnvPool pool{CounterEnvSpec(config)};
    StepThreads().Clear();
    pool.Reset({});
    pool.Recv();
    std::vector<int> ids;
    for (int i = 0; i < num_envs; ++i) ids.push_back(i);
    for (int t = 0; t < 5; ++t) pool.Step(Actions(ids, 1));  // with resets in between
    std::set<std::thread::id> threads = StepThreads().Get();
    EXPECT_FALSE(threads.empty());
    EXPECT_EQ(threads.count(std::this_thread::get_id()), 0U) << num_envs << " envs";
  }
}

}  // namespace
}  // namespace parallel_pool::testing
