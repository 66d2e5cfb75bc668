// StateBufferQueue: pre-allocated output batches that workers write in place.
//
// A StateBlock holds one batch: an array per state field with a row per env
// (or per player). A worker claims a row with one atomic add and writes its
// env's result straight into it; when the block's last row is finished the
// caller takes the block whole and hands its memory to numpy (no copy), and
// a fresh block takes its place, so memory given away is never written again.
//
// Sync mode (batch_size == num_envs): one block per step; an env's row is its
// position in the send, so results come back in the order sent.
// Async mode: a ring of blocks filled in completion order; a block is ready
// when batch_size rows are finished.
#ifndef PARALLEL_POOL_CORE_STATE_BUFFER_QUEUE_H_
#define PARALLEL_POOL_CORE_STATE_BUFFER_QUEUE_H_

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/core/array.h"
#include "parallel_pool/core/spec.h"
#include "parallel_pool/core/spin_wait.h"

namespace parallel_pool {

// A failed allocation that says what it was for: pybind11 raises a
// std::bad_alloc as MemoryError(what()).
class OutOfMemory : public std::bad_alloc {
 public:
  explicit OutOfMemory(std::string message) : message_(std::move(message)) {}
  const char* what() const noexcept override { return message_.c_str(); }

 private:
  std::string message_;
};

// Where a caller sleeps until a block may be ready. It lives in the queue,
// not in the block: the caller may take and free a block as soon as its last
// row is counted, while the worker that counted it is still to wake it. A
// mutex and condition variable rather than an atomic wait: the caller's wait
// is bounded (see StateBlock::WaitFor), which atomic waits cannot be.
struct BlockWaker {
  std::mutex mu;
  std::condition_variable cv;
  // How long a waiter polls its block before it sleeps (see spin_wait.h).
  std::chrono::microseconds spin = kSpinBudget;

  void Wake() {
    // Taking the lock orders this wake after a waiter's check of its block,
    // so it cannot fall between that check and the waiter's sleep.
    { std::lock_guard<std::mutex> lock(mu); }
    cv.notify_all();
  }
};

// No batch block may be larger (2^48 bytes: far beyond any machine's memory,
// far from any size_t arithmetic overflowing).
inline constexpr std::size_t kMaxBlockBytes = std::size_t{1} << 48;

class StateBlock {
 public:
  // `shadowed` lists the fields that get a second "final" array (same-step
  // autoreset keeps the terminal observation and info there).
  // `waker` is the queue's, which outlives every block.
  StateBlock(const std::vector<ArraySpec>& specs, const std::vector<std::size_t>& shadowed,
             std::size_t batch, std::size_t max_players, int target, BlockWaker* waker)
      : waker_(waker), target_(target) {
    // One allocation for the whole block: fields start on 64-byte lines so
    // workers writing neighbouring fields don't share cache lines needlessly.
    std::vector<std::size_t> offsets;
    offsets.reserve(specs.size() + shadowed.size());
    std::size_t total = 0;
    // Sizes come from the config (num_envs, image sizes, ...): a product that
    // wraps around would allocate a small block the envs then overrun.
    bool overflow = false;
    auto plan = [&](const ArraySpec& spec) {
      std::size_t rows = spec.per_player ? batch * max_players : batch;
      std::size_t bytes = 0;
      overflow |= __builtin_mul_overflow(rows, SizeOf(spec.dtype), &bytes);
      for (std::size_t d : spec.shape) overflow |= __builtin_mul_overflow(bytes, d, &bytes);
      offsets.push_back(total);
      overflow |= __builtin_add_overflow(total, (bytes + 63) / 64 * 64, &total);
    };
    for (const ArraySpec& spec : specs) plan(spec);
    for (std::size_t i : shadowed) plan(specs[i]);
    if (overflow || total > kMaxBlockBytes) {
      throw OutOfMemory("a batch of this pool's results would take " +
                        (overflow ? std::string("more than 2^64") : std::to_string(total)) +
                        " bytes (rows x the declared fields' sizes); make num_envs or the "
                        "observation (image size, frame stack) smaller");
    }
    // Zeroed, so a field an env forgets to write reads as 0, never as stale
    // memory. calloc: large blocks come from fresh (already zero) pages.
    char* memory = static_cast<char*>(std::calloc(std::max<std::size_t>(total, 64), 1));
    if (memory == nullptr) {
      throw OutOfMemory("could not allocate a batch of this pool's results (" +
                        std::to_string(total) + " bytes)");
    }
    std::shared_ptr<char> owner(memory, [](char* p) { std::free(p); });
    std::size_t k = 0;
    // A block is made for every batch: its views allocate nothing more.
    auto view = [&](const ArraySpec& spec) {
      const std::size_t rows = spec.per_player ? batch * max_players : batch;
      return Array(owner, owner.get() + offsets[k++], spec.dtype,
                   Shape(spec.shape.begin(), spec.shape.end(), rows));
    };
    arrays_.reserve(specs.size());
    final_arrays_.reserve(shadowed.size());
    for (const ArraySpec& spec : specs) arrays_.push_back(view(spec));
    for (std::size_t i : shadowed) final_arrays_.push_back(view(specs[i]));
  }

  // Claims `num_players` player rows (the env row comes from the queue's
  // global counter in async mode, or from the send order in sync mode).
  std::size_t ClaimPlayers(int num_players) {
    return claimed_.fetch_add(static_cast<std::size_t>(num_players), std::memory_order_relaxed);
  }

  // A row is written. The caller is woken when the last expected row is in.
  // Nothing of this block may be touched once that row is counted: the
  // caller may take and free the block at once (ThreadSanitizer saw a worker
  // still reading it). So the wake-up goes through the queue's waker, read
  // before the count.
  void Finish() {
    BlockWaker* waker = waker_;
    const int target = target_.load();
    if (finished_.fetch_add(1) + 1 >= target) waker->Wake();
  }

  bool Ready() const { return finished_.load() >= target_.load(); }

  // Waits until the block is ready or `timeout` has passed; true if ready.
  // Bounded, so a waiting caller can look for signals and close() in between.
  bool WaitFor(std::chrono::microseconds timeout) const {
    if (SpinWait([this] { return Ready(); }, waker_->spin)) return true;
    std::unique_lock<std::mutex> lock(waker_->mu);
    return waker_->cv.wait_for(lock, timeout, [this] { return Ready(); });
  }

  void Wait() const {
    while (!WaitFor(std::chrono::milliseconds(100))) {
    }
  }

  void AddTarget(int n) { target_.fetch_add(n); }
  int target() const { return target_.load(); }
  std::size_t player_rows() const { return claimed_.load(); }

  const std::vector<Array>& arrays() const { return arrays_; }
  const std::vector<Array>& final_arrays() const { return final_arrays_; }

 private:
  std::vector<Array> arrays_;
  std::vector<Array> final_arrays_;
  BlockWaker* waker_;
  std::atomic<std::size_t> claimed_{0};  // player rows handed out
  std::atomic<int> finished_{0};
  std::atomic<int> target_;
};

// Where one env's result goes.
struct StateSlot {
  StateBlock* block = nullptr;
  std::size_t row = 0;
  std::size_t player_row = 0;
  int num_players = 0;
};

// A finished batch: every field truncated to the rows actually written, then
// the same-step "final" shadows (empty unless same-step autoreset is on).
struct StateBatch {
  std::vector<Array> arrays;
  std::vector<Array> final_arrays;
};

class StateBufferQueue {
 public:
  StateBufferQueue(std::vector<ArraySpec> specs, std::vector<std::size_t> shadowed,
                   std::size_t batch, std::size_t num_envs, std::size_t max_players, bool sync_mode,
                   std::chrono::microseconds spin = kSpinBudget)
      : specs_(std::move(specs)),
        shadowed_(std::move(shadowed)),
        batch_(batch),
        max_players_(max_players),
        sync_mode_(sync_mode),
        // Async: results not yet received never exceed num_envs, so writers
        // run at most num_envs / batch + 1 blocks ahead of the reader.
        owned_(sync_mode ? 1 : num_envs / batch + 2),
        ring_(owned_.size()) {
    waker_->spin = spin;
    for (std::size_t i = 0; i < owned_.size(); ++i) {
      owned_[i] = NewBlock();
      ring_[i].store(owned_[i].get());
    }
  }

  // Worker side: the slot for one env's result. `order` is used in sync mode.
  StateSlot Allocate(int num_players, int order) {
    if (num_players < 0 || static_cast<std::size_t>(num_players) > max_players_) {
      throw std::out_of_range("Allocate: num_players outside [0, max_num_players]");
    }
    StateSlot slot;
    slot.num_players = num_players;
    if (sync_mode_) {
      slot.block = ring_[0].load(std::memory_order_acquire);
      slot.row = static_cast<std::size_t>(order);
    } else {
      std::uint64_t s = next_row_.fetch_add(1, std::memory_order_relaxed);
      slot.block = ring_[(s / batch_) % ring_.size()].load(std::memory_order_acquire);
      slot.row = s % batch_;
    }
    // Single-player envs: a player row is the env row, so per-player fields
    // (reward) line up with per-env fields (obs). Multi-player envs claim
    // rows as they finish; info["players"]["env_id"] maps them.
    slot.player_row = max_players_ == 1 ? slot.row : slot.block->ClaimPlayers(num_players);
    return slot;
  }

  // Caller side, sync mode: n more results are due in the current batch.
  void Expect(int n) { ring_[0].load()->AddTarget(n); }

  StateBlock& head() { return *ring_[head_ % ring_.size()].load(); }

  // Takes the (ready) head batch and puts a fresh block in its place.
  StateBatch Take() {
    const std::size_t slot = head_ % ring_.size();
    std::unique_ptr<StateBlock> block = std::move(owned_[slot]);
    owned_[slot] = NewBlock();
    ring_[slot].store(owned_[slot].get(), std::memory_order_release);
    ++head_;
    std::size_t rows = static_cast<std::size_t>(block->target());
    std::size_t player_rows = max_players_ == 1 ? rows : block->player_rows();
    StateBatch out;
    out.arrays.reserve(specs_.size());
    out.final_arrays.reserve(shadowed_.size());
    for (std::size_t i = 0; i < specs_.size(); ++i) {
      out.arrays.push_back(block->arrays()[i].Truncate(specs_[i].per_player ? player_rows : rows));
    }
    for (std::size_t k = 0; k < shadowed_.size(); ++k) {
      bool per_player = specs_[shadowed_[k]].per_player;
      out.final_arrays.push_back(
          block->final_arrays()[k].Truncate(per_player ? player_rows : rows));
    }
    return out;
  }

 private:
  std::unique_ptr<StateBlock> NewBlock() const {
    return std::make_unique<StateBlock>(specs_, shadowed_, batch_, max_players_,
                                        sync_mode_ ? 0 : static_cast<int>(batch_), waker_.get());
  }

  std::vector<ArraySpec> specs_;
  std::vector<std::size_t> shadowed_;
  std::size_t batch_;
  std::size_t max_players_;
  bool sync_mode_;
  // The blocks, and the ring slots workers read them through: a slot is
  // replaced by the reader (Take) while workers may be reading another, so
  // the slots are atomic.
  std::vector<std::unique_ptr<StateBlock>> owned_;
  std::vector<std::atomic<StateBlock*>> ring_;
  std::atomic<std::uint64_t> next_row_{0};
  std::size_t head_ = 0;
  // Woken whenever a block may have become ready (on the heap: blocks keep
  // its address).
  std::unique_ptr<BlockWaker> waker_ = std::make_unique<BlockWaker>();
};

}  // namespace parallel_pool

#endif  // PARALLEL_POOL_CORE_STATE_BUFFER_QUEUE_H_
