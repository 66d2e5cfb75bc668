// u-turn-v0 and u-turn-v1 (envs/u_turn_env.py): a two-lane road with a
// U-turn; the agent, routed through it, meets slow vehicles on both lanes
// before, in and after the turn. Rewarded for speed and the left lane;
// the episode ends at a crash or after `duration`.
#ifndef PARALLEL_POOL_HIGHWAY_SCENARIOS_U_TURN_H_
#define PARALLEL_POOL_HIGHWAY_SCENARIOS_U_TURN_H_

#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <vector>

#include "parallel_pool/highway/scenarios/scenario.h"

namespace parallel_pool::highway {

class UTurnScenario : public Scenario {
 public:
  static constexpr double kLength = 128;
  static constexpr double kRadius = 20;

  explicit UTurnScenario(const ScenarioConfig& config) : Scenario(config) {}

  static std::vector<std::string> RewardTerms() {
    return {"collision_reward", "left_lane_reward", "high_speed_reward", "on_road_reward"};
  }

  void Reset(Simulation& sim) override {
    Road& road = sim.NewRoad();
    MakeRoad(road.network);
    RoadNetwork& net = road.network;
    const int destination = net.Node("d");
    const int a = net.Node("a");
    const int b = net.Node("b");
    const int c = net.Node("c");
    const Lane& ego_lane = net.GetLane({a, b, 0});
    // (The reference's PURSUIT_TAU for the agent is an attribute nothing reads.)
    Vehicle* ego = sim.AddControlled(ego_lane.Position(0, 0), 0.0, 16.0);
    if (auto* c = dynamic_cast<ControlledVehicle*>(ego)) c->PlanRouteTo(destination);

    // Blocking and overtaking vehicles: lane, longitudinal, speed (each
    // with a normal deviation of 2).
    struct Placement {
      LaneIndex lane;
      double longitudinal;
      double speed;
    };
    const Placement placements[] = {
        {{a, b, 0}, 25.0, 13.5}, {{a, b, 1}, 56.0, 14.5},         {{b, c, 1}, 0.5, 4.5},
        {{b, c, 0}, 17.5, 5.5},  {{c, destination, 0}, 1.0, 3.5}, {{c, destination, 1}, 30.0, 5.5}};
    const double position_deviation = 2.0;
    const double speed_deviation = 2.0;
    numpy_exact::NumpyGenerator& rng = sim.np_random;
    bool first = true;
    for (const Placement& p : placements) {
      const double longitudinal = p.longitudinal + rng.Normal() * position_deviation;
      const double speed = p.speed + rng.Normal() * speed_deviation;
      const Lane& lane = net.GetLane(p.lane);
      IDMVehicle* v = road.AddVehicle(std::make_unique<IDMVehicle>(
          &road, lane.Position(longitudinal, 0), lane.HeadingAt(longitudinal), speed));
      v->PlanRouteTo(destination);
      if (first) v->RandomizeBehavior();
      first = false;
    }
  }

  std::vector<RewardTerm> Rewards(const Simulation& sim, int /*action*/) const override {
    const Vehicle& v = *sim.vehicle();
    const int lanes = v.network->NumLanes(v.lane_index.from, v.lane_index.to);
    const double scaled_speed =
        Lmap(v.speed, config_.reward_speed_low, config_.reward_speed_high, 0, 1);
    return {{"collision_reward", v.crashed ? 1.0 : 0.0},
            {"left_lane_reward", static_cast<double>(v.lane_index.id) / std::max(lanes - 1, 1)},
            {"high_speed_reward", Clip(scaled_speed, 0, 1)},
            {"on_road_reward", v.OnRoad() ? 1.0 : 0.0}};
  }

  double Reward(const Simulation& sim, int action) const override {
    const std::vector<RewardTerm> terms = Rewards(sim, action);
    double reward = WeightedSum(terms);
    if (config_.normalize_reward) {
      reward = Lmap(reward, config_.collision_reward,
                    config_.high_speed_reward + config_.left_lane_reward, 0, 1);
    }
    return reward * terms.back().value;
  }

  bool IsTerminated(const Simulation& sim) const override { return sim.vehicle()->crashed; }

 private:
  // Two straight roads joined by a counter-clockwise half circle: c -> d
  // (upper, towards x = 0), b -> c (the turn), a -> b (lower, from x = 0).
  static void MakeRoad(RoadNetwork& net) {
    const double w = Lane::kDefaultWidth;
    const LineType n = LineType::kNone;
    const LineType c = LineType::kContinuous;
    const LineType s = LineType::kStriped;
    const LineType cl = LineType::kContinuousLine;
    const auto options = [](LineType left, LineType right) {
      LaneOptions o;
      o.line_types = {left, right};
      return o;
    };
    net.AddLane("c", "d",
                std::make_unique<StraightLane>(Vec2{kLength, w}, Vec2{0, w}, options(cl, s)));
    net.AddLane("c", "d",
                std::make_unique<StraightLane>(Vec2{kLength, 0}, Vec2{0, 0}, options(n, cl)));
    const Vec2 center{kLength, w + 20};
    const double alpha = 0;
    const double radii[2] = {kRadius, kRadius + w};
    const std::array<LineType, 2> lines[2] = {{c, s}, {n, c}};
    for (int lane = 0; lane < 2; ++lane) {
      net.AddLane("b", "c",
                  std::make_unique<CircularLane>(center, radii[lane], Deg2Rad(90 - alpha),
                                                 Deg2Rad(-90 + alpha), /*clockwise=*/false,
                                                 options(lines[lane][0], lines[lane][1])));
    }
    const double offset = 2 * kRadius;
    const double lower = (2 * w + offset) - w;
    net.AddLane(
        "a", "b",
        std::make_unique<StraightLane>(Vec2{0, lower}, Vec2{kLength, lower}, options(cl, s)));
    net.AddLane("a", "b",
                std::make_unique<StraightLane>(Vec2{0, 2 * w + offset},
                                               Vec2{kLength, 2 * w + offset}, options(n, cl)));
  }

  // np.deg2rad.
  static double Deg2Rad(double degrees) { return degrees * (kPi / 180.0); }
};

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_SCENARIOS_U_TURN_H_
