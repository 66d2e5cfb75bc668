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

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "ale/ale_interface.hpp"
#include "parallel_pool/atari/atari_env.h"
#include "parallel_pool/core/step_rate.h"

namespace parallel_pool::atari {

inline StepRate EmulationRate(const std::string& rom, const std::vector<ale::Action>& actions,
                              int frame_skip, int threads, double warmup, double seconds) {
  std::vector<std::unique_ptr<ale::ALEInterface>> ales;
  ales.reserve(threads);
  for (int t = 0; t < threads; ++t) ales.push_back(LoadAle(rom, t, 0.0F));
  // Each thread from its own offset in the action stream, in its own cache
  // line.
  struct alignas(64) Cursor {
    std::size_t next;
  };
  std::vector<Cursor> cursors(threads);
  for (int t = 0; t < threads; ++t) {
    cursors[t].next = static_cast<std::size_t>(t) * actions.size() / threads;
  }
  return MeasureStepRate(threads, warmup, seconds, [&](int t) {
    ale::ALEInterface& ale = *ales[t];
    if (ale.game_over()) {
      ale.reset_game();
      return true;
    }
    const ale::Action a = actions[cursors[t].next++ % actions.size()];
    for (int f = 0; f < frame_skip && !ale.game_over(); ++f) ale.act(a);
    return false;
  });
}

}  // namespace parallel_pool::atari

#endif  // PARALLEL_POOL_ATARI_EMULATION_RATE_H_
