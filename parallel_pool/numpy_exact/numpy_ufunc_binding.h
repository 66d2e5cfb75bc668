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

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

// Only the ufunc object's layout is read: NumPy's ufunc API table is not
// imported.
#define NO_IMPORT_UFUNC
#include <numpy/ufuncobject.h>

#include "parallel_pool/numpy_exact/numpy_ufunc.h"

namespace parallel_pool::numpy_exact {

// Whether NumPy's power loop gives x * x for a scalar x and exponent 2: a
// fixed spread of x (every binade from 1e-6 to 1e6, varied mantissas) all
// squared exactly so with the exponent's stride 0, where NumPy's scalar
// calls pass it, while the same loop with a strided exponent of 2 differs
// from x * x for some of them: proof that the loop has a separate x * x path
// (without that proof the envs keep calling the loop).
inline bool PowerLoopSquaresByProduct() {
  const NumpyLoop& loop = NumpyLoopOf(NumpyUfunc::kPower);
  const NumpyLoopFunction function = loop.function.load(std::memory_order_acquire);
  if (function == nullptr) return false;
  constexpr int kProbes = 4096;
  std::vector<double> x(kProbes);
  std::uint64_t state = 0x9E3779B97F4A7C15ULL;
  for (int i = 0; i < kProbes; ++i) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    const double mantissa = 1.0 + static_cast<double>(state >> 11) * 0x1.0p-53;
    x[i] = std::ldexp(mantissa, -20 + (i % 40)) * ((i & 64) != 0 ? -1.0 : 1.0);
  }
  std::vector<double> two(kProbes, 2.0);
  std::vector<double> out(kProbes);
  double exponent = 2.0;
  bool strided_differs = false;
  for (int i = 0; i < kProbes; ++i) {
    char* args[3] = {reinterpret_cast<char*>(&x[i]), reinterpret_cast<char*>(&exponent),
                     reinterpret_cast<char*>(&out[i])};
    const std::ptrdiff_t n = 1;
    const std::ptrdiff_t steps[3] = {0, 0, 0};
    function(args, &n, steps, loop.data.load(std::memory_order_acquire));
    if (out[i] != x[i] * x[i]) return false;
  }
  char* args[3] = {reinterpret_cast<char*>(x.data()), reinterpret_cast<char*>(two.data()),
                   reinterpret_cast<char*>(out.data())};
  const std::ptrdiff_t n = kProbes;
  const std::ptrdiff_t steps[3] = {sizeof(double), sizeof(double), sizeof(double)};
  function(args, &n, steps, loop.data.load(std::memory_order_acquire));
  for (int i = 0; i < kProbes; ++i) strided_differs = strided_differs || out[i] != x[i] * x[i];
  return strided_differs;
}

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
  NumpySquaresByProduct().store(PowerLoopSquaresByProduct(), std::memory_order_relaxed);
}

}  // namespace parallel_pool::numpy_exact

#endif  // PARALLEL_POOL_NUMPY_EXACT_NUMPY_UFUNC_BINDING_H_
