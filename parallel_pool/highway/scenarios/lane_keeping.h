// lane-keeping-v0 (envs/lane_keeping_env.py): one dynamical bicycle, steered
// only, follows a straight lane that joins a sine-shaped one; no traffic.
// The reward is 1 - (lateral offset / lane width)^2 on the lane being
// followed, which switches to the sine lane once the car leaves the first.
// Its observation (AttributesObservation) is the lateral state [y, heading,
// lateral speed, yaw rate] and its derivative, each with uniform noise from
// np_random, and the lane's reference state; the reference observes it
// before the step's simulation.
#ifndef PARALLEL_POOL_HIGHWAY_SCENARIOS_LANE_KEEPING_H_
#define PARALLEL_POOL_HIGHWAY_SCENARIOS_LANE_KEEPING_H_

#include <array>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "parallel_pool/highway/scenarios/scenario.h"
#include "parallel_pool/highway/vehicle/dynamics.h"
#include "parallel_pool/numpy_exact/python_float.h"

namespace parallel_pool::highway {

class LaneKeepingScenario : public Scenario {
 public:
  explicit LaneKeepingScenario(const ScenarioConfig& config) : Scenario(config) {}

  // Its info has no reward terms (the reference has no _rewards).
  static std::vector<std::string> RewardTerms() { return {}; }

  void Reset(Simulation& sim) override {
    Road& road = sim.NewRoad();
    MakeRoad(road.network);
    const Lane& start = road.network.GetLane({road.network.Node("c"), road.network.Node("d"), 0});
    sim.AddControlled(start.Position(50, -4), start.HeadingAt(0), 8.3);
    // reset() builds the observation space twice (each observes once: the
    // previous episode's vehicle, then the new one) before its own
    // observation: two observations' noise drawn and unused.
    for (int k = 0; k < 4; ++k) sim.np_random.Uniform(-config_.state_noise, config_.state_noise);
    for (int k = 0; k < 4; ++k) {
      sim.np_random.Uniform(-config_.derivative_noise, config_.derivative_noise);
    }
    for (int k = 0; k < 4; ++k) sim.np_random.Uniform(-config_.state_noise, config_.state_noise);
    for (int k = 0; k < 4; ++k) {
      sim.np_random.Uniform(-config_.derivative_noise, config_.derivative_noise);
    }
  }

  std::vector<RewardTerm> Rewards(const Simulation& /*sim*/, int /*action*/) const override {
    return {};
  }

  double Reward(const Simulation& sim, int /*action*/) const override {
    const double lateral = lane_->LocalCoordinates(sim.vehicle()->position).lateral;
    return 1 - numpy_exact::PyPow(lateral / lane_->width, 2);
  }

  bool IsTerminated(const Simulation& /*sim*/) const override { return false; }
  bool IsTruncated(const Simulation& /*sim*/) const override { return false; }
  bool TruncatesAtDuration() const override { return false; }

  // The lane followed: the next one once the car left it.
  void BeforeStep(Simulation& sim) override {
    if (!lanes_.empty() && !lane_->OnLane(sim.vehicle()->position)) {
      lane_ = lanes_.front();
      lanes_.pop_front();
    }
  }
  bool ObservesBeforeSimulating() const override { return true; }

  // The env's state, derivative and reference_state, in that order.
  void ObserveAttributes(Simulation& sim, double* state, double* derivative,
                         double* reference_state) override {
    const auto& car = dynamic_cast<const BicycleVehicle&>(*sim.vehicle());
    static constexpr int kLateral[] = {1, 2, 4, 5};
    const BicycleVehicle::StateVector s = car.state();
    for (int k = 0; k < 4; ++k) {
      state[k] = s[kLateral[k]] + sim.np_random.Uniform(-config_.state_noise, config_.state_noise);
    }
    const BicycleVehicle::StateVector d = car.derivative();
    for (int k = 0; k < 4; ++k) {
      derivative[k] = d[kLateral[k]] +
                      sim.np_random.Uniform(-config_.derivative_noise, config_.derivative_noise);
    }
    const LaneCoordinates c = lane_->LocalCoordinates(car.position);
    reference_state[0] = s[1] - c.lateral;
    reference_state[1] = lane_->HeadingAt(c.longitudinal);
    reference_state[2] = 0;
    reference_state[3] = 0;
  }

 private:
  // A sine lane a -> b along x, a straight lane c -> d coming down onto
  // it, and d -> a joining them; the car starts on c -> d.
  void MakeRoad(RoadNetwork& net) {
    LaneOptions striped;
    striped.width = 10;
    striped.line_types = {LineType::kStriped, LineType::kStriped};
    Lane* sine = net.AddLane(
        "a", "b",
        std::make_unique<SineLane>(Vec2{0, 0}, Vec2{500, 0}, 5, 2 * kPi / 100, 0, striped));
    Lane* other =
        net.AddLane("c", "d", std::make_unique<StraightLane>(Vec2{50, 50}, Vec2{115, 15}, striped));
    LaneOptions join = striped;
    join.line_types = {LineType::kNone, LineType::kStriped};
    net.AddLane("d", "a",
                std::make_unique<StraightLane>(
                    Vec2{115, 15}, Vec2{115 + 20, 15 + 20.0 * (15 - 50) / (115 - 50)}, join));
    lane_ = other;
    lanes_ = {sine};
  }

  const Lane* lane_ = nullptr;
  std::deque<const Lane*> lanes_;
};

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_SCENARIOS_LANE_KEEPING_H_
