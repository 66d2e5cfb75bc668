// The Python side of numpy_blas.h: when a module that computes with it is
// imported (dm_control's), NumPy multiplies fixed 3x3 probes on which the
// two accumulations differ, and the one that reproduces NumPy on every probe
// is set (sequential, and reported as None, if neither does).
//   _numpy_rounding.gemm   "sequential", "fused" or None
#ifndef PARALLEL_POOL_NUMPY_EXACT_NUMPY_BLAS_BINDING_H_
#define PARALLEL_POOL_NUMPY_EXACT_NUMPY_BLAS_BINDING_H_

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <optional>
#include <random>
#include <vector>

#include "parallel_pool/numpy_exact/numpy_blas.h"
#include "parallel_pool/numpy_exact/numpy_rounding_binding.h"

namespace parallel_pool::numpy_exact {

// The accumulation that reproduces NumPy's a.dot(b) on every probe, if one
// does. The probes are full-precision doubles in [-1, 1) from a fixed
// std::mt19937_64 stream (the same on every platform); the two roundings
// differ in most such products, so 64 probes leave no room for luck.
inline std::optional<BlasAccumulation> ProbeNumpyGemm() {
  namespace py = pybind11;
  py::module_ numpy = py::module_::import("numpy");
  std::mt19937_64 bits(20240917);
  auto next = [&bits] { return static_cast<double>(bits() >> 11) * 0x1p-52 - 1.0; };
  std::array<bool, kNumBlasAccumulations> matches{};
  matches.fill(true);
  for (int probe = 0; probe < 64; ++probe) {
    std::vector<double> a(9);
    std::vector<double> b(9);
    for (double& x : a) x = next();
    for (double& x : b) x = next();
    py::object left = numpy.attr("array")(py::cast(a), "float64").attr("reshape")(3, 3);
    py::object right = numpy.attr("array")(py::cast(b), "float64").attr("reshape")(3, 3);
    const std::vector<double> theirs =
        left.attr("dot")(right).attr("ravel")().attr("tolist")().cast<std::vector<double>>();
    for (int r = 0; r < kNumBlasAccumulations; ++r) {
      std::vector<double> ours(9);
      MatrixTimesMatrix3(a.data(), b.data(), ours.data(), static_cast<BlasAccumulation>(r));
      if (ours != theirs) matches[r] = false;
    }
  }
  for (int r = 0; r < kNumBlasAccumulations; ++r) {
    if (matches[r]) return static_cast<BlasAccumulation>(r);
  }
  return std::nullopt;
}

inline void BindNumpyBlas(pybind11::module_& m) {
  const std::optional<BlasAccumulation> gemm = ProbeNumpyGemm();
  NumpyGemmSetting().store(static_cast<int>(gemm.value_or(BlasAccumulation::kSequential)));
  pybind11::module_ probe = NumpyRoundingModule(m);
  if (gemm) {
    probe.attr("gemm") = *gemm == BlasAccumulation::kFused ? "fused" : "sequential";
  } else {
    probe.attr("gemm") = pybind11::none();
  }
}

}  // namespace parallel_pool::numpy_exact

#endif  // PARALLEL_POOL_NUMPY_EXACT_NUMPY_BLAS_BINDING_H_
