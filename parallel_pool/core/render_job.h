// The work of one Render call, shared by the caller and the worker threads,
// and the pool's slot for the call in progress.
//
// A pool's Render(env_ids, request) queues one render item per env; each
// worker that takes one renders the next env of the current job into its row
// of a fresh frame array, while the caller waits (it never renders itself, so
// any GL context lives on a worker thread). The items share the action queue,
// so a worker looks for them only where it already looked for the stop item.
// A render abandoned by a Ctrl-C leaves its items queued: the next call that
// queues work first waits for them to go (they render nothing), which keeps
// the queue within its capacity.
#ifndef PARALLEL_POOL_CORE_RENDER_JOB_H_
#define PARALLEL_POOL_CORE_RENDER_JOB_H_

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <utility>
#include <vector>

#include "parallel_pool/core/array.h"
#include "parallel_pool/core/render.h"

namespace parallel_pool {

// The frames of one Render call: env_ids[i] renders into row i of an
// (n, height, width, 3) uint8 array. The pool queues one item per env; each
// item taken runs RunNext once, which renders the next env (or, once the
// job is cancelled, nothing). WaitFor returns when every item has run: all
// frames are there, or a cancelled job's items are all gone from the queue.
// Shared by the caller and the workers, so a caller that gives up (Ctrl-C)
// leaves nothing dangling.
class RenderJob {
 public:
  RenderJob(std::vector<int> env_ids, const RenderRequest& request)
      : env_ids_(std::move(env_ids)),
        request_(request),
        frames_(DType::kUInt8, Shape{env_ids_.size(), static_cast<std::size_t>(request.height),
                                     static_cast<std::size_t>(request.width), std::size_t{3}}) {}

  // One queued item: renders the next env, render(env_id, request, rgb),
  // unless the job is cancelled. An exception is kept (the first one, passed
  // through `name_error` with the env id) for the caller, and the job goes on
  // with the other envs.
  template <typename RenderFn, typename NameError>
  void RunNext(RenderFn&& render, NameError&& name_error) {
    const std::size_t i = next_.fetch_add(1);
    if (i < env_ids_.size() && !cancelled_.load()) {
      try {
        render(env_ids_[i], request_,
               reinterpret_cast<std::uint8_t*>(frames_.raw() + i * frames_.row_bytes()));
      } catch (...) {
        std::lock_guard<std::mutex> lock(mu_);
        if (!error_) error_ = name_error(std::current_exception(), env_ids_[i]);
      }
    }
    std::lock_guard<std::mutex> lock(mu_);
    if (++done_ == env_ids_.size()) finished_.notify_all();
  }

  // True once every item has run (waits at most `timeout`).
  bool WaitFor(std::chrono::milliseconds timeout) {
    std::unique_lock<std::mutex> lock(mu_);
    return finished_.wait_for(lock, timeout, [this] { return done_ == env_ids_.size(); });
  }

  // The caller gave up: the items still queued render nothing.
  void Cancel() { cancelled_.store(true); }

  // The frames, or the first env's exception. Thrown as a copy: the
  // original belongs to the job, which a worker may be the last to free, so
  // the caller must not still be reading it then (the exception_ptr's own
  // count, inside libstdc++, is invisible to ThreadSanitizer).
  const Array& Result() const {
    if (!error_) return frames_;
    try {
      std::rethrow_exception(error_);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(e.what());
    } catch (const std::exception& e) {
      throw std::runtime_error(e.what());
    }
    throw std::runtime_error("render: unknown error");
  }

 private:
  const std::vector<int> env_ids_;
  const RenderRequest request_;
  const Array frames_;
  std::atomic<std::size_t> next_{0};
  std::atomic<bool> cancelled_{false};
  std::mutex mu_;
  std::condition_variable finished_;
  std::size_t done_ = 0;
  std::exception_ptr error_;
};

// The Render call in progress, if any: set by the caller (under the pool's
// API lock), read by the workers that take its items (under this lock).
class RenderSlot {
 public:
  void Start(std::shared_ptr<RenderJob> job) {
    std::lock_guard<std::mutex> lock(mu_);
    job_ = std::move(job);
  }
  std::shared_ptr<RenderJob> Current() const {
    std::lock_guard<std::mutex> lock(mu_);
    return job_;
  }
  void End() {
    std::lock_guard<std::mutex> lock(mu_);
    job_.reset();
  }

 private:
  mutable std::mutex mu_;
  std::shared_ptr<RenderJob> job_;
};

}  // namespace parallel_pool

#endif  // PARALLEL_POOL_CORE_RENDER_JOB_H_
