// parking-v0, parking-ActionRepeat-v0 and parking-parked-v0
// (envs/parking_env.py): a parking lot of 14 spots on each side of an aisle,
// walled in; the agent starts still at the centre, heading anywhere, and
// must reach a free spot, its goal (a Landmark), at the goal's heading. The
// reward is minus a weighted p-norm (p = 0.5) of what separates the agent's
// KinematicsGoal features from the goal's, plus collision_reward per crashed
// agent; the episode ends at a crash or once the goal is reached (the
// reward above -success_goal_reward).
#ifndef PARALLEL_POOL_HIGHWAY_SCENARIOS_PARKING_H_
#define PARALLEL_POOL_HIGHWAY_SCENARIOS_PARKING_H_

#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "parallel_pool/highway/observation/kinematics_goal.h"
#include "parallel_pool/highway/scenarios/scenario.h"

namespace parallel_pool::highway {

class ParkingScenario : public Scenario {
 public:
  static constexpr int kSpots = 14;
  // The lot's walls: [-35, 35] x [-21, 21].
  static constexpr double kWallsWidth = 70;
  static constexpr double kWallsHeight = 42;
  // The most agents whose start spots (the lanes closest to them) differ.
  static constexpr int kMaxAgents = 5;

  explicit ParkingScenario(const ScenarioConfig& config) : Scenario(config) {}

  // No _rewards: info has no reward terms.
  static std::vector<std::string> RewardTerms() { return {}; }

  void Reset(Simulation& sim) override {
    Road& road = sim.NewRoad();
    MakeLot(road.network);
    MakeVehicles(sim, road);
  }

  std::vector<RewardTerm> Rewards(const Simulation& /*sim*/, int /*action*/) const override {
    return {};
  }

  double Reward(const Simulation& sim, int /*action*/) const override {
    // sum() of the one observed agent's, from 0.
    double reward = 0 + GoalReward(sim);
    int crashed = 0;
    for (const Vehicle* v : sim.controlled) crashed += v->crashed ? 1 : 0;
    reward += config_.collision_reward * crashed;
    return reward;
  }

  bool IsTerminated(const Simulation& sim) const override {
    for (const Vehicle* v : sim.controlled) {
      if (v->crashed) return true;
    }
    return IsSuccess(sim);
  }

  bool IsSuccess(const Simulation& sim) const override {
    return GoalReward(sim) > -config_.success_goal_reward;
  }

 private:
  // compute_reward of the first agent's PARKING_OBS (whatever the
  // observation type): -(|achieved - desired| . reward_weights) ** p.
  double GoalReward(const Simulation& sim) const {
    static const std::vector<Feature> kFeatures = {Feature::kX,  Feature::kY,    Feature::kVx,
                                                   Feature::kVy, Feature::kCosH, Feature::kSinH};
    static const std::vector<double> kScales = {100, 100, 5, 5, 1, 1};
    const GoalObservation g = ObserveGoal(*sim.vehicle(), *sim.goals.front(), kFeatures, kScales);
    std::vector<double> gap(kFeatures.size());
    for (std::size_t k = 0; k < gap.size(); ++k) gap[k] = std::abs(g.achieved[k] - g.desired[k]);
    const double dot =
        numpy_exact::NumpyDdot(gap.data(), config_.reward_weights.data(), gap.size());
    return -Power(dot, 0.5);
  }

  // _create_road: a spot (a lane 8 m long, 4 m wide) per column on each
  // side, a -> b above the aisle, b -> c below.
  static void MakeLot(RoadNetwork& net) {
    const double width = 4.0;
    const double x_offset = 0;
    const double y_offset = 10;
    const double length = 8;
    LaneOptions options;
    options.width = width;
    options.line_types = {LineType::kContinuous, LineType::kContinuous};
    for (int k = 0; k < kSpots; ++k) {
      const double x = (k + 1 - kSpots / 2) * (width + x_offset) - width / 2;
      net.AddLane(
          "a", "b",
          std::make_unique<StraightLane>(Vec2{x, y_offset}, Vec2{x, y_offset + length}, options));
      net.AddLane(
          "b", "c",
          std::make_unique<StraightLane>(Vec2{x, -y_offset}, Vec2{x, -y_offset - length}, options));
    }
  }

  // _create_vehicles: the agents, their goals on free spots, the parked
  // vehicles on others, the walls.
  void MakeVehicles(Simulation& sim, Road& road) const {
    const RoadNetwork& net = road.network;
    std::vector<LaneIndex> empty_spots = net.LaneIndices();
    const auto take = [&empty_spots](const LaneIndex& index) {
      for (auto it = empty_spots.begin(); it != empty_spots.end(); ++it) {
        if (*it == index) {
          empty_spots.erase(it);
          return;
        }
      }
    };
    const int n = config_.controlled_vehicles;
    for (int i = 0; i < n; ++i) {
      const double x0 = static_cast<double>(i - n / 2) * 10.0;
      Vehicle* v = sim.AddControlled({x0, 0.0}, 2.0 * kPi * sim.np_random.Uniform(0.0, 1.0), 0.0);
      v->color = std::array<std::uint8_t, 3>{50, 200, 0};  // VehicleGraphics.EGO_COLOR
      take(v->lane_index);
    }
    for (std::size_t i = 0; i < sim.controlled.size(); ++i) {
      const LaneIndex index =
          empty_spots[sim.np_random.Choice(static_cast<std::int64_t>(empty_spots.size()))];
      const Lane& lane = net.GetLane(index);
      sim.goals.push_back(road.AddObject(
          std::make_unique<RoadObject>(&road, &net, lane.Position(lane.length / 2, 0),
                                       lane.HeadingAt(0), 0.0, RoadObject::Kind::kLandmark)));
      take(index);
    }
    for (int i = 0; i < config_.vehicles_count; ++i) {
      if (empty_spots.empty()) continue;
      const LaneIndex index =
          empty_spots[sim.np_random.Choice(static_cast<std::int64_t>(empty_spots.size()))];
      const Lane& lane = net.GetLane(index);
      road.AddVehicle(
          std::make_unique<Vehicle>(&road, lane.Position(4.0, 0), lane.HeadingAt(4.0), 0.0));
      take(index);
    }
    if (config_.add_walls) {
      for (const double y : {-kWallsHeight / 2, kWallsHeight / 2}) {
        road.AddObject(std::make_unique<RoadObject>(&road, &net, Vec2{0, y}, 0.0, 0.0,
                                                    RoadObject::Kind::kObstacle, kWallsWidth, 1));
      }
      for (const double x : {-kWallsWidth / 2, kWallsWidth / 2}) {
        road.AddObject(std::make_unique<RoadObject>(&road, &net, Vec2{x, 0}, kPi / 2, 0.0,
                                                    RoadObject::Kind::kObstacle, kWallsHeight, 1));
      }
    }
  }
};

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_SCENARIOS_PARKING_H_
