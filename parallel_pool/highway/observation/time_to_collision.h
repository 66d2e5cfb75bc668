// highway-env's TimeToCollisionObservation (envs/common/observation.py with
// finite_mdp.compute_ttc_grid): for each of the agent's target speeds, each
// lane of its road and each time step of the horizon, whether some vehicle
// would be hit there (1: head on, 0.5: by a half-length margin), driving at
// constant speeds. The agent sees the 3 x 3 window around its speed index
// and lane (speeds clamped to the ends, lanes off the road read 1).
#ifndef PARALLEL_POOL_HIGHWAY_OBSERVATION_TIME_TO_COLLISION_H_
#define PARALLEL_POOL_HIGHWAY_OBSERVATION_TIME_TO_COLLISION_H_

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

#include "parallel_pool/highway/numerics.h"
#include "parallel_pool/highway/observation/observer.h"
#include "parallel_pool/highway/road/road_network.h"
#include "parallel_pool/highway/simulation.h"
#include "parallel_pool/highway/vehicle/controlled_vehicle.h"

namespace parallel_pool::highway {

// RoadNetwork.is_connected_road(first, second, route[from:], depth): is
// `second`'s road the same as `first`'s or leading into it, or (searching
// `depth` roads ahead, along the route where it goes on) ahead of it.
// Lane ids are not compared.
inline bool IsConnectedRoad(const RoadNetwork& net, const LaneIndex& first, const LaneIndex& second,
                            const Route* route, std::size_t from, int depth) {
  if (second.SameRoad(first) || second.to == first.from) return true;
  if (depth <= 0) return false;
  const bool has_route = route != nullptr && from < route->size();
  if (has_route && (*route)[from].SameRoad(first)) {
    return IsConnectedRoad(net, first, second, route, from + 1, depth);
  }
  if (has_route && (*route)[from].from == first.to) {
    return IsConnectedRoad(net, (*route)[from], second, route, from + 1, depth - 1);
  }
  for (int next : net.ToNodes(first.to)) {
    if (IsConnectedRoad(net, {first.to, next, first.id}, second, route, from, depth - 1)) {
      return true;
    }
  }
  return false;
}

class TimeToCollisionObserver : public Observer {
 public:
  // The window the agent sees: its speed index and lane, and one each side.
  static constexpr int kSpeeds = 3;
  static constexpr int kLanes = 3;

  TimeToCollisionObserver(int horizon, int policy_frequency)
      : time_quantization_(1.0 / policy_frequency), steps_(StepsOf(horizon, policy_frequency)) {}

  // int(horizon / time_quantization): the grid's time steps.
  static int StepsOf(int horizon, int policy_frequency) {
    return static_cast<int>(horizon / (1.0 / policy_frequency));
  }

  void Observe(Simulation& sim, float* out) override {
    // TimeToCollision reads the MDP vehicle's speeds (DiscreteMetaAction).
    const auto& ego = dynamic_cast<const MDPVehicle&>(*sim.vehicle());
    const std::vector<double> grid = Grid(sim, ego);
    const int speeds = static_cast<int>(ego.target_speeds.size());
    const int lanes = ego.network->NumLanes(ego.lane_index.from, ego.lane_index.to);
    for (int r = 0; r < kSpeeds; ++r) {
      const int s = std::clamp(ego.speed_index - kSpeeds / 2 + r, 0, speeds - 1);
      for (int c = 0; c < kLanes; ++c) {
        const int lane = ego.lane_index.id - kLanes / 2 + c;
        for (int t = 0; t < steps_; ++t) {
          const double value =
              lane < 0 || lane >= lanes ? 1.0 : grid[(s * lanes + lane) * steps_ + t];
          out[(r * kLanes + c) * steps_ + t] = static_cast<float>(value);
        }
      }
    }
  }

 private:
  // compute_ttc_grid: speeds x lanes x time steps, row-major.
  std::vector<double> Grid(const Simulation& sim, const MDPVehicle& ego) const {
    const RoadNetwork& net = sim.road->network;
    const int speeds = static_cast<int>(ego.target_speeds.size());
    const int lanes = net.NumLanes(ego.lane_index.from, ego.lane_index.to);
    std::vector<double> grid(static_cast<std::size_t>(speeds) * lanes * steps_, 0.0);
    const Route* route = ego.route ? &*ego.route : nullptr;
    for (int s = 0; s < speeds; ++s) {
      const double ego_speed = ego.target_speeds[s];
      for (const auto& other : sim.road->vehicles) {
        if (other.get() == &ego || ego_speed == other->speed) continue;
        const double margin = other->length / 2 + ego.length / 2;
        const double points[3][2] = {{0.0, 1.0}, {-margin, 0.5}, {margin, 0.5}};
        for (const auto& [m, cost] : points) {
          const double distance = ego.LaneDistanceTo(other.get()) + m;
          const double other_projected_speed =
              other->speed * Dot(other->direction(), ego.direction());
          const double time_to_collision = distance / NotZero(ego_speed - other_projected_speed);
          if (time_to_collision < 0) continue;
          if (!IsConnectedRoad(net, ego.lane_index, other->lane_index, route, 0, 3)) continue;
          // The same lane on a road of as many lanes; else any lane.
          int lane_begin = 0;
          int lane_end = lanes;
          if (net.NumLanes(other->lane_index.from, other->lane_index.to) == lanes) {
            lane_begin = other->lane_index.id;
            lane_end = lane_begin + 1;
          }
          // Both the lower and the upper time step.
          const double q = time_to_collision / time_quantization_;
          for (const double t : {std::trunc(q), std::ceil(q)}) {
            if (!(0 <= t && t < steps_)) continue;
            for (int lane = lane_begin; lane < lane_end; ++lane) {
              double& cell = grid[(static_cast<std::size_t>(s) * lanes + lane) * steps_ +
                                  static_cast<std::size_t>(t)];
              cell = std::max(cell, cost);
            }
          }
        }
      }
    }
    return grid;
  }

  double time_quantization_;
  int steps_;
};

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_OBSERVATION_TIME_TO_COLLISION_H_
