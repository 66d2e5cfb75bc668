// The Python side of numpy_math.h's rounding probe, for every extension that
// uses NumpyNorm (each .so has its own copy of the process-wide setting), in
// the module's private submodule _numpy_rounding:
//   dot_self_candidates(x)  x . x under each DotRounding
//   set_dot_rounding(i)     the rounding every env of this module then uses
//   dot_rounding()          the current one
// parallel_pool/numpy_exact/numpy_probe.py drives them.
#ifndef PARALLEL_POOL_NUMPY_EXACT_NUMPY_ROUNDING_BINDING_H_
#define PARALLEL_POOL_NUMPY_EXACT_NUMPY_ROUNDING_BINDING_H_

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <vector>

#include "parallel_pool/numpy_exact/numpy_math.h"

namespace parallel_pool::numpy_exact {

// The submodule the probes live in. It ships, though no user calls it: the
// package itself asks it at import how this process's NumPy rounds
// (numpy_probe.configure), since that depends on the CPU and OpenBLAS build
// the user runs.
inline pybind11::module_ NumpyRoundingModule(pybind11::module_& m) {
  if (pybind11::hasattr(m, "_numpy_rounding")) return m.attr("_numpy_rounding");
  return m.def_submodule("_numpy_rounding", "How this process's NumPy rounds, learned at import");
}

inline void BindNumpyRounding(pybind11::module_& m) {
  pybind11::module_ probe = NumpyRoundingModule(m);
  probe.def("dot_self_candidates", [](const std::vector<double>& x) {
    std::vector<double> out;
    for (int r = 0; r < kNumDotRoundings; ++r) {
      out.push_back(DotSelf(x.data(), x.size(), static_cast<DotRounding>(r)));
    }
    return out;
  });
  probe.def("set_dot_rounding", [](int rounding) {
    if (rounding < 0 || rounding >= kNumDotRoundings) {
      throw pybind11::value_error("rounding: expected 0, 1 or 2");
    }
    NumpyDotRoundingSetting().store(rounding);
  });
  probe.def("dot_rounding", [] { return static_cast<int>(NumpyDotRounding()); });
}

}  // namespace parallel_pool::numpy_exact

#endif  // PARALLEL_POOL_NUMPY_EXACT_NUMPY_ROUNDING_BINDING_H_
