#include "parallel_pool/core/state_buffer_queue.h"

#include <gtest/gtest.h>

#include <new>
#include <string>
#include <thread>
#include <vector>

namespace parallel_pool {
namespace {

std::vector<ArraySpec> Specs() {
  return {ArraySpec{DType::kInt32, {}, false},     // one value per env
          ArraySpec{DType::kFloat32, {2}, true}};  // two values per player
}

void Write(const StateSlot& slot, int value) {
  Array env = slot.block->arrays()[0];
  env.Data<int>()[slot.row] = value;
  Array players = slot.block->arrays()[1];
  for (int p = 0; p < slot.num_players; ++p) {
    players.Data<float>()[(slot.player_row + p) * 2] = static_cast<float>(value);
  }
  slot.block->Finish();
}

TEST(StateBufferQueueTest, ABatchTooLargeToCountIsAMemoryErrorNotAWrappedSize) {
  // 8 rows of 2^31 x 2^31 floats: 2^67 bytes, which wraps around a size_t to 0
  // (a block the envs would then overrun).
  std::vector<ArraySpec> huge{
      ArraySpec{DType::kFloat32, {std::size_t{1} << 31, std::size_t{1} << 31}, false}};
  try {
    StateBufferQueue q(huge, {}, 8, 8, 1, true);
    FAIL() << "a 2^67-byte batch was allocated";
  } catch (const std::bad_alloc& e) {
    EXPECT_NE(std::string(e.what()).find("more than 2^64 bytes"), std::string::npos) << e.what();
  }
  std::vector<ArraySpec> large{ArraySpec{DType::kUInt8, {std::size_t{1} << 40}, false}};
  EXPECT_THROW(StateBufferQueue(large, {}, 1024, 1024, 1, true),
               OutOfMemory);  // 2^50 > kMaxBlockBytes
}

TEST(StateBufferQueueTest, SyncModeRowsFollowSendOrder) {
  StateBufferQueue q(Specs(), {}, 4, 4, 1, /*sync_mode=*/true);
  q.Expect(3);
  for (int order : {2, 0, 1}) Write(q.Allocate(1, order), 10 + order);
  ASSERT_TRUE(q.head().Ready());
  StateBatch b = q.Take();
  ASSERT_EQ(b.arrays[0].shape()[0], 3U);  // truncated to what was sent
  EXPECT_EQ(b.arrays[0].Data<int>()[0], 10);
  EXPECT_EQ(b.arrays[0].Data<int>()[2], 12);
  EXPECT_EQ(b.arrays[1].shape(), (Shape{3, 2}));
}

TEST(StateBufferQueueTest, SyncModeNotReadyUntilAllExpectedFinish) {
  StateBufferQueue q(Specs(), {}, 2, 2, 1, true);
  q.Expect(2);
  Write(q.Allocate(1, 0), 1);
  EXPECT_FALSE(q.head().Ready());
  Write(q.Allocate(1, 1), 2);
  EXPECT_TRUE(q.head().Ready());
}

TEST(StateBufferQueueTest, AsyncModeFillsBlocksInCompletionOrder) {
  StateBufferQueue q(Specs(), {}, 2, 6, 1, false);
  for (int i = 0; i < 5; ++i) Write(q.Allocate(1, 0), i);
  StateBatch first = q.Take();
  EXPECT_EQ(first.arrays[0].Data<int>()[0], 0);
  EXPECT_EQ(first.arrays[0].Data<int>()[1], 1);
  EXPECT_TRUE(q.head().Ready());
  StateBatch second = q.Take();
  EXPECT_EQ(second.arrays[0].Data<int>()[1], 3);
  EXPECT_FALSE(q.head().Ready());  // only one of two rows written
  Write(q.Allocate(1, 0), 5);
  EXPECT_EQ(q.Take().arrays[0].Data<int>()[1], 5);
}

TEST(StateBufferQueueTest, SinglePlayerRowsMatchEnvRows) {
  StateBufferQueue q(Specs(), {}, 3, 3, 1, true);
  q.Expect(3);
  for (int order : {2, 0, 1})
    EXPECT_EQ(q.Allocate(1, order).player_row, static_cast<std::size_t>(order));
}

TEST(StateBufferQueueTest, PlayerRowsAreClaimedPerEnv) {
  StateBufferQueue q(Specs(), {}, 3, 3, 4, true);
  q.Expect(3);
  Write(q.Allocate(2, 0), 1);
  Write(q.Allocate(4, 1), 2);
  Write(q.Allocate(1, 2), 3);
  StateBatch b = q.Take();
  EXPECT_EQ(b.arrays[1].shape()[0], 7U);
  EXPECT_THROW(q.Allocate(5, 0), std::out_of_range);
}

TEST(StateBufferQueueTest, TakenMemoryIsNeverReused) {
  StateBufferQueue q(Specs(), {}, 1, 1, 1, true);
  q.Expect(1);
  Write(q.Allocate(1, 0), 1);
  StateBatch b = q.Take();
  q.Expect(1);
  Write(q.Allocate(1, 0), 2);
  EXPECT_EQ(b.arrays[0].Data<int>()[0], 1);
  EXPECT_EQ(q.Take().arrays[0].Data<int>()[0], 2);
}

TEST(StateBufferQueueTest, ShadowArraysFollowTheirFields) {
  StateBufferQueue q(Specs(), {1}, 2, 2, 1, true);
  q.Expect(1);
  Write(q.Allocate(1, 0), 1);
  StateBatch b = q.Take();
  ASSERT_EQ(b.final_arrays.size(), 1U);
  EXPECT_EQ(b.final_arrays[0].shape(), (Shape{1, 2}));
}

// Many writers, one reader: every batch complete, every value exactly once.
TEST(StateBufferQueueTest, ConcurrentWritersAsync) {
  constexpr int kBatch = 8;
  constexpr int kBatches = 2000;
  constexpr int kWriters = 4;
  StateBufferQueue q(Specs(), {}, kBatch, kBatch * 3, 1, false);
  std::atomic<int> next{0};
  std::atomic<int> released{kBatch * 3};  // values allowed in flight
  std::vector<std::thread> writers;
  for (int w = 0; w < kWriters; ++w) {
    writers.emplace_back([&] {
      while (true) {
        int budget = released.load();
        int v = next.load();
        if (v >= kBatch * kBatches) return;
        if (v >= budget) {
          std::this_thread::yield();
          continue;
        }
        if (next.compare_exchange_weak(v, v + 1)) Write(q.Allocate(1, 0), v);
      }
    });
  }
  std::vector<int> count(kBatch * kBatches, 0);
  for (int b = 0; b < kBatches; ++b) {
    q.head().Wait();
    StateBatch batch = q.Take();
    for (int i = 0; i < kBatch; ++i) ++count[batch.arrays[0].Data<int>()[i]];
    released.fetch_add(kBatch);
  }
  for (auto& t : writers) t.join();
  for (int c : count) EXPECT_EQ(c, 1);
}

}  // namespace
}  // namespace parallel_pool
