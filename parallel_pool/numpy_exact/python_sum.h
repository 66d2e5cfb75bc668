// Python's built-in sum() of numbers, as the running CPython computes it:
// the reference code sums reward terms with sum(), whose float arithmetic
// changed across CPython versions (all measured on the interpreters
// themselves, numpy_exact_test's sum test):
//   * 3.11: left to right from the int 0, each step rounded;
//   * 3.12, 3.13: exact ints are added as ints while the sum is one; once
//     the sum is an exact float, the following exact floats are added with
//     Neumaier's compensation (and ints without), the compensation folded in
//     at the end, or before the first item of another type (a NumPy
//     scalar), after which every add is plain;
//   * 3.14: the same, ints compensated too.
// The type of each item is the reference's: an exact int (or bool), an
// exact float, or anything else (a NumPy scalar, whose add rounds plainly).
#ifndef PARALLEL_POOL_NUMPY_EXACT_PYTHON_SUM_H_
#define PARALLEL_POOL_NUMPY_EXACT_PYTHON_SUM_H_

#include <atomic>
#include <cmath>
#include <cstddef>
#include <vector>

namespace parallel_pool::numpy_exact {

// The Python type of a number in the reference's code.
enum class PyNumber { kInt, kFloat, kNumpy };

struct PyValue {
  double value;
  PyNumber type;
};

// How the running CPython's sum() adds floats.
enum class PythonSumRule { kPlain = 0, kCompensatedFloats = 1, kCompensated = 2 };

// Process-wide: set once at import from the interpreter's version
// (UsePythonSumRule), before any env exists.
inline std::atomic<int>& PythonSumRuleSetting() {
  static std::atomic<int> rule{static_cast<int>(PythonSumRule::kPlain)};
  return rule;
}
inline PythonSumRule PythonSumRuleFor(int major, int minor) {
  if (major > 3 || (major == 3 && minor >= 14)) return PythonSumRule::kCompensated;
  if (major == 3 && minor >= 12) return PythonSumRule::kCompensatedFloats;
  return PythonSumRule::kPlain;
}

// The type of a * b (an int times an int is an int, anything with a NumPy
// scalar is one, else a float).
inline PyNumber ProductType(PyNumber a, PyNumber b) {
  if (a == PyNumber::kNumpy || b == PyNumber::kNumpy) return PyNumber::kNumpy;
  if (a == PyNumber::kInt && b == PyNumber::kInt) return PyNumber::kInt;
  return PyNumber::kFloat;
}

// sum(items) with its type. Ints are whole and small (exact in a double).
inline PyValue PythonSum(const std::vector<PyValue>& items,
                         PythonSumRule rule = static_cast<PythonSumRule>(
                             PythonSumRuleSetting().load(std::memory_order_relaxed))) {
  std::size_t i = 0;
  double sum = 0.0;
  // The int start and int items: an int.
  for (; i < items.size() && items[i].type == PyNumber::kInt; ++i) sum += items[i].value;
  if (i == items.size()) return {sum, PyNumber::kInt};
  // int + the first other item: its type.
  sum = sum + items[i].value;
  PyNumber type = items[i].type;
  ++i;
  if (rule == PythonSumRule::kPlain || type == PyNumber::kNumpy) {
    for (; i < items.size(); ++i) {
      sum += items[i].value;
      if (items[i].type == PyNumber::kNumpy) type = PyNumber::kNumpy;
    }
    return {sum, type};
  }
  // An exact float: compensated.
  double compensation = 0.0;
  const auto fold = [&] {
    if (compensation != 0.0 && std::isfinite(compensation)) sum += compensation;
  };
  for (; i < items.size(); ++i) {
    const PyValue& item = items[i];
    const bool compensated = item.type == PyNumber::kFloat ||
                             (item.type == PyNumber::kInt && rule == PythonSumRule::kCompensated);
    if (compensated) {
      const double t = sum + item.value;
      if (std::abs(sum) >= std::abs(item.value)) {
        compensation += (sum - t) + item.value;
      } else {
        compensation += (item.value - t) + sum;
      }
      sum = t;
    } else if (item.type == PyNumber::kInt) {
      sum += item.value;
    } else {
      // A NumPy scalar: the compensation in, then plain adds of a NumPy sum.
      fold();
      for (; i < items.size(); ++i) sum += items[i].value;
      return {sum, PyNumber::kNumpy};
    }
  }
  fold();
  return {sum, type};
}

}  // namespace parallel_pool::numpy_exact

#endif  // PARALLEL_POOL_NUMPY_EXACT_PYTHON_SUM_H_
