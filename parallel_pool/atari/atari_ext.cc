// The Python module of the atari family: the env, plus the resize routine
// itself (_resize) so tests can compare it with cv2.resize directly.
#include <pybind11/numpy.h>

#include <cstdint>

#include "parallel_pool/atari/atari_env.h"
#include "parallel_pool/atari/resize.h"
#include "parallel_pool/core/py_env_pool.h"

namespace {

namespace py = pybind11;

// image: uint8 [H, W] or [H, W, C] -> uint8 [height, width] or [height, width, C].
py::array_t<std::uint8_t> Resize(
    const py::array_t<std::uint8_t, py::array::c_style | py::array::forcecast>& image, int height,
    int width, bool inter_area) {
  if (image.ndim() != 2 && image.ndim() != 3) {
    throw py::value_error("image: expected shape (H, W) or (H, W, C)");
  }
  const int channels = image.ndim() == 3 ? static_cast<int>(image.shape(2)) : 1;
  parallel_pool::atari::Resizer resizer(static_cast<int>(image.shape(0)),
                                        static_cast<int>(image.shape(1)), height, width, channels,
                                        inter_area);
  std::vector<py::ssize_t> shape{height, width};
  if (image.ndim() == 3) shape.push_back(channels);
  py::array_t<std::uint8_t> out(shape);
  resizer.Resize(image.data(), out.mutable_data());
  return out;
}

}  // namespace

PYBIND11_MODULE(atari_ext, m) {
  parallel_pool::InitNumpy();
  parallel_pool::BindEnv<parallel_pool::atari::AtariEnvPool>(m, "Atari");
  m.def("_resize", &Resize, py::arg("image"), py::arg("height"), py::arg("width"),
        py::arg("inter_area") = true,
        "cv2.resize(image, (width, height), INTER_AREA or INTER_LINEAR), reimplemented.");
}
