// highway-env's ExitObservation (envs/common/observation.py), exit-v0's
// observation: the Kinematics table, except that the observer's own x is its
// longitudinal position along the exit road's last lane ("1" -> "2", the
// lane the exit leaves from), and the others are the closest vehicles
// (obstacles never), always sorted by distance.
#ifndef PARALLEL_POOL_HIGHWAY_OBSERVATION_EXIT_H_
#define PARALLEL_POOL_HIGHWAY_OBSERVATION_EXIT_H_

#include <cstddef>
#include <stdexcept>
#include <utility>
#include <vector>

#include "parallel_pool/highway/observation/kinematics.h"

namespace parallel_pool::highway {

class ExitObserver : public KinematicsObserver {
 public:
  explicit ExitObserver(KinematicsConfig config) : KinematicsObserver(std::move(config)) {}

 protected:
  FeatureRow ObserverRow(const Road& road, const RoadObject& observer,
                         const FeatureRow& own) const override {
    const int from = road.network.FindNode("1");
    const int to = road.network.FindNode("2");
    if (from < 0 || to < 0) throw std::out_of_range("ExitObservation: no road 1 -> 2");
    // get_lane(("1", "2", -1)): the road's last lane.
    const Lane& exit_lane = road.network.GetLane({from, to, road.network.NumLanes(from, to) - 1});
    FeatureRow row = own;
    row[static_cast<int>(Feature::kX)] = exit_lane.LocalCoordinates(observer.position).longitudinal;
    return row;
  }

  // close_vehicles_to: sorted whatever the order, vehicles only.
  std::vector<RoadObject*> CloseObjects(const Road& road, const RoadObject& observer,
                                        double perception_distance) const override {
    return road.CloseObjectsTo(observer, perception_distance,
                               static_cast<std::size_t>(config().vehicles_count - 1),
                               config().see_behind, true, true);
  }
};

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_OBSERVATION_EXIT_H_
