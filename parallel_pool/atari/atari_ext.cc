// The Python module of the atari family: the env, and the benchmark's
// emulation-only frame rate (_limit_probe.emulation_rate).
#include <pybind11/numpy.h>

#include <string>
#include <vector>

#include "parallel_pool/atari/atari_env.h"
#include "parallel_pool/atari/emulation_rate.h"
#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/core/step_rate.h"

namespace {

namespace py = pybind11;

// The benchmark's Atari limit (emulation_rate.h): `actions` are indices into
// the ROM's minimal action set, as the env takes them.
py::tuple EmulationRate(const std::string& rom,
                        const py::array_t<int, py::array::c_style | py::array::forcecast>& actions,
                        int frame_skip, int threads, double warmup, double seconds) {
  if (actions.ndim() != 1 || actions.size() == 0) {
    throw py::value_error("actions: expected a non-empty 1-D array of action indices");
  }
  if (frame_skip < 1) throw py::value_error("frame_skip: expected >= 1");
  parallel_pool::CheckStepRateWindow(threads, warmup, seconds);
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
  parallel_pool::StepRate count;
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
  // Private, but it ships in the wheel: benchmark/atari_limit.py measures the
  // pool's physical limit with it, and that limit holds for the pool only if
  // it is measured on the emulator build and compiler flags the pool runs,
  // i.e. inside this very module.
  py::module_ probe = m.def_submodule(
      "_limit_probe", "The benchmark's Atari limit: emulation alone, on this module's ALE.");
  probe.def("emulation_rate", &EmulationRate, py::arg("rom"), py::arg("actions"),
            py::arg("frame_skip"), py::arg("threads"), py::arg("warmup"), py::arg("seconds"),
            "(env steps/s, share of restarts) of `threads` threads emulating `rom` alone (no "
            "preprocessing), each playing `actions` (minimal-set indices) held for "
            "`frame_skip` frames.");
}
