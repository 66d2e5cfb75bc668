// The Python module of the highway family: one env class for every id, and
// the benchmark's simulation-only rate (_limit_probe.simulation_rate). At
// import it learns NumPy's ddot kernel (the 2-vector dot products and norms
// of lane coordinates and collisions) and its dgemv and dgemm roundings (the
// 2x2 rotations of road geometry and of the intersection's conflict checks),
// and takes NumPy's own float64 loops (np.sin, np.tan, np.arcsin, np.power,
// ...), so the vehicle models round as highway-env's do on this machine; and
// the interpreter's version, whose sum() the reward terms follow.
#include <pybind11/numpy.h>

#include <string>
#include <vector>

#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/core/step_rate.h"
#include "parallel_pool/highway/highway_env.h"
#include "parallel_pool/highway/simulation_rate.h"
#include "parallel_pool/numpy_exact/numpy_blas_binding.h"
#include "parallel_pool/numpy_exact/numpy_ddot_binding.h"
#include "parallel_pool/numpy_exact/numpy_gemv_binding.h"
#include "parallel_pool/numpy_exact/numpy_ufunc_binding.h"
#include "parallel_pool/numpy_exact/python_sum_binding.h"

namespace {

namespace py = pybind11;
namespace hw = parallel_pool::highway;
using parallel_pool::operator""_;

// The benchmark's highway limit (simulation_rate.h) of a DiscreteMetaAction
// task: `actions` are its action indices.
py::tuple MetaActionRate(const hw::HighwayEnvSpec& spec,
                         const py::array_t<int, py::array::c_style | py::array::forcecast>& actions,
                         int threads, double warmup, double seconds) {
  parallel_pool::CheckStepRateWindow(threads, warmup, seconds);
  if (spec.config["action_type"_] != std::string("DiscreteMetaAction")) {
    throw py::value_error("spec: expected a DiscreteMetaAction task");
  }
  const int n = spec.action_spec["action"_].high + 1;
  if (actions.ndim() != 1 || actions.size() == 0) {
    throw py::value_error("actions: expected a non-empty 1-D array of action indices");
  }
  std::vector<int> played(actions.data(), actions.data() + actions.size());
  for (int a : played) {
    if (a < 0 || a >= n) {
      throw py::value_error("actions: " + std::to_string(a) + " is not in [0, " +
                            std::to_string(n) + ")");
    }
  }
  parallel_pool::StepRate count;
  {
    py::gil_scoped_release release;
    count = hw::MetaActionSimulationRate(spec.config, played, threads, warmup, seconds);
  }
  return py::make_tuple(count.steps_per_s, count.reset_fraction);
}

// The same of a ContinuousAction task: `actions` has a row per action.
py::tuple ContinuousActionRate(
    const hw::HighwayContinuousEnvSpec& spec,
    const py::array_t<float, py::array::c_style | py::array::forcecast>& actions, int threads,
    double warmup, double seconds) {
  parallel_pool::CheckStepRateWindow(threads, warmup, seconds);
  const auto size =
      static_cast<std::size_t>(hw::HighwayContinuousEnvFns::ContinuousOf(spec.config).size());
  if (actions.ndim() != 2 || actions.shape(0) == 0 ||
      static_cast<std::size_t>(actions.shape(1)) != size) {
    throw py::value_error("actions: expected a non-empty (n, " + std::to_string(size) +
                          ") float32 array");
  }
  std::vector<float> played(actions.data(), actions.data() + actions.size());
  parallel_pool::StepRate count;
  {
    py::gil_scoped_release release;
    count = hw::ContinuousActionSimulationRate(spec.config, played, size, threads, warmup, seconds);
  }
  return py::make_tuple(count.steps_per_s, count.reset_fraction);
}

}  // namespace

PYBIND11_MODULE(highway_ext, m) {
  namespace nx = parallel_pool::numpy_exact;
  parallel_pool::InitNumpy();
  parallel_pool::BindEnv<hw::HighwayEnvPool>(m, "Highway");
  parallel_pool::BindEnv<hw::HighwayContinuousEnvPool>(m, "HighwayContinuous");
  parallel_pool::BindEnv<hw::HighwayMultiAgentEnvPool>(m, "HighwayMultiAgent");
  parallel_pool::BindEnv<hw::HighwayImageEnvPool>(m, "HighwayImage");
  parallel_pool::BindEnv<hw::HighwayContinuousImageEnvPool>(m, "HighwayContinuousImage");
  nx::BindNumpyDdot(m);
  nx::BindNumpyGemv(m);
  nx::BindNumpyBlas(m);
  nx::UseNumpyUfuncLoops();
  nx::UsePythonSumRule();
  // Private, but it ships in the wheel: benchmark/highway_limit.py measures
  // the pool's physical limit with it, which holds for the pool only if it
  // runs the simulation build the pool runs, i.e. inside this very module.
  py::module_ probe = m.def_submodule(
      "_limit_probe",
      "The benchmark's highway limit: the simulation alone, on this module's code.");
  const char* doc =
      "(env steps/s, share of resets) of `threads` threads running the spec's simulation alone "
      "(no observation, reward or pool), each playing `actions`, cycled.";
  probe.def("simulation_rate", &MetaActionRate, py::arg("spec"), py::arg("actions"),
            py::arg("threads"), py::arg("warmup"), py::arg("seconds"), doc);
  probe.def("simulation_rate", &ContinuousActionRate, py::arg("spec"), py::arg("actions"),
            py::arg("threads"), py::arg("warmup"), py::arg("seconds"), doc);
}
