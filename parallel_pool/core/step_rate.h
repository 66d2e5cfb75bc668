// The benchmark's limit probes (atari's emulation_rate.h, highway's
// simulation_rate.h): `threads` threads, each stepping its own engine alone
// as fast as it can, counted over a window of `seconds` on the wall clock
// after `warmup` seconds, with no Python and no GIL between steps.
#ifndef PARALLEL_POOL_CORE_STEP_RATE_H_
#define PARALLEL_POOL_CORE_STEP_RATE_H_

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "parallel_pool/core/env_spec.h"

namespace parallel_pool {

// The window's arguments, or std::invalid_argument (Python's ValueError)
// naming the one that is wrong.
inline void CheckStepRateWindow(int threads, double warmup, double seconds) {
  if (threads < 1 || threads > kMaxNumThreads) {
    throw std::invalid_argument("threads: expected an int in [1, " +
                                std::to_string(kMaxNumThreads) + "]");
  }
  if (!(warmup >= 0)) throw std::invalid_argument("warmup: expected seconds >= 0");
  if (!(seconds > 0)) throw std::invalid_argument("seconds: expected seconds > 0");
}

struct StepRate {
  double steps_per_s;     // env steps per second, all threads together
  double reset_fraction;  // the share of those steps that were resets
};

// `step(t)` runs thread t's next env step and says whether it was a reset;
// each thread calls it with its own t, so t's state is its own. The engines
// are built before the clock starts.
template <typename Step>
StepRate MeasureStepRate(int threads, double warmup, double seconds, Step&& step) {
  // Each thread counts in its own cache line.
  struct alignas(64) Counter {
    std::atomic<long long> steps{0};
    std::atomic<long long> resets{0};
  };
  std::vector<Counter> counts(threads);
  std::atomic<bool> stop{false};
  auto worker = [&](int t) {
    Counter& count = counts[t];
    while (!stop.load(std::memory_order_relaxed)) {
      if (step(t)) count.resets.fetch_add(1, std::memory_order_relaxed);
      count.steps.fetch_add(1, std::memory_order_relaxed);
    }
  };
  auto total = [&] {
    std::pair<long long, long long> sum{0, 0};
    for (const Counter& c : counts) {
      sum.first += c.steps.load(std::memory_order_relaxed);
      sum.second += c.resets.load(std::memory_order_relaxed);
    }
    return sum;
  };
  std::vector<std::thread> pool;
  pool.reserve(threads);
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker, t);
  using Clock = std::chrono::steady_clock;
  std::this_thread::sleep_for(std::chrono::duration<double>(warmup));
  const auto before = total();
  const auto start = Clock::now();
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  const auto after = total();
  const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  stop.store(true);
  for (auto& t : pool) t.join();
  const auto steps = static_cast<double>(after.first - before.first);
  const auto resets = static_cast<double>(after.second - before.second);
  return {steps / elapsed, steps > 0 ? resets / steps : 0.0};
}

}  // namespace parallel_pool

#endif  // PARALLEL_POOL_CORE_STEP_RATE_H_
