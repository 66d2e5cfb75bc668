// numpy arrays across the binding, through the numpy C API directly: a
// Python argument becomes a C-contiguous array of exactly a spec's dtype and
// shape (same_kind casting, integers checked to fit, errors naming the
// argument), and a C++ Array becomes a numpy array over its own memory (no
// copy), kept alive by a capsule.
#ifndef PARALLEL_POOL_CORE_PY_NUMPY_H_
#define PARALLEL_POOL_CORE_PY_NUMPY_H_

#include <pybind11/pybind11.h>

// One numpy C API table per extension module, shared by all its translation
// units (without this, each .cc would hold its own table and only the one
// that calls InitNumpy would be filled). A module built from several .cc
// files defines PARALLEL_POOL_NUMPY_SECONDARY_TU in all but the one whose
// PYBIND11_MODULE calls InitNumpy.
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#define PY_ARRAY_UNIQUE_SYMBOL PARALLEL_POOL_NUMPY_API
#ifdef PARALLEL_POOL_NUMPY_SECONDARY_TU
#define NO_IMPORT_ARRAY
#endif
#include <numpy/arrayobject.h>

#include <cstdint>
#include <limits>
#include <memory>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "parallel_pool/core/array.h"
#include "parallel_pool/core/dtype.h"
#include "parallel_pool/core/spec.h"

namespace parallel_pool {

namespace py = pybind11;

// Call once from PYBIND11_MODULE before binding anything.
#ifndef PARALLEL_POOL_NUMPY_SECONDARY_TU
inline void InitNumpy() {
  if (_import_array() < 0) throw py::error_already_set();
}
#endif

inline int NumpyType(DType dtype) {
  switch (dtype) {
    case DType::kBool:
      return NPY_BOOL;
    case DType::kInt8:
      return NPY_INT8;
    case DType::kUInt8:
      return NPY_UINT8;
    case DType::kInt16:
      return NPY_INT16;
    case DType::kUInt16:
      return NPY_UINT16;
    case DType::kInt32:
      return NPY_INT32;
    case DType::kUInt32:
      return NPY_UINT32;
    case DType::kInt64:
      return NPY_INT64;
    case DType::kUInt64:
      return NPY_UINT64;
    case DType::kFloat32:
      return NPY_FLOAT32;
    case DType::kFloat64:
      return NPY_FLOAT64;
  }
  return NPY_VOID;
}

inline std::string ShapeString(const npy_intp* dims, int nd) {
  std::ostringstream out;
  out << "(";
  for (int i = 0; i < nd; ++i)
    out << dims[i] << (nd == 1 || i + 1 < nd ? "," : "") << (i + 1 < nd ? " " : "");
  out << ")";
  return out.str();
}

// Integers about to be cast to a narrower integer type (int64 actions for an
// int32 spec, the common case) must fit, or the cast would wrap them into a
// valid-looking value.
template <typename Target>
void CheckFits(PyArrayObject* arr, const std::string& what) {
  auto check = [&](auto tag) {
    using Source = decltype(tag);
    const auto* v = static_cast<const Source*>(PyArray_DATA(arr));
    npy_intp n = PyArray_SIZE(arr);
    for (npy_intp i = 0; i < n; ++i) {
      if (!std::in_range<Target>(v[i])) {
        throw py::value_error(what + ": value " + std::to_string(v[i]) + " is outside [" +
                              std::to_string(std::numeric_limits<Target>::min()) + ", " +
                              std::to_string(std::numeric_limits<Target>::max()) + "] of " +
                              DTypeName(DTypeOf<Target>()));
      }
    }
  };
  switch (PyArray_TYPE(arr)) {
    case NPY_INT8:
      return check(std::int8_t{});
    case NPY_UINT8:
      return check(std::uint8_t{});
    case NPY_INT16:
      return check(std::int16_t{});
    case NPY_UINT16:
      return check(std::uint16_t{});
    case NPY_INT32:
      return check(std::int32_t{});
    case NPY_UINT32:
      return check(std::uint32_t{});
    case NPY_LONG:
      return check(long{});  // NOLINT: numpy's C types
    case NPY_ULONG:
      return check(static_cast<unsigned long>(0));  // NOLINT
    case NPY_LONGLONG:
      return check(static_cast<long long>(0));  // NOLINT
    case NPY_ULONGLONG:
      return check(static_cast<unsigned long long>(0));  // NOLINT
    default:
      return;
  }
}

inline void CheckIntegersFit(PyArrayObject* arr, DType target, const std::string& what) {
  py::object contiguous;
  if (!PyArray_IS_C_CONTIGUOUS(arr) || !PyArray_ISALIGNED(arr)) {
    contiguous =
        py::reinterpret_steal<py::object>(reinterpret_cast<PyObject*>(PyArray_GETCONTIGUOUS(arr)));
    arr = reinterpret_cast<PyArrayObject*>(contiguous.ptr());
  }
  VisitDType(target, [&](auto tag) {
    using Target = decltype(tag);
    if constexpr (std::is_integral_v<Target> && !std::is_same_v<Target, bool>)
      CheckFits<Target>(arr, what);
  });
}

// numpy could not make an array of an argument (a ragged list, ...): its
// ValueError or TypeError again, naming the argument.
[[noreturn]] inline void ThrowNamingArgument(const std::string& what) {
  py::error_already_set error;
  std::string message = what + ": not an array (" + std::string(py::str(error.value())) + ")";
  if (error.matches(PyExc_ValueError)) throw py::value_error(message);
  if (error.matches(PyExc_TypeError)) throw py::type_error(message);
  throw error;
}

// obj -> a C-contiguous array of exactly `spec`'s dtype and shape (rows, ...).
// Raises TypeError for a dtype that same_kind casting forbids (float -> int),
// ValueError for a wrong shape. `what` names the argument in messages.
inline py::object ToContiguous(py::handle obj, const ArraySpec& spec, std::size_t rows,
                               const std::string& what) {
  auto owned = py::reinterpret_steal<py::object>(PyArray_FROM_O(obj.ptr()));
  if (!owned) ThrowNamingArgument(what);
  auto* arr = reinterpret_cast<PyArrayObject*>(owned.ptr());
  // A byte-swapped array (dtype '>i4' here) has a native one's type number:
  // swap its bytes before anything reads them.
  if (!PyArray_ISNOTSWAPPED(arr)) {
    PyArray_Descr* native = PyArray_DescrNewByteorder(PyArray_DESCR(arr), NPY_NATIVE);
    if (native == nullptr) throw py::error_already_set();
    owned = py::reinterpret_steal<py::object>(PyArray_FromArray(arr, native, NPY_ARRAY_DEFAULT));
    if (!owned) throw py::error_already_set();
    arr = reinterpret_cast<PyArrayObject*>(owned.ptr());
  }
  int want = NumpyType(spec.dtype);
  if (PyArray_TYPE(arr) != want || !PyArray_IS_C_CONTIGUOUS(arr) || !PyArray_ISALIGNED(arr)) {
    PyArray_Descr* want_descr = PyArray_DescrFromType(want);
    if (!PyArray_CanCastTypeTo(PyArray_DESCR(arr), want_descr, NPY_SAME_KIND_CASTING)) {
      Py_DECREF(want_descr);
      std::string got = py::str(reinterpret_cast<PyObject*>(PyArray_DESCR(arr)));
      throw py::type_error(what + ": dtype " + got + " cannot be cast to " + DTypeName(spec.dtype) +
                           " (same_kind casting); pass an array of " + DTypeName(spec.dtype));
    }
    if (PyArray_ISINTEGER(arr) && PyArray_TYPE(arr) != want) {
      CheckIntegersFit(arr, spec.dtype, what);
    }
    owned = py::reinterpret_steal<py::object>(PyArray_FromArray(
        arr, want_descr, NPY_ARRAY_C_CONTIGUOUS | NPY_ARRAY_ALIGNED | NPY_ARRAY_FORCECAST));
    if (!owned) throw py::error_already_set();
    arr = reinterpret_cast<PyArrayObject*>(owned.ptr());
  }
  int nd = PyArray_NDIM(arr);
  const npy_intp* dims = PyArray_DIMS(arr);
  bool ok = nd == static_cast<int>(spec.shape.size()) + 1 && dims[0] == static_cast<npy_intp>(rows);
  for (std::size_t i = 0; ok && i < spec.shape.size(); ++i) {
    ok = dims[i + 1] == static_cast<npy_intp>(spec.shape[i]);
  }
  if (!ok) {
    std::vector<npy_intp> expected{static_cast<npy_intp>(rows)};
    for (std::size_t d : spec.shape) expected.push_back(static_cast<npy_intp>(d));
    throw py::value_error(what + ": expected shape " +
                          ShapeString(expected.data(), static_cast<int>(expected.size())) +
                          ", got " + ShapeString(dims, nd));
  }
  return owned;
}

inline Array BorrowNumpy(const py::object& obj, DType dtype) {
  auto* arr = reinterpret_cast<PyArrayObject*>(obj.ptr());
  int nd = PyArray_NDIM(arr);
  Shape shape(PyArray_DIMS(arr), PyArray_DIMS(arr) + nd);
  return Array(nullptr, static_cast<char*>(PyArray_DATA(arr)), dtype, shape);
}

// A capsule that keeps `owner`'s allocation alive (numpy arrays' base).
inline py::capsule KeepAlive(const Array& owner) {
  auto* kept = new std::shared_ptr<char>(owner.owner());
  return py::capsule(kept, [](void* p) { delete static_cast<std::shared_ptr<char>*>(p); });
}

// A numpy array over `a`'s memory, kept alive by `base`.
inline py::object NumpyOver(const Array& a, const py::capsule& base) {
  npy_intp dims[Shape::kMaxDims];
  for (std::size_t d = 0; d < a.ndim(); ++d) dims[d] = static_cast<npy_intp>(a.shape()[d]);
  PyObject* arr = PyArray_New(&PyArray_Type, static_cast<int>(a.ndim()), dims, NumpyType(a.dtype()),
                              nullptr, a.raw(), 0, NPY_ARRAY_CARRAY, nullptr);
  if (arr == nullptr) throw py::error_already_set();
  Py_INCREF(base.ptr());
  PyArray_SetBaseObject(reinterpret_cast<PyArrayObject*>(arr), base.ptr());
  return py::reinterpret_steal<py::object>(arr);
}

}  // namespace parallel_pool

#endif  // PARALLEL_POOL_CORE_PY_NUMPY_H_
