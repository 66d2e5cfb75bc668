// The raw mj_step rate of the libmujoco the module that compiles this header
// links, for a benchmark's physical limit: a family module's private limit
// probe, which ships so that the limit is measured on the very library and
// flags the pool runs.
//
// `threads` threads each own one mjData and replay open-loop rollouts: from a
// recorded full physics state and its qacc_warmstart, `steps` mj_steps under
// the recorded controls (one row per mj_step), rollouts taken round-robin from
// a shared counter. The rate is counted over a window of `seconds` after
// `warmup` seconds; no Python and no GIL between steps.
#ifndef PARALLEL_POOL_MUJOCO_ENGINE_STEP_RATE_H_
#define PARALLEL_POOL_MUJOCO_ENGINE_STEP_RATE_H_

#include <mujoco/mujoco.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <thread>
#include <vector>

namespace parallel_pool::mujoco_engine {

struct Rollouts {
  const mjModel* model;
  const double* states;      // [count, mj_stateSize(model, kStateSpec)]
  const double* warmstarts;  // [count, nv]
  const double* controls;    // [count, steps, nu]
  int count;
  int steps;  // mj_steps per rollout
};

// The physics state and the user inputs (mocap bodies, applied forces, active
// equalities): a task that moves a mocap body (Fetch's gripper) steps from
// where its run put it. The ctrl the state holds is overwritten per step.
inline constexpr int kStepRateStateSpec = mjSTATE_INTEGRATION;

// mj_steps per second of `threads` threads replaying `rollouts`.
inline double MjStepRate(const Rollouts& rollouts, int threads, double warmup, double seconds) {
  const mjModel* m = rollouts.model;
  const int nstate = mj_stateSize(m, kStepRateStateSpec);
  std::atomic<long long> next{0};
  std::atomic<long long> done{0};
  std::atomic<bool> stop{false};
  auto worker = [&] {
    std::unique_ptr<mjData, void (*)(mjData*)> d(mj_makeData(m), mj_deleteData);
    while (!stop.load(std::memory_order_relaxed)) {
      const long long r = next.fetch_add(1, std::memory_order_relaxed) % rollouts.count;
      mj_setState(m, d.get(), rollouts.states + r * nstate, kStepRateStateSpec);
      std::memcpy(d->qacc_warmstart, rollouts.warmstarts + r * m->nv, sizeof(mjtNum) * m->nv);
      const double* ctrl = rollouts.controls + r * rollouts.steps * m->nu;
      for (int s = 0; s < rollouts.steps; ++s, ctrl += m->nu) {
        std::memcpy(d->ctrl, ctrl, sizeof(mjtNum) * m->nu);
        mj_step(m, d.get());
      }
      done.fetch_add(1, std::memory_order_relaxed);
    }
  };
  std::vector<std::thread> pool;
  pool.reserve(threads);
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back(worker);
  }
  using Clock = std::chrono::steady_clock;
  std::this_thread::sleep_for(std::chrono::duration<double>(warmup));
  const long long done0 = done.load();
  const auto start = Clock::now();
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  const long long done1 = done.load();
  const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  stop.store(true);
  for (auto& t : pool) {
    t.join();
  }
  return static_cast<double>(done1 - done0) * rollouts.steps / elapsed;
}

}  // namespace parallel_pool::mujoco_engine

#endif  // PARALLEL_POOL_MUJOCO_ENGINE_STEP_RATE_H_
