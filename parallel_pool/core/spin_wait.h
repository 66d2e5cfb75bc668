// SpinWait: poll briefly before sleeping.
//
// A futex sleep and wake costs tens of microseconds on a busy VM, more than a
// typical env step, so both the workers (waiting for work) and the caller
// (waiting for a batch) poll for a short bounded time first. The bound keeps
// idle threads from burning a core while the learner runs Python. A pool
// whose envs wait on processes of their own (EnvFns::kThreadPerEnv) does not
// poll at all: those processes need the cores too, and a polling thread
// holds the core an engine process needs.
#ifndef PARALLEL_POOL_CORE_SPIN_WAIT_H_
#define PARALLEL_POOL_CORE_SPIN_WAIT_H_

#include <chrono>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace parallel_pool {

inline constexpr std::chrono::microseconds kSpinBudget{30};

inline void CpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_pause();
#endif
}

// Polls `ready` for up to `budget`; true as soon as it holds. A budget of
// zero checks once.
template <typename Ready>
bool SpinWait(Ready&& ready, std::chrono::microseconds budget = kSpinBudget) {
  if (budget <= std::chrono::microseconds::zero()) return ready();
  auto deadline = std::chrono::steady_clock::now() + budget;
  while (true) {
    for (int i = 0; i < 64; ++i) {
      if (ready()) return true;
      CpuRelax();
    }
    if (std::chrono::steady_clock::now() >= deadline) return false;
  }
}

}  // namespace parallel_pool

#endif  // PARALLEL_POOL_CORE_SPIN_WAIT_H_
