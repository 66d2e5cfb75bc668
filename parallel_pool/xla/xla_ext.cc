// The XLA module: three typed-FFI handlers (send, recv, step) that drive any
// pool, of any family, through the xla_port::PortAbi its module hands out
// (core/xla_port.h). parallel_pool/xla/functions.py registers them once per
// process as the custom-call targets parallel_pool_{send,recv,step} on the
// CPU platform (the pool's buffers are host memory) and calls them with the
// port's address as the attribute `port`.
//
// Every call takes the pool's handle first and returns it first: an 8-byte
// uint8 array holding the port's address, which jax threads from call to
// call so XLA keeps them in program order. A handle of another pool is an
// INVALID_ARGUMENT, as is input the pool rejects; anything else the pool
// throws (an env's error, a closed pool) is UNKNOWN, with the pool's message.
#include <pybind11/pybind11.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "parallel_pool/core/dtype.h"
#include "parallel_pool/core/xla_port_abi.h"
#include "xla/ffi/api/ffi.h"

namespace parallel_pool::xla_module {

namespace ffi = ::xla::ffi;
namespace port = ::parallel_pool::xla_port;

// Longer messages are truncated.
constexpr std::size_t kErrorSize = 2048;
// A dtype no pool field has.
constexpr std::uint8_t kNoDType = 0xff;

std::uint8_t DTypeCode(ffi::DataType type) {
  auto code = [](DType d) { return static_cast<std::uint8_t>(d); };
  switch (type) {
    case ffi::DataType::PRED:
      return code(DType::kBool);
    case ffi::DataType::S8:
      return code(DType::kInt8);
    case ffi::DataType::U8:
      return code(DType::kUInt8);
    case ffi::DataType::S16:
      return code(DType::kInt16);
    case ffi::DataType::U16:
      return code(DType::kUInt16);
    case ffi::DataType::S32:
      return code(DType::kInt32);
    case ffi::DataType::U32:
      return code(DType::kUInt32);
    case ffi::DataType::S64:
      return code(DType::kInt64);
    case ffi::DataType::U64:
      return code(DType::kUInt64);
    case ffi::DataType::F32:
      return code(DType::kFloat32);
    case ffi::DataType::F64:
      return code(DType::kFloat64);
    default:
      return kNoDType;
  }
}

port::Buffer ToBuffer(const ffi::AnyBuffer& buffer) {
  ffi::AnyBuffer::Dimensions dims = buffer.dimensions();
  return port::Buffer{buffer.untyped_data(), static_cast<std::int64_t>(buffer.element_count()),
                      dims.size() == 0 ? 1 : dims[0], DTypeCode(buffer.element_type())};
}

ffi::Error ToError(int status, const char* message) {
  switch (status) {
    case port::kOk:
      return ffi::Error::Success();
    case port::kInvalidArgument:
      return ffi::Error(ffi::ErrorCode::kInvalidArgument, message);
    default:
      return ffi::Error(ffi::ErrorCode::kUnknown, message);
  }
}

// The port at `address`, checked: only parallel_pool's Python sets the
// attribute, but a module from another build of this header must not be
// misread.
const port::PortAbi* PortAt(std::int64_t address) {
  const auto* abi = reinterpret_cast<const port::PortAbi*>(static_cast<std::uintptr_t>(address));
  if (abi == nullptr || abi->magic != port::kMagic || abi->version != port::kVersion)
    return nullptr;
  return abi;
}

// Checks that `in` is this pool's handle and passes it on to `out`
// (XLA may or may not give them the same buffer).
ffi::Error PassHandle(std::int64_t address, const ffi::AnyBuffer& in, ffi::AnyBuffer out) {
  if (in.element_type() != ffi::DataType::U8 || in.element_count() != sizeof(address) ||
      std::memcmp(in.untyped_data(), &address, sizeof(address)) != 0) {
    return ffi::Error::InvalidArgument(
        "handle: not this pool's handle; pass the handle its xla() returned, or the one its "
        "last send/recv/step returned");
  }
  if (PortAt(address) == nullptr) {
    return ffi::Error::InvalidArgument(
        "handle: the pool's module and the XLA module come from different builds");
  }
  if (out.untyped_data() != in.untyped_data()) {
    std::memcpy(out.untyped_data(), in.untyped_data(), sizeof(address));
  }
  return ffi::Error::Success();
}

// The action fields, then env_id: the arguments after the handle.
ffi::Error Inputs(const ffi::RemainingArgs& args, std::vector<port::Buffer>* actions,
                  port::Buffer* env_ids) {
  if (args.size() < 2) {
    return ffi::Error::InvalidArgument("send: expected the action fields and env_id");
  }
  for (std::size_t i = 0; i < args.size(); ++i) {
    ffi::ErrorOr<ffi::AnyBuffer> arg = args.get<ffi::AnyBuffer>(i);
    if (!arg.has_value()) return arg.error();
    if (i + 1 < args.size()) {
      actions->push_back(ToBuffer(*arg));
    } else {
      *env_ids = ToBuffer(*arg);
    }
  }
  return ffi::Error::Success();
}

// The batch's arrays: the results after the handle.
ffi::Error Outputs(const ffi::RemainingRets& rets, std::vector<port::Buffer>* outputs) {
  for (std::size_t i = 0; i < rets.size(); ++i) {
    ffi::ErrorOr<ffi::Result<ffi::AnyBuffer>> ret = rets.get<ffi::AnyBuffer>(i);
    if (!ret.has_value()) return ret.error();
    outputs->push_back(ToBuffer(**ret));
  }
  return ffi::Error::Success();
}

ffi::Error Send(std::int64_t address, ffi::AnyBuffer handle, ffi::RemainingArgs args,
                ffi::Result<ffi::AnyBuffer> handle_out) {
  if (ffi::Error e = PassHandle(address, handle, *handle_out); e.failure()) return e;
  std::vector<port::Buffer> actions;
  port::Buffer env_ids{};
  if (ffi::Error e = Inputs(args, &actions, &env_ids); e.failure()) return e;
  const port::PortAbi* abi = PortAt(address);
  char error[kErrorSize] = {};
  return ToError(abi->send(abi->self, actions.data(), actions.size(), &env_ids, error, kErrorSize),
                 error);
}

ffi::Error Recv(std::int64_t address, ffi::AnyBuffer handle, ffi::Result<ffi::AnyBuffer> handle_out,
                ffi::RemainingRets rets) {
  if (ffi::Error e = PassHandle(address, handle, *handle_out); e.failure()) return e;
  std::vector<port::Buffer> outputs;
  if (ffi::Error e = Outputs(rets, &outputs); e.failure()) return e;
  const port::PortAbi* abi = PortAt(address);
  char error[kErrorSize] = {};
  return ToError(abi->recv(abi->self, outputs.data(), outputs.size(), error, kErrorSize), error);
}

ffi::Error Step(std::int64_t address, ffi::AnyBuffer handle, ffi::RemainingArgs args,
                ffi::Result<ffi::AnyBuffer> handle_out, ffi::RemainingRets rets) {
  if (ffi::Error e = PassHandle(address, handle, *handle_out); e.failure()) return e;
  std::vector<port::Buffer> actions;
  port::Buffer env_ids{};
  if (ffi::Error e = Inputs(args, &actions, &env_ids); e.failure()) return e;
  std::vector<port::Buffer> outputs;
  if (ffi::Error e = Outputs(rets, &outputs); e.failure()) return e;
  const port::PortAbi* abi = PortAt(address);
  char error[kErrorSize] = {};
  return ToError(abi->step(abi->self, actions.data(), actions.size(), &env_ids, outputs.data(),
                           outputs.size(), error, kErrorSize),
                 error);
}

XLA_FFI_DEFINE_HANDLER(kSend, Send,
                       ffi::Ffi::Bind()
                           .Attr<std::int64_t>("port")
                           .Arg<ffi::AnyBuffer>()
                           .RemainingArgs()
                           .Ret<ffi::AnyBuffer>());

XLA_FFI_DEFINE_HANDLER(kRecv, Recv,
                       ffi::Ffi::Bind()
                           .Attr<std::int64_t>("port")
                           .Arg<ffi::AnyBuffer>()
                           .Ret<ffi::AnyBuffer>()
                           .RemainingRets());

XLA_FFI_DEFINE_HANDLER(kStep, Step,
                       ffi::Ffi::Bind()
                           .Attr<std::int64_t>("port")
                           .Arg<ffi::AnyBuffer>()
                           .RemainingArgs()
                           .Ret<ffi::AnyBuffer>()
                           .RemainingRets());

}  // namespace parallel_pool::xla_module

PYBIND11_MODULE(xla_ext, m) {
  namespace py = pybind11;
  namespace mod = parallel_pool::xla_module;
  m.doc() = "XLA FFI handlers that drive a parallel_pool pool (see parallel_pool/xla).";
  auto capsule = [](XLA_FFI_Handler* handler) {
    return py::capsule(reinterpret_cast<void*>(handler));
  };
  // The handlers, as the PyCapsules jax.ffi.register_ffi_target takes.
  m.def("handlers", [capsule] {
    py::dict out;
    out["send"] = capsule(mod::kSend);
    out["recv"] = capsule(mod::kRecv);
    out["step"] = capsule(mod::kStep);
    return out;
  });
}
