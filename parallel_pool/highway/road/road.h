// highway-env's Road (road/road.py): the network, the vehicles and objects
// on it, the neighbour searches the driver models ask, and one simulation
// step with its collisions.
#ifndef PARALLEL_POOL_HIGHWAY_ROAD_ROAD_H_
#define PARALLEL_POOL_HIGHWAY_ROAD_ROAD_H_

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "parallel_pool/highway/numerics.h"
#include "parallel_pool/highway/road/collision.h"
#include "parallel_pool/highway/road/road_network.h"
#include "parallel_pool/highway/vehicle/kinematic_step.h"
#include "parallel_pool/highway/vehicle/road_object.h"
#include "parallel_pool/highway/vehicle/steering_control.h"
#include "parallel_pool/numpy_exact/numpy_generator.h"

namespace parallel_pool::highway {

class Road {
 public:
  Road(numpy_exact::NumpyGenerator* np_random, bool neighbour_vehicles_connected_lanes)
      : np_random(np_random),
        neighbour_vehicles_connected_lanes(neighbour_vehicles_connected_lanes) {}
  virtual ~Road() = default;
  Road(const Road&) = delete;
  Road& operator=(const Road&) = delete;

  template <typename T>
  T* AddVehicle(std::unique_ptr<T> vehicle) {
    T* raw = vehicle.get();
    vehicles.push_back(std::move(vehicle));
    return raw;
  }
  template <typename T>
  T* AddObject(std::unique_ptr<T> object) {
    T* raw = object.get();
    objects.push_back(std::move(object));
    return raw;
  }

  // Road.act: every vehicle decides. Nothing moves while they do, so the
  // neighbour searches share each lane's coordinates of every object
  // (computed once per lane and frame, the same values).
  // Their steering is finished at the end, together (steering_control.h).
  void Act() {
    ++frame_;  // every lane's shared coordinates are stale now
    sharing_coordinates_ = true;
    steering_batch.Clear();
    PackPositions();
    for (const auto& v : vehicles) v->WantPowers(&powers);
    powers.Compute();
    for (auto& v : vehicles) v->Act();
    sharing_coordinates_ = false;
    steering_batch.Finish();
  }
  // Inside Act().
  bool acting() const { return sharing_coordinates_; }
  // Which Act() this is: what a driver model found in it stays true until
  // the next.
  std::uint64_t act_frame() const { return frame_; }
  // lane.local_coordinates(o.position): during Act(), the frame's shared
  // value where the lane has them already (the same value).
  LaneCoordinates CoordinatesOf(const Lane& lane, const RoadObject& o) const {
    if (sharing_coordinates_ && lane.shared_frame == frame_ && lane.shared_road == this) {
      return lane.shared_coordinates[o.road_index];
    }
    return lane.LocalCoordinates(o.position);
  }

  // Road.step: every vehicle moves, then each pair is checked once. The
  // kinematic vehicles' NumPy calls are made once for all of them
  // (kinematic_step.h).
  virtual void Step(double dt) {
    for (auto& v : vehicles) {
      double steering = 0.0;
      if (v->BeginKinematicStep(dt, &steering)) {
        stepping_.Add(v.get(), steering);
      } else {
        v->Step(dt);
      }
    }
    stepping_.Finish(dt);
    HandleCollisions(dt);
  }

  // neighbour_vehicles: the closest object ahead and behind `vehicle` on a
  // lane (its own by default), the vehicle projected onto that lane.
  std::pair<RoadObject*, RoadObject*> NeighbourVehicles(const RoadObject& vehicle,
                                                        LaneIndex lane_index = {}) const {
    if (!lane_index.valid()) lane_index = vehicle.lane_index;
    if (!lane_index.valid()) return {nullptr, nullptr};
    const Lane& lane =
        vehicle.network == &network ? vehicle.LaneOf(lane_index) : network.GetLane(lane_index);
    const double s = lane.LocalCoordinates(vehicle.position).longitudinal;
    if (sharing_coordinates_ && !neighbour_vehicles_connected_lanes) {
      return NeighboursOnLane(lane, s, vehicle);
    }
    std::vector<std::pair<const Lane*, double>> lanes_offsets = {{&lane, 0.0}};
    if (neighbour_vehicles_connected_lanes) AddConnectedLanes(lane_index, lane, &lanes_offsets);
    RoadObject* front = nullptr;
    RoadObject* rear = nullptr;
    double s_front = 0.0;
    double s_rear = 0.0;
    std::size_t k = 0;  // v's index in vehicles + objects
    auto visit = [&](RoadObject* v) {
      const std::size_t index = k++;
      if (v == &vehicle || v->kind == RoadObject::Kind::kLandmark) return;
      for (const auto& [search_lane, offset] : lanes_offsets) {
        const LaneCoordinates c = CoordinatesOn(*search_lane, index, *v);
        if (!search_lane->OnLane(c.longitudinal, c.lateral, 1.0)) continue;
        const double s_v = c.longitudinal + offset;
        if (s <= s_v && (front == nullptr || s_v <= s_front)) {
          s_front = s_v;
          front = v;
        }
        if (s_v < s && (rear == nullptr || s_v > s_rear)) {
          s_rear = s_v;
          rear = v;
        }
        break;
      }
    };
    for (const auto& v : vehicles) visit(v.get());
    for (const auto& o : objects) visit(o.get());
    return {front, rear};
  }

  // close_objects_to: the objects within `distance` of `vehicle` (those
  // ahead only unless see_behind), sorted by |lane distance| (stable),
  // the first `count` (0: all).
  std::vector<RoadObject*> CloseObjectsTo(const RoadObject& vehicle, double distance,
                                          std::size_t count, bool see_behind, bool sort,
                                          bool vehicles_only) const {
    std::vector<RoadObject*> found;
    for (const auto& v : vehicles) {
      if (Norm(v->position - vehicle.position) < distance && v.get() != &vehicle &&
          (see_behind || -2 * vehicle.length < vehicle.LaneDistanceTo(v.get()))) {
        found.push_back(v.get());
      }
    }
    if (!vehicles_only) {
      for (const auto& o : objects) {
        if (Norm(o->position - vehicle.position) < distance &&
            -2 * vehicle.length < vehicle.LaneDistanceTo(o.get())) {
          found.push_back(o.get());
        }
      }
    }
    if (sort) {
      std::vector<std::pair<double, RoadObject*>> keyed;
      keyed.reserve(found.size());
      for (RoadObject* o : found) keyed.emplace_back(std::abs(vehicle.LaneDistanceTo(o)), o);
      std::stable_sort(keyed.begin(), keyed.end(),
                       [](const auto& a, const auto& b) { return a.first < b.first; });
      for (std::size_t i = 0; i < keyed.size(); ++i) found[i] = keyed[i].second;
    }
    if (count > 0 && found.size() > count) found.resize(count);
    return found;
  }

  RoadNetwork network;
  std::vector<std::unique_ptr<RoadObject>> vehicles;
  std::vector<std::unique_ptr<RoadObject>> objects;
  numpy_exact::NumpyGenerator* np_random;
  bool neighbour_vehicles_connected_lanes;
  // The vehicles' steering cascades pending during Act().
  SteeringBatch steering_batch;
  // The driver models' np.power calls.
  PowerMemo powers;

 private:
  // lane.local_coordinates of the index-th of vehicles + objects: shared
  // during Act(), computed on the spot otherwise.
  LaneCoordinates CoordinatesOn(const Lane& lane, std::size_t index, const RoadObject& o) const {
    if (!sharing_coordinates_) return lane.LocalCoordinates(o.position);
    return SharedCoordinates(lane)[index];
  }
  // The lane's coordinates of every object this frame (during Act()).
  const std::vector<LaneCoordinates>& SharedCoordinates(const Lane& lane) const {
    std::vector<LaneCoordinates>& on_lane = lane.shared_coordinates;
    if (lane.shared_frame != frame_ || lane.shared_road != this) {
      lane.shared_frame = frame_;
      lane.shared_road = this;
      on_lane.resize(positions_.size());
      lane.LocalCoordinatesOf(positions_.data(), positions_.size(), on_lane.data());
    }
    return on_lane;
  }

  // Every object's position (vehicles + objects) and whether it is a
  // landmark, packed when Act() starts: the lanes' shared coordinates come
  // from them in one pass each.
  void PackPositions() {
    const std::size_t count = vehicles.size() + objects.size();
    positions_.resize(count);
    landmarks_.resize(count);
    for (std::size_t k = 0; k < count; ++k) {
      RoadObject& o = *ObjectAt(k);
      o.road_index = k;
      positions_[k] = o.position;
      landmarks_[k] = o.kind == RoadObject::Kind::kLandmark;
    }
  }
  std::vector<Vec2> positions_;
  std::vector<char> landmarks_;

  // Road::Step's kinematic vehicles (kept to reuse its storage).
  KinematicStepBatch stepping_;

  // The index-th of vehicles + objects.
  RoadObject* ObjectAt(std::size_t index) const {
    return index < vehicles.size() ? vehicles[index].get() : objects[index - vehicles.size()].get();
  }

  // NeighbourVehicles on one lane during Act(), from the lane's occupants
  // sorted once per frame: the scan's answer, ties included. The scan keeps
  // the front at the smallest s_v >= s, the last such in list order
  // (s_v <= s_front replaces), and the rear at the largest s_v < s, the first
  // such (s_v > s_rear does not replace on a tie); NaN coordinates are never
  // either.
  std::pair<RoadObject*, RoadObject*> NeighboursOnLane(const Lane& lane, double s,
                                                       const RoadObject& vehicle) const {
    if (std::isnan(s)) return {nullptr, nullptr};
    const std::vector<Lane::Occupant>& on_lane = OccupantsOf(lane);
    const auto first_ahead =
        std::lower_bound(on_lane.begin(), on_lane.end(), s,
                         [](const Lane::Occupant& o, double x) { return o.longitudinal < x; });
    RoadObject* front = nullptr;
    for (auto group = first_ahead; group != on_lane.end() && front == nullptr;) {
      auto group_end = group;
      while (group_end != on_lane.end() && group_end->longitudinal == group->longitudinal) {
        ++group_end;
      }
      for (auto it = group_end; it != group;) {
        RoadObject* o = ObjectAt((--it)->index);
        if (o != &vehicle) {
          front = o;
          break;
        }
      }
      group = group_end;
    }
    RoadObject* rear = nullptr;
    if (first_ahead != on_lane.begin()) {
      auto group = first_ahead - 1;
      while (group != on_lane.begin() && (group - 1)->longitudinal == group->longitudinal) --group;
      rear = ObjectAt(group->index);  // never `vehicle`: its own s_v is s
    }
    return {front, rear};
  }

  const std::vector<Lane::Occupant>& OccupantsOf(const Lane& lane) const {
    std::vector<Lane::Occupant>& on_lane = lane.shared_occupants;
    if (lane.occupants_frame == frame_ && lane.occupants_road == this) return on_lane;
    lane.occupants_frame = frame_;
    lane.occupants_road = this;
    on_lane.clear();
    const std::size_t count = positions_.size();
    const std::vector<LaneCoordinates>& coordinates = SharedCoordinates(lane);
    for (std::size_t index = 0; index < count; ++index) {
      if (landmarks_[index]) continue;
      const LaneCoordinates& c = coordinates[index];
      // Off the lane, or NaN (never on it): not an occupant.
      if (!lane.OnLane(c.longitudinal, c.lateral, 1.0)) continue;
      on_lane.push_back({c.longitudinal, index});
    }
    std::sort(on_lane.begin(), on_lane.end(), [](const Lane::Occupant& a, const Lane::Occupant& b) {
      return a.longitudinal < b.longitudinal ||
             (a.longitudinal == b.longitudinal && a.index < b.index);
    });
    return on_lane;
  }

  bool sharing_coordinates_ = false;
  std::uint64_t frame_ = 0;

  // The next and previous lane segments (same id, or the first) with their
  // longitudinal offsets.
  void AddConnectedLanes(const LaneIndex& index, const Lane& lane,
                         std::vector<std::pair<const Lane*, double>>* out) const {
    for (int next : network.ToNodes(index.to)) {
      const int n = network.NumLanes(index.to, next);
      if (index.id < n) {
        out->emplace_back(&network.GetLane({index.to, next, index.id}), lane.length);
      } else if (n > 0) {
        out->emplace_back(&network.GetLane({index.to, next, 0}), lane.length);
      }
    }
    for (int from : network.FromNodes()) {
      for (int to : network.ToNodes(from)) {
        if (to != index.from) continue;
        const int n = network.NumLanes(from, to);
        if (n == 0) continue;
        const Lane& prev = network.GetLane({from, to, index.id < n ? index.id : 0});
        out->emplace_back(&prev, -prev.length);
      }
    }
  }

  // Every vehicle against every later vehicle, then against every object,
  // in Road.step's order: RoadObject.handle_collisions. Its first tests
  // (both collidable, one checking, the bounding circles) run on the
  // objects' packed state (PairTest), so that most pairs, far apart, are
  // skipped without visiting the objects; nothing a collision changes
  // enters those tests. An object that does not check collisions (most
  // traffic: highway's other_vehicles_check_collisions) meets only those
  // that do.
  void HandleCollisions(double dt) {
    const std::size_t n = vehicles.size();
    const std::size_t count = n + objects.size();
    packed_.resize(count);
    checking_.clear();
    for (std::size_t k = 0; k < count; ++k) {
      const RoadObject& o = *ObjectAt(k);
      packed_[k] = {o.position, o.diagonal, o.speed * dt, o.collidable,
                    o.collidable && o.check_collisions};
      if (packed_[k].checking) checking_.push_back(k);
    }
    for (std::size_t i = 0; i < n; ++i) {
      if (!packed_[i].collidable) continue;
      if (packed_[i].checking) {
        for (std::size_t j = i + 1; j < count; ++j) PairTest(i, j, dt);
      } else {
        for (const std::size_t j : checking_) {
          if (j > i) PairTest(i, j, dt);
        }
      }
    }
  }
  void PairTest(std::size_t i, std::size_t j, double dt) {
    const Packed& self = packed_[i];
    const Packed& other = packed_[j];
    if (!other.collidable) return;
    if (!Near(other.position - self.position, (self.diagonal + other.diagonal) / 2 + self.reach)) {
      return;
    }
    Collide(*vehicles[i], *ObjectAt(j), dt);
  }
  // What the pair tests read of an object.
  struct Packed {
    Vec2 position;
    double diagonal;
    double reach;  // speed * dt
    bool collidable;
    bool checking;  // collidable and check_collisions
  };
  std::vector<Packed> packed_;
  std::vector<std::size_t> checking_;  // the places of those checking, ascending

  // _is_colliding's quick test of the bounding circles, `bound` apart. Most
  // pairs are far apart on one axis alone: the norm is at least that axis's
  // distance, which clears the bound by more than the norm's rounding.
  static bool Near(Vec2 delta, double bound) {
    const double far = bound * (1 + 1e-9);
    if (std::abs(delta.x) > far || std::abs(delta.y) > far) return false;
    return !(Norm(delta) > bound);
  }

  // The rest of handle_collisions(other, dt), for a pair that passed its
  // first tests (PairTest).
  static void Collide(RoadObject& self, RoadObject& other, double dt) {
    const CollisionTest test = PolygonsIntersecting(self.Polygon(), other.Polygon(),
                                                    self.velocity() * dt, other.velocity() * dt);
    if (test.will_intersect && self.solid && other.solid) {
      if (other.kind == RoadObject::Kind::kObstacle) {
        self.impact = test.translation;
      } else if (self.kind == RoadObject::Kind::kObstacle) {
        other.impact = test.translation;
      } else {
        self.impact = test.translation / 2;
        other.impact = -test.translation / 2;
      }
    }
    if (test.intersecting) {
      if (self.solid && other.solid) {
        self.crashed = true;
        other.crashed = true;
      }
      if (!self.solid) self.hit = true;
      if (!other.solid) other.hit = true;
    }
  }
};

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_ROAD_ROAD_H_
