// mujoco_ext._limit_probe, the private submodule the benchmark measures its
// physical limit with (benchmark/mujoco_limit.py):
//   mj_step_rate(mjb, states, warmstarts, controls, threads, warmup, seconds)
// mjb is the model saved by mujoco.mj_saveModel (MuJoCo's binary format, the
// same version as this library); states [n, mj_stateSize(INTEGRATION)],
// warmstarts [n, nv], controls [n, steps, nu], all float64. Returns mj_steps/s
// (parallel_pool/mujoco_engine/step_rate.h).
//
// Why it ships in the wheel's module, unlike the test hooks: the limit must
// be measured on the very libmujoco and compiler flags the pool runs with.
// The wheel carries its own copy of libmujoco (grafted by auditwheel), and
// that copy was measured faster than the `mujoco` package's in the same
// process, so a probe built anywhere else would not bound this pool.
#ifndef PARALLEL_POOL_MUJOCO_LIMIT_PROBE_H_
#define PARALLEL_POOL_MUJOCO_LIMIT_PROBE_H_

#include <mujoco/mujoco.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <memory>
#include <string>

#include "parallel_pool/mujoco_engine/step_rate.h"

namespace parallel_pool::mujoco {

inline void BindLimitProbe(pybind11::module_& m) {
  namespace py = pybind11;
  using Array = py::array_t<double, py::array::c_style | py::array::forcecast>;
  py::module_ probe =
      m.def_submodule("_limit_probe",
                      "The benchmark's physical limit, measured on this module's libmujoco "
                      "(benchmark/mujoco_limit.py); not a user API.");
  probe.def(
      "mj_step_rate",
      [](const py::bytes& mjb, const Array& states, const Array& warmstarts, const Array& controls,
         int threads, double warmup, double seconds) {
        const std::string buffer = mjb;
        std::unique_ptr<mjModel, void (*)(mjModel*)> model(
            mj_loadModelBuffer(buffer.data(), buffer.size()), mj_deleteModel);
        if (!model) {
          throw py::value_error("mjb: not a binary model (mj_saveModel) of this MuJoCo version");
        }
        const mjModel* mm = model.get();
        const py::ssize_t n = states.ndim() == 2 ? states.shape(0) : 0;
        if (n == 0 || states.shape(1) != mj_stateSize(mm, mujoco_engine::kStepRateStateSpec)) {
          throw py::value_error(
              "states: expected [n, mj_stateSize(model, mjSTATE_INTEGRATION)], n >= 1");
        }
        if (warmstarts.ndim() != 2 || warmstarts.shape(0) != n || warmstarts.shape(1) != mm->nv) {
          throw py::value_error("warmstarts: expected [n, nv]");
        }
        if (controls.ndim() != 3 || controls.shape(0) != n || controls.shape(1) < 1 ||
            controls.shape(2) != mm->nu) {
          throw py::value_error("controls: expected [n, steps, nu], steps >= 1");
        }
        if (threads < 1 || warmup < 0 || !(seconds > 0)) {
          throw py::value_error("threads >= 1, warmup >= 0 and seconds > 0 expected");
        }
        const mujoco_engine::Rollouts rollouts{mm,
                                               states.data(),
                                               warmstarts.data(),
                                               controls.data(),
                                               static_cast<int>(n),
                                               static_cast<int>(controls.shape(1))};
        py::gil_scoped_release release;
        return mujoco_engine::MjStepRate(rollouts, threads, warmup, seconds);
      },
      py::arg("mjb"), py::arg("states"), py::arg("warmstarts"), py::arg("controls"),
      py::arg("threads"), py::arg("warmup"), py::arg("seconds"));
}

}  // namespace parallel_pool::mujoco

#endif  // PARALLEL_POOL_MUJOCO_LIMIT_PROBE_H_
