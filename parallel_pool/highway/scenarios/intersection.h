// intersection-v0 and intersection-v2 (envs/intersection_env.py): a
// four-way crossing of two-way roads under priority rules (RegulatedRoad),
// with traffic that enters at random during the episode and leaves at its
// exit. The agent drives from the south towards `destination` and only
// chooses its speed; it is rewarded for speed and for arriving, punished
// for a crash, and the episode ends at a crash or once every agent arrived.
#ifndef PARALLEL_POOL_HIGHWAY_SCENARIOS_INTERSECTION_H_
#define PARALLEL_POOL_HIGHWAY_SCENARIOS_INTERSECTION_H_

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "parallel_pool/highway/road/regulation.h"
#include "parallel_pool/highway/scenarios/scenario.h"

namespace parallel_pool::highway {

class IntersectionScenario : public Scenario {
 public:
  // The traffic's IDM constants: _make_vehicles sets them on the class.
  static constexpr double kDistanceWanted = 7;
  static constexpr double kComfortAccMax = 6;
  static constexpr double kComfortAccMin = -3;

  explicit IntersectionScenario(const ScenarioConfig& config) : Scenario(config) {}

  static std::vector<std::string> RewardTerms() {
    return {"collision_reward", "high_speed_reward", "arrived_reward", "on_road_reward"};
  }

  void Reset(Simulation& sim) override {
    RegulatedRoad& road = sim.NewRoad<RegulatedRoad>();
    MakeRoad(road.network);
    MakeVehicles(sim, config_.initial_vehicle_count);
  }

  // _rewards: each term averaged over the agents.
  std::vector<RewardTerm> Rewards(const Simulation& sim, int /*action*/) const override {
    std::vector<RewardTerm> terms;
    const auto n = static_cast<double>(sim.controlled.size());
    for (const Vehicle* v : sim.controlled) {
      const std::vector<RewardTerm> agent = AgentRewards(*v);
      if (terms.empty()) {
        terms = agent;
        for (RewardTerm& t : terms) t.value = 0.0 + t.value;
      } else {
        for (std::size_t k = 0; k < terms.size(); ++k) terms[k].value += agent[k].value;
      }
    }
    for (RewardTerm& t : terms) t.value /= n;
    return terms;
  }

  // _reward: the agents' rewards averaged.
  double Reward(const Simulation& sim, int /*action*/) const override {
    double sum = 0.0;
    for (const Vehicle* v : sim.controlled) sum += AgentReward(*v);
    return sum / static_cast<double>(sim.controlled.size());
  }

  bool IsTerminated(const Simulation& sim) const override {
    bool all_arrived = true;
    for (const Vehicle* v : sim.controlled) {
      if (v->crashed) return true;
      all_arrived = all_arrived && HasArrived(*v);
    }
    return all_arrived || (config_.offroad_terminal && !sim.vehicle()->OnRoad());
  }

  double AgentReward(const Simulation& sim, int agent) const override {
    return AgentReward(*sim.controlled[agent]);
  }

  // _agent_is_terminal: the agent crashed or arrived.
  bool AgentTerminated(const Simulation& sim, int agent) const override {
    const Vehicle& v = *sim.controlled[agent];
    return v.crashed || HasArrived(v);
  }

  // After the step's observation, reward and info: the traffic that left is
  // removed and a new vehicle may enter.
  void AfterStep(Simulation& sim) override {
    ClearVehicles(sim);
    SpawnVehicle(sim, 0, 1.0, 1.0, config_.spawn_probability);
  }

 private:
  // The per-agent terms, in the reference's order.
  static std::vector<RewardTerm> AgentRewards(const Vehicle& v, double speed_low,
                                              double speed_high) {
    const double scaled_speed = Lmap(v.speed, speed_low, speed_high, 0, 1);
    return {{"collision_reward", v.crashed ? 1.0 : 0.0},
            {"high_speed_reward", Clip(scaled_speed, 0, 1)},
            {"arrived_reward", HasArrived(v) ? 1.0 : 0.0},
            {"on_road_reward", v.OnRoad() ? 1.0 : 0.0}};
  }
  std::vector<RewardTerm> AgentRewards(const Vehicle& v) const {
    return AgentRewards(v, config_.reward_speed_low, config_.reward_speed_high);
  }

  double AgentReward(const Vehicle& v) const {
    const std::vector<RewardTerm> terms = AgentRewards(v);
    double reward = WeightedSum(terms);
    if (terms[2].value != 0) reward = config_.arrived_reward;
    reward *= terms[3].value;
    if (config_.normalize_reward) {
      reward = Lmap(reward, config_.collision_reward, config_.arrived_reward, 0, 1);
    }
    return reward;
  }

  // The lane's road runs from an "il" node to an "o" node: an exit.
  static bool OnExit(const RoadObject& v) {
    return v.network->NodeName(v.lane_index.from).find("il") != std::string::npos &&
           v.network->NodeName(v.lane_index.to).find('o') != std::string::npos;
  }

  static bool HasArrived(const RoadObject& v, double exit_distance = 25) {
    return OnExit(v) && v.lane->LocalCoordinates(v.position).longitudinal >= exit_distance;
  }

  // The crossing: per corner (0 south, 1 west, 2 north, 3 east, each a
  // quarter turn of the previous), its incoming lane "o" -> "ir", the right
  // turn, left turn and straight lanes "ir" -> "il", and the exit "il" ->
  // "o" of the corner before. Priorities: 3 for the horizontal roads' lanes
  // (2 for their left turns), 1 for the vertical ones' (0).
  static void MakeRoad(RoadNetwork& net) {
    const double lane_width = Lane::kDefaultWidth;
    const double right_turn_radius = lane_width + 5;
    const double left_turn_radius = right_turn_radius + lane_width;
    const double outer_distance = right_turn_radius + lane_width / 2;
    const double access_length = 50 + 50;
    const auto radians = [](double degrees) { return degrees * (kPi / 180.0); };
    const auto name = [](const char* prefix, int corner) {
      return prefix + std::to_string(((corner % 4) + 4) % 4);
    };
    constexpr LineType n = LineType::kNone;
    constexpr LineType c = LineType::kContinuous;
    constexpr LineType s = LineType::kStriped;
    for (int corner = 0; corner < 4; ++corner) {
      const double angle = radians(90.0 * corner);
      const int priority = corner % 2 == 1 ? 3 : 1;
      const Mat2 rotation = Rotation(angle);
      const auto options = [](LineType left, LineType right, int lane_priority) {
        LaneOptions o;
        o.line_types = {left, right};
        o.priority = lane_priority;
        o.speed_limit = 10.0;
        return o;
      };
      // Incoming.
      net.AddLane(name("o", corner), name("ir", corner),
                  std::make_unique<StraightLane>(
                      MatVec(rotation, {lane_width / 2, access_length + outer_distance}),
                      MatVec(rotation, {lane_width / 2, outer_distance}), options(s, c, priority)));
      // Right turn.
      net.AddLane(name("ir", corner), name("il", corner - 1),
                  std::make_unique<CircularLane>(
                      MatVec(rotation, {outer_distance, outer_distance}), right_turn_radius,
                      angle + radians(180), angle + radians(270), true, options(n, c, priority)));
      // Left turn.
      net.AddLane(
          name("ir", corner), name("il", corner + 1),
          std::make_unique<CircularLane>(MatVec(rotation, {-left_turn_radius + lane_width / 2,
                                                           left_turn_radius - lane_width / 2}),
                                         left_turn_radius, angle + radians(0), angle + radians(-90),
                                         false, options(n, n, priority - 1)));
      // Straight.
      net.AddLane(
          name("ir", corner), name("il", corner + 2),
          std::make_unique<StraightLane>(MatVec(rotation, {lane_width / 2, outer_distance}),
                                         MatVec(rotation, {lane_width / 2, -outer_distance}),
                                         options(s, n, priority)));
      // Exit (towards the outside).
      net.AddLane(name("il", corner - 1), name("o", corner - 1),
                  std::make_unique<StraightLane>(
                      MatVec(rotation, {outer_distance, lane_width / 2}),
                      MatVec(rotation, {access_length + outer_distance, lane_width / 2}),
                      options(n, c, priority)));
    }
  }

  // _make_vehicles: traffic spread along the incoming lanes, run for 3 s,
  // a challenger going straight, then the agents (nearby traffic removed).
  void MakeVehicles(Simulation& sim, int n_vehicles) {
    Road& road = *sim.road;
    for (int t = 0; t < n_vehicles - 1; ++t) {
      // np.linspace(0, 80, n_vehicles)[t].
      SpawnVehicle(sim, static_cast<double>(t) * (80.0 / (n_vehicles - 1)) + 0.0);
    }
    const int frames = sim.config.simulation_frequency;
    for (int k = 0; k < 3 * frames; ++k) {
      road.Act();
      road.Step(1.0 / frames);
    }
    SpawnVehicle(sim, 60, 0.1, 0.0, 1.0, true);
    for (int ego_id = 0; ego_id < config_.controlled_vehicles; ++ego_id) {
      const std::string corner = std::to_string(ego_id % 4);
      RoadNetwork& net = road.network;
      const Lane& ego_lane = net.GetLane({net.Node("o" + corner), net.Node("ir" + corner), 0});
      std::string destination = config_.destination;
      if (destination.empty()) destination = "o" + std::to_string(sim.np_random.Integers(1, 4));
      const double longitudinal = 60.0 + 5.0 * sim.np_random.Normal(1.0, 1.0);
      const double speed_limit = *ego_lane.speed_limit;
      Vehicle* ego = sim.AddControlled(ego_lane.Position(longitudinal, 0.0),
                                       ego_lane.HeadingAt(60.0), speed_limit);
      // plan_route_to and the speed index, where the agent's vehicle class
      // has them (the reference's try/except AttributeError).
      if (auto* m = dynamic_cast<MDPVehicle*>(ego)) {
        m->PlanRouteTo(net.Node(destination));
        m->speed_index = m->SpeedToIndex(speed_limit);
        m->target_speed = m->target_speeds[m->speed_index];
      }
      // No early collisions: the other traffic near the new agent goes.
      std::erase_if(road.vehicles, [&](const std::unique_ptr<RoadObject>& v) {
        return !IsControlled(sim, v.get()) && Norm(v->position - ego->position) < 20;
      });
    }
  }

  // _spawn_vehicle: with probability `spawn_probability`, a vehicle from a
  // random corner to another (or straight on), unless it would start within
  // 15 m of one.
  void SpawnVehicle(Simulation& sim, double longitudinal, double position_deviation = 1.0,
                    double speed_deviation = 1.0, double spawn_probability = 0.6,
                    bool go_straight = false) {
    numpy_exact::NumpyGenerator& rng = sim.np_random;
    if (rng.Uniform() > spawn_probability) return;
    std::vector<std::int64_t> route = rng.ChoiceWithoutReplacement(4, 2);
    if (go_straight) route[1] = (route[0] + 2) % 4;
    Road& road = *sim.road;
    RoadNetwork& net = road.network;
    const std::string from = std::to_string(route[0]);
    const Lane& lane = net.GetLane({net.Node("o" + from), net.Node("ir" + from), 0});
    const double s = longitudinal + 5.0 + rng.Normal() * position_deviation;
    const double speed = 8.0 + rng.Normal() * speed_deviation;
    auto vehicle =
        std::make_unique<IDMVehicle>(&road, lane.Position(s, 0), lane.HeadingAt(s), speed);
    for (const auto& v : road.vehicles) {
      if (Norm(v->position - vehicle->position) < 15) return;
    }
    vehicle->PlanRouteTo(net.Node("o" + std::to_string(route[1])));
    vehicle->RandomizeBehavior();
    vehicle->distance_wanted = kDistanceWanted;
    vehicle->comfort_acc_max = kComfortAccMax;
    vehicle->comfort_acc_min = kComfortAccMin;
    road.AddVehicle(std::move(vehicle));
  }

  // _clear_vehicles: the traffic within 4 lengths of its exit's end (or
  // without a route) leaves; the agents stay.
  static void ClearVehicles(Simulation& sim) {
    std::erase_if(sim.road->vehicles, [&](const std::unique_ptr<RoadObject>& v) {
      if (IsControlled(sim, v.get())) return false;
      const auto* controlled = v->AsControlled();
      const bool leaving = OnExit(*v) && v->lane->LocalCoordinates(v->position).longitudinal >=
                                             v->lane->length - 4 * Vehicle::kLength;
      return leaving || controlled == nullptr || !controlled->route;
    });
  }

  static bool IsControlled(const Simulation& sim, const RoadObject* v) {
    return std::find(sim.controlled.begin(), sim.controlled.end(), v) != sim.controlled.end();
  }
};

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_SCENARIOS_INTERSECTION_H_
