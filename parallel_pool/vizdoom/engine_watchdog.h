// A watchdog for engines that stop answering without dying (stopped,
// deadlocked): the ViZDoom client library waits for its engine without a
// time limit, so a stuck engine would hang the pool forever.
//
// Each env marks when it starts talking to its engines (a reset or a step)
// and when it is done; one thread per process looks once a second and kills
// the engines of an env that has waited longer than its `engine_timeout`.
// The env's blocked call then fails as for any engine death, and the env
// reports the timeout.
#ifndef PARALLEL_POOL_VIZDOOM_ENGINE_WATCHDOG_H_
#define PARALLEL_POOL_VIZDOOM_ENGINE_WATCHDOG_H_

#include <atomic>
#include <chrono>
#include <functional>
#include <mutex>
#include <set>
#include <thread>

namespace parallel_pool::vizdoom {

class EngineWatchdog {
 public:
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
    if (!thread_started_) {
      thread_started_ = true;
      std::thread([this] { Loop(); }).detach();
    }
  }

  void Remove(Watched* w) {
    std::lock_guard<std::mutex> lock(mu_);
    watched_.erase(w);
  }

  // How many envs it watches (every env alive in the process; for tests).
  std::size_t size() {
    std::lock_guard<std::mutex> lock(mu_);
    return watched_.size();
  }

 private:
  void Loop() {
    for (;;) {
      std::this_thread::sleep_for(std::chrono::milliseconds(250));
      std::lock_guard<std::mutex> lock(mu_);
      const long long now = NowMs();
      for (Watched* w : watched_) {
        const long long since = w->busy_since_ms.load();
        if (since != 0 && now - since > w->timeout_ms && !w->fired.exchange(true)) w->kill();
      }
    }
  }

  std::mutex mu_;
  std::set<Watched*> watched_;
  bool thread_started_ = false;
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
