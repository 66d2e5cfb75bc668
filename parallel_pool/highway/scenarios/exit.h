// exit-v0 (envs/exit_env.py): a straight road of `lanes_count` lanes with
// one extra lane from x = 400 to 500 and, from its end, a forbidden exit arc;
// the traffic keeps its lane and drives through to the road's end, the agent
// is rewarded for reaching the exit lane (goal_reward) and for speed. The
// episode ends at a crash (reaching the exit only pays).
#ifndef PARALLEL_POOL_HIGHWAY_SCENARIOS_EXIT_H_
#define PARALLEL_POOL_HIGHWAY_SCENARIOS_EXIT_H_

#include <memory>
#include <string>
#include <vector>

#include "parallel_pool/highway/scenarios/scenario.h"

namespace parallel_pool::highway {

class ExitScenario : public Scenario {
 public:
  // The reference's _create_road defaults.
  static constexpr double kRoadLength = 1000;
  static constexpr double kExitPosition = 400;
  static constexpr double kExitLength = 100;
  static constexpr double kExitRadius = 150;

  explicit ExitScenario(const ScenarioConfig& config) : Scenario(config) {}

  static std::vector<std::string> RewardTerms() {
    return {"collision_reward", "goal_reward", "high_speed_reward", "right_lane_reward"};
  }

  void Reset(Simulation& sim) override {
    Road& road = sim.NewRoad();
    MakeRoad(road.network);
    MakeVehicles(sim);
  }

  std::vector<RewardTerm> Rewards(const Simulation& sim, int /*action*/) const override {
    const Vehicle& v = *sim.vehicle();
    const double scaled_speed =
        Lmap(v.speed, config_.reward_speed_low, config_.reward_speed_high, 0, 1);
    return {{"collision_reward", v.crashed ? 1.0 : 0.0},
            {"goal_reward", Succeeded(v) ? 1.0 : 0.0},
            {"high_speed_reward", Clip(scaled_speed, 0, 1)},
            {"right_lane_reward", static_cast<double>(TargetLaneIndex(v).id)}};
  }

  double Reward(const Simulation& sim, int action) const override {
    double reward = WeightedSum(Rewards(sim, action));
    if (config_.normalize_reward) {
      reward = Clip(Lmap(reward, config_.collision_reward, config_.goal_reward, 0, 1), 0, 1);
    }
    return reward;
  }

  bool IsTerminated(const Simulation& sim) const override { return sim.vehicle()->crashed; }

  // info["is_success"] (exit's step adds it).
  bool IsSuccess(const Simulation& sim) const override { return Succeeded(*sim.vehicle()); }

 private:
  // Three straight roads 0 -> 1 -> 2 -> 3, the middle one a lane wider, a
  // speed limit per lane id, and the exit arc 2 -> exit.
  void MakeRoad(RoadNetwork& net) {
    const int lanes = config_.lanes_count;
    std::vector<std::vector<Lane*>> roads = {
        AddStraightRoad(net, lanes, 0, kExitPosition, 0, 30, "0", "1"),
        AddStraightRoad(net, lanes + 1, kExitPosition, kExitLength, 0, 30, "1", "2"),
        AddStraightRoad(net, lanes, kExitPosition + kExitLength,
                        kRoadLength - kExitPosition - kExitLength, 0, 30, "2", "3")};
    for (const std::vector<Lane*>& road : roads) {
      for (std::size_t id = 0; id < road.size(); ++id) road[id]->speed_limit = 26 - 3.4 * id;
    }
    const Vec2 exit_start{kExitPosition + kExitLength, lanes * Lane::kDefaultWidth};
    LaneOptions options;
    options.forbidden = true;
    net.AddLane("2", "exit",
                std::make_unique<CircularLane>(exit_start + Vec2{0, kExitRadius}, kExitRadius,
                                               3 * kPi / 2, 2 * kPi, true, options));
    from_ = net.Node("0");
    to_ = net.Node("1");
    exit_road_ = {to_, net.Node("2"), lanes};
    exit_ = {net.Node("2"), net.Node("exit"), 0};
    end_ = net.Node("3");
  }

  void MakeVehicles(Simulation& sim) {
    Road& road = *sim.road;
    for (int i = 0; i < config_.controlled_vehicles; ++i) {
      const RandomPlacement p = PlaceRandomly(road, 25.0, from_, to_, 0, config_.ego_spacing);
      sim.AddControlled(p.position, p.heading, p.speed);
    }
    // A lane drawn with probability proportional to its id (never the
    // first), at its speed limit, keeping its lane to the road's end.
    const int lanes = config_.lanes_count;
    std::vector<double> p(lanes);
    for (int id = 0; id < lanes; ++id) p[id] = static_cast<double>(id) / (lanes * (lanes - 1) / 2);
    for (int k = 0; k < config_.vehicles_count; ++k) {
      const int id = static_cast<int>(sim.np_random.ChoiceWithProbabilities(p));
      const double speed = *road.network.GetLane({from_, to_, id}).speed_limit;
      const RandomPlacement placed =
          PlaceRandomly(road, speed, from_, to_, id, 1 / config_.vehicles_density);
      auto* v = road.AddVehicle(
          std::make_unique<IDMVehicle>(&road, placed.position, placed.heading, placed.speed));
      v->PlanRouteTo(end_);
      v->enable_lane_change = false;
    }
  }

  // _is_success: the agent's target lane is the extra lane or the exit.
  bool Succeeded(const Vehicle& v) const {
    const LaneIndex& target = TargetLaneIndex(v);
    return target == exit_road_ || target == exit_;
  }

  int from_ = -1;
  int to_ = -1;
  int end_ = -1;
  LaneIndex exit_road_;
  LaneIndex exit_;
};

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_SCENARIOS_EXIT_H_
