// The Python side of numpy_math.h's rounding probe, for every extension that
// uses NumpyNorm (each .so has its own copy of the process-wide setting):
//   _dot_self_candidates(x)  x . x under each DotRounding
//   _set_dot_rounding(i)     the rounding every env of this module then uses
//   _dot_rounding()          the current one
// parallel_pool/numpy_exact/numpy_probe.py drives them.
#ifndef PARALLEL_POOL_NUMPY_EXACT_NUMPY_ROUNDING_BINDING_H_
#define PARALLEL_POOL_NUMPY_EXACT_NUMPY_ROUNDING_BINDING_H_

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <vector>

#include "parallel_pool/numpy_exact/numpy_math.h"

namespace parallel_pool::numpy_exact {

inline void BindNumpyRounding(pybind11::module_& m) {
  m.def("_dot_self_candidates", [](const std::vector<double>& x) {
    std::vector<double> out;
    for (int r = 0; r < kNumDotRoundings; ++r) {
      out.push_back(DotSelf(x.data(), x.size(), static_cast<DotRounding>(r)));
    }
    return out;
  });
  m.def("_set_dot_rounding", [](int rounding) {
    if (rounding < 0 || rounding >= kNumDotRoundings) {
      throw pybind11::value_error("rounding: expected 0, 1 or 2");
    }
    NumpyDotRoundingSetting().store(rounding);
  });
  m.def("_dot_rounding", [] { return static_cast<int>(NumpyDotRounding()); });
}

}  // namespace parallel_pool::numpy_exact

#endif  // PARALLEL_POOL_NUMPY_EXACT_NUMPY_ROUNDING_BINDING_H_
