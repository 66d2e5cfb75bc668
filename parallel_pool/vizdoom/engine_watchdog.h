// A watchdog for engines that stop answering without dying (stopped,
// deadlocked): the ViZDoom client library waits for its engine without a
// time limit, so a stuck engine would hang the pool forever.
//
// Each env marks when it starts talking to its engines (a reset or a step)
// and when it is done; one thread per process looks four times a second and
// kills the engines of an env that has waited longer than its
// `engine_timeout`. The env's blocked call then fails as for any engine death,
// and the env reports the timeout.
//
// The thread runs only while some env is watched: it starts with the first
// and has ended when the removal of the last returns. So a process with no env alive has no
// thread named kThreadName (/proc/<pid>/task/*/comm), which is how the tests
// tell that no env stayed on the list (reliability/env_failure_test.py).
#ifndef PARALLEL_POOL_VIZDOOM_ENGINE_WATCHDOG_H_
#define PARALLEL_POOL_VIZDOOM_ENGINE_WATCHDOG_H_

#include <pthread.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <set>
#include <thread>

namespace parallel_pool::vizdoom {

class EngineWatchdog {
 public:
  // The watchdog thread's name (at most 15 characters, Linux's limit).
  static constexpr const char* kThreadName = "engine_watchdog";

  // What the watchdog knows of one env.
  struct Watched {
    std::atomic<long long> busy_since_ms{0};  // 0: not talking to its engines
    long long timeout_ms = 0;
    std::function<void()> kill;  // stops the env's engines
    std::atomic<bool> fired{false};
  };

  static EngineWatchdog& Instance() {
    static auto* watchdog = new EngineWatchdog();  // never destroyed: its thread outlives exit
    return *watchdog;
  }

  static long long NowMs() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
  }

  void Add(Watched* w) {
    std::lock_guard<std::mutex> lock(mu_);
    watched_.insert(w);
    if (!thread_.joinable()) {
      thread_ = std::thread([this, generation = generation_] { Loop(generation); });
      // Named here, not by the thread itself: once an env is added, the
      // thread is visible by its name, whether it has run yet or not.
      pthread_setname_np(thread_.native_handle(), kThreadName);
    }
  }

  // Removing the last env ends the thread before returning, so a process
  // whose envs are all gone has no watchdog thread at once (what a check of
  // the threads left after close() expects).
  void Remove(Watched* w) {
    std::thread retired;
    {
      std::lock_guard<std::mutex> lock(mu_);
      watched_.erase(w);
      if (!watched_.empty() || !thread_.joinable()) return;
      ++generation_;  // the running Loop's: it returns when it wakes
      retired = std::move(thread_);
    }
    wake_.notify_all();
    retired.join();
  }

 private:
  // Runs until Remove retires its generation (an Add after that starts a
  // thread of the next one, so a retired Loop never watches a newer env).
  void Loop(unsigned generation) {
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
      wake_.wait_for(lock, std::chrono::milliseconds(250));
      if (generation != generation_) return;
      const long long now = NowMs();
      for (Watched* w : watched_) {
        const long long since = w->busy_since_ms.load();
        if (since != 0 && now - since > w->timeout_ms && !w->fired.exchange(true)) w->kill();
      }
    }
  }

  std::mutex mu_;
  std::condition_variable wake_;
  std::set<Watched*> watched_;
  std::thread thread_;       // the running Loop, while some env is watched
  unsigned generation_ = 0;  // the running Loop's; Remove retires it
};

// Marks an env busy with its engines for a scope.
class BusyWithEngines {
 public:
  explicit BusyWithEngines(EngineWatchdog::Watched& w) : w_(w) {
    w_.fired.store(false);
    w_.busy_since_ms.store(EngineWatchdog::NowMs());
  }
  ~BusyWithEngines() { w_.busy_since_ms.store(0); }
  BusyWithEngines(const BusyWithEngines&) = delete;
  BusyWithEngines& operator=(const BusyWithEngines&) = delete;

 private:
  EngineWatchdog::Watched& w_;
};

}  // namespace parallel_pool::vizdoom

#endif  // PARALLEL_POOL_VIZDOOM_ENGINE_WATCHDOG_H_
