// roundabout-v0/-v1 and roundabout-generic-v0/-v1 (envs/roundabout_env.py):
// a two-lane roundabout with four entries and exits; the agent enters from
// the south and heads for the north exit among IDM vehicles that follow
// routes to random exits. It is rewarded for speed (its speed index), pays
// for lane changes, and the episode ends at a crash. The generic variant
// sizes the ring (radius, lanes) and spawns `vehicles_count` vehicles at
// random safe spots.
#ifndef PARALLEL_POOL_HIGHWAY_SCENARIOS_ROUNDABOUT_H_
#define PARALLEL_POOL_HIGHWAY_SCENARIOS_ROUNDABOUT_H_

#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <vector>

#include "parallel_pool/highway/scenarios/scenario.h"

namespace parallel_pool::highway {

class RoundaboutScenario : public Scenario {
 public:
  explicit RoundaboutScenario(const ScenarioConfig& config) : Scenario(config) {}

  static std::vector<std::string> RewardTerms() {
    return {"collision_reward", "high_speed_reward", "lane_change_reward", "on_road_reward"};
  }

  void Reset(Simulation& sim) override {
    Road& road = sim.NewRoad();
    MakeRoad(road.network);
    MakeVehicles(sim, road);
  }

  std::vector<RewardTerm> Rewards(const Simulation& sim, int action) const override {
    const Vehicle& v = *sim.vehicle();
    // MDPVehicle.get_speed_index over the size of the default speeds (3),
    // whatever target_speeds the agent has.
    constexpr double kDefaultSpeedSteps = 2;
    return {{"collision_reward", v.crashed ? 1.0 : 0.0},
            {"high_speed_reward", SpeedIndexOf(v) / kDefaultSpeedSteps},
            {"lane_change_reward", action == 0 || action == 2 ? 1.0 : 0.0},
            {"on_road_reward", v.OnRoad() ? 1.0 : 0.0}};
  }

  double Reward(const Simulation& sim, int action) const override {
    const std::vector<RewardTerm> terms = Rewards(sim, action);
    double reward = WeightedSum(terms);
    if (config_.normalize_reward) {
      reward = Lmap(reward, config_.collision_reward, config_.high_speed_reward, 0, 1);
    }
    return reward * terms.back().value;
  }

  bool IsTerminated(const Simulation& sim) const override { return sim.vehicle()->crashed; }

 protected:
  static constexpr LineType kNone = LineType::kNone;
  static constexpr LineType kContinuous = LineType::kContinuous;
  static constexpr LineType kStriped = LineType::kStriped;
  static constexpr double kAlpha = 24;  // degrees

  // np.deg2rad.
  static double Deg2Rad(double degrees) { return degrees * (kPi / 180.0); }

  static LaneOptions Lines(LineType left, LineType right) {
    LaneOptions options;
    options.line_types = {left, right};
    return options;
  }

  // The ring's eight arcs of one lane, counter-clockwise from the south
  // entry: (s)outh/(e)ast/(n)orth/(w)est (e)ntry/e(x)it.
  static void AddRingLane(RoadNetwork& net, double radius, const LaneOptions& options) {
    static const char* const kNodes[] = {"se", "ex", "ee", "nx", "ne", "wx", "we", "sx", "se"};
    static constexpr double a = kAlpha;
    static constexpr std::array<std::array<double, 2>, 8> kAngles = {{{90 - a, a},
                                                                      {a, -a},
                                                                      {-a, -90 + a},
                                                                      {-90 + a, -90 - a},
                                                                      {-90 - a, -180 + a},
                                                                      {-180 + a, -180 - a},
                                                                      {180 - a, 90 + a},
                                                                      {90 + a, 90 - a}}};
    for (int i = 0; i < 8; ++i) {
      net.AddLane(kNodes[i], kNodes[i + 1],
                  std::make_unique<CircularLane>(Vec2{0, 0}, radius, Deg2Rad(kAngles[i][0]),
                                                 Deg2Rad(kAngles[i][1]), false, options));
    }
  }

  static void AddStraight(RoadNetwork& net, const char* from, const char* to, Vec2 start, Vec2 end,
                          const LaneOptions& options) {
    net.AddLane(from, to, std::make_unique<StraightLane>(start, end, options));
  }
  static void AddSine(RoadNetwork& net, const char* from, const char* to, Vec2 start, Vec2 end,
                      double amplitude, double pulsation, double phase) {
    net.AddLane(from, to,
                std::make_unique<SineLane>(start, end, amplitude, pulsation, phase,
                                           Lines(kContinuous, kContinuous)));
  }

  virtual void MakeRoad(RoadNetwork& net) const {
    const double radius = 20;
    const LaneOptions lines[2] = {Lines(kContinuous, kStriped), Lines(kNone, kContinuous)};
    for (int lane = 0; lane < 2; ++lane) AddRingLane(net, radius + 4 * lane, lines[lane]);

    // Access lanes: (r)oad, (s)ine.
    const double access = 170;
    const double dev = 85;
    const double a = 5;
    const double delta_st = 0.2 * dev;
    const double delta_en = dev - delta_st;
    const double w = 2 * kPi / dev;
    const double entry_phase = -kPi / 2;
    const double exit_phase = -kPi / 2 + w * delta_en;
    const LaneOptions in = Lines(kStriped, kContinuous);
    const LaneOptions out = Lines(kNone, kContinuous);
    AddStraight(net, "ser", "ses", {2, access}, {2, dev / 2}, in);
    AddSine(net, "ses", "se", {2 + a, dev / 2}, {2 + a, dev / 2 - delta_st}, a, w, entry_phase);
    AddSine(net, "sx", "sxs", {-2 - a, -dev / 2 + delta_en}, {-2 - a, dev / 2}, a, w, exit_phase);
    AddStraight(net, "sxs", "sxr", {-2, dev / 2}, {-2, access}, out);

    AddStraight(net, "eer", "ees", {access, -2}, {dev / 2, -2}, in);
    AddSine(net, "ees", "ee", {dev / 2, -2 - a}, {dev / 2 - delta_st, -2 - a}, a, w, entry_phase);
    AddSine(net, "ex", "exs", {-dev / 2 + delta_en, 2 + a}, {dev / 2, 2 + a}, a, w, exit_phase);
    AddStraight(net, "exs", "exr", {dev / 2, 2}, {access, 2}, out);

    AddStraight(net, "ner", "nes", {-2, -access}, {-2, -dev / 2}, in);
    AddSine(net, "nes", "ne", {-2 - a, -dev / 2}, {-2 - a, -dev / 2 + delta_st}, a, w, entry_phase);
    AddSine(net, "nx", "nxs", {2 + a, dev / 2 - delta_en}, {2 + a, -dev / 2}, a, w, exit_phase);
    AddStraight(net, "nxs", "nxr", {2, -dev / 2}, {2, -access}, out);

    AddStraight(net, "wer", "wes", {-access, 2}, {-dev / 2, 2}, in);
    AddSine(net, "wes", "we", {-dev / 2, 2 + a}, {-dev / 2 + delta_st, 2 + a}, a, w, entry_phase);
    AddSine(net, "wx", "wxs", {dev / 2 - delta_en, -2 - a}, {-dev / 2, -2 - a}, a, w, exit_phase);
    AddStraight(net, "wxs", "wxr", {-dev / 2, -2}, {-access, -2}, out);
  }

  // The agent on the south road, routed to the north exit.
  static Vehicle* AddEgo(Simulation& sim, Road& road, double longitudinal, double heading_at) {
    const Lane& lane =
        road.network.GetLane({road.network.Node("ser"), road.network.Node("ses"), 0});
    Vehicle* ego =
        sim.AddControlled(lane.Position(longitudinal, 0.0), lane.HeadingAt(heading_at), 8.0);
    // plan_route_to, where the agent's vehicle class has it.
    if (auto* c = dynamic_cast<ControlledVehicle*>(ego)) c->PlanRouteTo(road.network.Node("nxs"));
    return ego;
  }

  // other_vehicles_type.make_on_lane(road, lane, longitudinal, speed), then
  // plan_route_to(destination) and randomize_behavior(); `destination` is
  // drawn after the vehicle is made.
  template <typename Destination>
  static void AddOther(Road& road, const LaneIndex& index, double longitudinal, double speed,
                       Destination&& destination) {
    const Lane& lane = road.network.GetLane(index);
    auto vehicle = std::make_unique<IDMVehicle>(&road, lane.Position(longitudinal, 0),
                                                lane.HeadingAt(longitudinal), speed);
    vehicle->PlanRouteTo(road.network.Node(destination()));
    vehicle->RandomizeBehavior();
    road.AddVehicle(std::move(vehicle));
  }

  virtual void MakeVehicles(Simulation& sim, Road& road) const {
    const double position_deviation = 2.0;
    const double speed_deviation = 2.0;
    RoadNetwork& net = road.network;
    numpy_exact::NumpyGenerator& rng = sim.np_random;
    AddEgo(sim, road, 125.0, 140.0);

    static const char* const kDestinations[] = {"exr", "sxr", "nxr"};
    const auto random_destination = [&rng] { return kDestinations[rng.Choice(3)]; };
    // The incoming vehicle, on the ring's outer lane.
    {
      const double longitudinal = 5.0 + rng.Normal() * position_deviation;
      const double speed = 16 + rng.Normal() * speed_deviation;
      const int fixed = config_.incoming_vehicle_destination;
      AddOther(road, {net.Node("we"), net.Node("sx"), 1}, longitudinal, speed,
               [&] { return fixed >= 0 ? kDestinations[fixed] : random_destination(); });
    }
    // Ahead of and behind it on the inner lane.
    for (int i : {1, -1}) {
      const double longitudinal = 20.0 * i + rng.Normal() * position_deviation;
      const double speed = 16.0 + rng.Normal() * speed_deviation;
      AddOther(road, {net.Node("we"), net.Node("sx"), 0}, longitudinal, speed, random_destination);
    }
    // The entering vehicle, on the east road.
    const double longitudinal = 50.0 + rng.Normal() * position_deviation;
    const double speed = 16.0 + rng.Normal() * speed_deviation;
    AddOther(road, {net.Node("eer"), net.Node("ees"), 0}, longitudinal, speed, random_destination);
  }

 private:
};

class RoundaboutGenericScenario : public RoundaboutScenario {
 public:
  explicit RoundaboutGenericScenario(const ScenarioConfig& config) : RoundaboutScenario(config) {}

  static std::vector<std::string> RewardTerms() { return RoundaboutScenario::RewardTerms(); }

 protected:
  void MakeRoad(RoadNetwork& net) const override {
    const int num_lanes = config_.roundabout_lanes;
    std::vector<double> radii;
    for (int i = 0; i < num_lanes; ++i) radii.push_back(config_.roundabout_radius + 4 * i);
    for (int lane = 0; lane < num_lanes; ++lane) {
      LaneOptions lines;
      if (num_lanes == 1) {
        lines = Lines(kContinuous, kContinuous);
      } else if (lane == 0) {
        lines = Lines(kContinuous, kStriped);
      } else if (lane == num_lanes - 1) {
        lines = Lines(kNone, kContinuous);
      } else {
        lines = Lines(kNone, kStriped);
      }
      AddRingLane(net, radii[lane], lines);
    }

    // The access lanes meet the outermost circle at its eight nodes.
    const double outer = radii.back();
    const auto pt = [outer](double degrees) {
      const double rad = Deg2Rad(degrees);
      return Vec2{outer * Cos(rad), outer * Sin(rad)};
    };
    const double al = kAlpha;
    const Vec2 p_se = pt(90 - al);
    const Vec2 p_ex = pt(al);
    const Vec2 p_ee = pt(-al);
    const Vec2 p_nx = pt(-90 + al);
    const Vec2 p_ne = pt(-90 - al);
    const Vec2 p_wx = pt(-180 + al);
    const Vec2 p_we = pt(180 - al);
    const Vec2 p_sx = pt(90 + al);

    // Python's max: the first of equals.
    const double dev = std::max(100.0, 2 * outer + 40.0);
    const double access = dev + 40.0;
    const double phase = -kPi / 2;
    const LaneOptions in = Lines(kStriped, kContinuous);
    const LaneOptions out = Lines(kNone, kContinuous);

    // South entry and exit.
    double a = (p_se.x - 2) / 2;
    double w = kPi / (dev / 2 - p_se.y);
    AddStraight(net, "ser", "ses", {2, access}, {2, dev / 2}, in);
    AddSine(net, "ses", "se", {2 + a, dev / 2}, {2 + a, p_se.y}, a, w, phase);
    a = (p_sx.x + 2) / 2;
    w = kPi / (dev / 2 - p_sx.y);
    AddSine(net, "sx", "sxs", {p_sx.x - a, p_sx.y}, {p_sx.x - a, dev / 2}, a, w, phase);
    AddStraight(net, "sxs", "sxr", {-2, dev / 2}, {-2, access}, out);

    // East.
    a = (-2 - p_ee.y) / 2;
    w = kPi / (dev / 2 - p_ee.x);
    AddStraight(net, "eer", "ees", {access, -2}, {dev / 2, -2}, in);
    AddSine(net, "ees", "ee", {dev / 2, -2 - a}, {p_ee.x, -2 - a}, a, w, phase);
    a = (2 - p_ex.y) / 2;
    w = kPi / (dev / 2 - p_ex.x);
    AddSine(net, "ex", "exs", {p_ex.x, p_ex.y + a}, {dev / 2, p_ex.y + a}, a, w, phase);
    AddStraight(net, "exs", "exr", {dev / 2, 2}, {access, 2}, out);

    // North.
    a = (-2 - p_ne.x) / 2;
    w = kPi / (p_ne.y - (-dev / 2));
    AddStraight(net, "ner", "nes", {-2, -access}, {-2, -dev / 2}, in);
    AddSine(net, "nes", "ne", {-2 - a, -dev / 2}, {-2 - a, p_ne.y}, a, w, phase);
    a = (2 - p_nx.x) / 2;
    w = kPi / (p_nx.y - (-dev / 2));
    AddSine(net, "nx", "nxs", {p_nx.x + a, p_nx.y}, {p_nx.x + a, -dev / 2}, a, w, phase);
    AddStraight(net, "nxs", "nxr", {2, -dev / 2}, {2, -access}, out);

    // West.
    a = (p_we.y - 2) / 2;
    w = kPi / (p_we.x - (-dev / 2));
    AddStraight(net, "wer", "wes", {-access, 2}, {-dev / 2, 2}, in);
    AddSine(net, "wes", "we", {-dev / 2, 2 + a}, {p_we.x, 2 + a}, a, w, phase);
    a = (p_wx.y + 2) / 2;
    w = kPi / (p_wx.x - (-dev / 2));
    AddSine(net, "wx", "wxs", {p_wx.x, p_wx.y - a}, {-dev / 2, p_wx.y - a}, a, w, phase);
    AddStraight(net, "wxs", "wxr", {-dev / 2, -2}, {-access, -2}, out);
  }

  void MakeVehicles(Simulation& sim, Road& road) const override {
    const double speed_deviation = 2.0;
    RoadNetwork& net = road.network;
    numpy_exact::NumpyGenerator& rng = sim.np_random;
    const LaneIndex ego_index{net.Node("ser"), net.Node("ses"), 0};
    const Lane& ego_lane = net.GetLane(ego_index);
    // At the end of the straight lane.
    const double ego_longitudinal = ego_lane.length - 2.5;
    AddEgo(sim, road, ego_longitudinal, ego_longitudinal);

    static const char* const kDestinations[] = {"exr", "sxr", "nxr", "wxr"};
    static const char* const kSpawnRoads[][2] = {{"we", "sx"},  {"sx", "se"},   {"ee", "nx"},
                                                 {"nx", "ne"},  {"eer", "ees"}, {"ner", "nes"},
                                                 {"wer", "wes"}};
    std::vector<Vec2> spawned = {ego_lane.Position(ego_longitudinal, 0.0)};
    const double safe_distance = 7.0;
    const int tries = 10;
    for (int k = 0; k < config_.vehicles_count; ++k) {
      for (int t = 0; t < tries; ++t) {
        const auto& spawn_road = kSpawnRoads[rng.Integers(0, 7)];
        const int from = net.Node(spawn_road[0]);
        const int to = net.Node(spawn_road[1]);
        const int id = static_cast<int>(rng.Integers(0, net.NumLanes(from, to)));
        const Lane& lane = net.GetLane({from, to, id});
        const double longitudinal = rng.Uniform(5.0, std::max(5.0, lane.length - 5.0));
        const Vec2 candidate = lane.Position(longitudinal, 0.0);
        bool safe = true;
        for (const Vec2& point : spawned) {
          if (Norm(candidate - point) < safe_distance) {
            safe = false;
            break;
          }
        }
        if (!safe) continue;
        const double speed = 14.0 + rng.Normal() * speed_deviation;
        const int fixed = config_.incoming_vehicle_destination;
        AddOther(road, {from, to, id}, longitudinal, speed, [&] {
          return fixed >= 0 ? kDestinations[std::min(fixed, 3)] : kDestinations[rng.Integers(0, 4)];
        });
        spawned.push_back(candidate);
        break;
      }
    }
  }
};

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_SCENARIOS_ROUNDABOUT_H_
