// ActionBufferQueue: the work queue from the caller to the worker threads.
//
// Each item names an env to advance; the action itself was already copied
// into that env's own action row, so items are three small integers. One
// producer (the pool's caller, under the pool's API lock) and many consumers
// (workers, and the caller itself when it helps while waiting).
#ifndef PARALLEL_POOL_CORE_ACTION_BUFFER_QUEUE_H_
#define PARALLEL_POOL_CORE_ACTION_BUFFER_QUEUE_H_

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <mutex>
#include <semaphore>
#include <stdexcept>
#include <vector>

#include "parallel_pool/core/spin_wait.h"

namespace parallel_pool {

struct ActionSlice {
  int env_id;
  // Sync mode: the row this env's result goes to in the returned batch.
  int order;
  // Reset instead of step, whatever the env's state.
  bool force_reset;
};

class ActionBufferQueue {
 public:
  // `capacity` bounds the items queued at once: the pool never has more
  // than num_envs envs in flight, so that is what it passes.
  // `spin`: how long a worker polls for an item before it sleeps.
  explicit ActionBufferQueue(std::size_t capacity, std::chrono::microseconds spin = kSpinBudget)
      : ring_(capacity), spin_(spin) {}

  void EnqueueBulk(const ActionSlice* items, std::size_t n) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (size_ + n > ring_.size()) {
        throw std::logic_error("ActionBufferQueue: more items than capacity");
      }
      size_ += n;
      for (std::size_t i = 0; i < n; ++i) {
        ring_[tail_] = items[i];
        tail_ = (tail_ + 1) % ring_.size();
      }
    }
    Release(n);
  }

  // Blocks until an item is available, then takes up to `max` items in one
  // lock: with many cheap envs, a lock per env would cost more than the env.
  // A stop item (env_id < 0) is only ever taken alone, so each worker gets
  // exactly one.
  //
  // Guided, as OpenMP's schedule(guided): at most 1/`share` of what is
  // queued, so chunks shrink to single envs as the queue drains. A sync
  // batch ends when its last env does; with fixed chunks the last worker
  // could still hold several envs while the others had nothing left.
  // The pool passes share = 2 x its workers.
  std::size_t DequeueUpTo(ActionSlice* out, std::size_t max, std::size_t share = 1) {
    if (!SpinWait([this] { return TryAcquire(); }, spin_)) Acquire();
    const auto queued = static_cast<std::size_t>(
                            std::max<std::ptrdiff_t>(permits_.load(std::memory_order_relaxed), 0)) +
                        1;
    max = std::clamp<std::size_t>(queued / std::max<std::size_t>(share, 1), 1,
                                  std::max<std::size_t>(max, 1));
    std::size_t permits = 1;
    while (permits < max && TryAcquire()) ++permits;
    std::size_t n = 0;
    {
      std::lock_guard<std::mutex> lock(mu_);
      while (n < permits) {
        const ActionSlice& next = ring_[head_];
        if (next.env_id < 0 && n > 0) break;
        out[n++] = next;
        head_ = (head_ + 1) % ring_.size();
        --size_;
        if (out[n - 1].env_id < 0) break;
      }
    }
    if (n < permits) Release(permits - n);
    return n;
  }

  // Takes an item if one is queued; never blocks.
  bool TryDequeue(ActionSlice* out) {
    if (!TryAcquire()) return false;
    *out = Pop();
    return true;
  }

 private:
  // libstdc++'s counting_semaphore::try_acquire() spins, yielding the CPU
  // four times, before it reports failure: polled on an empty queue (by
  // SpinWait, or by a caller helping while it waits) it made sched_yield the
  // hottest call of the waiting threads, stealing cores from the envs. So the
  // queue keeps its own count of permits (never below the semaphore's: it
  // rises before a release and falls after an acquire) and asks the
  // semaphore only when that count says a permit is there.
  bool TryAcquire() {
    if (permits_.load(std::memory_order_acquire) <= 0 || !available_.try_acquire()) return false;
    permits_.fetch_sub(1, std::memory_order_relaxed);
    return true;
  }

  void Acquire() {
    available_.acquire();
    permits_.fetch_sub(1, std::memory_order_relaxed);
  }

  void Release(std::size_t n) {
    permits_.fetch_add(static_cast<std::ptrdiff_t>(n), std::memory_order_release);
    available_.release(static_cast<std::ptrdiff_t>(n));
  }

  ActionSlice Pop() {
    std::lock_guard<std::mutex> lock(mu_);
    ActionSlice item = ring_[head_];
    head_ = (head_ + 1) % ring_.size();
    --size_;
    return item;
  }

  std::mutex mu_;
  std::vector<ActionSlice> ring_;
  const std::chrono::microseconds spin_;
  std::size_t head_ = 0;
  std::size_t tail_ = 0;
  std::size_t size_ = 0;
  std::counting_semaphore<> available_{0};
  std::atomic<std::ptrdiff_t> permits_{0};
};

}  // namespace parallel_pool

#endif  // PARALLEL_POOL_CORE_ACTION_BUFFER_QUEUE_H_
