// Element types an env may declare in its specs, and their numpy names.
#ifndef PARALLEL_POOL_CORE_DTYPE_H_
#define PARALLEL_POOL_CORE_DTYPE_H_

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace parallel_pool {

enum class DType : std::uint8_t {
  kBool,
  kInt8,
  kUInt8,
  kInt16,
  kUInt16,
  kInt32,
  kUInt32,
  kInt64,
  kUInt64,
  kFloat32,
  kFloat64,
};

template <typename T>
constexpr DType DTypeOf() {
  if constexpr (std::is_same_v<T, bool>)
    return DType::kBool;
  else if constexpr (std::is_same_v<T, std::int8_t>)
    return DType::kInt8;
  else if constexpr (std::is_same_v<T, std::uint8_t>)
    return DType::kUInt8;
  else if constexpr (std::is_same_v<T, std::int16_t>)
    return DType::kInt16;
  else if constexpr (std::is_same_v<T, std::uint16_t>)
    return DType::kUInt16;
  else if constexpr (std::is_same_v<T, std::int32_t>)
    return DType::kInt32;
  else if constexpr (std::is_same_v<T, std::uint32_t>)
    return DType::kUInt32;
  else if constexpr (std::is_same_v<T, std::int64_t>)
    return DType::kInt64;
  else if constexpr (std::is_same_v<T, std::uint64_t>)
    return DType::kUInt64;
  else if constexpr (std::is_same_v<T, float>)
    return DType::kFloat32;
  else if constexpr (std::is_same_v<T, double>)
    return DType::kFloat64;
  else
    static_assert(sizeof(T) == 0, "unsupported element type for a Spec");
}

// Calls fn(T{}) with the C++ type behind `dtype`, so type-erased code can
// dispatch once instead of switching at every element.
template <typename Fn>
decltype(auto) VisitDType(DType dtype, Fn&& fn) {
  switch (dtype) {
    case DType::kBool:
      return fn(bool{});
    case DType::kInt8:
      return fn(std::int8_t{});
    case DType::kUInt8:
      return fn(std::uint8_t{});
    case DType::kInt16:
      return fn(std::int16_t{});
    case DType::kUInt16:
      return fn(std::uint16_t{});
    case DType::kInt32:
      return fn(std::int32_t{});
    case DType::kUInt32:
      return fn(std::uint32_t{});
    case DType::kInt64:
      return fn(std::int64_t{});
    case DType::kUInt64:
      return fn(std::uint64_t{});
    case DType::kFloat32:
      return fn(float{});
    case DType::kFloat64:
      return fn(double{});
  }
  throw std::logic_error("VisitDType: corrupt dtype");
}

inline std::size_t SizeOf(DType dtype) {
  return VisitDType(dtype, [](auto v) { return sizeof(v); });
}

inline std::string DTypeName(DType dtype) {
  switch (dtype) {
    case DType::kBool:
      return "bool";
    case DType::kInt8:
      return "int8";
    case DType::kUInt8:
      return "uint8";
    case DType::kInt16:
      return "int16";
    case DType::kUInt16:
      return "uint16";
    case DType::kInt32:
      return "int32";
    case DType::kUInt32:
      return "uint32";
    case DType::kInt64:
      return "int64";
    case DType::kUInt64:
      return "uint64";
    case DType::kFloat32:
      return "float32";
    case DType::kFloat64:
      return "float64";
  }
  return "?";
}

}  // namespace parallel_pool

#endif  // PARALLEL_POOL_CORE_DTYPE_H_
