// xla_port::Port<Pool>: a pool seen through the XLA port's ABI
// (xla_port_abi.h), so that parallel_pool/xla's custom calls can send
// actions to it and copy its batches into XLA's buffers. BindEnv gives every
// pool type one (PyEnvPool::XlaPort), so a family gets env.xla() with no
// code of its own.
//
// Buffers. XLA owns the buffers of a custom call: recv must copy the batch
// into them (the numpy path hands the batch over without a copy); send
// reads the actions straight from XLA's buffer. jax without
// `jax_enable_x64` has no 64-bit types, so a 64-bit field travels as its
// 32-bit sibling (float64 <-> float32, int64 <-> int32, uint64 <-> uint32),
// converted here; every other dtype must match exactly.
//
// Lifetime. A compiled XLA program holds the port's address as a constant
// and may run after the pool is gone (a jax `Compiled` object keeps no
// reference to the Python pool). So a port is never freed: its owner closes
// the pool and detaches the port before destroying the pool (waiting for a
// call in flight, which the close ends within kWaitPollInterval), and a
// later call gets an error, not a dangling pointer. A port is a few hundred
// bytes, leaked once per pool that ever called xla().
#ifndef PARALLEL_POOL_CORE_XLA_PORT_H_
#define PARALLEL_POOL_CORE_XLA_PORT_H_

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <exception>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "parallel_pool/core/action_check.h"
#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/core/xla_port_abi.h"

namespace parallel_pool::xla_port {

// The type a 64-bit dtype travels as when jax has no 64-bit types; any other
// dtype travels as itself.
inline DType Narrowed(DType dtype) {
  switch (dtype) {
    case DType::kFloat64:
      return DType::kFloat32;
    case DType::kInt64:
      return DType::kInt32;
    case DType::kUInt64:
      return DType::kUInt32;
    default:
      return dtype;
  }
}

// Converts n elements between a 64-bit dtype and its narrowed sibling
// (either way); values are cast as C++ casts them.
inline void ConvertElements(const void* src, DType from, void* dst, DType to, std::size_t n) {
  auto cast = [&](auto from_tag, auto to_tag) {
    using From = decltype(from_tag);
    using To = decltype(to_tag);
    const From* in = static_cast<const From*>(src);
    To* out = static_cast<To*>(dst);
    for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<To>(in[i]);
  };
  if (from == DType::kFloat64 && to == DType::kFloat32) return cast(double{}, float{});
  if (from == DType::kFloat32 && to == DType::kFloat64) return cast(float{}, double{});
  if (from == DType::kInt64 && to == DType::kInt32) return cast(std::int64_t{}, std::int32_t{});
  if (from == DType::kInt32 && to == DType::kInt64) return cast(std::int32_t{}, std::int64_t{});
  if (from == DType::kUInt64 && to == DType::kUInt32) return cast(std::uint64_t{}, std::uint32_t{});
  if (from == DType::kUInt32 && to == DType::kUInt64) return cast(std::uint32_t{}, std::uint64_t{});
  throw std::logic_error("ConvertElements: " + DTypeName(from) + " -> " + DTypeName(to));
}

inline bool ValidDType(std::uint8_t code) { return code <= static_cast<int>(DType::kFloat64); }

// "(rows, d1, d2)" of a field of `shape` with `rows` rows.
inline std::string RowsShapeText(std::int64_t rows, const std::vector<std::size_t>& shape) {
  std::string out = "(" + std::to_string(rows);
  for (std::size_t d : shape) out += ", " + std::to_string(d);
  return out + (shape.empty() ? ",)" : ")");
}

// Runs fn, turning what it throws into a Status and a message (nothing may
// be thrown across the ABI).
template <typename Fn>
int Guarded(char* error, std::size_t error_size, Fn&& fn) {
  auto say = [&](const char* message) {
    if (error_size == 0) return;
    std::strncpy(error, message, error_size - 1);
    error[error_size - 1] = '\0';
  };
  try {
    fn();
    return kOk;
  } catch (const std::invalid_argument& e) {
    say(e.what());
    return kInvalidArgument;
  } catch (const std::exception& e) {
    say(e.what());
    return kRuntimeError;
  } catch (...) {
    say("unknown error");
    return kRuntimeError;
  }
}

template <typename PoolT>
class Port {
 public:
  explicit Port(PoolT* pool)
      : pool_(pool),
        action_specs_(ArraySpecsOf(pool->spec().action_spec)),
        state_specs_(ArraySpecsOf(pool->spec().state_spec)),
        state_keys_(pool->state_keys()) {
    abi_ = PortAbi{kMagic, kVersion, this, &SendCall, &RecvCall, &StepCall};
    for (std::size_t i = 0; i < state_specs_.size(); ++i) {
      if (state_specs_[i].enabled) exported_.push_back(i);
    }
    if (pool->same_step()) finals_ = pool->shadowed_fields();
  }

  Port(const Port&) = delete;
  Port& operator=(const Port&) = delete;

  const PortAbi* abi() const { return &abi_; }

  // The pool is about to be destroyed (its owner closed it first): later
  // calls fail cleanly. Waits for the calls in flight to return.
  void Detach() {
    std::unique_lock<std::mutex> lock(mu_);
    pool_ = nullptr;
    idle_.wait(lock, [this] { return users_ == 0; });
  }

 private:
  // The pool, held for the length of one call.
  class Use {
   public:
    explicit Use(Port* port) : port_(port) {
      std::lock_guard<std::mutex> lock(port->mu_);
      if (port->pool_ == nullptr) {
        throw std::runtime_error(
            "pool gone: the pool these XLA functions belong to was destroyed; make a new pool "
            "and call its xla()");
      }
      pool_ = port->pool_;
      ++port->users_;
    }
    ~Use() {
      std::lock_guard<std::mutex> lock(port_->mu_);
      if (--port_->users_ == 0) port_->idle_.notify_all();
    }
    Use(const Use&) = delete;
    Use& operator=(const Use&) = delete;
    PoolT& pool() const { return *pool_; }

   private:
    Port* port_;
    PoolT* pool_;
  };

  // XLA's buffers -> an ActionBatch (views of them, or converted copies).
  ActionBatch ToBatch(PoolT& pool, const Buffer* actions, std::size_t num_actions,
                      const Buffer& env_ids) const {
    if (env_ids.dtype != static_cast<std::uint8_t>(DType::kInt32) ||
        env_ids.rows != env_ids.elements) {
      throw std::invalid_argument("env_id: expected a 1-D int32 array");
    }
    ActionBatch batch;
    const auto* ids = static_cast<const std::int32_t*>(env_ids.data);
    batch.env_ids.assign(ids, ids + env_ids.elements);
    CheckActionFieldCount(action_specs_.size(), num_actions);
    std::size_t f = 0;
    pool.spec().action_spec.ForEach([&](std::string_view key, const auto& spec) {
      std::string what = "action[" + std::string(key) + "]";
      Array view = FromXla(actions[f], action_specs_[f], batch.env_ids.size(), what);
      CheckActionValues(view, spec, what);
      batch.fields.push_back(std::move(view));
      ++f;
    });
    return batch;
  }

  static Array FromXla(const Buffer& in, const ArraySpec& spec, std::size_t rows,
                       const std::string& what) {
    std::size_t per_row = 1;
    for (std::size_t d : spec.shape) per_row *= d;
    if (in.rows != static_cast<std::int64_t>(rows) ||
        in.elements != static_cast<std::int64_t>(rows * per_row)) {
      throw std::invalid_argument(what + ": expected shape " +
                                  RowsShapeText(static_cast<std::int64_t>(rows), spec.shape) +
                                  " (one row per env_id), got " + std::to_string(in.elements) +
                                  " elements in " + std::to_string(in.rows) + " rows");
    }
    Shape shape(spec.shape.begin(), spec.shape.end(), rows);
    DType got = static_cast<DType>(in.dtype);
    if (ValidDType(in.dtype) && got == spec.dtype) {
      return Array(nullptr, static_cast<char*>(in.data), spec.dtype, shape);
    }
    if (!ValidDType(in.dtype) || got != Narrowed(spec.dtype)) {
      throw std::invalid_argument(what + ": expected dtype " + DTypeName(spec.dtype) + ", got " +
                                  (ValidDType(in.dtype) ? DTypeName(got) : "another type"));
    }
    Array converted(spec.dtype, shape);  // owned by the batch until Send has copied it
    ConvertElements(in.data, got, converted.raw(), spec.dtype, converted.size());
    return converted;
  }

  // XLA's result buffers against the fields they will receive, before the
  // pool is asked for a batch (a batch taken is gone).
  void CheckOutputs(const Buffer* outputs, std::size_t num_outputs) const {
    if (num_outputs != exported_.size() + finals_.size()) {
      throw std::invalid_argument("recv: this pool returns " +
                                  std::to_string(exported_.size() + finals_.size()) +
                                  " arrays, XLA asks for " + std::to_string(num_outputs));
    }
    for (std::size_t i = 0; i < num_outputs; ++i) {
      std::size_t f = i < exported_.size() ? exported_[i] : finals_[i - exported_.size()];
      const ArraySpec& spec = state_specs_[f];
      const Buffer& dst = outputs[i];
      std::size_t per_row = 1;
      for (std::size_t d : spec.shape) per_row *= d;
      DType to = static_cast<DType>(dst.dtype);
      if (dst.elements != dst.rows * static_cast<std::int64_t>(per_row) || !ValidDType(dst.dtype) ||
          (to != spec.dtype && to != Narrowed(spec.dtype))) {
        throw std::invalid_argument(state_keys_[f] + ": XLA's result does not fit a field of " +
                                    DTypeName(spec.dtype) + " " +
                                    RowsShapeText(dst.rows, spec.shape));
      }
    }
  }

  // The batch -> XLA's result buffers (checked by CheckOutputs).
  void ToXla(const StateBatch& out, Buffer* outputs) const {
    std::size_t i = 0;
    for (std::size_t f : exported_) CopyOut(out.arrays[f], outputs[i++]);
    for (const Array& a : out.final_arrays) CopyOut(a, outputs[i++]);
  }

  static void CopyOut(const Array& src, Buffer& dst) {
    auto rows = static_cast<std::int64_t>(src.shape().empty() ? 1 : src.shape()[0]);
    if (dst.rows != rows) {
      // Only when the pool was sent fewer envs than XLA's fixed batch: in
      // sync mode, a numpy send() of some envs received through XLA.
      throw std::runtime_error("recv: the batch has " + std::to_string(rows) +
                               " rows but XLA's result has " + std::to_string(dst.rows) +
                               " (XLA's shapes are fixed: in sync mode every env must be sent)");
    }
    if (static_cast<DType>(dst.dtype) == src.dtype()) {
      std::memcpy(dst.data, src.raw(), src.nbytes());
    } else {
      ConvertElements(src.raw(), src.dtype(), dst.data, static_cast<DType>(dst.dtype), src.size());
    }
  }

  static Port& Self(void* self) { return *static_cast<Port*>(self); }

  static int SendCall(void* self, const Buffer* actions, std::size_t num_actions,
                      const Buffer* env_ids, char* error, std::size_t error_size) {
    return Guarded(error, error_size, [&] {
      Use use(&Self(self));
      use.pool().Send(Self(self).ToBatch(use.pool(), actions, num_actions, *env_ids));
    });
  }

  static int RecvCall(void* self, Buffer* outputs, std::size_t num_outputs, char* error,
                      std::size_t error_size) {
    return Guarded(error, error_size, [&] {
      Use use(&Self(self));
      Self(self).CheckOutputs(outputs, num_outputs);
      Self(self).ToXla(use.pool().Recv(), outputs);
    });
  }

  static int StepCall(void* self, const Buffer* actions, std::size_t num_actions,
                      const Buffer* env_ids, Buffer* outputs, std::size_t num_outputs, char* error,
                      std::size_t error_size) {
    return Guarded(error, error_size, [&] {
      Use use(&Self(self));
      Self(self).CheckOutputs(outputs, num_outputs);
      Self(self).ToXla(
          use.pool().Step(Self(self).ToBatch(use.pool(), actions, num_actions, *env_ids)), outputs);
    });
  }

  PortAbi abi_{};
  std::mutex mu_;
  std::condition_variable idle_;
  PoolT* pool_;    // null once detached; guarded by mu_
  int users_ = 0;  // calls in flight; guarded by mu_
  std::vector<ArraySpec> action_specs_;
  std::vector<ArraySpec> state_specs_;
  std::vector<std::string> state_keys_;
  std::vector<std::size_t> exported_;  // state fields returned, in order
  std::vector<std::size_t> finals_;    // same-step: the fields with a "final" copy
};

}  // namespace parallel_pool::xla_port

#endif  // PARALLEL_POOL_CORE_XLA_PORT_H_
