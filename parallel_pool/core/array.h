// Array: an untyped, shape-aware view over shared memory.
//
// Views (a row, a slice) share the owner's shared_ptr, so a batch buffer can
// be cut into per-env rows without copying, and handed to numpy later while
// the workers' views are long gone.
#ifndef PARALLEL_POOL_CORE_ARRAY_H_
#define PARALLEL_POOL_CORE_ARRAY_H_

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "parallel_pool/core/dtype.h"

namespace parallel_pool {

// Array dimensions, stored inline: creating a row view in the step path
// must not allocate.
class Shape {
 public:
  static constexpr std::size_t kMaxDims = 8;
  Shape() = default;
  Shape(std::initializer_list<std::size_t> dims) { Assign(dims.begin(), dims.end()); }
  Shape(const std::vector<std::size_t>& dims) { Assign(dims.begin(), dims.end()); }  // NOLINT
  template <typename It>
  Shape(It begin, It end) {
    Assign(begin, end);
  }
  // `leading` followed by [begin, end): a batch of rows of that shape.
  template <typename It>
  Shape(It begin, It end, std::size_t leading) {
    dims_[ndim_++] = leading;
    Assign(begin, end);
  }

  std::size_t size() const { return ndim_; }
  bool empty() const { return ndim_ == 0; }
  std::size_t& operator[](std::size_t i) { return dims_[i]; }
  std::size_t operator[](std::size_t i) const { return dims_[i]; }
  const std::size_t* begin() const { return dims_.data(); }
  const std::size_t* end() const { return dims_.data() + ndim_; }
  std::vector<std::size_t> ToVector() const { return {begin(), end()}; }
  bool operator==(const Shape& o) const {
    return ndim_ == o.ndim_ && std::equal(begin(), end(), o.begin());
  }

 private:
  template <typename It>
  void Assign(It begin, It end) {
    for (; begin != end; ++begin) {
      if (ndim_ == kMaxDims) throw std::invalid_argument("Shape: too many dimensions");
      dims_[ndim_++] = static_cast<std::size_t>(*begin);
    }
  }
  std::array<std::size_t, kMaxDims> dims_{};
  std::size_t ndim_ = 0;
};

class Array {
 public:
  Array() = default;

  // A new zero-filled array that owns its memory.
  Array(DType dtype, Shape shape) : dtype_(dtype), shape_(std::move(shape)) {
    std::size_t bytes = std::max<std::size_t>(nbytes(), 1);
    owner_ = std::shared_ptr<char>(new char[bytes](), std::default_delete<char[]>());
    data_ = owner_.get();
  }

  // A view into memory owned by `owner`. A null owner makes a non-owning view
  // (used for the short-lived per-step views that workers write through).
  Array(std::shared_ptr<char> owner, char* data, DType dtype, Shape shape)
      : owner_(std::move(owner)), data_(data), dtype_(dtype), shape_(std::move(shape)) {}

  DType dtype() const { return dtype_; }
  const Shape& shape() const { return shape_; }
  std::size_t ndim() const { return shape_.size(); }
  std::size_t size() const {
    return std::accumulate(shape_.begin(), shape_.end(), std::size_t{1}, std::multiplies<>());
  }
  std::size_t element_size() const { return SizeOf(dtype_); }
  std::size_t nbytes() const { return size() * element_size(); }
  // Bytes in one leading-dimension row.
  std::size_t row_bytes() const {
    return shape_.empty() ? element_size() : nbytes() / std::max<std::size_t>(shape_[0], 1);
  }
  char* raw() const { return data_; }
  const std::shared_ptr<char>& owner() const { return owner_; }
  // Non-owning views (no atomic refcounting): for the per-step views that
  // workers write through while the batch buffer is kept alive elsewhere.
  Array BorrowRow(std::size_t i) const {
    CheckRows(i + 1);
    return Array(nullptr, data_ + i * row_bytes(), dtype_, Shape(shape_.begin() + 1, shape_.end()));
  }
  Array BorrowSlice(std::size_t begin, std::size_t end) const {
    CheckRows(end);
    Shape shape = shape_;
    shape[0] = end - begin;
    return Array(nullptr, data_ + begin * row_bytes(), dtype_, shape);
  }

  // Re-aims a non-owning view at other rows of the same layout, optionally
  // with another leading dimension: an env's per-step views of its batch row
  // are set up once and moved here each step, with no copy of the shape.
  void Repoint(char* data) {
    if (owner_ != nullptr) throw std::logic_error("Array::Repoint on an owning array");
    data_ = data;
  }
  void Repoint(char* data, std::size_t leading) {
    Repoint(data);
    if (shape_.empty()) throw std::logic_error("Array::Repoint: a scalar has no leading dimension");
    shape_[0] = leading;
  }

  // Row i, with the leading dimension dropped.
  Array operator[](std::size_t i) const {
    CheckRows(i + 1);
    return Array(owner_, data_ + i * row_bytes(), dtype_, Shape(shape_.begin() + 1, shape_.end()));
  }

  // Rows [begin, end), keeping the leading dimension.
  Array Slice(std::size_t begin, std::size_t end) const {
    CheckRows(end);
    Shape shape = shape_;
    shape[0] = end - begin;
    return Array(owner_, data_ + begin * row_bytes(), dtype_, shape);
  }

  // The first `rows` rows: same memory, shorter leading dimension.
  Array Truncate(std::size_t rows) const { return Slice(0, rows); }

  // Typed pointer; throws if T is not the declared element type, so a wrong
  // cast in env code fails loudly (and reaches Python) instead of writing
  // garbage.
  template <typename T>
  T* Data() const {
    if (DTypeOf<T>() != dtype_) {
      throw std::invalid_argument("Array::Data<" + DTypeName(DTypeOf<T>()) + ">() on an array of " +
                                  DTypeName(dtype_));
    }
    return reinterpret_cast<T*>(data_);
  }

  // Element i (flat index) converted to T, whatever the stored type.
  template <typename T>
  T Get(std::size_t i = 0) const {
    return VisitDType(dtype_, [&](auto tag) {
      using S = decltype(tag);
      return static_cast<T>(reinterpret_cast<const S*>(data_)[i]);
    });
  }

  // Writes v, converted to the stored type, at flat index i.
  template <typename T>
  void Set(std::size_t i, T v) const {
    VisitDType(dtype_, [&](auto tag) {
      using S = decltype(tag);
      reinterpret_cast<S*>(data_)[i] = static_cast<S>(v);
    });
  }

  // Fills every element with `v` (converted): `state["reward"_] = 1.0;`.
  template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>>
  const Array& operator=(T v) const {
    VisitDType(dtype_, [&](auto tag) {
      using S = decltype(tag);
      S* p = reinterpret_cast<S*>(data_);
      std::fill(p, p + size(), static_cast<S>(v));
    });
    return *this;
  }
  Array& operator=(const Array&) = default;
  Array& operator=(Array&&) = default;
  Array(const Array&) = default;
  Array(Array&&) = default;

  // Copies `n` values of T (converted) into the first n elements.
  template <typename T>
  void Assign(const T* src, std::size_t n) const {
    if (n > size()) throw std::out_of_range("Array::Assign: too many values");
    if (DTypeOf<T>() == dtype_) {
      std::memcpy(data_, src, n * sizeof(T));
      return;
    }
    for (std::size_t i = 0; i < n; ++i) Set(i, src[i]);
  }

  // Copies the bytes of an array of identical dtype and size.
  void Assign(const Array& src) const {
    if (src.dtype_ != dtype_ || src.nbytes() != nbytes()) {
      throw std::invalid_argument("Array::Assign: dtype or size mismatch");
    }
    std::memcpy(data_, src.data_, nbytes());
  }

 private:
  void CheckRows(std::size_t rows) const {
    if (shape_.empty() || rows > shape_[0]) {
      throw std::out_of_range("Array: row " + std::to_string(rows) + " out of range");
    }
  }

  std::shared_ptr<char> owner_;
  char* data_ = nullptr;
  DType dtype_ = DType::kFloat32;
  Shape shape_;
};

}  // namespace parallel_pool

#endif  // PARALLEL_POOL_CORE_ARRAY_H_
