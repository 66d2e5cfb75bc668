// merge-v0/-v1 and merge-generic-v0/-v1 (envs/merge_env.py): a highway
// with an access ramp joining it from the right, a short parallel lane
// ending at an obstacle. The agent is rewarded for speed and the right
// lanes, and penalized when the ramp's vehicles have to slow down; the
// episode ends at a crash or once the ramp is behind. The generic variant
// makes the number of lanes, the traffic and the section lengths config.
#ifndef PARALLEL_POOL_HIGHWAY_SCENARIOS_MERGE_H_
#define PARALLEL_POOL_HIGHWAY_SCENARIOS_MERGE_H_

#include <array>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "parallel_pool/highway/scenarios/scenario.h"

namespace parallel_pool::highway {

class MergeScenario : public Scenario {
 public:
  // The ramp's sine amplitude.
  static constexpr double kAmplitude = 3.25;

  MergeScenario(const ScenarioConfig& config, bool generic) : Scenario(config), generic_(generic) {}
  explicit MergeScenario(const ScenarioConfig& config) : MergeScenario(config, false) {}

  static std::vector<std::string> RewardTerms() {
    return {"collision_reward", "right_lane_reward", "high_speed_reward", "lane_change_reward",
            "merging_speed_reward"};
  }

  void Reset(Simulation& sim) override {
    Road& road = sim.NewRoad();
    if (generic_) {
      MakeGenericRoad(road);
      MakeGenericVehicles(sim);
    } else {
      MakeRoad(road);
      MakeVehicles(sim);
    }
    // The merging speed penalty watches ("b", "c", 2): the ramp's parallel
    // lane with two highway lanes (the generic variant too, whatever its
    // lanes_count).
    merge_lane_ = {road.network.Node("b"), road.network.Node("c"), 2};
  }

  std::vector<RewardTerm> Rewards(const Simulation& sim, int action) const override {
    const Vehicle& v = *sim.vehicle();
    const double scaled_speed =
        Lmap(v.speed, config_.reward_speed_low, config_.reward_speed_high, 0, 1);
    // A sum() over the controlled vehicles on the merge lane (an MDP
    // vehicle's target speed is a NumPy scalar, the others' floats).
    std::vector<numpy_exact::PyValue> slowdowns;
    for (const auto& other : sim.road->vehicles) {
      const auto* c = other->AsControlled();
      if (other->lane_index == merge_lane_ && c != nullptr) {
        slowdowns.push_back({(c->target_speed - c->speed) / c->target_speed,
                             dynamic_cast<const MDPVehicle*>(c) != nullptr
                                 ? numpy_exact::PyNumber::kNumpy
                                 : numpy_exact::PyNumber::kFloat});
      }
    }
    const numpy_exact::PyValue merging = numpy_exact::PythonSum(slowdowns);
    using numpy_exact::PyNumber;
    return {{"collision_reward", v.crashed ? 1.0 : 0.0, PyNumber::kInt},
            {"right_lane_reward", static_cast<double>(v.lane_index.id) / 1, PyNumber::kFloat},
            {"high_speed_reward", scaled_speed, PyNumber::kFloat},
            {"lane_change_reward", action == 0 || action == 2 ? 1.0 : 0.0, PyNumber::kInt},
            {"merging_speed_reward", merging.value, merging.type}};
  }

  double Reward(const Simulation& sim, int action) const override {
    double reward = WeightedSum(Rewards(sim, action));
    return Lmap(reward, config_.collision_reward + config_.merging_speed_reward,
                config_.high_speed_reward + config_.right_lane_reward, 0, 1);
  }

  bool IsTerminated(const Simulation& sim) const override {
    return sim.vehicle()->crashed || sim.vehicle()->position.x > end_position_;
  }

 private:
  // _make_road: two lanes a -> b -> c -> d, the ramp j -> k -> b joining as
  // b -> c's third lane, an obstacle at its end.
  void MakeRoad(Road& road) {
    RoadNetwork& net = road.network;
    const double ends[4] = {150, 80, 80, 150};  // before, converging, merge, after
    const LineType c = LineType::kContinuousLine;
    const LineType s = LineType::kStriped;
    const LineType n = LineType::kNone;
    const double y[2] = {0, Lane::kDefaultWidth};
    const std::array<LineType, 2> line_type[2] = {{c, s}, {n, c}};
    const std::array<LineType, 2> line_type_merge[2] = {{c, s}, {n, s}};
    const auto with_lines = [](std::array<LineType, 2> lines) {
      LaneOptions options;
      options.line_types = lines;
      return options;
    };
    for (int i = 0; i < 2; ++i) {
      net.AddLane("a", "b",
                  std::make_unique<StraightLane>(Vec2{0, y[i]}, Vec2{ends[0] + ends[1], y[i]},
                                                 with_lines(line_type[i])));
      net.AddLane("b", "c",
                  std::make_unique<StraightLane>(Vec2{ends[0] + ends[1], y[i]},
                                                 Vec2{ends[0] + ends[1] + ends[2], y[i]},
                                                 with_lines(line_type_merge[i])));
      net.AddLane("c", "d",
                  std::make_unique<StraightLane>(Vec2{ends[0] + ends[1] + ends[2], y[i]},
                                                 Vec2{ends[0] + ends[1] + ends[2] + ends[3], y[i]},
                                                 with_lines(line_type[i])));
    }
    LaneOptions ramp = with_lines({c, c});
    ramp.forbidden = true;
    auto ljk =
        std::make_unique<StraightLane>(Vec2{0, 6.5 + 4 + 4}, Vec2{ends[0], 6.5 + 4 + 4}, ramp);
    auto lkb = std::make_unique<SineLane>(ljk->Position(ends[0], -kAmplitude),
                                          ljk->Position(ends[0] + ends[1], -kAmplitude), kAmplitude,
                                          2 * kPi / (2 * ends[1]), kPi / 2, ramp);
    LaneOptions parallel = ramp;
    parallel.line_types = {n, c};
    const Vec2 merge_start = lkb->Position(ends[1], 0);
    auto lbc =
        std::make_unique<StraightLane>(merge_start, merge_start + Vec2{ends[2], 0}, parallel);
    const Vec2 obstacle = lbc->Position(ends[2], 0);
    net.AddLane("j", "k", std::move(ljk));
    net.AddLane("k", "b", std::move(lkb));
    net.AddLane("b", "c", std::move(lbc));
    AddObstacle(road, obstacle);
    end_position_ = 370;
  }

  // _make_vehicles: the agent on a -> b's left lane, three vehicles around
  // it, one on the ramp.
  static void MakeVehicles(Simulation& sim) {
    Road& road = *sim.road;
    RoadNetwork& net = road.network;
    const int a = net.Node("a");
    const int b = net.Node("b");
    sim.AddControlled(net.GetLane({a, b, 1}).Position(30.0, 0.0), 0, 30.0);
    const double placements[3][2] = {{90.0, 29.0}, {70.0, 31.0}, {5.0, 31.5}};
    for (const auto& [longitudinal, speed] : placements) {
      const int id = static_cast<int>(road.np_random->Integers(0, 2));
      const Lane& lane = net.GetLane({a, b, id});
      const Vec2 position = lane.Position(longitudinal + road.np_random->Uniform(-5.0, 5.0), 0.0);
      const double v = speed + road.np_random->Uniform(-1.0, 1.0);
      road.AddVehicle(std::make_unique<IDMVehicle>(&road, position, 0, v));
    }
    AddMergingVehicle(road, net.GetLane({net.Node("j"), net.Node("k"), 0}).Position(110.0, 0.0));
  }

  // MergeGenericEnv._make_road: lanes_count lanes a -> b -> c -> d, the
  // ramp beside the rightmost one.
  void MakeGenericRoad(Road& road) {
    RoadNetwork& net = road.network;
    const int lanes = config_.lanes_count;
    const double pre_merge = config_.before_merge_length;
    const double converge = config_.converge_merge_length;
    const double parallel = config_.parallel_merge_length;
    const double after = config_.after_merge_length;
    end_position_ = pre_merge + converge + parallel + after - 90;
    AddStraightRoad(net, lanes, 0, pre_merge + converge, 0.0, 30, "a", "b");
    AddStraightRoad(net, lanes, pre_merge + converge, parallel, 0.0, 30, "b", "c");
    AddStraightRoad(net, lanes, pre_merge + converge + parallel, after, 0.0, 30, "c", "d");
    const double y_parallel = lanes * Lane::kDefaultWidth;
    const double y_approach = y_parallel + 2 * kAmplitude;
    LaneOptions ramp;
    ramp.line_types = {LineType::kContinuousLine, LineType::kContinuousLine};
    ramp.forbidden = true;
    ramp.speed_limit = 30;
    LaneOptions parallel_lane = ramp;
    parallel_lane.line_types = {LineType::kStriped, LineType::kContinuousLine};
    auto ljk =
        std::make_unique<StraightLane>(Vec2{0, y_approach}, Vec2{pre_merge, y_approach}, ramp);
    auto lkb = std::make_unique<SineLane>(Vec2{pre_merge, y_parallel + kAmplitude},
                                          Vec2{pre_merge + converge, y_parallel + kAmplitude},
                                          kAmplitude, 2 * kPi / (2 * converge), kPi / 2, ramp);
    auto lbc = std::make_unique<StraightLane>(Vec2{pre_merge + converge, y_parallel},
                                              Vec2{pre_merge + converge + parallel, y_parallel},
                                              parallel_lane);
    const Vec2 obstacle = lbc->Position(parallel, 0);
    net.AddLane("j", "k", std::move(ljk));
    net.AddLane("k", "b", std::move(lkb));
    net.AddLane("b", "c", std::move(lbc));
    AddObstacle(road, obstacle);
  }

  // MergeGenericEnv._make_vehicles: the agent on a -> b's rightmost lane,
  // vehicles_count vehicles at random lanes and positions (up to 10 tries
  // each for a spot 15 m from the others on its lane), one on the ramp.
  void MakeGenericVehicles(Simulation& sim) const {
    Road& road = *sim.road;
    RoadNetwork& net = road.network;
    const int lanes = config_.lanes_count;
    const int a = net.Node("a");
    const int b = net.Node("b");
    const double ego_longitudinal = 30.0;
    sim.AddControlled(net.GetLane({a, b, lanes - 1}).Position(ego_longitudinal, 0.0), 0, 30.0);
    const double max_pos =
        config_.before_merge_length + config_.converge_merge_length + config_.parallel_merge_length;
    std::vector<std::vector<double>> spawned(lanes);
    spawned[lanes - 1].push_back(ego_longitudinal);
    const double safe_distance = 15.0;
    const int tries = 10;
    for (int k = 0; k < config_.vehicles_count; ++k) {
      for (int attempt = 0; attempt < tries; ++attempt) {
        const int id = static_cast<int>(road.np_random->Integers(0, lanes));
        const double longitudinal = road.np_random->Uniform(0, max_pos);
        bool clear = true;
        for (double p : spawned[id]) {
          if (!(std::abs(longitudinal - p) > safe_distance)) clear = false;
        }
        if (!clear) continue;
        const Vec2 position = net.GetLane({a, b, id}).Position(longitudinal, 0.0);
        const double speed = 30.0 + road.np_random->Uniform(-2.0, 2.0);
        road.AddVehicle(std::make_unique<IDMVehicle>(&road, position, 0, speed));
        spawned[id].push_back(longitudinal);
        break;
      }
    }
    AddMergingVehicle(
        road, net.GetLane({net.Node("j"), net.Node("k"), 0}).Position(ego_longitudinal + 30, 0.0));
  }

  // The ramp's vehicle: 20 m/s, wanting 30.
  static void AddMergingVehicle(Road& road, Vec2 position) {
    auto* v = road.AddVehicle(std::make_unique<IDMVehicle>(&road, position, 0, 20.0));
    v->target_speed = 30.0;
  }

  // An Obstacle: a still 2 m x 2 m object.
  static void AddObstacle(Road& road, Vec2 position) {
    road.AddObject(std::make_unique<RoadObject>(&road, &road.network, position, 0.0, 0.0,
                                                RoadObject::Kind::kObstacle));
  }

  bool generic_;
  double end_position_ = 370;
  LaneIndex merge_lane_;
};

// MergeGenericEnv.
class MergeGenericScenario : public MergeScenario {
 public:
  explicit MergeGenericScenario(const ScenarioConfig& config) : MergeScenario(config, true) {}
};

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_SCENARIOS_MERGE_H_
