// highway-v0 and highway-fast-v0 (envs/highway_env.py): a straight road of
// `lanes_count` lanes full of IDM traffic; the agent is rewarded for speed
// and for the rightmost lanes, and the episode ends at a crash.
#ifndef PARALLEL_POOL_HIGHWAY_SCENARIOS_HIGHWAY_H_
#define PARALLEL_POOL_HIGHWAY_SCENARIOS_HIGHWAY_H_

#include <algorithm>
#include <vector>

#include "parallel_pool/highway/scenarios/scenario.h"

namespace parallel_pool::highway {

class HighwayScenario : public Scenario {
 public:
  explicit HighwayScenario(const ScenarioConfig& config) : Scenario(config) {}

  static std::vector<std::string> RewardTerms() {
    return {"collision_reward", "right_lane_reward", "high_speed_reward", "on_road_reward"};
  }

  void Reset(Simulation& sim) override {
    Road& road = sim.NewRoad();
    AddStraightRoad(road.network, config_.lanes_count, 0.0, 10000.0, 0.0, 30.0);
    // near_split(vehicles_count, controlled_vehicles): the others per agent.
    const int n = config_.controlled_vehicles;
    const int quotient = config_.vehicles_count / n;
    const int remainder = config_.vehicles_count % n;
    for (int i = 0; i < n; ++i) {
      const int others = quotient + (i < remainder ? 1 : 0);
      const RandomPlacement p =
          PlaceRandomly(road, 25.0, -1, -1, config_.initial_lane_id, config_.ego_spacing);
      sim.AddControlled(p.position, p.heading, p.speed);
      for (int k = 0; k < others; ++k) {
        IDMVehicle* v = sim.AddRandomOther(1 / config_.vehicles_density);
        // highway-fast: only the agents' collisions are checked.
        v->check_collisions = config_.other_vehicles_check_collisions;
      }
    }
  }

  std::vector<RewardTerm> Rewards(const Simulation& sim, int /*action*/) const override {
    const Vehicle& v = *sim.vehicle();
    const int neighbours = v.network->NumLanes(v.lane_index.from, v.lane_index.to);
    const int lane = TargetLaneIndex(v).id;
    const double forward_speed = v.speed * Cos(v.heading);
    const double scaled_speed =
        Lmap(forward_speed, config_.reward_speed_low, config_.reward_speed_high, 0, 1);
    return {{"collision_reward", v.crashed ? 1.0 : 0.0},
            {"right_lane_reward", static_cast<double>(lane) / std::max(neighbours - 1, 1)},
            {"high_speed_reward", Clip(scaled_speed, 0, 1)},
            {"on_road_reward", v.OnRoad() ? 1.0 : 0.0}};
  }

  double Reward(const Simulation& sim, int action) const override {
    const std::vector<RewardTerm> terms = Rewards(sim, action);
    double reward = WeightedSum(terms);
    if (config_.normalize_reward) {
      reward = Lmap(reward, config_.collision_reward,
                    config_.high_speed_reward + config_.right_lane_reward, 0, 1);
    }
    return reward * terms.back().value;
  }

  bool IsTerminated(const Simulation& sim) const override {
    const Vehicle& v = *sim.vehicle();
    return v.crashed || (config_.offroad_terminal && !v.OnRoad());
  }

 private:
};

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_SCENARIOS_HIGHWAY_H_
