// The scenarios by name (the `scenario` config key): each one's class and
// the reward terms its info reports. One line each.
#ifndef PARALLEL_POOL_HIGHWAY_SCENARIOS_REGISTRY_H_
#define PARALLEL_POOL_HIGHWAY_SCENARIOS_REGISTRY_H_

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "parallel_pool/highway/scenarios/exit.h"
#include "parallel_pool/highway/scenarios/highway.h"
#include "parallel_pool/highway/scenarios/intersection.h"
#include "parallel_pool/highway/scenarios/lane_keeping.h"
#include "parallel_pool/highway/scenarios/merge.h"
#include "parallel_pool/highway/scenarios/parking.h"
#include "parallel_pool/highway/scenarios/roundabout.h"
#include "parallel_pool/highway/scenarios/scenario.h"
#include "parallel_pool/highway/scenarios/two_way.h"
#include "parallel_pool/highway/scenarios/u_turn.h"

namespace parallel_pool::highway {

struct ScenarioEntry {
  const char* name;
  std::function<std::unique_ptr<Scenario>(const ScenarioConfig&)> make;
  std::function<std::vector<std::string>()> reward_terms;
};

template <typename T>
ScenarioEntry Entry(const char* name) {
  return {name, [](const ScenarioConfig& c) { return std::make_unique<T>(c); },
          [] { return T::RewardTerms(); }};
}

inline const std::vector<ScenarioEntry>& Scenarios() {
  static const std::vector<ScenarioEntry> entries = {
      Entry<HighwayScenario>("highway"),
      Entry<TwoWayScenario>("two_way"),
      Entry<UTurnScenario>("u_turn"),
      Entry<ExitScenario>("exit"),
      Entry<MergeScenario>("merge"),
      Entry<MergeGenericScenario>("merge_generic"),
      Entry<RoundaboutScenario>("roundabout"),
      Entry<RoundaboutGenericScenario>("roundabout_generic"),
      Entry<IntersectionScenario>("intersection"),
      Entry<ParkingScenario>("parking"),
      Entry<LaneKeepingScenario>("lane_keeping"),
  };
  return entries;
}

inline const ScenarioEntry* FindScenario(const std::string& name) {
  for (const ScenarioEntry& e : Scenarios()) {
    if (name == e.name) return &e;
  }
  return nullptr;
}

inline std::string ScenarioNames() {
  std::string names;
  for (const ScenarioEntry& e : Scenarios())
    names += (names.empty() ? "" : ", ") + std::string(e.name);
  return names;
}

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_SCENARIOS_REGISTRY_H_
