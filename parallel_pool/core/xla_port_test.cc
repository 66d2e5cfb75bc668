// The XLA port without XLA: its ABI driven the way parallel_pool/xla's
// handlers drive it, with plain buffers (so it runs under the sanitizers
// with the rest of the core).
#include "parallel_pool/core/xla_port.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "parallel_pool/core/test_envs.h"

namespace parallel_pool::testing {
namespace {

using xla_port::Buffer;
using xla_port::PortAbi;

CounterEnvSpec MakeSpec(int num_envs, int batch_size, int sleep_us = 0, int fail_env = -1) {
  auto config = CounterEnvSpec::DefaultConfig();
  config["num_envs"_] = num_envs;
  config["batch_size"_] = batch_size;
  config["num_threads"_] = 2;
  config["sleep_us"_] = sleep_us;
  config["fail_env"_] = fail_env;
  return CounterEnvSpec(config);
}

std::uint8_t Code(DType dtype) { return static_cast<std::uint8_t>(dtype); }

// Memory for the results of one recv, as XLA would hand it over: one buffer
// per exported state field, 64-bit fields narrowed when `narrow` (jax
// without x64).
class Results {
 public:
  Results(const CounterEnvSpec& spec, std::int64_t rows, bool narrow) {
    for (const ArraySpec& a : ArraySpecsOf(spec.state_spec)) {
      if (!a.enabled) continue;
      std::size_t per_row = 1;
      for (std::size_t d : a.shape) per_row *= d;
      DType dtype = narrow ? xla_port::Narrowed(a.dtype) : a.dtype;
      storage_.emplace_back(rows * per_row * SizeOf(dtype));
      buffers_.push_back(
          Buffer{nullptr, static_cast<std::int64_t>(rows * per_row), rows, Code(dtype)});
    }
    for (std::size_t i = 0; i < buffers_.size(); ++i) buffers_[i].data = storage_[i].data();
  }
  Buffer* data() { return buffers_.data(); }
  std::size_t size() const { return buffers_.size(); }
  template <typename T>
  const T* Field(std::string_view key) const {
    return reinterpret_cast<const T*>(storage_[CounterEnvSpec::StateSpec::IndexOf(key)].data());
  }

 private:
  std::vector<std::vector<char>> storage_;
  std::vector<Buffer> buffers_;
};

struct Call {
  int status;
  std::string error;
};

Call Send(const PortAbi* abi, std::vector<std::int32_t> actions, std::vector<std::int32_t> ids,
          DType action_dtype = DType::kInt32) {
  Buffer a{actions.data(), static_cast<std::int64_t>(actions.size()),
           static_cast<std::int64_t>(actions.size()), Code(action_dtype)};
  Buffer e{ids.data(), static_cast<std::int64_t>(ids.size()), static_cast<std::int64_t>(ids.size()),
           Code(DType::kInt32)};
  char error[256] = {};
  int status = abi->send(abi->self, &a, 1, &e, error, sizeof(error));
  return {status, error};
}

Call Recv(const PortAbi* abi, Results& out, std::size_t num_outputs) {
  char error[256] = {};
  int status = abi->recv(abi->self, out.data(), num_outputs, error, sizeof(error));
  return {status, error};
}

TEST(XlaPortTest, SendRecvCopiesTheBatchAndNarrowsSixtyFourBitFields) {
  CounterEnvSpec spec = MakeSpec(3, 3);
  CounterEnvPool pool(spec);
  xla_port::Port<CounterEnvPool> port(&pool);
  const PortAbi* abi = port.abi();
  ASSERT_EQ(abi->magic, xla_port::kMagic);
  pool.Reset({});
  static_cast<void>(pool.Recv());

  Call sent = Send(abi, {7, 8, 9}, {0, 1, 2});
  ASSERT_EQ(sent.status, xla_port::kOk) << sent.error;
  Results out(spec, 3, /*narrow=*/true);
  Call received = Recv(abi, out, out.size());
  ASSERT_EQ(received.status, xla_port::kOk) << received.error;
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(out.Field<int>("obs")[i * 3 + 0], i);
    EXPECT_EQ(out.Field<int>("obs")[i * 3 + 1], 1);
    EXPECT_EQ(out.Field<int>("obs")[i * 3 + 2], 7 + i);
    EXPECT_EQ(out.Field<float>("reward")[i], static_cast<float>(7 + i));  // float64 -> float32
    EXPECT_EQ(out.Field<int>("info:env_id")[i], i);
  }

  // The exact dtypes are taken as they are.
  Results exact(spec, 3, /*narrow=*/false);
  ASSERT_EQ(Send(abi, {1, 2, 3}, {0, 1, 2}).status, xla_port::kOk);
  ASSERT_EQ(Recv(abi, exact, exact.size()).status, xla_port::kOk);
  EXPECT_EQ(exact.Field<double>("reward")[2], 3.0);
}

TEST(XlaPortTest, StepIsSendThenRecv) {
  CounterEnvSpec spec = MakeSpec(2, 2);
  CounterEnvPool pool(spec);
  xla_port::Port<CounterEnvPool> port(&pool);
  const PortAbi* abi = port.abi();
  pool.Reset({});
  static_cast<void>(pool.Recv());
  std::vector<std::int32_t> actions{4, 5};
  std::vector<std::int32_t> ids{1, 0};
  Buffer a{actions.data(), 2, 2, Code(DType::kInt32)};
  Buffer e{ids.data(), 2, 2, Code(DType::kInt32)};
  Results out(spec, 2, /*narrow=*/true);
  char error[256] = {};
  ASSERT_EQ(abi->step(abi->self, &a, 1, &e, out.data(), out.size(), error, sizeof(error)),
            xla_port::kOk)
      << error;
  EXPECT_EQ(out.Field<int>("info:env_id")[0], 1);
  EXPECT_EQ(out.Field<int>("obs")[2], 4);
}

TEST(XlaPortTest, BadInputIsRefusedBeforeThePoolChanges) {
  CounterEnvSpec spec = MakeSpec(2, 2);
  CounterEnvPool pool(spec);
  xla_port::Port<CounterEnvPool> port(&pool);
  const PortAbi* abi = port.abi();
  pool.Reset({});
  static_cast<void>(pool.Recv());

  Call out_of_range = Send(abi, {0, 101}, {0, 1});
  EXPECT_EQ(out_of_range.status, xla_port::kInvalidArgument);
  EXPECT_EQ(out_of_range.error, "action[action]: value 101 is outside [0, 100]");
  Call wrong_dtype = Send(abi, {0, 1}, {0, 1}, DType::kUInt32);
  EXPECT_EQ(wrong_dtype.status, xla_port::kInvalidArgument);
  EXPECT_EQ(wrong_dtype.error, "action[action]: expected dtype int32, got uint32");
  Call wrong_rows = Send(abi, {0, 1, 2}, {0, 1});
  EXPECT_EQ(wrong_rows.status, xla_port::kInvalidArgument);
  EXPECT_NE(wrong_rows.error.find("expected shape (2,)"), std::string::npos) << wrong_rows.error;
  Call repeated = Send(abi, {0, 1}, {1, 1});
  EXPECT_EQ(repeated.status, xla_port::kInvalidArgument);
  EXPECT_EQ(repeated.error, "env_id: 1 given twice");
  EXPECT_EQ(pool.in_flight(), 0);

  ASSERT_EQ(Send(abi, {1, 1}, {0, 1}).status, xla_port::kOk);
  Results out(spec, 2, /*narrow=*/true);
  Call too_few = Recv(abi, out, out.size() - 1);
  EXPECT_EQ(too_few.status, xla_port::kInvalidArgument);
  EXPECT_EQ(pool.in_flight(), 2);  // the batch was not taken
  EXPECT_EQ(Recv(abi, out, out.size()).status, xla_port::kOk);
  EXPECT_EQ(pool.in_flight(), 0);
}

TEST(XlaPortTest, AnEnvErrorIsARuntimeErrorNamingTheEnv) {
  CounterEnvSpec spec = MakeSpec(2, 2, /*sleep_us=*/0, /*fail_env=*/1);
  CounterEnvPool pool(spec);
  xla_port::Port<CounterEnvPool> port(&pool);
  const PortAbi* abi = port.abi();
  pool.Reset({});
  static_cast<void>(pool.Recv());
  ASSERT_EQ(Send(abi, {1, 1}, {0, 1}).status, xla_port::kOk);
  Results out(spec, 2, /*narrow=*/true);
  Call failed = Recv(abi, out, out.size());
  EXPECT_EQ(failed.status, xla_port::kRuntimeError);
  EXPECT_EQ(failed.error, "env 1: env 1 failed on purpose");
}

TEST(XlaPortTest, DetachEndsAWaitingCallAndLaterCallsFailCleanly) {
  CounterEnvSpec spec = MakeSpec(2, 2, /*sleep_us=*/200000);
  auto pool = std::make_unique<CounterEnvPool>(spec);
  xla_port::Port<CounterEnvPool> port(pool.get());
  const PortAbi* abi = port.abi();
  pool->Reset({});
  static_cast<void>(pool->Recv());
  ASSERT_EQ(Send(abi, {1, 1}, {0, 1}).status, xla_port::kOk);
  Results waiting_out(spec, 2, /*narrow=*/true);
  Call waiting{};
  std::thread caller([&] { waiting = Recv(abi, waiting_out, waiting_out.size()); });
  std::this_thread::sleep_for(std::chrono::milliseconds(20));  // let it wait (steps take 200 ms)
  pool->Close();                                               // what PyEnvPool's destructor does
  port.Detach();
  pool.reset();
  caller.join();
  // Normally the close ends its wait; on a loaded machine the thread may
  // only get to the pool after the close, or after the detach.
  EXPECT_EQ(waiting.status, xla_port::kRuntimeError);
  EXPECT_TRUE(waiting.error == kPoolClosedMessage || waiting.error.find("pool gone") == 0)
      << waiting.error;
  Results out(spec, 2, /*narrow=*/true);
  Call later = Recv(abi, out, out.size());
  EXPECT_EQ(later.status, xla_port::kRuntimeError);
  EXPECT_NE(later.error.find("pool gone"), std::string::npos) << later.error;
}

}  // namespace
}  // namespace parallel_pool::testing
