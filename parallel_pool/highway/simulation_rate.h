// The simulation rate of this extension's own highway code, for the
// benchmark's highway limit (benchmark/highway_limit.py): the driving
// simulation and nothing else.
//
// `threads` threads each own one scenario and simulation built from the
// spec's config as the env builds them (seeded seed + thread), and play env
// steps: the next of `actions` (cycled; each thread from its own offset, so
// their roads differ as the pool's envs do) taken by the agent, then the
// simulation's frames, as the env's step runs them; after an episode ends
// (terminated, the clock's truncation or max_episode_steps) a step is the
// scenario's reset instead, as the pool's reset step is (which also
// observes). No observation, reward or info is computed, nothing is written
// to a batch, no pool, no Python and no GIL. Steps are counted over a window
// of `seconds` after `warmup` seconds.
//
// Why here: the limit bounds our pool only if it runs the very simulation
// the pool runs, compiled as the pool's is.
#ifndef PARALLEL_POOL_HIGHWAY_SIMULATION_RATE_H_
#define PARALLEL_POOL_HIGHWAY_SIMULATION_RATE_H_

#include <cstddef>
#include <memory>
#include <vector>

#include "parallel_pool/core/step_rate.h"
#include "parallel_pool/highway/highway_env.h"

namespace parallel_pool::highway {

// One thread's scenario: `Play(i)` plays the i-th action of the stream.
template <typename Fns>
class SimulationOnly {
 public:
  using Config = typename EnvSpec<Fns>::Config;

  SimulationOnly(const Config& config, int thread)
      : sim_(Fns::SimulationOf(config)),
        scenario_(FindScenario(config["scenario"_])->make(Fns::ScenarioOf(config))),
        continuous_(Fns::ContinuousOf(config)),
        lateral_(config["action_lateral"_]),
        longitudinal_(config["action_longitudinal"_]),
        max_episode_steps_(config["max_episode_steps"_]) {
    sim_.np_random = numpy_exact::NumpyGenerator(config["seed"_] + thread);
  }

  // One env step; true if it was a reset.
  template <typename Act>
  bool Step(Act&& act) {
    if (ended_) {
      StartEpisode(*scenario_, sim_, continuous_);
      steps_ = 0;
      ended_ = false;
      return true;
    }
    scenario_->BeforeStep(sim_);
    sim_.Simulate([&] { act(sim_, continuous_); });
    scenario_->AfterStep(sim_);
    ++steps_;
    ended_ = scenario_->IsTerminated(sim_) || scenario_->IsTruncated(sim_) ||
             (max_episode_steps_ > 0 && steps_ >= max_episode_steps_);
    return false;
  }

  MetaAction Meta(int a) const { return MetaActionOf(a, lateral_, longitudinal_); }

 private:
  Simulation sim_;
  std::unique_ptr<Scenario> scenario_;
  ContinuousActionConfig continuous_;
  bool lateral_;
  bool longitudinal_;
  int max_episode_steps_;
  int steps_ = 0;
  bool ended_ = true;
};

// `play(runner, i)` plays the stream's i-th action on a SimulationOnly.
template <typename Fns, typename Play>
StepRate SimulationRate(const typename EnvSpec<Fns>::Config& config, std::size_t stream, Play play,
                        int threads, double warmup, double seconds) {
  // Each thread's runner and place in the action stream (its own offset, so
  // the roads differ as the pool's envs do), in its own cache line.
  struct alignas(64) Runner {
    std::unique_ptr<SimulationOnly<Fns>> simulation;
    std::size_t next;
  };
  std::vector<Runner> runners(threads);
  for (int t = 0; t < threads; ++t) {
    runners[t] = {std::make_unique<SimulationOnly<Fns>>(config, t),
                  static_cast<std::size_t>(t) * stream / threads};
  }
  return MeasureStepRate(threads, warmup, seconds, [&](int t) {
    Runner& runner = runners[t];
    return play(*runner.simulation, runner.next++ % stream);
  });
}

// DiscreteMetaAction: `actions` are the env's action indices.
inline StepRate MetaActionSimulationRate(const HighwayEnvSpec::Config& config,
                                         const std::vector<int>& actions, int threads,
                                         double warmup, double seconds) {
  return SimulationRate<HighwayEnvFns>(
      config, actions.size(),
      [&](SimulationOnly<HighwayEnvFns>& runner, std::size_t i) {
        const MetaAction meta = runner.Meta(actions[i]);
        return runner.Step([meta](Simulation& sim, const ContinuousActionConfig&) {
          static_cast<MDPVehicle*>(sim.vehicle())->ActMeta(meta);
        });
      },
      threads, warmup, seconds);
}

// ContinuousAction: `actions` holds the stream's float32 actions, `size`
// values each.
inline StepRate ContinuousActionSimulationRate(const HighwayContinuousEnvSpec::Config& config,
                                               const std::vector<float>& actions, std::size_t size,
                                               int threads, double warmup, double seconds) {
  return SimulationRate<HighwayContinuousEnvFns>(
      config, actions.size() / size,
      [&](SimulationOnly<HighwayContinuousEnvFns>& runner, std::size_t i) {
        const float* a = actions.data() + i * size;
        return runner.Step([a](Simulation& sim, const ContinuousActionConfig& continuous) {
          sim.vehicle()->SetAction(ContinuousCommand(continuous, a));
        });
      },
      threads, warmup, seconds);
}

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_SIMULATION_RATE_H_
