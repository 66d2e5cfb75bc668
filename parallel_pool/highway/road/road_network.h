// highway-env's RoadNetwork (road/road.py): lanes as edges between named
// nodes, kept in the insertion order of the reference's nested dicts (that
// order decides ties and the random draws over nodes).
#ifndef PARALLEL_POOL_HIGHWAY_ROAD_ROAD_NETWORK_H_
#define PARALLEL_POOL_HIGHWAY_ROAD_ROAD_NETWORK_H_

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <deque>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/highway/road/lane.h"

namespace parallel_pool::highway {

// (from node, to node, lane id); id -1 is the reference's None (any lane).
struct LaneIndex {
  int from = -1;
  int to = -1;
  int id = -1;
  bool valid() const { return from >= 0; }
  bool SameRoad(const LaneIndex& o) const { return from == o.from && to == o.to; }
};
inline bool operator==(const LaneIndex& a, const LaneIndex& b) {
  return a.from == b.from && a.to == b.to && a.id == b.id;
}
inline bool operator!=(const LaneIndex& a, const LaneIndex& b) { return !(a == b); }

using Route = std::vector<LaneIndex>;

class RoadNetwork {
 public:
  // The node's id, added on first use.
  int Node(const std::string& name) {
    if (const int node = FindNode(name); node >= 0) return node;
    names_.push_back(name);
    return static_cast<int>(names_.size()) - 1;
  }
  const std::string& NodeName(int node) const { return names_.at(node); }
  // The node's id, -1 if the network has none of that name.
  int FindNode(const std::string& name) const {
    for (std::size_t i = 0; i < names_.size(); ++i) {
      if (names_[i] == name) return static_cast<int>(i);
    }
    return -1;
  }

  Lane* AddLane(const std::string& from, const std::string& to, std::unique_ptr<Lane> lane) {
    const int f = Node(from);
    const int t = Node(to);
    Edges& edges = EdgesOrAdd(f);
    Edge* edge = nullptr;
    for (Edge& e : edges.to) {
      if (e.node == t) edge = &e;
    }
    if (edge == nullptr) {
      edges.to.push_back(Edge{t, {}});
      edge = &edges.to.back();
    }
    edge->lanes.push_back(std::move(lane));
    return edge->lanes.back().get();
  }

  // get_lane; an id of -1 on a one-lane road is its lane.
  const Lane& GetLane(const LaneIndex& index) const {
    const auto& lanes = LanesOf(index.from, index.to);
    int id = index.id;
    if (id < 0 && lanes.size() == 1) id = 0;
    if (id < 0 || id >= static_cast<int>(lanes.size())) throw std::out_of_range("lane id");
    return *lanes[id];
  }
  int NumLanes(int from, int to) const { return static_cast<int>(LanesOf(from, to).size()); }

  // get_closest_lane_index: the first lane of least distance (with heading).
  LaneIndex ClosestLaneIndex(Vec2 position, std::optional<double> heading) const {
    return ClosestLane(position, heading).first;
  }
  // The same lane's index and the lane (every vehicle asks both after each
  // move; the search has the lane at hand).
  std::pair<LaneIndex, const Lane*> ClosestLane(Vec2 position,
                                                std::optional<double> heading) const {
    LaneIndex best;
    const Lane* best_lane = nullptr;
    double best_distance = std::numeric_limits<double>::infinity();
    bool first = true;
    for (const Edges& edges : graph_) {
      for (const Edge& edge : edges.to) {
        for (std::size_t id = 0; id < edge.lanes.size(); ++id) {
          const Lane& lane = *edge.lanes[id];
          const double d =
              heading ? lane.DistanceWithHeading(position, *heading) : lane.Distance(position);
          if (first || ArgminTakes(d, best_distance)) {
            best = {edges.from, edge.node, static_cast<int>(id)};
            best_lane = &lane;
            best_distance = d;
            first = false;
          }
        }
      }
    }
    return {best, best_lane};
  }

  // ClosestLane(positions[i], headings[i]) for each of n vehicles, each
  // lane's coordinates of all of them computed in one pass (the same
  // comparisons in the same order for each vehicle). `coordinates` and
  // `distances` are scratch.
  void ClosestLanes(const Vec2* positions, const double* headings, std::size_t n,
                    std::vector<LaneCoordinates>* coordinates, std::vector<double>* distances,
                    std::pair<LaneIndex, const Lane*>* out) const {
    coordinates->resize(n);
    distances->resize(2 * n);
    double* const best_distance = distances->data();
    double* const on_lane = best_distance + n;
    for (std::size_t i = 0; i < n; ++i) {
      best_distance[i] = std::numeric_limits<double>::infinity();
      out[i] = {LaneIndex{}, nullptr};
    }
    bool first = true;
    for (const Edges& edges : graph_) {
      for (const Edge& edge : edges.to) {
        for (std::size_t id = 0; id < edge.lanes.size(); ++id) {
          const Lane& lane = *edge.lanes[id];
          lane.LocalCoordinatesOf(positions, n, coordinates->data());
          lane.DistancesWithHeading(coordinates->data(), headings, n, on_lane);
          for (std::size_t i = 0; i < n; ++i) {
            const double d = on_lane[i];
            if (first || ArgminTakes(d, best_distance[i])) {
              out[i] = {LaneIndex{edges.from, edge.node, static_cast<int>(id)}, &lane};
              best_distance[i] = d;
            }
          }
          first = false;
        }
      }
    }
  }

  // np.argmin's rule, a later distance against the best so far: the first
  // minimum is kept; a NaN is the minimum.
  static bool ArgminTakes(double d, double best) {
    return d < best || (std::isnan(d) && !std::isnan(best));
  }

  // lanes_dict()'s keys: every lane, in the graph's order.
  std::vector<LaneIndex> LaneIndices() const {
    std::vector<LaneIndex> indices;
    for (const Edges& edges : graph_) {
      for (const Edge& edge : edges.to) {
        for (std::size_t id = 0; id < edge.lanes.size(); ++id) {
          indices.push_back({edges.from, edge.node, static_cast<int>(id)});
        }
      }
    }
    return indices;
  }

  // side_lanes: the lanes left and right of one, on its road (at most two;
  // asked by every lane-change decision, so kept off the heap).
  struct SideLaneList {
    std::array<LaneIndex, 2> lanes;
    int count = 0;
    const LaneIndex* begin() const { return lanes.data(); }
    const LaneIndex* end() const { return lanes.data() + count; }
  };
  SideLaneList SideLanes(const LaneIndex& index) const {
    SideLaneList side;
    if (index.id > 0) side.lanes[side.count++] = {index.from, index.to, index.id - 1};
    if (index.id < NumLanes(index.from, index.to) - 1) {
      side.lanes[side.count++] = {index.from, index.to, index.id + 1};
    }
    return side;
  }

  // next_lane: the lane to follow once the current one ends: the route's
  // next road if it starts here, else the closest continuation; the same
  // lane id where the next road has as many lanes.
  LaneIndex NextLane(const LaneIndex& current, Route* route, Vec2 position) const {
    int next_to = -1;
    int next_id = -1;
    if (route != nullptr && !route->empty()) {
      if (route->front().SameRoad(current)) route->erase(route->begin());
      if (!route->empty() && route->front().from == current.to) {
        next_to = route->front().to;
        next_id = route->front().id;
      }
    }
    const Lane& lane = GetLane(current);
    const Vec2 projected = lane.Position(lane.LocalCoordinates(position).longitudinal, 0);
    if (next_to < 0) {
      const Edges* edges = FindEdges(current.to);
      if (edges == nullptr) return current;
      double best = std::numeric_limits<double>::infinity();
      bool first = true;
      for (const Edge& edge : edges->to) {
        auto [id, distance] = NextLaneGivenNextRoad(current, edge.node, next_id, projected);
        if (first || distance < best) {
          best = distance;
          next_to = edge.node;
          next_id = id;
          first = false;
        }
      }
      if (first) return current;
    } else {
      next_id = NextLaneGivenNextRoad(current, next_to, next_id, projected).first;
    }
    return {current.to, next_to, next_id};
  }

  // The from nodes, in the reference's graph.keys() order.
  std::vector<int> FromNodes() const {
    std::vector<int> nodes;
    for (const Edges& e : graph_) nodes.push_back(e.from);
    return nodes;
  }
  // The to nodes of `from`, in graph[from].keys() order.
  std::vector<int> ToNodes(int from) const {
    std::vector<int> nodes;
    if (const Edges* edges = FindEdges(from)) {
      for (const Edge& e : edges->to) nodes.push_back(e.node);
    }
    return nodes;
  }
  bool HasFrom(int node) const { return FindEdges(node) != nullptr; }

  // shortest_path: the first path bfs_paths yields from `start` to `goal`
  // (breadth first, the next nodes in sorted name order); empty if none,
  // or if the search meets a node without roads out.
  std::vector<int> ShortestPath(int start, int goal) const {
    std::deque<std::pair<int, std::vector<int>>> queue;
    queue.emplace_back(start, std::vector<int>{start});
    while (!queue.empty()) {
      auto [node, path] = std::move(queue.front());
      queue.pop_front();
      if (!HasFrom(node)) return {};
      std::vector<int> next;
      for (int n : ToNodes(node)) {
        if (std::find(path.begin(), path.end(), n) == path.end()) next.push_back(n);
      }
      std::sort(next.begin(), next.end(), [this](int a, int b) { return names_[a] < names_[b]; });
      for (int n : next) {
        std::vector<int> longer = path;
        longer.push_back(n);
        if (n == goal) return longer;
        if (HasFrom(n)) queue.emplace_back(n, std::move(longer));
      }
    }
    return {};
  }

  // Every lane with its index, in the reference's iteration order.
  template <typename F>
  void ForEachLane(F&& f) const {
    for (const Edges& edges : graph_) {
      for (const Edge& edge : edges.to) {
        for (std::size_t id = 0; id < edge.lanes.size(); ++id) {
          f(LaneIndex{edges.from, edge.node, static_cast<int>(id)}, *edge.lanes[id]);
        }
      }
    }
  }

 private:
  struct Edge {
    int node;
    std::vector<std::unique_ptr<Lane>> lanes;
  };
  struct Edges {
    int from;
    std::vector<Edge> to;
  };

  std::pair<int, double> NextLaneGivenNextRoad(const LaneIndex& current, int next_to, int next_id,
                                               Vec2 position) const {
    const int next_count = NumLanes(current.to, next_to);
    if (NumLanes(current.from, current.to) == next_count) {
      if (next_id < 0) next_id = current.id;
    } else {
      double best = std::numeric_limits<double>::infinity();
      for (int l = 0; l < next_count; ++l) {
        const double d = GetLane({current.to, next_to, l}).Distance(position);
        if (l == 0 || d < best) {
          best = d;
          next_id = l;
        }
      }
    }
    return {next_id, GetLane({current.to, next_to, next_id}).Distance(position)};
  }

  const Edges* FindEdges(int from) const {
    for (const Edges& e : graph_) {
      if (e.from == from) return &e;
    }
    return nullptr;
  }
  Edges& EdgesOrAdd(int from) {
    for (Edges& e : graph_) {
      if (e.from == from) return e;
    }
    graph_.push_back(Edges{from, {}});
    return graph_.back();
  }
  const std::vector<std::unique_ptr<Lane>>& LanesOf(int from, int to) const {
    const Edges* edges = FindEdges(from);
    if (edges != nullptr) {
      for (const Edge& e : edges->to) {
        if (e.node == to) return e.lanes;
      }
    }
    throw std::out_of_range("no road " + (from >= 0 ? names_[from] : "?") + " -> " +
                            (to >= 0 ? names_[to] : "?"));
  }

  std::vector<std::string> names_;
  std::vector<Edges> graph_;
};

// straight_road_network: `lanes` parallel straight lanes along x, 4 m apart
// (returned in id order).
inline std::vector<Lane*> AddStraightRoad(RoadNetwork& net, int lanes, double start = 0.0,
                                          double length = 10000.0, double angle = 0.0,
                                          double speed_limit = 30.0, const std::string& from = "0",
                                          const std::string& to = "1") {
  std::vector<Lane*> added;
  for (int lane = 0; lane < lanes; ++lane) {
    Vec2 origin{start, lane * Lane::kDefaultWidth};
    Vec2 end{start + length, lane * Lane::kDefaultWidth};
    // rotation @ origin with rotation [[c, s], [-s, c]].
    const double c = Cos(angle);
    const double s = Sin(angle);
    origin = {c * origin.x + s * origin.y, -s * origin.x + c * origin.y};
    end = {c * end.x + s * end.y, -s * end.x + c * end.y};
    LaneOptions options;
    options.line_types = {lane == 0 ? LineType::kContinuousLine : LineType::kStriped,
                          lane == lanes - 1 ? LineType::kContinuousLine : LineType::kNone};
    options.speed_limit = speed_limit;
    added.push_back(net.AddLane(from, to, std::make_unique<StraightLane>(origin, end, options)));
  }
  return added;
}

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_ROAD_ROAD_NETWORK_H_
