// highway-env's KinematicsGoalObservation (envs/common/observation.py): the
// agent's features and its goal's (parking's Landmark), each divided by its
// scale, float64: "observation" and "achieved_goal" are the agent's,
// "desired_goal" the goal's.
#ifndef PARALLEL_POOL_HIGHWAY_OBSERVATION_KINEMATICS_GOAL_H_
#define PARALLEL_POOL_HIGHWAY_OBSERVATION_KINEMATICS_GOAL_H_

#include <cstddef>
#include <vector>

#include "parallel_pool/highway/observation/kinematics.h"

namespace parallel_pool::highway {

// The features a goal (a RoadObject, whose to_dict has fewer keys than a
// vehicle's) can be observed by.
inline bool IsGoalFeature(Feature f) {
  switch (f) {
    case Feature::kPresence:
    case Feature::kX:
    case Feature::kY:
    case Feature::kVx:
    case Feature::kVy:
    case Feature::kCosH:
    case Feature::kSinH:
    case Feature::kCosD:
    case Feature::kSinD:
      return true;
    default:
      return false;
  }
}

struct GoalObservation {
  std::vector<double> achieved;  // also "observation"
  std::vector<double> desired;
};

// observe() of `agent` towards `goal`: to_dict()'s features over the scales.
inline GoalObservation ObserveGoal(const RoadObject& agent, const RoadObject& goal,
                                   const std::vector<Feature>& features,
                                   const std::vector<double>& scales) {
  const FeatureRow own = ToDict(agent, true);
  const FeatureRow target = ToDict(goal, true);
  GoalObservation g;
  for (std::size_t k = 0; k < features.size(); ++k) {
    const int f = static_cast<int>(features[k]);
    g.achieved.push_back(own[f] / scales[k]);
    g.desired.push_back(target[f] / scales[k]);
  }
  return g;
}

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_OBSERVATION_KINEMATICS_GOAL_H_
