// The XLA port's ABI: how the one XLA module (parallel_pool/xla/xla_ext.cc,
// built against jaxlib's FFI headers) drives a pool that any family's module
// made, without knowing the family and without either module linking the
// other.
//
// A family module hands out a PortAbi (core/xla_port.h makes one for every
// pool type, in BindEnv); Python passes its address to the XLA custom calls
// as an attribute. Only plain C types cross: the two modules are separate
// shared objects, each with its own copy of whatever C++ library code it
// inlined, so no std::string, std::vector or exception may pass between them.
#ifndef PARALLEL_POOL_CORE_XLA_PORT_ABI_H_
#define PARALLEL_POOL_CORE_XLA_PORT_ABI_H_

#include <cstddef>
#include <cstdint>

namespace parallel_pool::xla_port {

// A magic number and the layout's version: a PortAbi from a module built from
// another version of this header is refused, not misread.
inline constexpr std::uint64_t kMagic = 0x7470414c58707000ULL;
inline constexpr std::uint32_t kVersion = 1;

// One buffer XLA passes to a custom call: its memory, its element type as a
// parallel_pool::DType, its element count and its leading dimension.
struct Buffer {
  void* data;
  std::int64_t elements;
  std::int64_t rows;
  std::uint8_t dtype;
};

// What a port call returns. On failure the message is in the caller's error
// buffer (NUL-terminated, truncated to its size).
enum Status : int {
  kOk = 0,
  kInvalidArgument = 1,  // the input is wrong (XLA's INVALID_ARGUMENT)
  kRuntimeError = 2,     // anything else: an env raised, the pool is closed...
};

struct PortAbi {
  std::uint64_t magic;
  std::uint32_t version;
  void* self;
  // Starts stepping the envs `env_ids` (int32) with one action row each
  // (`actions`: one buffer per action field, in declaration order).
  int (*send)(void* self, const Buffer* actions, std::size_t num_actions, const Buffer* env_ids,
              char* error, std::size_t error_size);
  // Waits for the next batch and copies it into `outputs`: the exported
  // state fields in declaration order, then the same-step "final" fields.
  int (*recv)(void* self, Buffer* outputs, std::size_t num_outputs, char* error,
              std::size_t error_size);
  // send + recv in one call (a sync pool may run a cheap batch inline).
  int (*step)(void* self, const Buffer* actions, std::size_t num_actions, const Buffer* env_ids,
              Buffer* outputs, std::size_t num_outputs, char* error, std::size_t error_size);
};

}  // namespace parallel_pool::xla_port

#endif  // PARALLEL_POOL_CORE_XLA_PORT_ABI_H_
