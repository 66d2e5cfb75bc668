// The Python module of the atari family: the env, plus the resize routine
// itself (_resize, and _resize_frames for a sequence) so tests can compare it
// with cv2.resize directly, and the benchmark's emulation-only frame rate
// (_emulation_rate).
#include <pybind11/numpy.h>

#include <cstdint>
#include <string>
#include <vector>

#include "parallel_pool/atari/atari_env.h"
#include "parallel_pool/atari/emulation_rate.h"
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

// frames: uint8 [N, H, W] or [N, H, W, C], resized in order by one Resizer
// with reuse on (SetReuse), as an env resizes its frames.
py::array_t<std::uint8_t> ResizeFrames(
    const py::array_t<std::uint8_t, py::array::c_style | py::array::forcecast>& frames, int height,
    int width, bool inter_area) {
  if (frames.ndim() != 3 && frames.ndim() != 4) {
    throw py::value_error("frames: expected shape (N, H, W) or (N, H, W, C)");
  }
  const int channels = frames.ndim() == 4 ? static_cast<int>(frames.shape(3)) : 1;
  parallel_pool::atari::Resizer resizer(static_cast<int>(frames.shape(1)),
                                        static_cast<int>(frames.shape(2)), height, width, channels,
                                        inter_area);
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

// The benchmark's Atari limit (emulation_rate.h): `actions` are indices into
// the ROM's minimal action set, as the env takes them.
py::tuple EmulationRate(const std::string& rom,
                        const py::array_t<int, py::array::c_style | py::array::forcecast>& actions,
                        int frame_skip, int threads, double warmup, double seconds) {
  if (actions.ndim() != 1 || actions.size() == 0) {
    throw py::value_error("actions: expected a non-empty 1-D array of action indices");
  }
  if (frame_skip < 1) throw py::value_error("frame_skip: expected >= 1");
  if (threads < 1 || threads > parallel_pool::kMaxNumThreads) {
    throw py::value_error("threads: expected an int in [1, " +
                          std::to_string(parallel_pool::kMaxNumThreads) + "]");
  }
  if (!(warmup >= 0)) throw py::value_error("warmup: expected seconds >= 0");
  if (!(seconds > 0)) throw py::value_error("seconds: expected seconds > 0");
  const ale::ActionVect minimal =
      parallel_pool::atari::LoadAle(rom, 0, 0.0F)->getMinimalActionSet();
  std::vector<ale::Action> played;
  for (py::ssize_t i = 0; i < actions.size(); ++i) {
    const int a = actions.data()[i];
    if (a < 0 || a >= static_cast<int>(minimal.size())) {
      throw py::value_error("actions: " + std::to_string(a) + " is not in [0, " +
                            std::to_string(minimal.size()) + ")");
    }
    played.push_back(minimal[a]);
  }
  parallel_pool::atari::EmulationCount count;
  {
    py::gil_scoped_release release;
    count = parallel_pool::atari::EmulationRate(rom, played, frame_skip, threads, warmup, seconds);
  }
  return py::make_tuple(count.steps_per_s, count.reset_fraction);
}

}  // namespace

PYBIND11_MODULE(atari_ext, m) {
  parallel_pool::InitNumpy();
  parallel_pool::BindEnv<parallel_pool::atari::AtariEnvPool>(m, "Atari");
  m.def("_resize", &Resize, py::arg("image"), py::arg("height"), py::arg("width"),
        py::arg("inter_area") = true,
        "cv2.resize(image, (width, height), INTER_AREA or INTER_LINEAR), reimplemented.");
  m.def("_resize_frames", &ResizeFrames, py::arg("frames"), py::arg("height"), py::arg("width"),
        py::arg("inter_area") = true,
        "_resize of each frame in order, by one resizer that reuses unchanged rows.");
  m.def("_emulation_rate", &EmulationRate, py::arg("rom"), py::arg("actions"),
        py::arg("frame_skip"), py::arg("threads"), py::arg("warmup"), py::arg("seconds"),
        "(env steps/s, share of restarts) of `threads` threads emulating `rom` alone (no "
        "preprocessing), each playing `actions` (minimal-set indices) held for `frame_skip` "
        "frames.");
}
