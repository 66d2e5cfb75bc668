// Interruptions (docs/reliability.md). A caller waiting for a batch wakes
// every kWaitPollInterval to call its WaitPoll (the binding runs Python's
// signal handlers there) and to see whether Close() was called; either
// abandons the wait by throwing. An abandoned batch is not lost: the next
// Recv returns it, and in sync mode the next Send/Reset/Step first waits for
// it and drops it, so step() works again after a Ctrl-C. Close() from any
// thread makes waiting callers throw "pool closed", drops queued work, joins
// the workers and destroys the envs. A pool used in the child of a fork()
// (which copies only the forking thread, not the workers) throws instead of
// waiting forever, and is leaked there rather than joined.
#ifndef PARALLEL_POOL_CORE_WAIT_POLL_H_
#define PARALLEL_POOL_CORE_WAIT_POLL_H_

#include <chrono>
#include <functional>
#include <optional>
#include <stdexcept>

namespace parallel_pool {

// How often a caller waiting for a batch looks for signals and Close(): the
// bound on Ctrl-C's latency while it waits (not while it runs an env itself).
inline constexpr std::chrono::milliseconds kWaitPollInterval{5};

// Called by a waiting caller every kWaitPollInterval (with the pool's lock
// held); it abandons the wait by throwing. Empty: never called.
using WaitPoll = std::function<void()>;

// Thrown by Recv when its timeout passes before the batch is ready. The batch
// stays where it is, its envs go on running, and a later Recv returns it
// (Python's TimeoutError, py_env_pool.h).
class RecvTimeout : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A Recv's deadline; none: wait as long as it takes.
using Deadline = std::optional<std::chrono::steady_clock::time_point>;

inline constexpr const char* kPoolClosedMessage =
    "pool closed: close() was called on this pool; make a new one";

}  // namespace parallel_pool

#endif  // PARALLEL_POOL_CORE_WAIT_POLL_H_
