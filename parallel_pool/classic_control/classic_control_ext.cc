// The Python module of the classic_control family: one BindEnv per env class,
// plus the drawing primitives (_draw) so tests can compare them with
// pygame's directly.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "parallel_pool/classic_control/acrobot.h"
#include "parallel_pool/classic_control/canvas.h"
#include "parallel_pool/classic_control/cartpole.h"
#include "parallel_pool/classic_control/mountain_car.h"
#include "parallel_pool/classic_control/mountain_car_continuous.h"
#include "parallel_pool/classic_control/pendulum.h"
#include "parallel_pool/core/py_env_pool.h"

namespace {

namespace py = pybind11;
namespace cc = parallel_pool::classic_control;

cc::Rgb ToRgb(const py::handle& c) {
  auto t = c.cast<std::tuple<int, int, int>>();
  return {static_cast<std::uint8_t>(std::get<0>(t)), static_cast<std::uint8_t>(std::get<1>(t)),
          static_cast<std::uint8_t>(std::get<2>(t))};
}

std::vector<cc::Point> ToPoints(const py::handle& points) {
  std::vector<cc::Point> out;
  for (const auto& p : points) {
    auto xy = p.cast<std::tuple<double, double>>();
    out.push_back({std::get<0>(xy), std::get<1>(xy)});
  }
  return out;
}

// ops: ("fill", rgb), ("hline", x1, x2, y, rgb), ("vline", x, y1, y2, rgb),
// ("filled_polygon" | "aapolygon", points, rgb), ("aacircle" | "filled_circle",
// x, y, r, rgb). Returns the surface, uint8 [height, width, 3], unflipped.
py::array_t<std::uint8_t> Draw(int width, int height, const py::list& ops) {
  cc::Canvas canvas(width, height);
  canvas.Fill({0, 0, 0});
  for (const auto& op : ops) {
    auto t = op.cast<py::tuple>();
    const auto name = t[0].cast<std::string>();
    if (name == "fill") {
      canvas.Fill(ToRgb(t[1]));
    } else if (name == "hline") {
      canvas.HLine(t[1].cast<int>(), t[2].cast<int>(), t[3].cast<int>(), ToRgb(t[4]));
    } else if (name == "vline") {
      canvas.VLine(t[1].cast<int>(), t[2].cast<int>(), t[3].cast<int>(), ToRgb(t[4]));
    } else if (name == "filled_polygon") {
      canvas.FilledPolygon(ToPoints(t[1]), ToRgb(t[2]));
    } else if (name == "aapolygon") {
      canvas.AaPolygon(ToPoints(t[1]), ToRgb(t[2]));
    } else if (name == "aacircle") {
      canvas.AaCircle(t[1].cast<int>(), t[2].cast<int>(), t[3].cast<int>(), ToRgb(t[4]));
    } else if (name == "filled_circle") {
      canvas.FilledCircle(t[1].cast<int>(), t[2].cast<int>(), t[3].cast<int>(), ToRgb(t[4]));
    } else {
      throw py::value_error("_draw: unknown operation " + name);
    }
  }
  py::array_t<std::uint8_t> out({height, width, 3});
  std::copy(canvas.pixels().begin(), canvas.pixels().end(), out.mutable_data());
  return out;
}

}  // namespace

PYBIND11_MODULE(classic_control_ext, m) {
  parallel_pool::InitNumpy();
  parallel_pool::BindEnv<cc::CartPoleEnvPool>(m, "CartPole");
  parallel_pool::BindEnv<cc::PendulumEnvPool>(m, "Pendulum");
  parallel_pool::BindEnv<cc::MountainCarEnvPool>(m, "MountainCar");
  parallel_pool::BindEnv<cc::MountainCarContinuousEnvPool>(m, "MountainCarContinuous");
  parallel_pool::BindEnv<cc::AcrobotEnvPool>(m, "Acrobot");
  m.def("_draw", &Draw, py::arg("width"), py::arg("height"), py::arg("ops"),
        "Draws ops on a black width x height canvas as pygame.gfxdraw would (tests only).");
  m.def(
      "_rotate_rad",
      [](double x, double y, double angle) {
        cc::Point p = cc::RotateRad({x, y}, angle);
        return std::make_tuple(p.x, p.y);
      },
      "pygame.math.Vector2((x, y)).rotate_rad(angle), reimplemented (tests only).");
}
