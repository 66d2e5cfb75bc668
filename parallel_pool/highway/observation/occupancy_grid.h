// highway-env's OccupancyGridObservation (envs/common/observation.py): a
// grid around the agent's vehicle, one layer per feature: each vehicle's
// (relative) feature in the cell its relative position falls in, the first
// vehicle of the road's list on top, and the lanes' centre points near the
// agent as 1s in an "on_road" layer; empty cells 0. The cells are in world
// axes or, with align_to_vehicle_axes, in the agent's.
#ifndef PARALLEL_POOL_HIGHWAY_OBSERVATION_OCCUPANCY_GRID_H_
#define PARALLEL_POOL_HIGHWAY_OBSERVATION_OCCUPANCY_GRID_H_

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/highway/numerics.h"
#include "parallel_pool/highway/observation/kinematics.h"
#include "parallel_pool/highway/observation/observer.h"

namespace parallel_pool::highway {

struct OccupancyGridConfig {
  // A vehicle feature (Feature's value) or kOnRoad, per layer.
  std::vector<int> features;
  // Each layer's [min, max] where given; all empty: the reference's
  // default ranges (vx, vy).
  std::vector<std::optional<std::array<double, 2>>> features_range;
  std::array<double, 4> grid_size = {-27.5, 27.5, -27.5, 27.5};  // xmin xmax ymin ymax
  std::array<double, 2> grid_step = {5.0, 5.0};
  bool align_to_vehicle_axes = false;
  bool clip = true;
  bool as_image = false;

  static constexpr int kOnRoad = static_cast<int>(kFeatureNames.size());

  // The number of cells along x (axis 0) and y (axis 1).
  static int CellsAlong(double low, double high, double step) {
    return static_cast<int>(std::floor((high - low) / step));
  }
  int nx() const { return CellsAlong(grid_size[0], grid_size[1], grid_step[0]); }
  int ny() const { return CellsAlong(grid_size[2], grid_size[3], grid_step[1]); }
};

// A grid feature's layer code: a vehicle feature or "on_road".
inline std::optional<int> GridFeatureNamed(const std::string& name) {
  if (name == "on_road") return OccupancyGridConfig::kOnRoad;
  if (const auto f = FeatureNamed(name)) return static_cast<int>(*f);
  return std::nullopt;
}

class OccupancyGridObserver : public Observer {
 public:
  // fill_road_layer_by_lanes' reach along each lane.
  static constexpr double kLanePerceptionDistance = 100;

  explicit OccupancyGridObserver(OccupancyGridConfig config)
      : config_(std::move(config)), nx_(config_.nx()), ny_(config_.ny()) {}

  // float32, or uint8 as_image.
  void Observe(Simulation& sim, float* out) override { ObserveInto(sim, out); }
  void ObserveImage(Simulation& sim, std::uint8_t* out) override { ObserveInto(sim, out); }

 private:
  template <typename T>
  void ObserveInto(Simulation& sim, T* out) {
    const Vehicle& ego = *sim.vehicle();
    const std::size_t layer_size = static_cast<std::size_t>(nx_) * ny_;
    std::vector<double> grid(config_.features.size() * layer_size, std::nan(""));
    const Ranges ranges = RangesOf();
    // to_dict(observer) of every vehicle, normalized.
    const FeatureRow origin = ToDict(ego, true);
    std::vector<FeatureRow> rows;
    for (const auto& v : sim.road->vehicles) {
      FeatureRow row = ToDict(*v, true);
      for (Feature f : {Feature::kX, Feature::kY, Feature::kVx, Feature::kVy}) {
        row[static_cast<int>(f)] -= origin[static_cast<int>(f)];
      }
      for (std::size_t f = 0; f < row.size(); ++f) {
        if (ranges[f]) row[f] = Lmap(row[f], (*ranges[f])[0], (*ranges[f])[1], -1, 1);
      }
      rows.push_back(row);
    }
    const auto x_range = ranges[static_cast<int>(Feature::kX)];
    const auto y_range = ranges[static_cast<int>(Feature::kY)];
    for (std::size_t layer = 0; layer < config_.features.size(); ++layer) {
      double* cells = grid.data() + layer * layer_size;
      const int feature = config_.features[layer];
      if (feature == OccupancyGridConfig::kOnRoad) {
        FillRoadLayer(*sim.road, ego, cells);
        continue;
      }
      // The road's vehicles from last to first: the first one's value stays.
      for (auto r = rows.rbegin(); r != rows.rend(); ++r) {
        double x = (*r)[static_cast<int>(Feature::kX)];
        double y = (*r)[static_cast<int>(Feature::kY)];
        // The unnormalized coordinates back.
        if (x_range) x = Lmap(x, -1, 1, (*x_range)[0], (*x_range)[1]);
        if (y_range) y = Lmap(y, -1, 1, (*y_range)[0], (*y_range)[1]);
        Set(ego, {x, y}, (*r)[feature], cells);
      }
    }
    for (std::size_t i = 0; i < grid.size(); ++i) {
      double v = grid[i];
      if (config_.clip) v = Clip(v, -1, 1);
      if (config_.as_image) {
        // astype(np.uint8) of the scaled value; NaN casts to 0.
        const double scaled = (Clip(v, -1, 1) + 1) / 2 * 255;
        v = std::isnan(scaled) ? 0.0 : static_cast<double>(static_cast<std::uint8_t>(scaled));
      }
      // np.nan_to_num, then float32.
      if (std::isnan(v)) v = 0.0;
      if (std::isinf(v))
        v = v > 0 ? std::numeric_limits<double>::max() : -std::numeric_limits<double>::max();
      out[i] = static_cast<T>(v);
    }
  }

  using Ranges = std::array<std::optional<std::array<double, 2>>, kFeatureNames.size()>;

  // The ranges by feature: the given ones, or the reference's defaults when
  // none is given.
  Ranges RangesOf() const {
    Ranges ranges;
    bool any = false;
    for (std::size_t k = 0; k < config_.features.size() && k < config_.features_range.size(); ++k) {
      const int f = config_.features[k];
      if (f != OccupancyGridConfig::kOnRoad && config_.features_range[k]) {
        ranges[f] = config_.features_range[k];
        any = true;
      }
    }
    if (!any) {
      const std::array<double, 2> speed = {-2 * Vehicle::kMaxSpeed, 2 * Vehicle::kMaxSpeed};
      ranges[static_cast<int>(Feature::kVx)] = speed;
      ranges[static_cast<int>(Feature::kVy)] = speed;
    }
    return ranges;
  }

  // pos_to_index of a position relative to the agent's, and the cell's
  // value where it is on the grid.
  void Set(const Vehicle& ego, Vec2 relative, double value, double* cells) const {
    if (config_.align_to_vehicle_axes) {
      const double c = Cos(ego.heading);
      const double s = Sin(ego.heading);
      relative = MatVec(Mat2{{{c, s}, {-s, c}}}, relative);
    }
    const double i = std::floor((relative.x - config_.grid_size[0]) / config_.grid_step[0]);
    const double j = std::floor((relative.y - config_.grid_size[2]) / config_.grid_step[1]);
    if (0 <= i && i < nx_ && 0 <= j && j < ny_) {
      cells[static_cast<std::size_t>(i) * ny_ + static_cast<std::size_t>(j)] = value;
    }
  }

  // fill_road_layer_by_lanes: every lane's centre points, np.arange around
  // the agent's longitudinal coordinate, clipped to the lane.
  void FillRoadLayer(const Road& road, const Vehicle& ego, double* cells) const {
    const double spacing = std::min(config_.grid_step[0], config_.grid_step[1]);
    road.network.ForEachLane([&](const LaneIndex& /*index*/, const Lane& lane) {
      const double origin = lane.LocalCoordinates(ego.position).longitudinal;
      const double start = origin - kLanePerceptionDistance;
      const double stop = origin + kLanePerceptionDistance;
      const double count = std::ceil((stop - start) / spacing);
      if (!(count > 0)) return;
      const auto n = static_cast<std::int64_t>(count);
      // np.arange: start, start + step, then start + i * (second - start).
      const double delta = (start + spacing) - start;
      for (std::int64_t i = 0; i < n; ++i) {
        double waypoint = i == 0 ? start : i == 1 ? start + spacing : start + i * delta;
        waypoint = Clip(waypoint, 0, lane.length);
        Set(ego, lane.Position(waypoint, 0) - ego.position, 1.0, cells);
      }
    });
  }

  OccupancyGridConfig config_;
  int nx_;
  int ny_;
};

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_OBSERVATION_OCCUPANCY_GRID_H_
