// The Python side of numpy_ddot.h: when a module that computes with it is
// imported, NumPy takes dot products of fixed probe vectors on which the
// five kernels differ, and the kernel that reproduces NumPy on every probe
// is set (Haswell's, and reported as None, if none does).
//   _numpy_rounding.ddot   "haswell", "skylakex", "sandybridge", "nehalem",
//                          "sse2" or None
#ifndef PARALLEL_POOL_NUMPY_EXACT_NUMPY_DDOT_BINDING_H_
#define PARALLEL_POOL_NUMPY_EXACT_NUMPY_DDOT_BINDING_H_

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <optional>
#include <random>
#include <vector>

#include "parallel_pool/numpy_exact/numpy_ddot.h"
#include "parallel_pool/numpy_exact/numpy_rounding_binding.h"

namespace parallel_pool::numpy_exact {

// The kernel that reproduces NumPy's x.dot(y) and x.dot(x) on every probe,
// if one does. The probes are full-precision doubles in [-1, 1) from a
// fixed std::mt19937_64 stream (the same on every platform), of lengths
// that take each kernel through its blocks and tails: the kernels differ
// on most such vectors, so 8 of each length leave no room for luck.
inline std::optional<DdotKernel> ProbeNumpyDdot() {
  namespace py = pybind11;
  py::module_ numpy = py::module_::import("numpy");
  std::mt19937_64 bits(20261130);
  auto next = [&bits] { return static_cast<double>(bits() >> 11) * 0x1p-52 - 1.0; };
  std::array<bool, kNumDdotKernels> matches{};
  matches.fill(true);
  for (std::size_t n : {3, 5, 16, 17, 31, 33, 48}) {
    for (int probe = 0; probe < 8; ++probe) {
      std::vector<double> x(n);
      std::vector<double> y(n);
      for (double& v : x) v = next();
      for (double& v : y) v = next();
      py::object left = numpy.attr("array")(py::cast(x), "float64");
      py::object right = numpy.attr("array")(py::cast(y), "float64");
      const double xy = left.attr("dot")(right).cast<double>();
      const double xx = left.attr("dot")(left).cast<double>();
      for (int k = 0; k < kNumDdotKernels; ++k) {
        const auto kernel = static_cast<DdotKernel>(k);
        if (Ddot(x.data(), y.data(), n, kernel) != xy ||
            Ddot(x.data(), x.data(), n, kernel) != xx) {
          matches[k] = false;
        }
      }
    }
  }
  for (int k = 0; k < kNumDdotKernels; ++k) {
    if (matches[k]) return static_cast<DdotKernel>(k);
  }
  return std::nullopt;
}

inline void BindNumpyDdot(pybind11::module_& m) {
  const std::optional<DdotKernel> kernel = ProbeNumpyDdot();
  NumpyDdotKernelSetting().store(static_cast<int>(kernel.value_or(DdotKernel::kHaswell)));
  pybind11::module_ probe = NumpyRoundingModule(m);
  if (kernel) {
    probe.attr("ddot") = kDdotKernelNames[static_cast<int>(*kernel)];
  } else {
    probe.attr("ddot") = pybind11::none();
  }
}

}  // namespace parallel_pool::numpy_exact

#endif  // PARALLEL_POOL_NUMPY_EXACT_NUMPY_DDOT_BINDING_H_
