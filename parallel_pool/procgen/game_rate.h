// The step-and-draw rate of this extension's own procgen games, for the
// benchmark's procgen limit (benchmark/procgen_limit.py): the game alone.
//
// `threads` threads each own one game built from the spec's config as the env
// builds it (thread t's level seeds are those of env t of a pool made with the
// config's seed), and play env steps: the next of `actions` (cycled; each
// thread from its own offset, so their levels differ as the pool's envs do),
// then the 64x64 frame drawn into a buffer of the thread's own, as the env's
// step draws it into the batch. A step that ends a level has started the next
// one, as procgen's does; it counts as a reset. No info, no batch, no pool, no
// Python and no GIL. Steps are counted over a window of `seconds` after
// `warmup` seconds.
//
// Why here: the limit bounds our pool only if it runs the very games the pool
// runs, compiled as the pool's are.
#ifndef PARALLEL_POOL_PROCGEN_GAME_RATE_H_
#define PARALLEL_POOL_PROCGEN_GAME_RATE_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "parallel_pool/core/step_rate.h"
#include "parallel_pool/procgen/procgen_env.h"

namespace parallel_pool::procgen {

// `actions` are action indices in [0, kNumActions).
inline StepRate GameRate(const ProcgenEnvSpec::Config& config, const std::vector<int>& actions,
                         int threads, double warmup, double seconds) {
  // Each thread's game, frame and place in the action stream, in its own
  // cache lines.
  struct alignas(64) Runner {
    std::unique_ptr<Game> game;
    std::array<std::uint8_t, 3 * kFrameSize * kFrameSize> frame;
    std::size_t next;
  };
  const bool channel_first = config["channel_first"_];
  const auto seed = static_cast<std::uint32_t>(int{config["seed"_]});
  std::vector<Runner> runners(threads);
  for (int t = 0; t < threads; ++t) {
    runners[t].game = MakeConfiguredGame(config, LevelSeedGenSeed(seed + t, t));
    runners[t].game->Reset();  // its first level, as the env's first reset starts it
    runners[t].next = static_cast<std::size_t>(t) * actions.size() / threads;
  }
  return MeasureStepRate(threads, warmup, seconds, [&](int t) {
    Runner& runner = runners[t];
    runner.game->Step(actions[runner.next++ % actions.size()]);
    runner.game->Observe(runner.frame.data(), channel_first);
    return runner.game->step_data().done;
  });
}

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_GAME_RATE_H_
