// The Python side of numpy_ufuncs.h and numpy_blas.h: learns from the NumPy
// of this process how it computes what dm_control's observations apply, once,
// while the family's module is imported (GIL held, before any env exists).
//
// Ufunc loops: NumPy's documented low-level ufunc API (NumPy >= 1.24),
//   ufunc._resolve_dtypes_and_context((float64, None)) returns the loop's
//     dtypes and a capsule "numpy_1.24_ufunc_call_info";
//   ufunc._get_strided_loop(capsule, fixed_strides=(8, 8)) fills the capsule
//     with the strided loop NumPy runs for contiguous float64 arrays, its
//     context and auxdata (which live as long as the capsule does).
// BLAS accumulation: NumPy computes v.dot(m) and a.dot(b) on fixed 3x3
//   probes whose two candidate roundings differ; the one that reproduces
//   NumPy on every probe is set (sequential, and reported as None, if none).
//
// BindNumpyOps(module) does both and exposes, for tests and the docs:
//   _NUMPY_UFUNCS          the ufuncs whose NumPy loop the envs call
//   _NUMPY_GEMV, _NUMPY_GEMM  "sequential" / "fused" / None (unmatched)
//   _numpy_ufunc(name, xs) the values the envs compute for `xs`
#ifndef PARALLEL_POOL_DM_CONTROL_NUMPY_OPS_BINDING_H_
#define PARALLEL_POOL_DM_CONTROL_NUMPY_OPS_BINDING_H_

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "parallel_pool/dm_control/numpy_blas.h"
#include "parallel_pool/dm_control/numpy_ufuncs.h"

namespace parallel_pool::dm_control {

// The capsule's layout, as ufunc._get_strided_loop's docstring gives it.
struct NumpyUfuncCallInfo {
  NumpyStridedLoopFn strided_loop;
  void* context;
  void* auxdata;
  unsigned char requires_pyapi;           // npy_bool
  unsigned char no_floatingpoint_errors;  // npy_bool
};
inline constexpr const char* kNumpyCallInfoCapsule = "numpy_1.24_ufunc_call_info";

// Sets the slot of every ufunc whose loop NumPy hands out and that runs
// without the GIL; returns the names of those set (the others fall back to
// the C library).
inline std::vector<std::string> LoadNumpyUfuncs() {
  namespace py = pybind11;
  std::vector<std::string> loaded;
  py::module_ numpy = py::module_::import("numpy");
  py::object float64 = numpy.attr("dtype")("float64");
  for (int i = 0; i < kNumNumpyUfuncs; ++i) {
    py::object ufunc = numpy.attr(kNumpyUfuncNames[i]);
    if (!py::hasattr(ufunc, "_get_strided_loop")) continue;  // NumPy < 1.24
    py::tuple resolved =
        ufunc.attr("_resolve_dtypes_and_context")(py::make_tuple(float64, py::none()));
    py::tuple dtypes = resolved[0];
    if (!py::object(dtypes[0]).equal(float64) || !py::object(dtypes[1]).equal(float64)) continue;
    py::object capsule = resolved[1];
    ufunc.attr("_get_strided_loop")(capsule, py::arg("fixed_strides") = py::make_tuple(8, 8));
    auto* info = static_cast<NumpyUfuncCallInfo*>(
        PyCapsule_GetPointer(capsule.ptr(), kNumpyCallInfoCapsule));
    if (info == nullptr) {  // a capsule of another NumPy API version
      PyErr_Clear();
      continue;
    }
    if (info->requires_pyapi || info->strided_loop == nullptr) continue;
    // The loop's context and auxdata belong to the capsule: keep it (and so
    // them) for the life of the process, as the loop is.
    capsule.inc_ref();
    NumpyLoopSlot(static_cast<NumpyUfunc>(i))
        .store(new NumpyStridedLoop{info->strided_loop, info->context, info->auxdata},
               std::memory_order_release);
    loaded.emplace_back(kNumpyUfuncNames[i]);
  }
  return loaded;
}

// Which BlasAccumulation reproduces NumPy's `op` (v.dot(m) with v of
// `rows` rows: 1 for dgemv, 3 for dgemm) on every probe, if one does. The
// probes are full-precision doubles in [-1, 1) from a fixed std::mt19937_64
// stream (the same on every platform); 64 of them leave two roundings that
// differ in about two thirds of products no chance to agree by luck.
inline std::optional<BlasAccumulation> ProbeNumpyProduct(int rows) {
  namespace py = pybind11;
  py::module_ numpy = py::module_::import("numpy");
  std::mt19937_64 bits(20240917);
  auto next = [&bits] { return static_cast<double>(bits() >> 11) * 0x1p-52 - 1.0; };
  std::array<bool, kNumBlasAccumulations> matches{};
  matches.fill(true);
  for (int probe = 0; probe < 64; ++probe) {
    std::vector<double> a(3 * rows);
    std::vector<double> m(9);
    for (double& x : a) x = next();
    for (double& x : m) x = next();
    py::object left = numpy.attr("array")(py::cast(a), "float64");
    if (rows > 1) left = left.attr("reshape")(rows, 3);
    py::object right = numpy.attr("array")(py::cast(m), "float64").attr("reshape")(3, 3);
    std::vector<double> theirs =
        left.attr("dot")(right).attr("ravel")().attr("tolist")().cast<std::vector<double>>();
    for (int r = 0; r < kNumBlasAccumulations; ++r) {
      std::vector<double> ours(3 * rows);
      for (int i = 0; i < rows; ++i) {
        VectorMatrix3(a.data() + 3 * i, m.data(), ours.data() + 3 * i,
                      static_cast<BlasAccumulation>(r));
      }
      if (ours != theirs) matches[r] = false;
    }
  }
  for (int r = 0; r < kNumBlasAccumulations; ++r) {
    if (matches[r]) return static_cast<BlasAccumulation>(r);
  }
  return std::nullopt;
}

inline pybind11::object AccumulationName(std::optional<BlasAccumulation> accumulation) {
  if (!accumulation) return pybind11::none();
  return pybind11::str(*accumulation == BlasAccumulation::kFused ? "fused" : "sequential");
}

inline void BindNumpyOps(pybind11::module_& m) {
  m.attr("_NUMPY_UFUNCS") = LoadNumpyUfuncs();
  const std::optional<BlasAccumulation> gemv = ProbeNumpyProduct(1);
  const std::optional<BlasAccumulation> gemm = ProbeNumpyProduct(3);
  NumpyGemvSetting().store(static_cast<int>(gemv.value_or(BlasAccumulation::kSequential)));
  NumpyGemmSetting().store(static_cast<int>(gemm.value_or(BlasAccumulation::kSequential)));
  m.attr("_NUMPY_GEMV") = AccumulationName(gemv);
  m.attr("_NUMPY_GEMM") = AccumulationName(gemm);
  m.def("_numpy_ufunc", [](const std::string& name, const std::vector<double>& xs) {
    for (int i = 0; i < kNumNumpyUfuncs; ++i) {
      if (name != kNumpyUfuncNames[i]) continue;
      std::vector<double> out(xs.size());
      ApplyNumpyUfunc(static_cast<NumpyUfunc>(i), xs.data(), out.data(), xs.size());
      return out;
    }
    throw pybind11::value_error("name: not one of the ufuncs numpy_ufuncs.h knows");
  });
}

}  // namespace parallel_pool::dm_control

#endif  // PARALLEL_POOL_DM_CONTROL_NUMPY_OPS_BINDING_H_
