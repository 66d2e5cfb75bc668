// highway-env's KinematicObservation (envs/common/observation.py): a table
// of the observer and its closest vehicles, one row each, one column per
// feature, normalized to [-1, 1] and clipped, zero rows for absent ones.
#ifndef PARALLEL_POOL_HIGHWAY_OBSERVATION_KINEMATICS_H_
#define PARALLEL_POOL_HIGHWAY_OBSERVATION_KINEMATICS_H_

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "parallel_pool/highway/numerics.h"
#include "parallel_pool/highway/observation/observer.h"
#include "parallel_pool/highway/road/road.h"
#include "parallel_pool/highway/vehicle/controlled_vehicle.h"
#include "parallel_pool/highway/vehicle/vehicle.h"
#include "parallel_pool/numpy_exact/numpy_generator.h"

namespace parallel_pool::highway {

// The features a row may hold: Vehicle.to_dict's keys.
enum class Feature {
  kPresence,
  kX,
  kY,
  kVx,
  kVy,
  kHeading,
  kCosH,
  kSinH,
  kCosD,
  kSinD,
  kLongOff,
  kLatOff,
  kAngOff
};
inline constexpr std::array<const char*, 13> kFeatureNames = {
    "presence", "x",     "y",     "vx",       "vy",      "heading", "cos_h",
    "sin_h",    "cos_d", "sin_d", "long_off", "lat_off", "ang_off"};

inline std::optional<Feature> FeatureNamed(const std::string& name) {
  for (std::size_t i = 0; i < kFeatureNames.size(); ++i) {
    if (name == kFeatureNames[i]) return static_cast<Feature>(i);
  }
  return std::nullopt;
}

struct KinematicsConfig {
  std::vector<Feature> features;
  int vehicles_count = 5;
  // Each feature's [min, max] (NaN: not normalized); empty: the reference's
  // default ranges (x, y, vx, vy).
  std::vector<std::array<double, 2>> features_range;
  bool absolute = false;
  bool sorted = true;
  bool normalize = true;
  bool clip = true;
  bool see_behind = false;
  bool observe_intentions = false;
  bool include_obstacles = true;
};

// to_dict's values for one object (NaN for keys an object's dict lacks,
// as pandas fills them).
using FeatureRow = std::array<double, kFeatureNames.size()>;

// Vehicle.destination_direction: towards the end of the route's last lane.
inline Vec2 DestinationDirection(const RoadObject& object) {
  const auto* controlled = object.AsControlled();
  Vec2 destination = object.position;
  if (controlled != nullptr && controlled->route && !controlled->route->empty()) {
    LaneIndex last = controlled->route->back();
    if (last.id < 0) last.id = 0;
    const Lane& lane = object.network->GetLane(last);
    destination = lane.Position(lane.length, 0);
  }
  if (destination.x != object.position.x || destination.y != object.position.y) {
    const Vec2 d = destination - object.position;
    return d / Norm(d);
  }
  return {0.0, 0.0};
}

inline FeatureRow ToDict(const RoadObject& object, bool observe_intentions) {
  FeatureRow row;
  row.fill(std::nan(""));
  const auto at = [&row](Feature f) -> double& { return row[static_cast<int>(f)]; };
  at(Feature::kPresence) = 1;
  at(Feature::kX) = object.position.x;
  at(Feature::kY) = object.position.y;
  if (object.kind == RoadObject::Kind::kVehicle) {
    const Vec2 velocity = object.velocity();
    const Vec2 direction = object.direction();
    at(Feature::kVx) = velocity.x;
    at(Feature::kVy) = velocity.y;
    at(Feature::kHeading) = object.heading;
    at(Feature::kCosH) = direction.x;
    at(Feature::kSinH) = direction.y;
    const Vec2 destination = DestinationDirection(object);
    at(Feature::kCosD) = destination.x;
    at(Feature::kSinD) = destination.y;
    if (object.lane != nullptr) {
      const LaneCoordinates c = object.lane->LocalCoordinates(object.position);
      at(Feature::kLongOff) = c.longitudinal;
      at(Feature::kLatOff) = c.lateral;
      at(Feature::kAngOff) = object.lane->LocalAngle(object.heading, c.longitudinal);
    } else {
      at(Feature::kLongOff) = at(Feature::kLatOff) = at(Feature::kAngOff) = 0.0;
    }
  } else {
    at(Feature::kVx) = at(Feature::kVy) = 0.0;
    at(Feature::kCosH) = Cos(object.heading);
    at(Feature::kSinH) = Sin(object.heading);
    at(Feature::kCosD) = at(Feature::kSinD) = 0.0;
  }
  if (!observe_intentions) at(Feature::kCosD) = at(Feature::kSinD) = 0;
  return row;
}

// One observation type instance: the reference makes a new one at every
// reset and fixes its default ranges at the episode's first observation.
class KinematicsObserver : public Observer {
 public:
  // AbstractEnv.PERCEPTION_DISTANCE.
  static constexpr double kPerceptionDistance = 5.0 * Vehicle::kMaxSpeed;

  explicit KinematicsObserver(KinematicsConfig config) : config_(std::move(config)) {}

  void Reset() override { side_lanes_.reset(); }

  void Observe(Simulation& sim, float* out) override {
    Observe(*sim.road, *sim.vehicle(), kPerceptionDistance, sim.np_random, out);
  }

  // observe() of `observer` into `out` (vehicles_count x features, float32).
  void Observe(const Road& road, const RoadObject& observer, double perception_distance,
               numpy_exact::NumpyGenerator& np_random, float* out) {
    const std::size_t n_features = config_.features.size();
    const FeatureRow origin = ToDict(observer, true);
    std::vector<FeatureRow> rows = {ObserverRow(road, observer, origin)};
    if (config_.vehicles_count > 1) {
      for (const RoadObject* v : CloseObjects(road, observer, perception_distance)) {
        FeatureRow row = ToDict(*v, config_.observe_intentions);
        if (!config_.absolute) {
          for (Feature f : {Feature::kX, Feature::kY, Feature::kVx, Feature::kVy}) {
            row[static_cast<int>(f)] -= origin[static_cast<int>(f)];
          }
        }
        rows.push_back(row);
      }
    }
    if (!side_lanes_) {
      side_lanes_ = observer.network->NumLanes(observer.lane_index.from, observer.lane_index.to);
    }
    std::vector<double> table(static_cast<std::size_t>(config_.vehicles_count) * n_features, 0.0);
    for (std::size_t r = 0; r < rows.size(); ++r) {
      for (std::size_t k = 0; k < n_features; ++k) {
        double value = rows[r][static_cast<int>(config_.features[k])];
        if (config_.normalize) {
          if (const auto range = RangeOf(k)) {
            value = Lmap(value, (*range)[0], (*range)[1], -1, 1);
            if (config_.clip) value = Clip(value, -1, 1);
          }
        }
        table[r * n_features + k] = value;
      }
    }
    if (!config_.sorted) ShuffleOthers(np_random, &table);
    for (std::size_t i = 0; i < table.size(); ++i) out[i] = static_cast<float>(table[i]);
  }

  const KinematicsConfig& config() const { return config_; }

 protected:
  // The observer's own row, from its to_dict().
  virtual FeatureRow ObserverRow(const Road& /*road*/, const RoadObject& /*observer*/,
                                 const FeatureRow& own) const {
    return own;
  }

  // The others in the table: close_objects_to, the first vehicles_count - 1.
  virtual std::vector<RoadObject*> CloseObjects(const Road& road, const RoadObject& observer,
                                                double perception_distance) const {
    return road.CloseObjectsTo(observer, perception_distance,
                               static_cast<std::size_t>(config_.vehicles_count - 1),
                               config_.see_behind, config_.sorted, !config_.include_obstacles);
  }

 private:
  std::optional<std::array<double, 2>> RangeOf(std::size_t k) const {
    if (!config_.features_range.empty()) {
      if (std::isnan(config_.features_range[k][0])) return std::nullopt;
      return config_.features_range[k];
    }
    switch (config_.features[k]) {
      case Feature::kX:
        return std::array<double, 2>{-5.0 * Vehicle::kMaxSpeed, 5.0 * Vehicle::kMaxSpeed};
      case Feature::kY:
        return std::array<double, 2>{-Lane::kDefaultWidth * *side_lanes_,
                                     Lane::kDefaultWidth * *side_lanes_};
      case Feature::kVx:
      case Feature::kVy:
        return std::array<double, 2>{-2 * Vehicle::kMaxSpeed, 2 * Vehicle::kMaxSpeed};
      default:
        return std::nullopt;
    }
  }

  // np_random.shuffle(obs[1:]): the rows after the observer's.
  void ShuffleOthers(numpy_exact::NumpyGenerator& np_random, std::vector<double>* table) const {
    const std::size_t n_features = config_.features.size();
    std::vector<std::vector<double>> tail;
    for (int r = 1; r < config_.vehicles_count; ++r) {
      tail.emplace_back(table->begin() + r * n_features, table->begin() + (r + 1) * n_features);
    }
    np_random.Shuffle(&tail);
    for (std::size_t r = 0; r < tail.size(); ++r) {
      std::copy(tail[r].begin(), tail[r].end(), table->begin() + (r + 1) * n_features);
    }
  }

  KinematicsConfig config_;
  std::optional<double> side_lanes_;
};

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_OBSERVATION_KINEMATICS_H_
