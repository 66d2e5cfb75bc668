// Dict: a record whose fields are looked up by string keys at compile time.
//
//   auto config = MakeDict("max_episode_steps"_.Bind(500), "gravity"_.Bind(9.8));
//   int steps = config["max_episode_steps"_];   // resolved by the compiler
//
// A misspelt key is a compile error with a plain message ("Dict has no field
// with this key"), not a page of template noise. Each field keeps its own
// C++ type, so the same declaration serves configs (int, double, string...),
// specs (Spec<T>) and, through ArrayDict, the per-step State and Action.
#ifndef PARALLEL_POOL_CORE_DICT_H_
#define PARALLEL_POOL_CORE_DICT_H_

#include <algorithm>
#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "parallel_pool/core/array.h"

namespace parallel_pool {

// A string literal usable as a template argument.
template <std::size_t N>
struct FixedString {
  char chars[N]{};
  constexpr FixedString(const char (&s)[N]) {  // NOLINT: implicit by design
    std::copy_n(s, N, chars);
  }
  constexpr std::string_view view() const { return {chars, N - 1}; }
};

// A field: the key, and a value of type V.
template <FixedString Name, typename V>
struct Field {
  using Value = V;
  static constexpr std::string_view kName = Name.view();
  V value;
};

// String literals become std::string, so a config default given as "abc"
// is a string, not a dangling const char*.
template <typename V>
using StoredType = std::conditional_t<std::is_convertible_v<V, std::string_view> &&
                                          !std::is_arithmetic_v<std::decay_t<V>>,
                                      std::string, std::decay_t<V>>;

template <FixedString Name>
struct Key {
  static constexpr std::string_view kName = Name.view();
  template <typename V>
  Field<Name, StoredType<V>> Bind(V&& value) const {
    return {StoredType<V>(std::forward<V>(value))};
  }
};

// "obs"_ is the key named "obs".
template <FixedString Name>
constexpr Key<Name> operator""_() {
  return {};
}

template <typename... Fields>
class Dict {
 public:
  static constexpr std::size_t kSize = sizeof...(Fields);
  static constexpr std::array<std::string_view, kSize> kKeys{Fields::kName...};
  static constexpr std::size_t kNotFound = kSize;

  static constexpr std::size_t IndexOf(std::string_view key) {
    for (std::size_t i = 0; i < kSize; ++i) {
      if (kKeys[i] == key) return i;
    }
    return kNotFound;
  }

  static constexpr bool KeysAreUnique() {
    for (std::size_t i = 0; i < kSize; ++i) {
      for (std::size_t j = i + 1; j < kSize; ++j) {
        if (kKeys[i] == kKeys[j]) return false;
      }
    }
    return true;
  }
  static_assert(KeysAreUnique(), "Dict: the same key is declared twice");

  using Values = std::tuple<typename Fields::Value...>;

  Dict() = default;
  explicit Dict(Fields... fields) : values_(std::move(fields.value)...) {}
  explicit Dict(Values values) : values_(std::move(values)) {}

  template <FixedString Name>
  auto& operator[](Key<Name>) {
    constexpr std::size_t i = IndexOf(Name.view());
    static_assert(i != kNotFound, "Dict has no field with this key");
    return std::get<i>(values_);
  }
  template <FixedString Name>
  const auto& operator[](Key<Name>) const {
    constexpr std::size_t i = IndexOf(Name.view());
    static_assert(i != kNotFound, "Dict has no field with this key");
    return std::get<i>(values_);
  }

  template <FixedString Name>
  static constexpr bool Contains(Key<Name>) {
    return IndexOf(Name.view()) != kNotFound;
  }

  static std::vector<std::string> Keys() { return {std::string(Fields::kName)...}; }
  const Values& values() const { return values_; }
  Values& values() { return values_; }

  // Calls fn(key, value) for every field, in declaration order.
  template <typename Fn>
  void ForEach(Fn&& fn) const {
    ForEachImpl(fn, std::index_sequence_for<Fields...>{});
  }

 private:
  template <typename Fn, std::size_t... I>
  void ForEachImpl(Fn& fn, std::index_sequence<I...>) const {
    (fn(kKeys[I], std::get<I>(values_)), ...);
  }

  Values values_;
};

template <typename... Fields>
Dict<Fields...> MakeDict(Fields... fields) {
  return Dict<Fields...>(std::move(fields)...);
}

template <typename... A, typename... B>
Dict<A..., B...> ConcatDict(const Dict<A...>& a, const Dict<B...>& b) {
  return Dict<A..., B...>(std::tuple_cat(a.values(), b.values()));
}

// One Array per field of a spec Dict, looked up by the same keys: the State
// an env writes and the Action it reads.
template <typename SpecDict>
class ArrayDict {
 public:
  static constexpr std::size_t kSize = SpecDict::kSize;

  ArrayDict() = default;
  explicit ArrayDict(std::vector<Array> arrays) {
    for (std::size_t i = 0; i < kSize && i < arrays.size(); ++i) {
      arrays_[i] = std::move(arrays[i]);
    }
  }

  template <FixedString Name>
  const Array& operator[](Key<Name>) const {
    constexpr std::size_t i = SpecDict::IndexOf(Name.view());
    static_assert(i != SpecDict::kNotFound, "no array with this key in the spec");
    return arrays_[i];
  }

  Array& at(std::size_t i) { return arrays_[i]; }
  const Array& at(std::size_t i) const { return arrays_[i]; }

 private:
  std::array<Array, kSize> arrays_;
};

}  // namespace parallel_pool

#endif  // PARALLEL_POOL_CORE_DICT_H_
