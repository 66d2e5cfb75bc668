// What every highway-env scenario shares (envs/common/abstract.py): the
// road with its vehicles, the agent's vehicles, the clock, and the
// simulation loop that runs `simulation_frequency / policy_frequency`
// simulation steps per agent step.
#ifndef PARALLEL_POOL_HIGHWAY_SIMULATION_H_
#define PARALLEL_POOL_HIGHWAY_SIMULATION_H_

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/highway/road/road.h"
#include "parallel_pool/highway/vehicle/controlled_vehicle.h"
#include "parallel_pool/highway/vehicle/dynamics.h"
#include "parallel_pool/highway/vehicle/idm_vehicle.h"
#include "parallel_pool/numpy_exact/numpy_generator.h"
#include "parallel_pool/numpy_exact/python_sum.h"

namespace parallel_pool::highway {

// The vehicle class an action type drives: DiscreteMetaAction's MDPVehicle,
// ContinuousAction's kinematic Vehicle, or its BicycleVehicle (dynamical).
enum class AgentVehicle { kMdp, kKinematic, kDynamical };

// One reward term, as the reference's `_rewards` dict names it.
struct RewardTerm {
  const char* name;
  double value;
  // The term's Python type in the reference, which decides how sum() adds it
  // (numpy_exact/python_sum.h). The default, a NumPy scalar, adds plainly,
  // as every scenario's sum does but merge's: no other one has three exact
  // floats in a row before a NumPy term, and fewer round as plain adds do.
  numpy_exact::PyNumber type = numpy_exact::PyNumber::kNumpy;
};

struct SimulationConfig {
  int simulation_frequency = 15;
  int policy_frequency = 1;
  double duration = 40;
  std::vector<double> target_speeds = {20.0, 25.0, 30.0};
  bool neighbour_vehicles_connected_lanes = false;
  // The agents' vehicle class, the action type's vehicle_class.
  AgentVehicle agent_vehicle = AgentVehicle::kMdp;
};

class Simulation {
 public:
  explicit Simulation(SimulationConfig config) : config(std::move(config)) {}

  // A fresh road for a new episode (the clock back at 0): a Road, or the
  // scenario's kind of road (a RegulatedRoad).
  template <typename R = Road>
  R& NewRoad() {
    controlled.clear();
    goals.clear();
    auto fresh = std::make_unique<R>(&np_random, config.neighbour_vehicles_connected_lanes);
    R& made = *fresh;
    road = std::move(fresh);
    time = 0;
    steps = 0;
    return made;
  }

  // An agent's vehicle, of the action type's vehicle class.
  Vehicle* AddControlled(Vec2 position, double heading, double speed) {
    Vehicle* v = nullptr;
    if (config.agent_vehicle == AgentVehicle::kMdp) {
      v = road->AddVehicle(
          std::make_unique<MDPVehicle>(road.get(), position, heading, speed, config.target_speeds));
    } else if (config.agent_vehicle == AgentVehicle::kDynamical) {
      v = road->AddVehicle(std::make_unique<BicycleVehicle>(road.get(), position, heading, speed));
    } else {
      v = road->AddVehicle(std::make_unique<Vehicle>(road.get(), position, heading, speed));
    }
    controlled.push_back(v);
    return v;
  }

  // other_vehicles_type.create_random(road, ...) with randomize_behavior().
  IDMVehicle* AddRandomOther(double spacing) {
    const RandomPlacement p = PlaceRandomly(*road, std::nullopt, -1, -1, -1, spacing);
    auto* v =
        road->AddVehicle(std::make_unique<IDMVehicle>(road.get(), p.position, p.heading, p.speed));
    v->RandomizeBehavior();
    return v;
  }

  // _simulate(action): the agents' actions (`act`) at the first simulation
  // step, then every vehicle acts and moves, `frames` times.
  template <typename Act>
  void Simulate(Act&& act) {
    time += 1.0 / config.policy_frequency;
    const int frames = config.simulation_frequency / config.policy_frequency;
    for (int frame = 0; frame < frames; ++frame) {
      if (steps % frames == 0) act();
      road->Act();
      road->Step(1.0 / config.simulation_frequency);
      ++steps;
    }
  }

  // The number of agent steps after which `time >= duration`.
  int StepsToDuration() const {
    double t = 0;
    int k = 0;
    do {
      t += 1.0 / config.policy_frequency;
      ++k;
    } while (!(t >= config.duration) && k < (1 << 30));
    return k;
  }

  // The first agent's vehicle (the reference's env.vehicle).
  Vehicle* vehicle() const { return controlled.front(); }

  SimulationConfig config;
  numpy_exact::NumpyGenerator np_random{0};
  std::unique_ptr<Road> road;
  std::vector<Vehicle*> controlled;
  // Each agent's goal where the scenario sets one (parking's Landmark: the
  // reference's vehicle.goal), in the agents' order.
  std::vector<RoadObject*> goals;
  // The agent's last continuous action, as given (float32; empty for a
  // discrete one): what the reference's _rewards(action) reads.
  std::vector<float> last_action;
  double time = 0;
  int steps = 0;
};

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_SIMULATION_H_
