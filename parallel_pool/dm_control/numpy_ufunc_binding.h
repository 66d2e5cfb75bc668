// The Python side of numpy_ufunc.h: when the dm_control module is imported,
// take NumPy's float64 inner loop of each ufunc numpy_ufunc.h names from the
// ufunc object (PyUFuncObject's table of loops, public since NumPy 1.0: the
// loop it holds is the one NumPy's CPU dispatch chose at import), so that the
// envs compute those functions exactly as np.log1p, np.arctan2, ... do here.
//   _numpy_ufunc_loops()   the names of the ufuncs whose NumPy loop is in use
//   _numpy_log1p(x), _numpy_sin(x), _numpy_cos(x), _numpy_arcsinh(x),
//   _numpy_tanh(x), _numpy_arctan2(y, x)
//                          what the envs compute, for tests
// Include after py_env_pool.h (NumPy's array API).
#ifndef PARALLEL_POOL_DM_CONTROL_NUMPY_UFUNC_BINDING_H_
#define PARALLEL_POOL_DM_CONTROL_NUMPY_UFUNC_BINDING_H_

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

// Only the ufunc object's layout is read: NumPy's ufunc API table is not
// imported.
#define NO_IMPORT_UFUNC
#include <numpy/ufuncobject.h>

#include "parallel_pool/dm_control/numpy_ufunc.h"

namespace parallel_pool::dm_control {

// Points every NumpyUfunc at NumPy's all-float64 loop of that ufunc, where
// NumPy has one; the others keep the C library's function.
inline void UseNumpyUfuncLoops() {
  namespace py = pybind11;
  py::module_ numpy = py::module_::import("numpy");
  py::object ufunc_type = numpy.attr("ufunc");
  for (int i = 0; i < kNumNumpyUfuncs; ++i) {
    py::object ufunc = numpy.attr(kNumpyUfuncNames[i]);
    if (!py::isinstance(ufunc, ufunc_type)) continue;
    const auto* object = reinterpret_cast<const PyUFuncObject*>(ufunc.ptr());
    for (int t = 0; t < object->ntypes; ++t) {
      const char* types = object->types + t * object->nargs;
      bool all_float64 = true;
      for (int a = 0; a < object->nargs; ++a) all_float64 = all_float64 && types[a] == NPY_DOUBLE;
      if (!all_float64 || object->functions[t] == nullptr) continue;
      NumpyLoop& loop = NumpyLoopOf(static_cast<NumpyUfunc>(i));
      loop.data.store(object->data[t], std::memory_order_release);
      loop.function.store(reinterpret_cast<NumpyLoopFunction>(object->functions[t]),
                          std::memory_order_release);
      break;
    }
  }
}

inline void BindNumpyUfuncs(pybind11::module_& m) {
  UseNumpyUfuncLoops();
  m.def("_numpy_ufunc_loops", [] {
    std::vector<std::string> in_use;
    for (int i = 0; i < kNumNumpyUfuncs; ++i) {
      if (NumpyLoopOf(static_cast<NumpyUfunc>(i)).function.load() != nullptr) {
        in_use.emplace_back(kNumpyUfuncNames[i]);
      }
    }
    return in_use;
  });
  m.def("_numpy_log1p", [](const std::vector<double>& x) {
    std::vector<double> out(x.size());
    NumpyLog1p(x.data(), out.data(), static_cast<std::ptrdiff_t>(x.size()));
    return out;
  });
  m.def("_numpy_sin", [](const std::vector<double>& x) {
    std::vector<double> out(x.size());
    NumpySin(x.data(), out.data(), static_cast<std::ptrdiff_t>(x.size()));
    return out;
  });
  m.def("_numpy_cos", [](const std::vector<double>& x) {
    std::vector<double> out(x.size());
    NumpyCos(x.data(), out.data(), static_cast<std::ptrdiff_t>(x.size()));
    return out;
  });
  m.def("_numpy_arcsinh", [](const std::vector<double>& x) {
    std::vector<double> out(x.size());
    NumpyArcsinh(x.data(), out.data(), static_cast<std::ptrdiff_t>(x.size()));
    return out;
  });
  m.def("_numpy_tanh", [](const std::vector<double>& x) {
    std::vector<double> out(x.size());
    NumpyTanh(x.data(), out.data(), static_cast<std::ptrdiff_t>(x.size()));
    return out;
  });
  m.def("_numpy_arctan2", [](double y, double x) { return NumpyArctan2(y, x); });
}

}  // namespace parallel_pool::dm_control

#endif  // PARALLEL_POOL_DM_CONTROL_NUMPY_UFUNC_BINDING_H_
