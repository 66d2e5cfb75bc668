#include "parallel_pool/core/action_buffer_queue.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

namespace parallel_pool {
namespace {

TEST(ActionBufferQueueTest, FifoOrder) {
  ActionBufferQueue q(4);
  std::vector<ActionSlice> items{{0, 0, false}, {1, 1, true}, {2, 2, false}};
  q.EnqueueBulk(items.data(), items.size());
  ActionSlice s;
  ASSERT_EQ(q.DequeueUpTo(&s, 1), 1U);
  EXPECT_EQ(s.env_id, 0);
  ASSERT_TRUE(q.TryDequeue(&s));
  EXPECT_EQ(s.env_id, 1);
  EXPECT_TRUE(s.force_reset);
  ASSERT_EQ(q.DequeueUpTo(&s, 1), 1U);
  EXPECT_EQ(s.env_id, 2);
  EXPECT_FALSE(q.TryDequeue(&s));
}

TEST(ActionBufferQueueTest, DequeueUpToTakesChunksButStopItemsAlone) {
  ActionBufferQueue q(8);
  std::vector<ActionSlice> items{
      {0, 0, false}, {1, 1, false}, {2, 2, false}, {-1, 0, false}, {-1, 0, false}};
  q.EnqueueBulk(items.data(), items.size());
  ActionSlice out[8];
  ASSERT_EQ(q.DequeueUpTo(out, 2), 2U);
  EXPECT_EQ(out[1].env_id, 1);
  ASSERT_EQ(q.DequeueUpTo(out, 8), 1U);  // stops before the stop item
  EXPECT_EQ(out[0].env_id, 2);
  ASSERT_EQ(q.DequeueUpTo(out, 8), 1U);  // one stop item per call
  EXPECT_EQ(out[0].env_id, -1);
  ASSERT_EQ(q.DequeueUpTo(out, 8), 1U);
  EXPECT_EQ(out[0].env_id, -1);
  EXPECT_FALSE(q.TryDequeue(out));  // permits were given back exactly
}

TEST(ActionBufferQueueTest, DequeueUpToTakesAShareOfWhatIsQueued) {
  ActionBufferQueue q(16);
  std::vector<ActionSlice> items;
  for (int i = 0; i < 16; ++i) items.push_back({i, i, false});
  q.EnqueueBulk(items.data(), items.size());
  ActionSlice out[8];
  EXPECT_EQ(q.DequeueUpTo(out, 8, 4), 4U);  // 16 queued / 4
  EXPECT_EQ(q.DequeueUpTo(out, 8, 4), 3U);  // 12 / 4
  EXPECT_EQ(q.DequeueUpTo(out, 8, 4), 2U);  // 9 / 4
  EXPECT_EQ(q.DequeueUpTo(out, 8, 4), 1U);  // 7 / 4
  EXPECT_EQ(q.DequeueUpTo(out, 8, 0), 6U);  // a share of 0 counts as 1: 6 left, at most 8
  EXPECT_EQ(out[5].env_id, 15);
  EXPECT_FALSE(q.TryDequeue(out));
}

TEST(ActionBufferQueueTest, OverCapacityThrows) {
  ActionBufferQueue q(2);
  std::vector<ActionSlice> items(3, ActionSlice{0, 0, false});
  EXPECT_THROW(q.EnqueueBulk(items.data(), items.size()), std::logic_error);
}

// Several producers and consumers: every item is delivered exactly once.
TEST(ActionBufferQueueTest, ConcurrentProducersAndConsumers) {
  constexpr int kProducers = 3;
  constexpr int kConsumers = 4;
  constexpr int kPerProducer = 20000;
  ActionBufferQueue q(64);
  std::vector<std::atomic<int>> seen(kProducers * kPerProducer);
  std::atomic<int> in_queue{0};
  std::vector<std::thread> threads;
  for (int c = 0; c < kConsumers; ++c) {
    threads.emplace_back([&] {
      ActionSlice chunk[4];
      while (true) {
        std::size_t n = q.DequeueUpTo(chunk, 4);
        in_queue.fetch_sub(static_cast<int>(n));
        for (std::size_t i = 0; i < n; ++i) {
          if (chunk[i].env_id < 0) return;
          seen[chunk[i].env_id].fetch_add(1);
        }
      }
    });
  }
  std::vector<std::thread> producers;
  std::mutex capacity_mu;  // keep the queue within capacity, as the pool does
  for (int p = 0; p < kProducers; ++p) {
    producers.emplace_back([&, p] {
      for (int i = 0; i < kPerProducer; ++i) {
        ActionSlice s{p * kPerProducer + i, i, false};
        while (true) {
          std::lock_guard<std::mutex> lock(capacity_mu);
          if (in_queue.load() < 60) {
            in_queue.fetch_add(1);
            q.EnqueueBulk(&s, 1);
            break;
          }
        }
      }
    });
  }
  for (auto& t : producers) t.join();
  std::vector<ActionSlice> stop(kConsumers, ActionSlice{-1, 0, false});
  while (in_queue.load() > 64 - kConsumers) std::this_thread::yield();
  in_queue.fetch_add(kConsumers);
  q.EnqueueBulk(stop.data(), stop.size());
  for (auto& t : threads) t.join();
  for (auto& s : seen) EXPECT_EQ(s.load(), 1);
}

TEST(SpinWaitTest, AZeroBudgetChecksOnce) {
  int checks = 0;
  EXPECT_FALSE(SpinWait([&] { return ++checks > 1; }, std::chrono::microseconds::zero()));
  EXPECT_EQ(checks, 1);
  EXPECT_TRUE(SpinWait([&] { return ++checks > 3; }));  // the default budget polls on
  EXPECT_EQ(checks, 4);
}

// A queue that does not poll (a pool whose envs wait on processes) still
// hands a worker the item that arrives while it sleeps.
TEST(ActionBufferQueueTest, AWorkerThatDoesNotPollSleepsUntilAnItemArrives) {
  ActionBufferQueue q(2, std::chrono::microseconds::zero());
  ActionSlice got{-5, 0, false};
  std::thread worker([&] { q.DequeueUpTo(&got, 1); });
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ActionSlice item{7, 0, false};
  q.EnqueueBulk(&item, 1);
  worker.join();
  EXPECT_EQ(got.env_id, 7);
}

}  // namespace
}  // namespace parallel_pool
