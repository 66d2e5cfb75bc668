// The image package's test hooks: the resize, the canvas (with pygame.draw's
// routines) and the smoothscale bound to Python, so their tests compare them
// with cv2.resize and pygame directly. A testonly module
// (//parallel_pool/image:image_test_hooks): not in the wheel.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "parallel_pool/image/canvas.h"
#include "parallel_pool/image/pygame_draw.h"
#include "parallel_pool/image/pygame_surface.h"
#include "parallel_pool/image/resize.h"
#include "parallel_pool/image/smoothscale.h"

namespace {

namespace py = pybind11;

using parallel_pool::image::Canvas;
using parallel_pool::image::Point;
using parallel_pool::image::Resizer;
using parallel_pool::image::Rgb;
using parallel_pool::image::RotateRad;
using parallel_pool::image::SmoothScaler;
namespace pygame_draw = parallel_pool::image::pygame_draw;

using ImageArray = py::array_t<std::uint8_t, py::array::c_style | py::array::forcecast>;

// image: uint8 [H, W] or [H, W, C] -> uint8 [height, width] or [height, width, C].
py::array_t<std::uint8_t> Resize(const ImageArray& image, int height, int width, bool inter_area) {
  if (image.ndim() != 2 && image.ndim() != 3) {
    throw py::value_error("image: expected shape (H, W) or (H, W, C)");
  }
  const int channels = image.ndim() == 3 ? static_cast<int>(image.shape(2)) : 1;
  Resizer resizer(static_cast<int>(image.shape(0)), static_cast<int>(image.shape(1)), height, width,
                  channels, inter_area);
  std::vector<py::ssize_t> shape{height, width};
  if (image.ndim() == 3) shape.push_back(channels);
  py::array_t<std::uint8_t> out(shape);
  resizer.Resize(image.data(), out.mutable_data());
  return out;
}

// frames: uint8 [N, H, W] or [N, H, W, C], resized in order by one Resizer
// with reuse on (SetReuse), as an env resizes its frames.
py::array_t<std::uint8_t> ResizeFrames(const ImageArray& frames, int height, int width,
                                       bool inter_area) {
  if (frames.ndim() != 3 && frames.ndim() != 4) {
    throw py::value_error("frames: expected shape (N, H, W) or (N, H, W, C)");
  }
  const int channels = frames.ndim() == 4 ? static_cast<int>(frames.shape(3)) : 1;
  Resizer resizer(static_cast<int>(frames.shape(1)), static_cast<int>(frames.shape(2)), height,
                  width, channels, inter_area);
  resizer.SetReuse(true);
  std::vector<py::ssize_t> shape{frames.shape(0), height, width};
  if (frames.ndim() == 4) shape.push_back(channels);
  py::array_t<std::uint8_t> out(shape);
  for (py::ssize_t i = 0; i < frames.shape(0); ++i) {
    resizer.Resize(frames.data() + i * resizer.src_size(),
                   out.mutable_data() + i * resizer.dst_size());
  }
  return out;
}

// image: uint8 [H, W, 3] -> uint8 [height, width, 3], as
// pygame.transform.smoothscale scales a surface (rows top to bottom);
// portable: without the SSE2 code (the same bytes); rows_reversed: the
// image handed over bottom row first, as a flipped Canvas stores it.
py::array_t<std::uint8_t> SmoothScale(const ImageArray& image, int height, int width, bool portable,
                                      bool rows_reversed) {
  if (image.ndim() != 3 || image.shape(2) != 3) {
    throw py::value_error("image: expected shape (H, W, 3)");
  }
  SmoothScaler scaler(static_cast<int>(image.shape(0)), static_cast<int>(image.shape(1)), height,
                      width);
  scaler.UsePortableCode(portable);
  py::array_t<std::uint8_t> out({height, width, 3});
  if (!rows_reversed) {
    scaler.Scale(image.data(), out.mutable_data());
    return out;
  }
  const auto rows = static_cast<std::size_t>(image.shape(0));
  const std::size_t stride = static_cast<std::size_t>(image.shape(1)) * 3;
  std::vector<std::uint8_t> reversed(rows * stride);
  for (std::size_t r = 0; r < rows; ++r) {
    std::copy_n(image.data() + (rows - 1 - r) * stride, stride, reversed.data() + r * stride);
  }
  scaler.Scale(reversed.data(), out.mutable_data(), /*src_rows_reversed=*/true);
  return out;
}

Rgb ToRgb(const py::handle& c) {
  auto t = c.cast<std::tuple<int, int, int>>();
  return {static_cast<std::uint8_t>(std::get<0>(t)), static_cast<std::uint8_t>(std::get<1>(t)),
          static_cast<std::uint8_t>(std::get<2>(t))};
}

std::vector<Point> ToPoints(const py::handle& points) {
  std::vector<Point> out;
  for (const auto& p : points) {
    auto xy = p.cast<std::tuple<double, double>>();
    out.push_back({std::get<0>(xy), std::get<1>(xy)});
  }
  return out;
}

Point ToPoint(const py::handle& p) {
  auto xy = p.cast<std::tuple<double, double>>();
  return {std::get<0>(xy), std::get<1>(xy)};
}

// ops: ("fill", rgb), ("hline", x1, x2, y, rgb), ("vline", x, y1, y2, rgb),
// ("filled_polygon" | "aapolygon", points, rgb), ("aacircle" | "filled_circle",
// x, y, r, rgb), and pygame.draw's ("polygon", points, rgb, width),
// ("lines", points, rgb, closed, width), ("line", start, end, rgb, width),
// ("circle", center, radius, rgb), ("aalines", points, rgb, closed),
// ("aaline", start, end, rgb). Returns the surface, uint8 [height, width, 3],
// unflipped.
py::array_t<std::uint8_t> Draw(int width, int height, const py::list& ops) {
  Canvas canvas(width, height);
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
    } else if (name == "polygon") {
      pygame_draw::Polygon(&canvas, ToPoints(t[1]), ToRgb(t[2]), t[3].cast<int>());
    } else if (name == "lines") {
      pygame_draw::Lines(&canvas, ToPoints(t[1]), ToRgb(t[2]), t[3].cast<bool>(), t[4].cast<int>());
    } else if (name == "line") {
      pygame_draw::Line(&canvas, ToPoint(t[1]), ToPoint(t[2]), ToRgb(t[3]), t[4].cast<int>());
    } else if (name == "circle") {
      pygame_draw::Circle(&canvas, ToPoint(t[1]), t[2].cast<double>(), ToRgb(t[3]));
    } else if (name == "aalines") {
      pygame_draw::AaLines(&canvas, ToPoints(t[1]), ToRgb(t[2]), t[3].cast<bool>());
    } else if (name == "aaline") {
      pygame_draw::AaLine(&canvas, ToPoint(t[1]), ToPoint(t[2]), ToRgb(t[3]));
    } else {
      throw py::value_error("ops: unknown operation " + name);
    }
  }
  py::array_t<std::uint8_t> out({height, width, 3});
  std::copy(canvas.pixels().begin(), canvas.pixels().end(), out.mutable_data());
  return out;
}

// An RGBA image [H, W, 4] as an AlphaSurface, and back.
parallel_pool::image::AlphaSurface ToAlphaSurface(const ImageArray& image) {
  if (image.ndim() != 3 || image.shape(2) != 4) throw py::value_error("expected (H, W, 4)");
  const int height = static_cast<int>(image.shape(0));
  const int width = static_cast<int>(image.shape(1));
  parallel_pool::image::AlphaSurface s(width, height);
  const std::uint8_t* p = image.data();
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x, p += 4) s.Set(x, y, {p[0], p[1], p[2], p[3]});
  }
  return s;
}

py::array_t<std::uint8_t> FromAlphaSurface(const parallel_pool::image::AlphaSurface& s) {
  py::array_t<std::uint8_t> out({s.height(), s.width(), 4});
  std::uint8_t* p = out.mutable_data();
  for (int y = 0; y < s.height(); ++y) {
    for (int x = 0; x < s.width(); ++x, p += 4) {
      const parallel_pool::image::Rgba c = s.At(x, y);
      p[0] = c.r;
      p[1] = c.g;
      p[2] = c.b;
      p[3] = c.a;
    }
  }
  return out;
}

// pygame.draw.rect of each (x, y, w, h, (r, g, b, a), width) on a transparent
// SRCALPHA surface, then pygame.transform.rotate by angle (float32) unless None.
py::array_t<std::uint8_t> DrawRectsRotated(int width, int height, const py::list& rects,
                                           const py::object& angle) {
  parallel_pool::image::AlphaSurface s(width, height);
  for (const py::handle& r : rects) {
    const py::tuple t = r.cast<py::tuple>();
    const py::tuple c = t[4].cast<py::tuple>();
    parallel_pool::image::DrawRect(&s, t[0].cast<int>(), t[1].cast<int>(), t[2].cast<int>(),
                                   t[3].cast<int>(),
                                   {c[0].cast<std::uint8_t>(), c[1].cast<std::uint8_t>(),
                                    c[2].cast<std::uint8_t>(), c[3].cast<std::uint8_t>()},
                                   t[5].cast<int>());
  }
  if (angle.is_none()) return FromAlphaSurface(s);
  return FromAlphaSurface(parallel_pool::image::Rotate(s, angle.cast<float>()));
}

}  // namespace

PYBIND11_MODULE(image_test_hooks, m) {
  m.def("resize", &Resize, py::arg("image"), py::arg("height"), py::arg("width"),
        py::arg("inter_area") = true,
        "cv2.resize(image, (width, height), INTER_AREA or INTER_LINEAR), reimplemented.");
  m.def("resize_frames", &ResizeFrames, py::arg("frames"), py::arg("height"), py::arg("width"),
        py::arg("inter_area") = true,
        "resize of each frame in order, by one resizer that reuses unchanged rows.");
  m.def("draw", &Draw, py::arg("width"), py::arg("height"), py::arg("ops"),
        "Draws ops on a black width x height canvas as pygame.gfxdraw and pygame.draw would.");
  m.def("smoothscale", &SmoothScale, py::arg("image"), py::arg("height"), py::arg("width"),
        py::arg("portable") = false, py::arg("rows_reversed") = false,
        "pygame.transform.smoothscale of an RGB image (rows top to bottom), reimplemented.");
  m.def(
      "rotate_rad",
      [](double x, double y, double angle) {
        const Point p = RotateRad({x, y}, angle);
        return std::make_tuple(p.x, p.y);
      },
      py::arg("x"), py::arg("y"), py::arg("angle"),
      "pygame.math.Vector2((x, y)).rotate_rad(angle), reimplemented.");
  m.def(
      "rotate_rgba",
      [](const ImageArray& image, float angle) {
        return FromAlphaSurface(parallel_pool::image::Rotate(ToAlphaSurface(image), angle));
      },
      py::arg("image"), py::arg("angle"),
      "pygame.transform.rotate of an RGBA image [H, W, 4] (a SRCALPHA surface), reimplemented.");
  m.def("draw_rects_rotated", &DrawRectsRotated, py::arg("width"), py::arg("height"),
        py::arg("rects"), py::arg("angle"),
        "pygame.draw.rect calls on a SRCALPHA surface, then transform.rotate, reimplemented.");
}
