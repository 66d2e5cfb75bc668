// racetrack-v0/-v1, racetrack-large-v0/-v1 and racetrack-oval-v0/-v1
// (envs/racetrack_env.py): a closed two-lane (large: three-lane; oval:
// no_lanes) circuit of straights and arcs with a few IDM vehicles; the
// agent steers only (ContinuousAction, lateral) and is rewarded for staying
// near its lane's centre and for small actions; the episode ends at a crash
// or, with terminate_off_road, off the road.
#ifndef PARALLEL_POOL_HIGHWAY_SCENARIOS_RACETRACK_H_
#define PARALLEL_POOL_HIGHWAY_SCENARIOS_RACETRACK_H_

#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "parallel_pool/highway/scenarios/scenario.h"

namespace parallel_pool::highway {

class RacetrackScenario : public Scenario {
 public:
  explicit RacetrackScenario(const ScenarioConfig& config) : Scenario(config) {}

  static std::vector<std::string> RewardTerms() {
    return {"lane_centering_reward", "action_reward", "collision_reward", "on_road_reward"};
  }

  void Reset(Simulation& sim) override {
    Road& road = sim.NewRoad();
    MakeRoad(sim, road);
    MakeVehicles(sim, road);
  }

  std::vector<RewardTerm> Rewards(const Simulation& sim, int /*action*/) const override {
    const Vehicle& v = *sim.vehicle();
    const double lateral = v.lane->LocalCoordinates(v.position).lateral;
    return {{"lane_centering_reward", 1 / (1 + config_.lane_centering_cost * (lateral * lateral))},
            {"action_reward", ActionNorm(sim.last_action)},
            {"collision_reward", v.crashed ? 1.0 : 0.0},
            {"on_road_reward", v.OnRoad() ? 1.0 : 0.0}};
  }

  double Reward(const Simulation& sim, int action) const override {
    const std::vector<RewardTerm> terms = Rewards(sim, action);
    // The action term is an np.float32 (a Python float times np.float32,
    // NEP 50). A StraightLane's local_coordinates are Python floats, weak
    // against it: the sum is float32 up to the collision term, then float64
    // from the on_road term (0 * np.bool_, an np.int64) on. Other lanes'
    // are np.float64: float64 throughout.
    const auto action_term =
        static_cast<float>(config_.action_reward) * static_cast<float>(terms[1].value);
    const Lane* lane = sim.vehicle()->lane;
    const bool python_float = dynamic_cast<const StraightLane*>(lane) != nullptr &&
                              dynamic_cast<const SineLane*>(lane) == nullptr;
    double reward = 0;
    if (python_float) {
      float partial = static_cast<float>(config_.lane_centering_reward * terms[0].value);
      partial = partial + action_term;
      partial = partial + static_cast<float>(config_.collision_reward * terms[2].value);
      reward = static_cast<double>(partial);
    } else {
      reward = config_.lane_centering_reward * terms[0].value;
      reward += static_cast<double>(action_term);
      reward += config_.collision_reward * terms[2].value;
    }
    reward += 0.0;
    reward = Lmap(reward, config_.collision_reward, 1, 0, 1);
    return reward * terms[3].value;
  }

  bool IsTerminated(const Simulation& sim) const override {
    const Vehicle& v = *sim.vehicle();
    return v.crashed || (config_.terminate_off_road && !v.OnRoad());
  }

 protected:
  static constexpr LineType kNone = LineType::kNone;
  static constexpr LineType kContinuous = LineType::kContinuous;
  static constexpr LineType kStriped = LineType::kStriped;

  // np.deg2rad.
  static double Deg2Rad(double degrees) { return degrees * (kPi / 180.0); }

  static LaneOptions Lines(LineType left, LineType right, double speed_limit, double width = 5) {
    LaneOptions options;
    options.line_types = {left, right};
    options.width = width;
    options.speed_limit = speed_limit;
    return options;
  }
  static void Straight(RoadNetwork& net, const char* from, const char* to, Vec2 start, Vec2 end,
                       const LaneOptions& options) {
    net.AddLane(from, to, std::make_unique<StraightLane>(start, end, options));
  }
  static void Arc(RoadNetwork& net, const char* from, const char* to, Vec2 center, double radius,
                  double start_degrees, double end_degrees, bool clockwise,
                  const LaneOptions& options) {
    net.AddLane(from, to,
                std::make_unique<CircularLane>(center, radius, Deg2Rad(start_degrees),
                                               Deg2Rad(end_degrees), clockwise, options));
  }

  // np.linalg.norm of the float32 action: sqrt of its float32 dot product.
  static double ActionNorm(const std::vector<float>& action) {
    float dot = 0.0F;
    for (float a : action) dot += a * a;
    return static_cast<double>(std::sqrt(dot));
  }

  virtual void MakeRoad(Simulation& /*sim*/, Road& road) const {
    RoadNetwork& net = road.network;
    const double s = 10.0;
    Straight(net, "a", "b", {42, 0}, {100, 0}, Lines(kContinuous, kStriped, s));
    Straight(net, "a", "b", {42, 5}, {100, 5}, Lines(kStriped, kContinuous, s));
    Arc(net, "b", "c", {100, -20}, 20, 90, -1, false, Lines(kContinuous, kNone, s));
    Arc(net, "b", "c", {100, -20}, 25, 90, -1, false, Lines(kStriped, kContinuous, s));
    Straight(net, "c", "d", {120, -20}, {120, -30}, Lines(kContinuous, kNone, s));
    Straight(net, "c", "d", {125, -20}, {125, -30}, Lines(kStriped, kContinuous, s));
    Arc(net, "d", "e", {105, -30}, 15, 0, -181, false, Lines(kContinuous, kNone, s));
    Arc(net, "d", "e", {105, -30}, 20, 0, -181, false, Lines(kStriped, kContinuous, s));
    Arc(net, "e", "f", {70, -30}, 20, 0, 136, true, Lines(kContinuous, kStriped, s));
    Arc(net, "e", "f", {70, -30}, 15, 0, 137, true, Lines(kNone, kContinuous, s));
    Straight(net, "f", "g", {55.7, -15.7}, {35.7, -35.7}, Lines(kContinuous, kNone, s));
    Straight(net, "f", "g", {59.3934, -19.2}, {39.3934, -39.2}, Lines(kStriped, kContinuous, s));
    Arc(net, "g", "h", {18.1, -18.1}, 25, 315, 170, false, Lines(kContinuous, kNone, s));
    Arc(net, "g", "h", {18.1, -18.1}, 30, 315, 165, false, Lines(kStriped, kContinuous, s));
    Arc(net, "h", "i", {18.1, -18.1}, 25, 170, 56, false, Lines(kContinuous, kNone, s));
    Arc(net, "h", "i", {18.1, -18.1}, 30, 170, 58, false, Lines(kStriped, kContinuous, s));
    Arc(net, "i", "a", {43.2, 23.4}, 23.5, 240, 270, true, Lines(kContinuous, kStriped, s));
    Arc(net, "i", "a", {43.2, 23.4}, 18.5, 238, 268, true, Lines(kNone, kContinuous, s));
  }

  // The agent's first lane id: on road a -> b.
  virtual std::int64_t FirstLaneId(Simulation& sim) const { return sim.np_random.Integers(0, 2); }

  static LaneIndex RandomLaneIndex(const RoadNetwork& net, numpy_exact::NumpyGenerator& rng) {
    const std::vector<int> froms = net.FromNodes();
    const int from = froms[rng.Choice(static_cast<std::int64_t>(froms.size()))];
    const std::vector<int> tos = net.ToNodes(from);
    const int to = tos[rng.Choice(static_cast<std::int64_t>(tos.size()))];
    const int id = static_cast<int>(rng.Integers(0, net.NumLanes(from, to)));
    return {from, to, id};
  }

  void MakeVehicles(Simulation& sim, Road& road) const {
    numpy_exact::NumpyGenerator& rng = sim.np_random;
    const RoadNetwork& net = road.network;
    LaneIndex lane_index;
    for (int i = 0; i < config_.controlled_vehicles; ++i) {
      lane_index = i == 0 ? LaneIndex{net.FindNode("a"), net.FindNode("b"),
                                      static_cast<int>(FirstLaneId(sim))}
                          : RandomLaneIndex(net, rng);
      const double longitudinal = rng.Uniform(20, 50);
      const Lane& lane = net.GetLane(lane_index);
      sim.AddControlled(lane.Position(longitudinal, 0), lane.HeadingAt(longitudinal),
                        *lane.speed_limit);
    }
    if (config_.other_vehicles <= 0) return;
    // The vehicle ahead, on the first arc.
    {
      const LaneIndex front{net.FindNode("b"), net.FindNode("c"), lane_index.id};
      const double longitudinal = rng.Uniform(0.0, net.GetLane({front.from, front.to, 0}).length);
      const double speed = 6.0 + rng.Uniform(0.0, 3.0);
      const Lane& lane = net.GetLane(front);
      road.AddVehicle(std::make_unique<IDMVehicle>(&road, lane.Position(longitudinal, 0),
                                                   lane.HeadingAt(longitudinal), speed));
    }
    const std::int64_t others = rng.Integers(0, config_.other_vehicles);
    for (std::int64_t k = 0; k < others; ++k) {
      const LaneIndex index = RandomLaneIndex(net, rng);
      const Lane& lane = net.GetLane(index);
      const double longitudinal = rng.Uniform(0.0, lane.length);
      const double speed = 6.0 + rng.Uniform(0.0, 3.0);
      auto vehicle = std::make_unique<IDMVehicle>(&road, lane.Position(longitudinal, 0),
                                                  lane.HeadingAt(longitudinal), speed);
      // Not within 20 m of another one.
      bool clear = true;
      for (const auto& v : road.vehicles) {
        if (Norm(vehicle->position - v->position) < 20) {
          clear = false;
          break;
        }
      }
      if (clear) road.AddVehicle(std::move(vehicle));
    }
  }
};

// racetrack-large: a longer three-lane circuit, its lanes at speed_limit.
class RacetrackLargeScenario : public RacetrackScenario {
 public:
  using RacetrackScenario::RacetrackScenario;

 protected:
  void MakeRoad(Simulation& /*sim*/, Road& road) const override {
    RoadNetwork& net = road.network;
    const double w = 5;
    const double w2 = 2 * w;
    const double s = config_.speed_limit;
    const LaneOptions inner = Lines(kContinuous, kNone, s, w);
    const LaneOptions middle = Lines(kStriped, kStriped, s, w);
    const LaneOptions outer = Lines(kNone, kContinuous, s, w);
    Straight(net, "a", "b", {42, 0}, {200, 0}, Lines(kContinuous, kStriped, s, w));
    Straight(net, "a", "b", {42, w}, {200, w}, middle);
    Straight(net, "a", "b", {42, w2}, {200, w2}, outer);
    const Vec2 center1{200, -20};
    const double radii1 = 20;
    Arc(net, "b", "c", center1, radii1, 90, -1, false, inner);
    Arc(net, "b", "c", center1, radii1 + w, 90, -1, false, middle);
    Arc(net, "b", "c", center1, radii1 + w2, 90, -1, false, outer);
    const double delta_extension = -1.0;
    Straight(net, "c", "d", {220, -20}, {220, -60 + delta_extension}, inner);
    Straight(net, "c", "d", {220 + w, -20}, {220 + w, -60 + delta_extension}, middle);
    Straight(net, "c", "d", {220 + w2, -20}, {220 + w2, -60 + delta_extension}, outer);
    const Vec2 center4{205, -60};
    const double radii4 = 15;
    Arc(net, "d", "e", center4, radii4, 0, -181, false, inner);
    Arc(net, "d", "e", center4, radii4 + w, 0, -181, false, middle);
    Arc(net, "d", "e", center4, radii4 + w2, 0, -181, false, outer);
    const Vec2 center5{170, -60};
    const double radii5 = 15;
    Arc(net, "e", "f", center5, radii5 + 5, 0, 136, true, Lines(kContinuous, kNone, s, w));
    Arc(net, "e", "f", center5, radii5, 0, 137, true, middle);
    Arc(net, "e", "f", center5, radii5 - w, 0, 137, true, outer);
    const Vec2 extend{-30, -30};
    const Vec2 start6{155.7, -45.7};
    const Vec2 end6 = Vec2{135.7, -65.7} + extend;
    Straight(net, "f", "g", start6, end6, inner);
    const Vec2 start6_2{159.3934, -49.2};
    const Vec2 end6_2 = Vec2{139.3934, -69.2} + extend;
    Straight(net, "f", "g", start6_2, end6_2, middle);
    const Vec2 start6_3{start6.x + 2 * (start6_2.x - start6.x),
                        start6.y + 2 * (start6_2.y - start6.y)};
    const Vec2 end6_3{end6.x + 2 * (end6_2.x - end6.x), end6.y + 2 * (end6_2.y - end6.y)};
    Straight(net, "f", "g", start6_3, end6_3, outer);
    const Vec2 center7 = Vec2{118.1, -48.1} + extend;
    const double radii7 = 25;
    const double theta7 = 317;
    const double theta7_end = 205;
    Arc(net, "g", "h", center7, radii7, theta7, theta7_end - 3, false, inner);
    Arc(net, "g", "h", center7, radii7 + 5, theta7, theta7_end, false, middle);
    Arc(net, "g", "h", center7, radii7 + w2, theta7, theta7_end, false, outer);
    const double c7 = Cos(Deg2Rad(theta7_end));
    const double s7 = Sin(Deg2Rad(theta7_end));
    const Vec2 start8{center7.x + radii7 * c7, center7.y + radii7 * s7};
    const Vec2 start8_2{center7.x + (radii7 + w) * c7, center7.y + (radii7 + w) * s7};
    const Vec2 start8_3{center7.x + (radii7 + w2) * c7, center7.y + (radii7 + w2) * s7};
    const double radii9 = 15;
    const double rad = Deg2Rad(30);
    const double c9 = Cos(rad);
    const double s9 = Sin(rad);
    const Vec2 end8{42 - radii9 * c9, -radii9 - radii9 * s9};
    const Vec2 end8_2{42 - (radii9 + w) * c9, -radii9 - (radii9 + w) * s9};
    const Vec2 end8_3{42 - (radii9 + w2) * c9, -radii9 - (radii9 + w2) * s9};
    Straight(net, "h", "i", start8, end8, inner);
    Straight(net, "h", "i", start8_2, end8_2, middle);
    Straight(net, "h", "i", start8_3, end8_3, outer);
    const Vec2 center9{42, -radii9};
    Arc(net, "i", "a", center9, radii9, 210, 88, false, inner);
    Arc(net, "i", "a", center9, radii9 + w, 210, 90, false, middle);
    Arc(net, "i", "a", center9, radii9 + w2, 212, 88, false, outer);
  }
};

// racetrack-oval: two straights of `length` m joined by arcs, no_lanes
// lanes, optional obstacles (block_lane, force_decision).
class RacetrackOvalScenario : public RacetrackScenario {
 public:
  using RacetrackScenario::RacetrackScenario;

 protected:
  std::int64_t FirstLaneId(Simulation& sim) const override {
    return sim.np_random.Integers(0, config_.no_lanes);
  }

  void MakeRoad(Simulation& sim, Road& road) const override {
    RoadNetwork& net = road.network;
    // length 0: the reference draws it from [100, 200) with a fresh
    // unseeded generator (np.random.default_rng()), which no seed
    // reproduces. Here it is drawn from a copy of the env's generator at
    // this reset: deterministic for the env's seed (and episode), a new
    // length each episode, and the env's own draws untouched.
    double length = config_.length;
    if (length == 0) {
      numpy_exact::NumpyGenerator copy = sim.np_random;
      length = static_cast<double>(copy.Integers(100, 200));
    }
    const int n = config_.no_lanes;
    const double s = 10;
    const auto lines = [&](int i, LineType inner_right) {
      // Inner lane, middle lanes, outer lane.
      if (i == 0) return Lines(kContinuous, inner_right, s);
      if (i < n - 1) return Lines(kStriped, kNone, s);
      return Lines(kStriped, kContinuous, s);
    };
    for (int i = 0; i < n; ++i) {
      const double y = (i == n - 1 ? n - 1 : i) * 5.0;
      Straight(net, "a", "b", {0, y}, {length + 1, y}, lines(i, kStriped));
    }
    for (int i = 0; i < n; ++i) {
      Arc(net, "b", "c", {length, -20}, 20 + i * 5.0, 90, 0, false, lines(i, kNone));
    }
    for (int i = 0; i < n; ++i) {
      const double x = length + 20 + i * 5.0;
      Straight(net, "c", "d", {x, -20}, {x, -50}, lines(i, kNone));
    }
    for (int i = 0; i < n; ++i) {
      Arc(net, "d", "e", {length + 5, -50}, 15 + i * 5.0, 0, -90, false, lines(i, kNone));
    }
    for (int i = 0; i < n; ++i) {
      const double y = i == 0 ? -65.0 : -(65 + i * 5.0);
      Straight(net, "e", "f", {length + 5, y}, {-5, y}, lines(i, kNone));
    }
    for (int i = 0; i < n; ++i) {
      Arc(net, "f", "g", {-5, -50}, 15 + i * 5.0, -90, -180, false, lines(i, kNone));
    }
    for (int i = 0; i < n; ++i) {
      const double x = -20 - i * 5.0;
      Straight(net, "g", "h", {x, -50}, {x, -20}, lines(i, kNone));
    }
    for (int i = 0; i < n; ++i) {
      // The last turn's middle lanes have a continuous right line.
      const LaneOptions o = i > 0 && i < n - 1 ? Lines(kStriped, kContinuous, s) : lines(i, kNone);
      Arc(net, "h", "a", {0, -20}, 20 + i * 5.0, 180, 90, false, o);
    }
    if (config_.block_lane) {
      for (double d : {40.0, 43.0, 46.0, 49.0}) {
        AddObstacle(road, {length - d, 3.75});
        AddObstacle(road, {length - d, 6.25});
      }
    }
    if (config_.force_decision) {
      for (double y : {-1.25, 1.25, 8.85, 11.25}) AddObstacle(road, {length - 90.0, y});
    }
  }

 private:
  static void AddObstacle(Road& road, Vec2 position) {
    road.AddObject(std::make_unique<RoadObject>(&road, &road.network, position, 0.0, 0.0,
                                                RoadObject::Kind::kObstacle));
  }
};

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_SCENARIOS_RACETRACK_H_
