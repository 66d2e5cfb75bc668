// The Python side of python_sum.h: when a module that sums as Python does is
// imported, read the running interpreter's version (its sum() rule).
#ifndef PARALLEL_POOL_NUMPY_EXACT_PYTHON_SUM_BINDING_H_
#define PARALLEL_POOL_NUMPY_EXACT_PYTHON_SUM_BINDING_H_

#include <pybind11/pybind11.h>

#include "parallel_pool/numpy_exact/python_sum.h"

namespace parallel_pool::numpy_exact {

inline void UsePythonSumRule() {
  namespace py = pybind11;
  const py::object version = py::module_::import("sys").attr("version_info");
  const PythonSumRule rule =
      PythonSumRuleFor(version.attr("major").cast<int>(), version.attr("minor").cast<int>());
  PythonSumRuleSetting().store(static_cast<int>(rule), std::memory_order_relaxed);
}

}  // namespace parallel_pool::numpy_exact

#endif  // PARALLEL_POOL_NUMPY_EXACT_PYTHON_SUM_BINDING_H_
