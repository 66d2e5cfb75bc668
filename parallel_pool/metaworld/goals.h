// The goals of metaworld's benchmarks (metaworld/__init__.py, _make_tasks).
//
// MT1(task, seed), MT10(seed) and MT50(seed) seed NumPy's global legacy
// RandomState with `seed`, then, for each task of the benchmark in order,
// reset a fresh env 50 times with unfrozen draws. Each reset runs
// reset_model twice (SawyerXYZEnv.reset, then MujocoEnv.reset), each
// drawing a rand_vec with np.random.uniform over the task's
// _random_reset_space, redrawn where the task rejects it; goal k is the
// rand_vec of reset k's second reset_model. The draws depend on nothing the
// physics does, so they are replayed here without simulating.
//
// An episode then runs one of the goals: RandomTaskSelectWrapper picks it
// with np_random.choice(50) on the env's PCG64 generator (metaworld_env.h).
#ifndef PARALLEL_POOL_METAWORLD_GOALS_H_
#define PARALLEL_POOL_METAWORLD_GOALS_H_

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "parallel_pool/metaworld/task_registry.h"
#include "parallel_pool/numpy_exact/numpy_random.h"

namespace parallel_pool::metaworld {

// The tasks whose goals a benchmark draws, in its order.
inline std::vector<std::string> BenchmarkTasks(const std::string& benchmark,
                                               const std::string& task) {
  if (benchmark == "MT1") return {task};
  if (benchmark == "MT10") return Mt10Tasks();
  if (benchmark == "MT50") return AllV3Tasks();
  throw std::invalid_argument("benchmark: expected 'MT1', 'MT10' or 'MT50', got '" + benchmark +
                              "'");
}

// `task`'s goals (rand_vecs) in `benchmark` made with `seed`.
inline std::vector<std::vector<double>> GoalSet(const std::string& benchmark,
                                                const std::string& task, std::uint32_t seed,
                                                int num_goals) {
  numpy_exact::NumpyRandomState random(seed);
  for (const std::string& name : BenchmarkTasks(benchmark, task)) {
    const TaskEntry& entry = TaskNamed(name);
    const SawyerSetup setup = entry.setup();
    std::vector<std::vector<double>> goals;
    goals.reserve(num_goals);
    for (int k = 0; k < num_goals; ++k) {
      entry.draw(setup, &random);
      goals.push_back(entry.draw(setup, &random));
    }
    if (name == task) return goals;
  }
  throw std::invalid_argument("task_name: '" + task + "' is not a task of " + benchmark);
}

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_GOALS_H_
