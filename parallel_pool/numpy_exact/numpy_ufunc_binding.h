// The Python side of numpy_ufunc.h: when a module that computes with it is
// imported (dm_control's), take NumPy's float64 inner loop of each ufunc
// numpy_ufunc.h names from the ufunc object (PyUFuncObject's table of loops,
// public since NumPy 1.0: the loop it holds is the one NumPy's CPU dispatch
// chose at import), so that the envs compute those functions exactly as
// np.log1p, np.arctan2, ... do here. Each module has its own copy of the
// loops (they are inline statics), so each calls UseNumpyUfuncLoops itself.
// Include after py_env_pool.h (NumPy's array API).
#ifndef PARALLEL_POOL_NUMPY_EXACT_NUMPY_UFUNC_BINDING_H_
#define PARALLEL_POOL_NUMPY_EXACT_NUMPY_UFUNC_BINDING_H_

#include <pybind11/pybind11.h>

// Only the ufunc object's layout is read: NumPy's ufunc API table is not
// imported.
#define NO_IMPORT_UFUNC
#include <numpy/ufuncobject.h>

#include "parallel_pool/numpy_exact/numpy_ufunc.h"

namespace parallel_pool::numpy_exact {

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

}  // namespace parallel_pool::numpy_exact

#endif  // PARALLEL_POOL_NUMPY_EXACT_NUMPY_UFUNC_BINDING_H_
