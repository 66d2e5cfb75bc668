// NumPy's own float64 loops for the few transcendental functions whose value
// a task feeds into its observation or its initial state: np.log1p (the
// manipulator's and stacker's touch sensors), np.arctan2 (manipulator's
// object-in-hand start), np.sin and np.cos (their arm's joint angles, the
// manipulator's target orientation, quadruped's and dog's initial heading,
// quadruped escape's terrain), np.arcsinh (quadruped's force/torque sensors),
// np.tanh (quadruped escape's rangefinders), and the reward sigmoids' np.exp,
// np.log, np.cosh, np.arccosh, np.arccos, np.tanh and np.arctanh (rewards.h),
// and the highway family's vehicle models' np.arctan, np.tan, np.arcsin and
// np.power.
//
// Why not the C library's: NumPy picks an implementation per CPU at run time
// (its SIMD dispatch), and on an AVX-512 CPU its log1p and arctan2 are Intel
// SVML's, which differ from glibc's in the last bit for a few percent of
// inputs (7.6% of log1p(x), x uniform in [0, 4]; 7.5% of arctan2; about a
// third of arcsinh(x) and tanh(x), x standard normal; NumPy 2.4's
// sin and cos equal glibc's there, but nothing promises that). One bit of
// a touch reading is an observation that is not dm_control's, and one bit of
// an initial angle is a different episode. So the dm_control module, when
// imported, takes NumPy's compiled inner loop for each function from the
// ufunc object itself (numpy_ufunc_binding.h) and the envs call that: plain C,
// no Python, no GIL, the very code np.log1p runs in this process, on any CPU.
// Without NumPy (a C++-only test), the C library's function stands in.
#ifndef PARALLEL_POOL_NUMPY_EXACT_NUMPY_UFUNC_H_
#define PARALLEL_POOL_NUMPY_EXACT_NUMPY_UFUNC_H_

#include <array>
#include <atomic>
#include <cmath>
#include <cstddef>

namespace parallel_pool::numpy_exact {

// A NumPy ufunc inner loop (PyUFuncGenericFunction): `dimensions[0]`
// elements, args[i] advancing by steps[i] bytes.
using NumpyLoopFunction = void (*)(char** args, const std::ptrdiff_t* dimensions,
                                   const std::ptrdiff_t* steps, void* data);

enum class NumpyUfunc : int {
  kLog1p = 0,
  kArctan2 = 1,
  kSin = 2,
  kCos = 3,
  kArcsinh = 4,
  kTanh = 5,
  // The reward sigmoids' functions (rewards.h).
  kExp = 6,
  kLog = 7,
  kCosh = 8,
  kArccosh = 9,
  kArccos = 10,
  kArctanh = 11,
  // The highway family's vehicle models (kinematic bicycle, steering
  // controller, IDM).
  kArctan = 12,
  kTan = 13,
  kArcsin = 14,
  kPower = 15,
};
inline constexpr int kNumNumpyUfuncs = 16;
// The NumPy names, in NumpyUfunc's order.
inline constexpr std::array<const char*, kNumNumpyUfuncs> kNumpyUfuncNames = {
    "log1p", "arctan2", "sin",    "cos",     "arcsinh", "tanh", "exp",    "log",
    "cosh",  "arccosh", "arccos", "arctanh", "arctan",  "tan",  "arcsin", "power"};

// One ufunc's float64 loop and the data NumPy passes it.
struct NumpyLoop {
  std::atomic<NumpyLoopFunction> function{nullptr};
  std::atomic<void*> data{nullptr};
};

// Process-wide (one NumPy per process), set once when the module is imported,
// before any env exists.
inline NumpyLoop& NumpyLoopOf(NumpyUfunc ufunc) {
  static std::array<NumpyLoop, kNumNumpyUfuncs> loops;
  return loops[static_cast<int>(ufunc)];
}

namespace internal {
// ufunc(x) of a contiguous array of n float64 through NumPy's loop, or
// `fallback` element by element without one.
template <typename Fallback>
void NumpyUnary(NumpyUfunc ufunc, const double* x, double* out, std::ptrdiff_t n,
                Fallback fallback) {
  const NumpyLoop& loop = NumpyLoopOf(ufunc);
  const NumpyLoopFunction function = loop.function.load(std::memory_order_acquire);
  if (function == nullptr) {
    for (std::ptrdiff_t i = 0; i < n; ++i) out[i] = fallback(x[i]);
    return;
  }
  char* args[2] = {reinterpret_cast<char*>(const_cast<double*>(x)), reinterpret_cast<char*>(out)};
  const std::ptrdiff_t steps[2] = {sizeof(double), sizeof(double)};
  function(args, &n, steps, loop.data.load(std::memory_order_acquire));
}
}  // namespace internal

// np.log1p(x), np.sin(x), np.cos(x), np.arcsinh(x), np.tanh(x) of a
// contiguous array of n float64 (n =
// 1 for a NumPy scalar), as NumPy computes them. Called on the same n
// elements NumPy gets, as its loops may treat short and long arrays apart.
inline void NumpyLog1p(const double* x, double* out, std::ptrdiff_t n) {
  internal::NumpyUnary(NumpyUfunc::kLog1p, x, out, n, [](double v) { return std::log1p(v); });
}
inline void NumpySin(const double* x, double* out, std::ptrdiff_t n) {
  internal::NumpyUnary(NumpyUfunc::kSin, x, out, n, [](double v) { return std::sin(v); });
}
inline void NumpyCos(const double* x, double* out, std::ptrdiff_t n) {
  internal::NumpyUnary(NumpyUfunc::kCos, x, out, n, [](double v) { return std::cos(v); });
}
inline void NumpyArcsinh(const double* x, double* out, std::ptrdiff_t n) {
  internal::NumpyUnary(NumpyUfunc::kArcsinh, x, out, n, [](double v) { return std::asinh(v); });
}
inline void NumpyTanh(const double* x, double* out, std::ptrdiff_t n) {
  internal::NumpyUnary(NumpyUfunc::kTanh, x, out, n, [](double v) { return std::tanh(v); });
}
// np.log(x) of a contiguous array of n float64 (the Shadow Hand's touch
// readings as log(x + 1)).
inline void NumpyLog(const double* x, double* out, std::ptrdiff_t n) {
  internal::NumpyUnary(NumpyUfunc::kLog, x, out, n, [](double v) { return std::log(v); });
}
// ufunc(x) of one float64 (a NumPy scalar), as NumPy computes it; `fallback`
// (the C library's function) without NumPy.
template <typename Fallback>
double NumpyScalar(NumpyUfunc ufunc, double x, Fallback fallback) {
  double out = 0;
  internal::NumpyUnary(ufunc, &x, &out, 1, fallback);
  return out;
}
inline double NumpyExp(double x) {
  return NumpyScalar(NumpyUfunc::kExp, x, [](double v) { return std::exp(v); });
}
inline double NumpyLog(double x) {
  return NumpyScalar(NumpyUfunc::kLog, x, [](double v) { return std::log(v); });
}
inline double NumpyCosh(double x) {
  return NumpyScalar(NumpyUfunc::kCosh, x, [](double v) { return std::cosh(v); });
}
inline double NumpyArccosh(double x) {
  return NumpyScalar(NumpyUfunc::kArccosh, x, [](double v) { return std::acosh(v); });
}
inline double NumpyArccos(double x) {
  return NumpyScalar(NumpyUfunc::kArccos, x, [](double v) { return std::acos(v); });
}
inline double NumpyArctanh(double x) {
  return NumpyScalar(NumpyUfunc::kArctanh, x, [](double v) { return std::atanh(v); });
}
inline double NumpyTanh(double x) {
  return NumpyScalar(NumpyUfunc::kTanh, x, [](double v) { return std::tanh(v); });
}
inline double NumpySin(double x) {
  double out = 0;
  NumpySin(&x, &out, 1);
  return out;
}
inline double NumpyCos(double x) {
  double out = 0;
  NumpyCos(&x, &out, 1);
  return out;
}

// np.arctan(x), np.tan(x) and np.arcsin(x) of a contiguous array of n
// float64. NumPy's loops for these are elementwise (SVML's vector functions
// or the C library's, lane by lane), so element i equals the scalar call on
// x[i]: the highway family makes one call for all the vehicles of a frame
// (numpy_exact_test's batch test holds each against NumPy's scalars).
inline void NumpyArctan(const double* x, double* out, std::ptrdiff_t n) {
  internal::NumpyUnary(NumpyUfunc::kArctan, x, out, n, [](double v) { return std::atan(v); });
}
inline void NumpyTan(const double* x, double* out, std::ptrdiff_t n) {
  internal::NumpyUnary(NumpyUfunc::kTan, x, out, n, [](double v) { return std::tan(v); });
}
inline void NumpyArcsin(const double* x, double* out, std::ptrdiff_t n) {
  internal::NumpyUnary(NumpyUfunc::kArcsin, x, out, n, [](double v) { return std::asin(v); });
}

inline double NumpyArctan(double x) {
  return NumpyScalar(NumpyUfunc::kArctan, x, [](double v) { return std::atan(v); });
}
inline double NumpyTan(double x) {
  return NumpyScalar(NumpyUfunc::kTan, x, [](double v) { return std::tan(v); });
}
inline double NumpyArcsin(double x) {
  return NumpyScalar(NumpyUfunc::kArcsin, x, [](double v) { return std::asin(v); });
}

namespace internal {
// ufunc(a, b) of two float64 scalars through NumPy's loop, or `fallback`.
template <typename Fallback>
double NumpyBinary(NumpyUfunc ufunc, double a, double b, Fallback fallback) {
  const NumpyLoop& loop = NumpyLoopOf(ufunc);
  const NumpyLoopFunction function = loop.function.load(std::memory_order_acquire);
  if (function == nullptr) return fallback(a, b);
  double out = 0;
  char* args[3] = {reinterpret_cast<char*>(&a), reinterpret_cast<char*>(&b),
                   reinterpret_cast<char*>(&out)};
  const std::ptrdiff_t n = 1;
  // Zero strides, as NumPy passes for two scalars: its power loop takes a
  // fast path (x * x) on a stride-0 exponent of 2 that a strided call
  // misses.
  const std::ptrdiff_t steps[3] = {0, 0, 0};
  function(args, &n, steps, loop.data.load(std::memory_order_acquire));
  return out;
}
}  // namespace internal

// np.arctan2(y, x) of two float64 scalars, as NumPy computes it.
inline double NumpyArctan2(double y, double x) {
  return internal::NumpyBinary(NumpyUfunc::kArctan2, y, x,
                               [](double a, double b) { return std::atan2(a, b); });
}
// np.power(x, y) of two float64 scalars (an int exponent is cast to float64
// first, as NumPy does), as NumPy computes it.
inline double NumpyPower(double x, double y) {
  return internal::NumpyBinary(NumpyUfunc::kPower, x, y,
                               [](double a, double b) { return std::pow(a, b); });
}

// Whether NumPy's power loop squares a scalar by x * x when the exponent is
// 2 (a stride-0 fast path some of its CPU targets have; the SVML loop's
// pow(x, 2) differs from x * x in about 3% of x). Found at import by
// UseNumpyUfuncLoops (numpy_ufunc_binding.h), from the loop itself.
inline std::atomic<bool>& NumpySquaresByProduct() {
  static std::atomic<bool> squares{false};
  return squares;
}
// np.power(x, 2) of a float64 scalar, as NumPy computes it.
inline double NumpySquare(double x) {
  if (NumpySquaresByProduct().load(std::memory_order_relaxed)) return x * x;
  return NumpyPower(x, 2.0);
}

// The exponents NumPy's power loop may treat apart when a scalar call
// passes them with stride 0 (a fast path some of its CPU targets have).
inline bool NumpyPowerMayShortcut(double y) {
  return y == -1.0 || y == 0.0 || y == 0.5 || y == 1.0 || y == 2.0;
}

// np.power(x[i], y[i]) for n pairs of contiguous float64, each as the
// scalar call NumpyPower(x[i], y[i]) gives it, for exponents the scalar call
// takes no fast path on (!NumpyPowerMayShortcut): elementwise as the unary
// loops are.
inline void NumpyPower(const double* x, const double* y, double* out, std::ptrdiff_t n) {
  const NumpyLoop& loop = NumpyLoopOf(NumpyUfunc::kPower);
  const NumpyLoopFunction function = loop.function.load(std::memory_order_acquire);
  if (function == nullptr) {
    for (std::ptrdiff_t i = 0; i < n; ++i) out[i] = std::pow(x[i], y[i]);
    return;
  }
  char* args[3] = {reinterpret_cast<char*>(const_cast<double*>(x)),
                   reinterpret_cast<char*>(const_cast<double*>(y)), reinterpret_cast<char*>(out)};
  const std::ptrdiff_t steps[3] = {sizeof(double), sizeof(double), sizeof(double)};
  function(args, &n, steps, loop.data.load(std::memory_order_acquire));
}

}  // namespace parallel_pool::numpy_exact

#endif  // PARALLEL_POOL_NUMPY_EXACT_NUMPY_UFUNC_H_
