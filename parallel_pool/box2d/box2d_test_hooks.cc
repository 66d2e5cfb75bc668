// The box2d family's test hooks: CarRacing's simulation bound to Python
// without a pool, so its test compares the car's bodies and the track with
// gymnasium's own objects step by step. A testonly module: not in the wheel.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "parallel_pool/box2d/car_racing_sim.h"

namespace {

namespace py = pybind11;
namespace b2 = parallel_pool::box2d;

// A CarRacingSim with its own np_random, as gymnasium's env has.
class CarRacingProbe {
 public:
  CarRacingProbe(bool domain_randomize, double lap_complete_percent)
      : sim_({domain_randomize, lap_complete_percent}) {}

  void Reset(std::optional<std::uint64_t> seed) {
    if (seed) np_random_ = parallel_pool::numpy_exact::NumpyGenerator(*seed);
    sim_.Reset(np_random_);
  }

  std::pair<double, bool> Step(double steer, double gas, double brake) {
    const b2::RacingStep step = sim_.Step(b2::CarAction{steer, gas, brake});
    return {step.reward, step.terminated};
  }

  // The values gymnasium's env exposes, as Python floats.
  py::dict State() const {
    const b2::Car& car = sim_.car();
    const b2Body* hull = car.hull();
    py::dict out;
    out["hull"] = std::vector<double>{
        hull->GetPosition().x,       hull->GetPosition().y,       hull->GetAngle(),
        hull->GetLinearVelocity().x, hull->GetLinearVelocity().y, hull->GetAngularVelocity()};
    std::vector<std::vector<double>> wheels;
    for (const b2::Wheel& w : car.wheels()) {
      wheels.push_back({w.body->GetPosition().x, w.body->GetPosition().y, w.body->GetAngle(),
                        w.omega, w.phase, w.gas, w.brake, w.steer, w.joint->GetJointAngle(),
                        static_cast<double>(w.tiles)});
    }
    out["wheels"] = wheels;
    std::vector<std::vector<double>> particles;
    for (const b2::Particle& p : car.particles()) {
      std::vector<double> flat{p.grass ? 1.0 : 0.0};
      for (const b2Vec2& v : p.poly) {
        flat.push_back(v.x);
        flat.push_back(v.y);
      }
      particles.push_back(flat);
    }
    out["particles"] = particles;
    std::vector<std::array<double, 4>> track;
    for (const b2::TrackPoint& p : sim_.track().points)
      track.push_back({p.alpha, p.beta, p.x, p.y});
    out["track"] = track;
    std::vector<std::array<double, 3>> colors;
    for (const auto& tile : sim_.tiles()) colors.push_back(tile->color);
    out["tile_colors"] = colors;
    out["border"] = sim_.track().border;
    out["reward"] = sim_.reward();
    out["t"] = sim_.t();
    out["road_color"] = sim_.road_color();
    out["bg_color"] = sim_.bg_color();
    out["grass_color"] = sim_.grass_color();
    return out;
  }

  // The road's polygons in the order of gymnasium's road_poly: each tile,
  // followed by its kerb where it has one.
  std::vector<b2::Quad> RoadPolygons() const {
    const b2::Track& track = sim_.track();
    std::vector<b2::Quad> polygons;
    std::size_t kerb = 0;
    for (std::size_t i = 0; i < track.tiles.size(); ++i) {
      polygons.push_back(track.tiles[i]);
      if (track.border[i]) polygons.push_back(track.kerbs[kerb++]);
    }
    return polygons;
  }

 private:
  parallel_pool::numpy_exact::NumpyGenerator np_random_{0};
  b2::CarRacingSim sim_;
};

}  // namespace

PYBIND11_MODULE(box2d_test_hooks, m) {
  py::class_<CarRacingProbe>(m, "CarRacingProbe")
      .def(py::init<bool, double>(), py::arg("domain_randomize") = false,
           py::arg("lap_complete_percent") = 0.95)
      .def("reset", &CarRacingProbe::Reset, py::arg("seed") = py::none())
      .def("step", &CarRacingProbe::Step, py::arg("steer"), py::arg("gas"), py::arg("brake"))
      .def("state", &CarRacingProbe::State)
      .def("road_polygons", &CarRacingProbe::RoadPolygons);
}
