// What each state field is, read from its key in one place: the observation,
// an info field the env adds, an info field every env has, or one of the
// step's own fields. The compiler checks every family's keys against it
// (EnvSpec), and the binding exports each field's role and name, so Python
// never parses a key.
//
//   "obs", "obs:<name>"      the observation (a Dict of <name>s for the second)
//   "info:<name>"            an info field of the env's ("info:lives")
//   "info:env_id", "info:players.env_id", "info:elapsed_step"
//                            the info fields every env has (CommonStateSpec)
//   "reward", "done", "terminated", "truncated", "discount", "step_type"
//                            the step's own fields
//
// A key of no role ("infos:lives", "observation") is a compile error, not a
// field that silently vanishes from what Python returns.
#ifndef PARALLEL_POOL_CORE_FIELD_ROLE_H_
#define PARALLEL_POOL_CORE_FIELD_ROLE_H_

#include <array>
#include <string_view>

#include "parallel_pool/core/dict.h"

namespace parallel_pool {

enum class FieldRole { kObs, kInfo, kPoolInfo, kStep, kNone };

inline constexpr std::array<std::string_view, 3> kPoolInfoKeys{"info:env_id", "info:players.env_id",
                                                               "info:elapsed_step"};
inline constexpr std::array<std::string_view, 6> kStepKeys{"reward",    "done",     "terminated",
                                                           "truncated", "discount", "step_type"};

constexpr FieldRole StateFieldRole(std::string_view key) {
  constexpr std::string_view kObsPrefix = "obs:";
  constexpr std::string_view kInfoPrefix = "info:";
  if (key == "obs" || (key.starts_with(kObsPrefix) && key.size() > kObsPrefix.size())) {
    return FieldRole::kObs;
  }
  for (std::string_view k : kPoolInfoKeys) {
    if (key == k) return FieldRole::kPoolInfo;
  }
  if (key.starts_with(kInfoPrefix) && key.size() > kInfoPrefix.size()) return FieldRole::kInfo;
  for (std::string_view k : kStepKeys) {
    if (key == k) return FieldRole::kStep;
  }
  return FieldRole::kNone;
}

// The role as Python reads it.
constexpr std::string_view FieldRoleName(FieldRole role) {
  switch (role) {
    case FieldRole::kObs:
      return "obs";
    case FieldRole::kInfo:
      return "info";
    case FieldRole::kPoolInfo:
      return "pool_info";
    case FieldRole::kStep:
      return "step";
    case FieldRole::kNone:
      break;
  }
  return "none";
}

// The name a user sees: the key without its "obs:" / "info:" prefix.
constexpr std::string_view StateFieldName(std::string_view key) {
  const std::size_t colon = key.find(':');
  return colon == std::string_view::npos ? key : key.substr(colon + 1);
}

// Instantiated once per state key by EnvSpec: a key of no role stops the
// build here, and the compiler's note names the key (this template's argument).
template <FixedString Key>
struct CheckedStateKey {
  static_assert(StateFieldRole(Key.view()) != FieldRole::kNone,
                "a state field's key must be \"obs\", \"obs:<name>\" or \"info:<name>\" "
                "(core/field_role.h); the note below names the key");
  static constexpr bool kOk = true;
};

template <typename FieldT>
struct StateKeyCheck;
template <FixedString Name, typename V>
struct StateKeyCheck<Field<Name, V>> {
  static constexpr bool kOk = CheckedStateKey<Name>::kOk;
};

template <typename... Fields>
constexpr bool EveryStateKeyHasARole(const Dict<Fields...>*) {
  return (StateKeyCheck<Fields>::kOk && ...);
}

}  // namespace parallel_pool

#endif  // PARALLEL_POOL_CORE_FIELD_ROLE_H_
