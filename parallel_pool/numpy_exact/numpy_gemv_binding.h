// The Python side of numpy_gemv.h: when a module that computes with it is
// imported (robotics'), NumPy multiplies fixed 3 x n probes by vectors, for
// every tail length n & 3, and the tail rounding that reproduces NumPy on
// every probe is set (plain, and reported as None, if neither does).
//   _numpy_rounding.gemv   "plain", "fused" or None
#ifndef PARALLEL_POOL_NUMPY_EXACT_NUMPY_GEMV_BINDING_H_
#define PARALLEL_POOL_NUMPY_EXACT_NUMPY_GEMV_BINDING_H_

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <cstddef>
#include <optional>
#include <random>
#include <vector>

#include "parallel_pool/numpy_exact/numpy_gemv.h"
#include "parallel_pool/numpy_exact/numpy_rounding_binding.h"

namespace parallel_pool::numpy_exact {

// The tail rounding that reproduces NumPy's `a @ x` on every probe, if one
// does. The probes are full-precision doubles in [-1, 1) from a fixed
// std::mt19937_64 stream (the same on every platform), n from 4 to 23 (every
// tail length, Fetch's 15 and 21 among them), 16 probes each: the two
// roundings differ on most such rows.
inline std::optional<GemvTail> ProbeNumpyGemv() {
  namespace py = pybind11;
  py::module_ numpy = py::module_::import("numpy");
  std::mt19937_64 bits(20261130);
  auto next = [&bits] { return static_cast<double>(bits() >> 11) * 0x1p-52 - 1.0; };
  std::array<bool, kNumGemvTails> matches{};
  matches.fill(true);
  for (std::size_t n = 4; n < 24; ++n) {
    for (int probe = 0; probe < 16; ++probe) {
      std::vector<double> a(3 * n);
      std::vector<double> x(n);
      for (double& value : a) value = next();
      for (double& value : x) value = next();
      py::object matrix = numpy.attr("array")(py::cast(a), "float64").attr("reshape")(3, n);
      py::object vector = numpy.attr("array")(py::cast(x), "float64");
      const std::vector<double> theirs =
          numpy.attr("matmul")(matrix, vector).attr("tolist")().cast<std::vector<double>>();
      for (int t = 0; t < kNumGemvTails; ++t) {
        std::vector<double> ours(3);
        MatrixTimesVector3xN(a.data(), x.data(), n, static_cast<GemvTail>(t), ours.data());
        if (ours != theirs) matches[t] = false;
      }
    }
  }
  for (int t = 0; t < kNumGemvTails; ++t) {
    if (matches[t]) return static_cast<GemvTail>(t);
  }
  return std::nullopt;
}

inline void BindNumpyGemv(pybind11::module_& m) {
  const std::optional<GemvTail> gemv = ProbeNumpyGemv();
  NumpyGemvSetting().store(static_cast<int>(gemv.value_or(GemvTail::kPlain)));
  pybind11::module_ probe = NumpyRoundingModule(m);
  if (gemv) {
    probe.attr("gemv") = *gemv == GemvTail::kFused ? "fused" : "plain";
  } else {
    probe.attr("gemv") = pybind11::none();
  }
}

}  // namespace parallel_pool::numpy_exact

#endif  // PARALLEL_POOL_NUMPY_EXACT_NUMPY_GEMV_BINDING_H_
