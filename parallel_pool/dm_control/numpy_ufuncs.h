// NumPy's own float64 loops for the transcendental ufuncs dm_control applies
// to observations (quadruped's np.arcsinh of its force/torque sensors and
// np.tanh of its rangefinders, ...), called from C++ so that those
// observations are bit-identical to dm_control's.
//
// Why not the C library: NumPy picks each ufunc's loop per CPU at run time.
// On an AVX-512 machine np.arcsinh, np.tanh and np.exp run Intel's SVML
// kernels, which round differently from glibc's asinh/tanh/exp on about a
// third of inputs; elsewhere they run NumPy's scalar loops over the C
// library. No CPU flag says which, and SVML's algorithms are not ours to
// copy, so we ask NumPy for the loop itself: when the family's module is
// imported, NumPy's documented low-level ufunc API
// (ufunc._resolve_dtypes_and_context and ufunc._get_strided_loop, NumPy
// >= 1.24) hands out the strided loop NumPy itself runs for a contiguous
// float64 array (numpy_ufuncs_binding.h), and envs call it with the GIL
// released: these loops read and write plain doubles only.
//
// Where no loop was set (NumPy without that API, or C++ run without Python),
// the C library's function is used, which equals NumPy on machines where
// NumPy runs its scalar loops.
#ifndef PARALLEL_POOL_DM_CONTROL_NUMPY_UFUNCS_H_
#define PARALLEL_POOL_DM_CONTROL_NUMPY_UFUNCS_H_

#include <array>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace parallel_pool::dm_control {

// The ufuncs the suite's observations and rewards apply, by NumPy name.
enum class NumpyUfunc : int { kArcsinh = 0, kTanh = 1, kCos = 2, kSin = 3 };
inline constexpr int kNumNumpyUfuncs = 4;
inline constexpr std::array<const char*, kNumNumpyUfuncs> kNumpyUfuncNames = {"arcsinh", "tanh",
                                                                              "cos", "sin"};

// NumPy's PyArrayMethod_StridedLoop (numpy/dtype_api.h) spelled without
// NumPy's headers: npy_intp is intptr_t, the context and auxdata opaque.
using NumpyStridedLoopFn = int (*)(void* context, char* const* data,
                                   const std::intptr_t* dimensions, const std::intptr_t* strides,
                                   void* auxdata);

// One loop as NumPy handed it out; NumPy keeps `context` and `auxdata`
// alive for as long as the binding holds the capsule they came in (for the
// life of the process).
struct NumpyStridedLoop {
  NumpyStridedLoopFn fn = nullptr;
  void* context = nullptr;
  void* auxdata = nullptr;
};

// The loop of each ufunc, set once at import (before any env exists) and
// read by every env thread. Process-wide, as NumPy's loop choice is.
inline std::atomic<const NumpyStridedLoop*>& NumpyLoopSlot(NumpyUfunc ufunc) {
  static std::array<std::atomic<const NumpyStridedLoop*>, kNumNumpyUfuncs> slots{};
  return slots[static_cast<int>(ufunc)];
}

inline double LibmUfunc(NumpyUfunc ufunc, double x) {
  switch (ufunc) {
    case NumpyUfunc::kArcsinh:
      return std::asinh(x);
    case NumpyUfunc::kTanh:
      return std::tanh(x);
    case NumpyUfunc::kCos:
      return std::cos(x);
    case NumpyUfunc::kSin:
      return std::sin(x);
  }
  return std::nan("");
}

// out[i] = ufunc(in[i]) for n contiguous doubles, as np.<ufunc>(in) rounds
// it. `in` and `out` must not overlap.
inline void ApplyNumpyUfunc(NumpyUfunc ufunc, const double* in, double* out, std::size_t n) {
  const NumpyStridedLoop* loop = NumpyLoopSlot(ufunc).load(std::memory_order_acquire);
  if (loop == nullptr) {
    for (std::size_t i = 0; i < n; ++i) out[i] = LibmUfunc(ufunc, in[i]);
    return;
  }
  // NumPy's loops take non-const pointers; this one only reads `in`.
  char* const data[2] = {const_cast<char*>(reinterpret_cast<const char*>(in)),
                         reinterpret_cast<char*>(out)};
  const std::intptr_t dimensions[1] = {static_cast<std::intptr_t>(n)};
  // The strides the loop was asked for (numpy_ufuncs_binding.h).
  const std::intptr_t strides[2] = {sizeof(double), sizeof(double)};
  loop->fn(loop->context, data, dimensions, strides, loop->auxdata);
}

// np.<ufunc>(x) for one float64 (a NumPy scalar or 0-d array).
inline double NumpyUfuncScalar(NumpyUfunc ufunc, double x) {
  double out;
  ApplyNumpyUfunc(ufunc, &x, &out, 1);
  return out;
}

}  // namespace parallel_pool::dm_control

#endif  // PARALLEL_POOL_DM_CONTROL_NUMPY_UFUNCS_H_
