// The raw frame rate of this extension's own ALE build, for the benchmark's
// Atari limit (benchmark/atari_limit.py): emulation and nothing else.
//
// `threads` threads each own one ALE with the ROM loaded as the env loads it
// (LoadAle: no sticky actions) and play env steps: the next of `actions` (ALE
// actions, cycled) held for `frame_skip` act() calls, fewer if the game ends;
// after a game over, a step is reset_game() instead (the pool's reset step,
// which does more: no-ops, FIRE, an observation). No screen is read and
// nothing is preprocessed. Each thread starts at its own offset in the action
// stream, so the games differ as the pool's envs do. Steps are counted over a
// window of `seconds` after `warmup` seconds, with no Python and no GIL
// between frames; the ALEs are built before the clock starts.
//
// Why here and not in ale_py: a limit bounds our pool only if it runs the
// very emulator the pool runs, compiled as the pool's is.
#ifndef PARALLEL_POOL_ATARI_EMULATION_RATE_H_
#define PARALLEL_POOL_ATARI_EMULATION_RATE_H_

#include <atomic>
#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "ale/ale_interface.hpp"
#include "parallel_pool/atari/atari_env.h"

namespace parallel_pool::atari {

struct EmulationCount {
  double steps_per_s;     // env steps (frame_skip frames each, or a restart) per second
  double reset_fraction;  // the share of those steps that were restarts
};

inline EmulationCount EmulationRate(const std::string& rom, const std::vector<ale::Action>& actions,
                                    int frame_skip, int threads, double warmup, double seconds) {
  std::vector<std::unique_ptr<ale::ALEInterface>> ales;
  ales.reserve(threads);
  for (int t = 0; t < threads; ++t) ales.push_back(LoadAle(rom, t, 0.0F));
  // Each thread counts in its own cache line.
  struct alignas(64) Counter {
    std::atomic<long long> steps{0};
    std::atomic<long long> resets{0};
  };
  std::vector<Counter> counts(threads);
  std::atomic<bool> stop{false};
  auto worker = [&](int t) {
    ale::ALEInterface& ale = *ales[t];
    Counter& count = counts[t];
    std::size_t i = static_cast<std::size_t>(t) * actions.size() / threads;
    while (!stop.load(std::memory_order_relaxed)) {
      if (ale.game_over()) {
        ale.reset_game();
        count.resets.fetch_add(1, std::memory_order_relaxed);
      } else {
        const ale::Action a = actions[i++ % actions.size()];
        for (int f = 0; f < frame_skip && !ale.game_over(); ++f) ale.act(a);
      }
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

}  // namespace parallel_pool::atari

#endif  // PARALLEL_POOL_ATARI_EMULATION_RATE_H_
