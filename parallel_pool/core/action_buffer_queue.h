// ActionBufferQueue: the work queue from the caller to the worker threads.
//
// Each item names an env to advance; the action itself was already copied
// into that env's own action row, so items are three small integers. One
// producer (the pool's caller, under the pool's API lock) and many consumers
// (workers, and the caller itself when it helps while waiting).
#ifndef PARALLEL_POOL_CORE_ACTION_BUFFER_QUEUE_H_
#define PARALLEL_POOL_CORE_ACTION_BUFFER_QUEUE_H_

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
  explicit ActionBufferQueue(std::size_t capacity) : ring_(capacity) {}

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
    available_.release(static_cast<std::ptrdiff_t>(n));
  }

  // Blocks until an item is available, then takes up to `max` items in one
  // lock: with many cheap envs, a lock per env would cost more than the env.
  // A stop item (env_id < 0) is only ever taken alone, so each worker gets
  // exactly one.
  std::size_t DequeueUpTo(ActionSlice* out, std::size_t max) {
    if (!SpinWait([this] { return available_.try_acquire(); })) available_.acquire();
    std::size_t permits = 1;
    while (permits < max && available_.try_acquire()) ++permits;
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
    if (n < permits) available_.release(static_cast<std::ptrdiff_t>(permits - n));
    return n;
  }

  // Takes an item if one is queued; never blocks.
  bool TryDequeue(ActionSlice* out) {
    if (!available_.try_acquire()) return false;
    *out = Pop();
    return true;
  }

 private:
  ActionSlice Pop() {
    std::lock_guard<std::mutex> lock(mu_);
    ActionSlice item = ring_[head_];
    head_ = (head_ + 1) % ring_.size();
    --size_;
    return item;
  }

  std::mutex mu_;
  std::vector<ActionSlice> ring_;
  std::size_t head_ = 0;
  std::size_t tail_ = 0;
  std::size_t size_ = 0;
  std::counting_semaphore<> available_{0};
};

}  // namespace parallel_pool

#endif  // PARALLEL_POOL_CORE_ACTION_BUFFER_QUEUE_H_
