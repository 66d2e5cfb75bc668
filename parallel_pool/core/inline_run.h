// Who runs a sync batch. Handing a batch to a worker costs a futex wake and a
// cache-cold thread, several microseconds; a cheap env step, tens of ns. So
// the pool measures the per-env cost (an EMA) and, when the whole batch costs
// less than kInlineBudgetNs, runs it on the calling thread, skipping the
// hand-off. Otherwise the workers take it and the caller, instead of idling
// in Recv, takes queued envs too (and its timings feed the same estimate).
#ifndef PARALLEL_POOL_CORE_INLINE_RUN_H_
#define PARALLEL_POOL_CORE_INLINE_RUN_H_

#include <algorithm>
#include <chrono>
#include <cstddef>

namespace parallel_pool {

// Below this much estimated work, a sync Step runs on the caller's thread.
// A few hand-offs' worth, as benchmark/handoff.py measures them (docs/performance.md).
inline constexpr double kInlineBudgetNs = 20000.0;

class InlineRunPolicy {
 public:
  using Clock = std::chrono::steady_clock;

  // Whether `n` envs are worth running here. One env cannot be parallelised:
  // handing it over would only add the hand-off to its latency.
  bool Worth(std::size_t n) const {
    return n == 1 || static_cast<double>(n) * step_ns_ < kInlineBudgetNs;
  }

  // Runs run(0), run(1), ... run(n - 1) here, unless the batch turns out far
  // costlier than estimated (the first steps of an env whose resets are
  // cheap): then it stops, and the caller hands the rest to the workers. The
  // clock is read after envs 1, 4, 16, 64, ..., so a cheap batch pays for a
  // few reads only. Returns how many ran.
  template <typename RunOne>
  std::size_t Run(std::size_t n, RunOne&& run) {
    constexpr auto kOverrun = std::chrono::milliseconds(1);
    const Clock::time_point start = Clock::now();
    std::size_t i = 0;
    for (std::size_t check = 1; i < n; check *= 4) {
      for (; i < std::min(check, n); ++i) run(i);
      if (i < n && Clock::now() - start > kOverrun) break;
    }
    Record(start, i);
    return i;
  }

  // `n` envs ran since `start` (on any thread that asks): updates the
  // estimate and returns the time now.
  Clock::time_point Record(Clock::time_point start, std::size_t n) {
    const Clock::time_point now = Clock::now();
    const double ns = std::chrono::duration<double, std::nano>(now - start).count();
    const double per_env = ns / static_cast<double>(n);
    step_ns_ = step_ns_ == 0.0 ? per_env : 0.8 * step_ns_ + 0.2 * per_env;
    return now;
  }

 private:
  double step_ns_ = 0.0;  // EMA of one env's reset/step cost
};

}  // namespace parallel_pool

#endif  // PARALLEL_POOL_CORE_INLINE_RUN_H_
