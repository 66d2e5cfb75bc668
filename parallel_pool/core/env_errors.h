// Errors of envs that run on worker threads. An exception in an env is caught
// on its worker and kept, the env's batch row is still marked finished (so
// nobody waits forever), and the first error is re-thrown on the caller's
// thread from its next Recv/Step, naming the env.
#ifndef PARALLEL_POOL_CORE_ENV_ERRORS_H_
#define PARALLEL_POOL_CORE_ENV_ERRORS_H_

#include <atomic>
#include <exception>
#include <mutex>
#include <new>
#include <stdexcept>
#include <string>

#include "parallel_pool/core/state_buffer_queue.h"

namespace parallel_pool {

// `error` with "env <id>: " before its message, so Python's exception says
// which env failed: std::invalid_argument stays one (ValueError), an
// allocation failure stays one (MemoryError), any other std::exception
// becomes std::runtime_error (RuntimeError).
inline std::exception_ptr NamingEnv(std::exception_ptr error, int env_id) {
  const std::string prefix = "env " + std::to_string(env_id) + ": ";
  try {
    std::rethrow_exception(error);
  } catch (const std::invalid_argument& e) {
    return std::make_exception_ptr(std::invalid_argument(prefix + e.what()));
  } catch (const std::bad_alloc& e) {  // stays a MemoryError
    return std::make_exception_ptr(OutOfMemory(prefix + "out of memory (" + e.what() + ")"));
  } catch (const std::exception& e) {
    return std::make_exception_ptr(std::runtime_error(prefix + e.what()));
  } catch (...) {
    return std::make_exception_ptr(std::runtime_error(prefix + "unknown error"));
  }
}

// The first env error since the caller last looked; later ones are dropped
// (one batch can fail in many envs for one cause).
class FirstEnvError {
 public:
  // Inside a catch block on a worker: keeps the exception being handled.
  void Capture(int env_id) {
    std::lock_guard<std::mutex> lock(mu_);
    if (!error_) error_ = NamingEnv(std::current_exception(), env_id);
    pending_.store(true);
  }

  // On the caller's thread: throws the kept error, once. Costs one atomic
  // load when there is none (every Recv asks).
  void ThrowIfAny() {
    if (!pending_.load()) return;
    std::exception_ptr error;
    {
      std::lock_guard<std::mutex> lock(mu_);
      error = error_;
      error_ = nullptr;
      pending_.store(false);
    }
    if (error) std::rethrow_exception(error);
  }

 private:
  std::mutex mu_;
  std::exception_ptr error_;
  std::atomic<bool> pending_{false};
};

}  // namespace parallel_pool

#endif  // PARALLEL_POOL_CORE_ENV_ERRORS_H_
