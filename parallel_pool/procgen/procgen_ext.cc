// The Python module of the procgen family: one env class for every game
// (the game is config: env_name), and the benchmark's step-and-draw rate of
// a game alone (_limit_probe.game_rate).
#include <pybind11/numpy.h>

#include <string>
#include <vector>

#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/core/step_rate.h"
#include "parallel_pool/procgen/game_rate.h"
#include "parallel_pool/procgen/procgen_env.h"

namespace {

namespace py = pybind11;
namespace pg = parallel_pool::procgen;

// The benchmark's procgen limit (game_rate.h): `actions` are action indices.
py::tuple GameRate(const pg::ProcgenEnvSpec& spec,
                   const py::array_t<int, py::array::c_style | py::array::forcecast>& actions,
                   int threads, double warmup, double seconds) {
  parallel_pool::CheckStepRateWindow(threads, warmup, seconds);
  if (actions.ndim() != 1 || actions.size() == 0) {
    throw py::value_error("actions: expected a non-empty 1-D array of action indices");
  }
  std::vector<int> played(actions.data(), actions.data() + actions.size());
  for (int a : played) {
    if (a < 0 || a >= pg::kNumActions) {
      throw py::value_error("actions: " + std::to_string(a) + " is not in [0, " +
                            std::to_string(pg::kNumActions) + ")");
    }
  }
  parallel_pool::StepRate count;
  {
    py::gil_scoped_release release;
    count = pg::GameRate(spec.config, played, threads, warmup, seconds);
  }
  return py::make_tuple(count.steps_per_s, count.reset_fraction);
}

}  // namespace

PYBIND11_MODULE(procgen_ext, m) {
  parallel_pool::InitNumpy();
  parallel_pool::BindEnv<pg::ProcgenEnvPool>(m, "Procgen");
  // Private, but it ships in the wheel: benchmark/procgen_limit.py measures
  // the pool's physical limit with it, which holds for the pool only if it
  // runs the games the pool runs, i.e. inside this very module.
  py::module_ probe = m.def_submodule(
      "_limit_probe",
      "The benchmark's procgen limit: a game's step and draw alone, on this module's code.");
  probe.def("game_rate", &GameRate, py::arg("spec"), py::arg("actions"), py::arg("threads"),
            py::arg("warmup"), py::arg("seconds"),
            "(env steps/s, share of level ends) of `threads` threads each stepping the spec's "
            "game and drawing its frame, playing `actions`, cycled.");
}
