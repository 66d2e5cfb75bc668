// two-way-v0 (envs/two_way_env.py): a two-lane road with oncoming traffic
// on its left lane; the agent must overtake slow vehicles by the oncoming
// lane. Rewarded for its speed index and for the right lane; the episode
// ends at a crash or at gymnasium's step limit (max_episode_steps).
#ifndef PARALLEL_POOL_HIGHWAY_SCENARIOS_TWO_WAY_H_
#define PARALLEL_POOL_HIGHWAY_SCENARIOS_TWO_WAY_H_

#include <memory>
#include <string>
#include <vector>

#include "parallel_pool/highway/scenarios/scenario.h"

namespace parallel_pool::highway {

class TwoWayScenario : public Scenario {
 public:
  static constexpr double kLength = 800;

  explicit TwoWayScenario(const ScenarioConfig& config) : Scenario(config) {}

  static std::vector<std::string> RewardTerms() {
    return {"high_speed_reward", "left_lane_reward"};
  }

  void Reset(Simulation& sim) override {
    Road& road = sim.NewRoad();
    RoadNetwork& net = road.network;
    const double w = Lane::kDefaultWidth;
    LaneOptions right;
    right.line_types = {LineType::kContinuousLine, LineType::kStriped};
    net.AddLane("a", "b", std::make_unique<StraightLane>(Vec2{0, 0}, Vec2{kLength, 0}, right));
    LaneOptions left;
    left.line_types = {LineType::kNone, LineType::kContinuousLine};
    net.AddLane("a", "b", std::make_unique<StraightLane>(Vec2{0, w}, Vec2{kLength, w}, left));
    LaneOptions oncoming;
    oncoming.line_types = {LineType::kNone, LineType::kNone};
    net.AddLane("b", "a", std::make_unique<StraightLane>(Vec2{kLength, 0}, Vec2{0, 0}, oncoming));

    const LaneIndex forward{net.Node("a"), net.Node("b"), 1};
    const LaneIndex backward{net.Node("b"), net.Node("a"), 0};
    const Lane& lane = net.GetLane(forward);
    sim.AddControlled(lane.Position(30.0, 0.0), 0.0, 30.0);
    numpy_exact::NumpyGenerator& rng = sim.np_random;
    // Slower vehicles ahead on the agent's lane.
    for (int i = 0; i < 3; ++i) {
      const double longitudinal = 70.0 + 40.0 * i + 10.0 * rng.Normal();
      const double speed = 24.0 + 2.0 * rng.Normal();
      road.AddVehicle(std::make_unique<IDMVehicle>(
          &road, lane.Position(longitudinal, 0.0), lane.HeadingAt(70.0 + 40.0 * i), speed,
          std::nullopt, std::nullopt, std::nullopt, /*enable_lane_change=*/false));
    }
    // Oncoming vehicles.
    const Lane& back = net.GetLane(backward);
    for (int i = 0; i < 2; ++i) {
      const double longitudinal = 200.0 + 100.0 * i + 10.0 * rng.Normal();
      const double speed = 20.0 + 5.0 * rng.Normal();
      IDMVehicle* v = road.AddVehicle(std::make_unique<IDMVehicle>(
          &road, back.Position(longitudinal, 0), back.HeadingAt(200.0 + 100.0 * i), speed,
          std::nullopt, std::nullopt, std::nullopt, /*enable_lane_change=*/false));
      v->target_lane_index = backward;
    }
  }

  std::vector<RewardTerm> Rewards(const Simulation& sim, int /*action*/) const override {
    // two-way's rewards read the MDP vehicle's speeds (DiscreteMetaAction).
    const auto& v = dynamic_cast<const MDPVehicle&>(*sim.vehicle());
    const int lanes = v.network->NumLanes(v.lane_index.from, v.lane_index.to);
    const int speeds = static_cast<int>(v.target_speeds.size());
    return {{"high_speed_reward", static_cast<double>(v.speed_index) / (speeds - 1)},
            {"left_lane_reward",
             static_cast<double>(lanes - 1 - v.target_lane_index.id) / (lanes - 1)}};
  }

  double Reward(const Simulation& sim, int action) const override {
    double reward = WeightedSum(Rewards(sim, action));
    return reward;
  }

  bool IsTerminated(const Simulation& sim) const override { return sim.vehicle()->crashed; }
  bool IsTruncated(const Simulation& /*sim*/) const override { return false; }
  bool TruncatesAtDuration() const override { return false; }

 private:
};

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_SCENARIOS_TWO_WAY_H_
