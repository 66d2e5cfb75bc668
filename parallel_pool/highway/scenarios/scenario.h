// A highway-env scenario: how an episode's road and traffic are made, its
// reward terms and its end. The config is the union of the scenarios'
// keys (highway_env.h's DefaultConfig, each id's defaults in
// registration.py).
#ifndef PARALLEL_POOL_HIGHWAY_SCENARIOS_SCENARIO_H_
#define PARALLEL_POOL_HIGHWAY_SCENARIOS_SCENARIO_H_

#include <string>
#include <vector>

#include "parallel_pool/highway/simulation.h"

namespace parallel_pool::highway {

struct ScenarioConfig {
  int lanes_count = 4;
  int vehicles_count = 50;
  int controlled_vehicles = 1;
  int initial_lane_id = -1;  // -1: a random lane
  double ego_spacing = 2;
  double vehicles_density = 1;
  double collision_reward = -1;
  double right_lane_reward = 0.1;
  double high_speed_reward = 0.4;
  double lane_change_reward = 0;
  double reward_speed_low = 20;
  double reward_speed_high = 30;
  bool normalize_reward = true;
  bool offroad_terminal = false;
  bool other_vehicles_check_collisions = true;
};

class Scenario {
 public:
  explicit Scenario(const ScenarioConfig& config) : config_(config) {}
  virtual ~Scenario() = default;

  // _reset: a new road and its vehicles, from sim.np_random.
  virtual void Reset(Simulation& sim) = 0;
  // _rewards: the named terms (info's "rewards"), the last is on_road's
  // where the reference multiplies by it.
  virtual std::vector<RewardTerm> Rewards(const Simulation& sim) const = 0;
  virtual double Reward(const Simulation& sim) const = 0;
  virtual bool IsTerminated(const Simulation& sim) const = 0;

 protected:
  ScenarioConfig config_;
};

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_SCENARIOS_SCENARIO_H_
