// What the envs compute with numpy_ufunc.h, numpy_blas.h and numpy_gemv.h, for the tests
// only (a testonly module, never in the wheel). At import it takes NumPy's
// loops and probes its BLAS exactly as a family module does (each module has
// its own copy of those settings), so the tests can hold each function
// against NumPy in the same process.
//   numpy_ufunc_loops()    the names of the ufuncs whose NumPy loop is in use
//   numpy_log1p(x), numpy_sin(x), numpy_cos(x), numpy_arcsinh(x),
//   numpy_tanh(x)          elementwise, as the envs compute them
//   numpy_arctan2(y, x)    the scalar, as the envs compute it
//   python_sum(values, types, rule)  sum() of typed numbers (python_sum.h's
//                          PyNumber, PythonSumRule), with its type;
//                          python_sum_rule() the running interpreter's rule
//   numpy_{arctan,tan,arcsin,sin,cos}_batch(x), numpy_power_batch(x, y)
//                          one call on the whole array (the highway family's
//                          per-frame calls over all vehicles)
//   numpy_matrix_times_matrix3(a, b)  a.dot(b), 3x3 row-major, as the envs
//                          compute it
//   _numpy_rounding.gemm   the BLAS accumulation found (numpy_blas_binding.h)
//   numpy_matrix_times_vector3xn(a, x)  a @ x, a 3 x n row-major, as the envs
//                          compute it (numpy_gemv.h)
//   _numpy_rounding.gemv   the dgemv tail rounding found (numpy_gemv_binding.h)
//   numpy_ddot(x, y)       np.dot of two float64 vectors, as the envs compute
//                          it (numpy_ddot.h)
//   _numpy_rounding.ddot   the ddot kernel found (numpy_ddot_binding.h)
//   numpy_sum_of_squares(x), numpy_sum_of_squares_float32(x)
//                          np.sum(np.square(x)) of a float64 / float32 array,
//                          as the envs compute it (numpy_math.h)
//   scipy_zoom_cubic(x, rows, cols, out_rows, out_cols)
//                          scipy.ndimage.zoom of a row-major 2-D array, as
//                          quadruped escape computes it (scipy_zoom.h)
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "parallel_pool/core/py_env_pool.h"
#include "parallel_pool/numpy_exact/numpy_blas.h"
#include "parallel_pool/numpy_exact/numpy_blas_binding.h"
#include "parallel_pool/numpy_exact/numpy_ddot.h"
#include "parallel_pool/numpy_exact/numpy_ddot_binding.h"
#include "parallel_pool/numpy_exact/numpy_gemv.h"
#include "parallel_pool/numpy_exact/numpy_gemv_binding.h"
#include "parallel_pool/numpy_exact/numpy_math.h"
#include "parallel_pool/numpy_exact/numpy_ufunc.h"
#include "parallel_pool/numpy_exact/numpy_ufunc_binding.h"
#include "parallel_pool/numpy_exact/python_sum_binding.h"
#include "parallel_pool/numpy_exact/scipy_zoom.h"

namespace {

namespace nx = parallel_pool::numpy_exact;

using Elementwise = void (*)(const double*, double*, std::ptrdiff_t);

std::vector<double> Apply(Elementwise f, const std::vector<double>& x) {
  std::vector<double> out(x.size());
  f(x.data(), out.data(), static_cast<std::ptrdiff_t>(x.size()));
  return out;
}

}  // namespace

PYBIND11_MODULE(numpy_exact_test_hooks, m) {
  parallel_pool::InitNumpy();
  nx::UseNumpyUfuncLoops();
  nx::BindNumpyBlas(m);
  nx::BindNumpyGemv(m);
  nx::BindNumpyDdot(m);
  m.def("numpy_ufunc_loops", [] {
    std::vector<std::string> in_use;
    for (int i = 0; i < nx::kNumNumpyUfuncs; ++i) {
      if (nx::NumpyLoopOf(static_cast<nx::NumpyUfunc>(i)).function.load() != nullptr) {
        in_use.emplace_back(nx::kNumpyUfuncNames[i]);
      }
    }
    return in_use;
  });
  m.def("numpy_log1p", [](const std::vector<double>& x) { return Apply(nx::NumpyLog1p, x); });
  m.def("numpy_sin", [](const std::vector<double>& x) { return Apply(nx::NumpySin, x); });
  m.def("numpy_cos", [](const std::vector<double>& x) { return Apply(nx::NumpyCos, x); });
  m.def("numpy_arcsinh", [](const std::vector<double>& x) { return Apply(nx::NumpyArcsinh, x); });
  m.def("numpy_tanh", [](const std::vector<double>& x) { return Apply(nx::NumpyTanh, x); });
  m.def("numpy_sum_of_squares",
        [](const std::vector<double>& x) { return nx::NumpySumOfSquares(x.data(), x.size()); });
  // The values must be float32's (pybind11 rounds each double to float).
  m.def("numpy_sum_of_squares_float32",
        [](const std::vector<float>& x) { return nx::NumpySumOfSquares(x.data(), x.size()); });
  m.def("numpy_arctan2", [](double y, double x) { return nx::NumpyArctan2(y, x); });
  m.def("numpy_arctan", [](double x) { return nx::NumpyArctan(x); });
  m.def("numpy_tan", [](double x) { return nx::NumpyTan(x); });
  m.def("numpy_arcsin", [](double x) { return nx::NumpyArcsin(x); });
  m.def("numpy_power", [](double x, double y) { return nx::NumpyPower(x, y); });
  m.def("numpy_square", [](double x) { return nx::NumpySquare(x); });
  nx::UsePythonSumRule();
  m.def("python_sum_rule", [] { return nx::PythonSumRuleSetting().load(); });
  m.def("python_sum",
        [](const std::vector<double>& values, const std::vector<int>& types, int rule) {
          if (types.size() != values.size())
            throw std::invalid_argument("python_sum: sizes differ");
          std::vector<nx::PyValue> items;
          for (std::size_t i = 0; i < values.size(); ++i) {
            items.push_back({values[i], static_cast<nx::PyNumber>(types[i])});
          }
          const nx::PyValue sum = nx::PythonSum(items, static_cast<nx::PythonSumRule>(rule));
          return std::make_pair(sum.value, static_cast<int>(sum.type));
        });
  m.def("numpy_squares_by_product", [] { return nx::NumpySquaresByProduct().load(); });
  m.def("numpy_arctan_batch",
        [](const std::vector<double>& x) { return Apply(nx::NumpyArctan, x); });
  m.def("numpy_tan_batch", [](const std::vector<double>& x) { return Apply(nx::NumpyTan, x); });
  m.def("numpy_arcsin_batch",
        [](const std::vector<double>& x) { return Apply(nx::NumpyArcsin, x); });
  m.def("numpy_sin_batch", [](const std::vector<double>& x) { return Apply(nx::NumpySin, x); });
  m.def("numpy_cos_batch", [](const std::vector<double>& x) { return Apply(nx::NumpyCos, x); });
  m.def("numpy_power_batch", [](const std::vector<double>& x, const std::vector<double>& y) {
    std::vector<double> out(x.size());
    if (y.size() != x.size())
      throw std::invalid_argument("numpy_power_batch: x and y differ in size");
    nx::NumpyPower(x.data(), y.data(), out.data(), static_cast<std::ptrdiff_t>(x.size()));
    return out;
  });
  m.def("numpy_matrix_times_matrix3",
        [](const std::vector<double>& a, const std::vector<double>& b) {
          if (a.size() != 9 || b.size() != 9) {
            throw pybind11::value_error("a, b: expected 9 values each (3x3, row-major)");
          }
          std::vector<double> out(9);
          nx::NumpyMatrixTimesMatrix3(a.data(), b.data(), out.data());
          return out;
        });
  m.def("numpy_matrix_times_vector3xn",
        [](const std::vector<double>& a, const std::vector<double>& x) {
          if (a.size() != 3 * x.size()) {
            throw pybind11::value_error("a, x: expected 3 * len(x) values of a (3 x n, row-major)");
          }
          std::vector<double> out(3);
          nx::NumpyMatrixTimesVector3xN(a.data(), x.data(), x.size(), out.data());
          return out;
        });
  m.def("numpy_ddot", [](const std::vector<double>& x, const std::vector<double>& y) {
    if (x.size() != y.size()) throw pybind11::value_error("x, y: expected as many values each");
    return nx::NumpyDdot(x.data(), y.data(), x.size());
  });
  m.def("scipy_zoom_cubic",
        [](const std::vector<double>& x, std::ptrdiff_t rows, std::ptrdiff_t cols,
           std::ptrdiff_t out_rows, std::ptrdiff_t out_cols) {
          if (rows < 1 || cols < 1 || out_rows < 1 || out_cols < 1 ||
              static_cast<std::ptrdiff_t>(x.size()) != rows * cols) {
            throw pybind11::value_error("x: expected rows * cols values, every size at least 1");
          }
          return nx::ScipyZoomCubic(x, rows, cols, out_rows, out_cols);
        });
}
