// Fork detection for the pool and the binding. fork() copies only the thread
// that called it: a pool's workers do not exist in the child, and joining
// them would wait forever. So every object that owns threads remembers the
// fork generation it was made in and compares it on each call.
#ifndef PARALLEL_POOL_CORE_FORK_GUARD_H_
#define PARALLEL_POOL_CORE_FORK_GUARD_H_

#include <pthread.h>
#include <unistd.h>

#include <atomic>
#include <stdexcept>
#include <string>

namespace parallel_pool {

// How many fork()s this process descends from, counted by one
// pthread_atfork handler in the child. Comparing two ints on every call is
// cheaper than a getpid() system call.
inline int CurrentForkCount() {
  static std::atomic<int> count{0};
  [[maybe_unused]] static const int registered =
      pthread_atfork(nullptr, nullptr, [] { count.fetch_add(1, std::memory_order_relaxed); });
  return count.load(std::memory_order_relaxed);
}

// The fork generation and process an object was made in.
class ForkGuard {
 public:
  ForkGuard() : fork_count_(CurrentForkCount()), creator_pid_(getpid()) {}

  // Whether this process is a fork()ed child of the one that made the object.
  bool forked() const { return fork_count_ != CurrentForkCount(); }

  // Throws, naming both processes, where the object is used in a child.
  void ThrowIfForked() const {
    if (!forked()) return;
    throw std::runtime_error(
        "this pool was made in process " + std::to_string(creator_pid_) +
        " and cannot be used in its fork()ed child " + std::to_string(getpid()) +
        ": fork copies no worker threads. Make a new pool in the child (that works)");
  }

 private:
  const int fork_count_;
  const pid_t creator_pid_;
};

}  // namespace parallel_pool

#endif  // PARALLEL_POOL_CORE_FORK_GUARD_H_
