// A highway-env scenario: how an episode's road and traffic are made, its
// reward terms and its end. The config is the union of the scenarios'
// keys (highway_env.h's DefaultConfig, each id's defaults in
// registration.py).
#ifndef PARALLEL_POOL_HIGHWAY_SCENARIOS_SCENARIO_H_
#define PARALLEL_POOL_HIGHWAY_SCENARIOS_SCENARIO_H_

#include <cmath>
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
  // Scenario-specific keys (each scenario's default_config).
  double goal_reward = 1;                 // exit
  double merging_speed_reward = -0.5;     // merge
  double left_lane_reward = 0.2;          // two-way, u-turn
  double left_lane_constraint = 1;        // two-way
  double arrived_reward = 1;              // intersection
  std::string destination;                // intersection ("": random)
  int initial_vehicle_count = 10;         // intersection
  double spawn_probability = 0.6;         // intersection
  int incoming_vehicle_destination = -1;  // roundabout (-1: random)
  double roundabout_radius = 20;          // roundabout-generic
  int roundabout_lanes = 2;               // roundabout-generic
  double before_merge_length = 150;       // merge-generic
  double converge_merge_length = 80;      // merge-generic
  double parallel_merge_length = 80;      // merge-generic
  double after_merge_length = 150;        // merge-generic
  // parking: the weights of |achieved - desired| (x y vx vy cos_h sin_h).
  std::vector<double> reward_weights = {1, 0.3, 0, 0, 0.02, 0.02};
  double success_goal_reward = 0.12;  // parking
  bool add_walls = true;              // parking
  double state_noise = 0.05;          // lane-keeping
  double derivative_noise = 0.05;     // lane-keeping
  double lane_centering_cost = 4;     // racetrack
  double lane_centering_reward = 1;   // racetrack
  double action_reward = -0.3;        // racetrack
  int other_vehicles = 1;             // racetrack
  double speed_limit = 10;            // racetrack-large
  bool terminate_off_road = true;     // racetrack
  double length = 100;                // racetrack-oval (0: drawn)
  int no_lanes = 3;                   // racetrack-oval
  bool block_lane = false;            // racetrack-oval
  bool force_decision = false;        // racetrack-oval
};

class Scenario {
 public:
  explicit Scenario(const ScenarioConfig& config) : config_(config) {}
  virtual ~Scenario() = default;

  // _reset: a new road and its vehicles, from sim.np_random.
  virtual void Reset(Simulation& sim) = 0;
  // _rewards(action): the named terms, info's "rewards" (`action` is the
  // agent's last action index; -1 at a reset).
  virtual std::vector<RewardTerm> Rewards(const Simulation& sim, int action) const = 0;
  // _reward(action).
  virtual double Reward(const Simulation& sim, int action) const = 0;
  virtual bool IsTerminated(const Simulation& sim) const = 0;
  // _agent_reward and _agent_is_terminal of the controlled vehicle `agent`
  // (MultiAgentAction's per-agent reward and end); by default the shared ones.
  virtual double AgentReward(const Simulation& sim, int /*agent*/) const { return Reward(sim, -1); }
  virtual bool AgentTerminated(const Simulation& sim, int /*agent*/) const {
    return IsTerminated(sim);
  }
  // _is_truncated; by default highway-env's `time >= duration`.
  virtual bool IsTruncated(const Simulation& sim) const { return sim.time >= sim.config.duration; }
  // Whether IsTruncated is the clock (`time >= duration`, the env's step
  // limit); false where the reference never truncates (then only
  // max_episode_steps, gymnasium's TimeLimit, ends an episode).
  virtual bool TruncatesAtDuration() const { return true; }
  // What the reference's step does after its observation, reward and info
  // (intersection's traffic leaving and entering); by default nothing.
  virtual void AfterStep(Simulation& /*sim*/) {}
  // info["is_success"] where the scenario reports it (parking).
  virtual bool IsSuccess(const Simulation& /*sim*/) const { return false; }
  // What the reference's step does before the agent acts (lane keeping's
  // switch of the lane followed); by default nothing.
  virtual void BeforeStep(Simulation& /*sim*/) {}
  // Whether the reference's step observes after the agent's action is set
  // but before the simulation (lane keeping's step); by default after.
  virtual bool ObservesBeforeSimulating() const { return false; }
  // AttributesObservation: the scenario's attributes (state, derivative,
  // reference_state: 4 values each), where it has them.
  virtual void ObserveAttributes(Simulation& /*sim*/, double* /*state*/, double* /*derivative*/,
                                 double* /*reference_state*/) {}

 protected:
  // sum(config.get(name, 0) * value for name, value in terms.items()): the
  // reward terms weighted by the config keys of their names (0 for a term
  // with no key, as on_road_reward), summed as the running Python's sum()
  // does. A whole weight counts as a Python int (highway-env's defaults are
  // ints where whole).
  double WeightedSum(const std::vector<RewardTerm>& terms) const {
    std::vector<numpy_exact::PyValue> items;
    items.reserve(terms.size());
    for (const RewardTerm& t : terms) {
      const double weight = Weight(t.name);
      const auto weight_type = std::trunc(weight) == weight ? numpy_exact::PyNumber::kInt
                                                            : numpy_exact::PyNumber::kFloat;
      items.push_back({weight * t.value, numpy_exact::ProductType(weight_type, t.type)});
    }
    return numpy_exact::PythonSum(items).value;
  }

  // config.get(name, 0) of a reward term's name.
  double Weight(const std::string& name) const {
    if (name == "collision_reward") return config_.collision_reward;
    if (name == "right_lane_reward") return config_.right_lane_reward;
    if (name == "high_speed_reward") return config_.high_speed_reward;
    if (name == "lane_change_reward") return config_.lane_change_reward;
    if (name == "merging_speed_reward") return config_.merging_speed_reward;
    if (name == "goal_reward") return config_.goal_reward;
    if (name == "left_lane_reward") return config_.left_lane_reward;
    if (name == "arrived_reward") return config_.arrived_reward;
    return 0;
  }

  ScenarioConfig config_;
};

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_SCENARIOS_SCENARIO_H_
