// AsyncEnvPool<Env>: num_envs envs, num_threads workers, one batch API.
//
//   Send(actions, env_ids)  copy each action into its env's row, queue the envs
//   Recv()                  wait for a batch, take it without copying
//   Step(actions, env_ids)  both, deciding who runs the envs (core/inline_run.h)
//
// Its parts live beside it, each with the why of its policy: the action rows
// a Send fills (core/action_rows.h), who runs a sync batch, the caller or the
// workers (core/inline_run.h), env errors carried to the caller
// (core/env_errors.h), how a waiting caller answers Ctrl-C and Close()
// (core/wait_poll.h), the work of a Render (core/render_job.h), and fork
// detection (core/fork_guard.h).
#ifndef PARALLEL_POOL_CORE_ASYNC_ENV_POOL_H_
#define PARALLEL_POOL_CORE_ASYNC_ENV_POOL_H_

#include <pthread.h>
#include <sched.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "parallel_pool/core/action_buffer_queue.h"
#include "parallel_pool/core/action_check.h"
#include "parallel_pool/core/action_rows.h"
#include "parallel_pool/core/env.h"
#include "parallel_pool/core/env_errors.h"
#include "parallel_pool/core/fork_guard.h"
#include "parallel_pool/core/inline_run.h"
#include "parallel_pool/core/render.h"
#include "parallel_pool/core/render_job.h"
#include "parallel_pool/core/state_buffer_queue.h"
#include "parallel_pool/core/wait_poll.h"

namespace parallel_pool {

// Env ids of the action queue's special items.
inline constexpr int kStopItem = -1;    // a worker exits
inline constexpr int kRenderItem = -2;  // a worker renders an env of the current RenderJob

template <typename EnvT>
class AsyncEnvPool {
 public:
  using Spec = typename EnvT::Spec;
  using EnvClass = EnvT;
  // How long the workers and the waiting caller poll before they sleep. Not
  // at all where every env waits on a process of its own: those processes
  // need the cores too, and a polling thread holds the core a process needs.
  static constexpr std::chrono::microseconds kSpin =
      Spec::ThreadPerEnv() ? std::chrono::microseconds::zero() : kSpinBudget;

  // `env_specs`: env i's own spec (config values given per env, with the
  // pool's spaces), or empty for `spec` everywhere.
  explicit AsyncEnvPool(const Spec& spec, std::vector<Spec> env_specs = {})
      : spec_(spec),
        env_specs_(std::move(env_specs)),
        num_envs_(spec.num_envs()),
        batch_size_(spec.batch_size()),
        max_players_(spec.max_num_players()),
        sync_mode_(spec.sync_mode()),
        autoreset_disabled_(spec.autoreset_disabled()),
        workers_only_(spec.worker_threads_only()),
        state_specs_(ArraySpecsOf(spec.state_spec)),
        shadowed_(ShadowedFields(spec)),
        state_keys_(Spec::StateSpec::Keys()),
        action_rows_(ArraySpecsOf(spec.action_spec), num_envs_, max_players_),
        action_queue_(static_cast<std::size_t>(num_envs_ + spec.num_threads()), kSpin),
        state_queue_(state_specs_,
                     spec.same_step_autoreset() ? shadowed_ : std::vector<std::size_t>{},
                     batch_size_, num_envs_, max_players_, sync_mode_, kSpin),
        in_flight_(num_envs_, 0),
        env_mark_(num_envs_, 0) {
    if (!env_specs_.empty() && static_cast<int>(env_specs_.size()) != num_envs_) {
      throw std::invalid_argument("env_specs: expected one spec per env (" +
                                  std::to_string(num_envs_) + "), got " +
                                  std::to_string(env_specs_.size()));
    }
    env_id_field_ = IndexOfKey("info:env_id");
    // Workers take envs in chunks small enough to keep every thread busy
    // (about four chunks per thread per full batch) and large enough that
    // the queue's lock is not paid per cheap env.
    chunk_ = static_cast<std::size_t>(std::clamp(num_envs_ / (4 * spec.num_threads()), 1, 32));
    ConstructEnvs(spec.num_threads());
    int offset = spec.config["thread_affinity_offset"_];
    for (int i = 0; i < spec.num_threads(); ++i) {
      try {
        workers_.emplace_back([this] { WorkerLoop(); });
      } catch (const std::system_error& e) {
        // Out of threads or memory for their stacks: the workers already started
        // must be joined here (a joinable std::thread destroyed would terminate).
        StopLocked();
        throw std::runtime_error("num_threads: could not start worker thread " +
                                 std::to_string(i + 1) + " of " +
                                 std::to_string(spec.num_threads()) + " (" + e.what() + ")");
      }
      // In 64 bits: offset may be as large as INT_MAX.
      if (offset >= 0) PinThread(workers_.back(), static_cast<long long>(offset) + i);
    }
  }

  ~AsyncEnvPool() { Close(); }

  AsyncEnvPool(const AsyncEnvPool&) = delete;
  AsyncEnvPool& operator=(const AsyncEnvPool&) = delete;

  const Spec& spec() const { return spec_; }
  const std::vector<std::string>& state_keys() const { return state_keys_; }
  const std::vector<std::size_t>& shadowed_fields() const { return shadowed_; }
  bool same_step() const { return spec_.same_step_autoreset(); }
  int in_flight() const { return in_flight_count_; }
  bool closed() const { return closing_.load(); }
  // Whether this process is a fork()ed child of the one that made the pool.
  bool forked() const { return fork_guard_.forked(); }

  // Each call below may wait (for a batch, or for one an interrupted call
  // left behind); `poll` is called while it does (see WaitPoll).
  void Send(const ActionBatch& batch, const WaitPoll& poll = nullptr) {
    std::lock_guard<std::mutex> lock(Enter());
    Call call(this, &poll);
    const std::vector<ActionSlice>& items = Prepare(batch, false);
    action_queue_.EnqueueBulk(items.data(), items.size());
  }

  // Resets the given envs (all, if empty); results come back via Recv.
  void Reset(const std::vector<int>& env_ids, const WaitPoll& poll = nullptr) {
    Reset(env_ids, {}, poll);
  }

  // The same, each env first re-seeded with its entry of `seeds` (one per
  // env reset, in env_ids order; empty, or an entry without a value: that env
  // goes on with its generator), so that it runs as a new env made with that
  // seed would (the user's reset(seed=...)).
  void Reset(const std::vector<int>& env_ids,
             const std::vector<std::optional<std::uint32_t>>& seeds,
             const WaitPoll& poll = nullptr) {
    std::lock_guard<std::mutex> lock(Enter());
    Call call(this, &poll);
    const std::size_t resets = env_ids.empty() ? num_envs_ : env_ids.size();
    if (!seeds.empty() && seeds.size() != resets) {
      throw std::invalid_argument("seed: expected one seed per env reset (" +
                                  std::to_string(resets) + "), got " +
                                  std::to_string(seeds.size()));
    }
    ActionBatch batch;
    batch.env_ids = env_ids;
    const std::vector<ActionSlice>& items = Prepare(batch, true);
    for (std::size_t i = 0; i < seeds.size(); ++i) {
      if (seeds[i]) envs_[items[i].env_id]->SetResetSeed(*seeds[i]);
    }
    action_queue_.EnqueueBulk(items.data(), items.size());
  }

  // `timeout`: how long to wait for the batch before throwing RecvTimeout
  // (0: take it only if it is ready now); none: as long as it takes.
  StateBatch Recv(const WaitPoll& poll = nullptr,
                  std::optional<std::chrono::nanoseconds> timeout = std::nullopt) {
    Deadline deadline;
    if (timeout) deadline = std::chrono::steady_clock::now() + *timeout;
    std::lock_guard<std::mutex> lock(Enter());
    Call call(this, &poll);
    return RecvLocked(deadline);
  }

  // Send + Recv in one call. In sync mode a cheap batch runs inline.
  StateBatch Step(const ActionBatch& batch, const WaitPoll& poll = nullptr) {
    std::lock_guard<std::mutex> lock(Enter());
    Call call(this, &poll);
    const std::vector<ActionSlice>& items = Prepare(batch, false);
    std::size_t ran = 0;
    if (sync_mode_ && !workers_only_ && inline_policy_.Worth(items.size())) {
      ran = inline_policy_.Run(items.size(), [&](std::size_t i) { RunOne(items[i]); });
    }
    if (ran < items.size()) action_queue_.EnqueueBulk(items.data() + ran, items.size() - ran);
    return RecvLocked();
  }

  // Renders env_ids (each once) on the worker threads: an (n, height, width,
  // 3) uint8 array, row i from env_ids[i]. The envs must not be running
  // (std::invalid_argument, as for Send). An env's exception is thrown here,
  // naming the env, after the others have rendered.
  Array Render(const std::vector<int>& env_ids, RenderRequest request,
               const WaitPoll& poll = nullptr) requires RenderableEnv<EnvT> {
    std::lock_guard<std::mutex> lock(Enter());
    Call call(this, &poll);
    DrainRender();
    DropOrphan();
    const RenderRequest asked = request;
    request = DrawnFrame<EnvT>(spec_, request);
    CheckIdle(env_ids);
    auto job = std::make_shared<RenderJob>(env_ids, request);
    render_slot_.Start(job);
    std::vector<ActionSlice> items(env_ids.size(), ActionSlice{kRenderItem, 0, false});
    action_queue_.EnqueueBulk(items.data(), items.size());
    try {
      WaitForRender(*job);
    } catch (...) {
      // The job stays current, so the workers count its queued items off
      // until DrainRender sees them gone.
      job->Cancel();
      throw;
    }
    render_slot_.End();
    return ResizedFrames(job->Result(), asked, request);
  }

  // Stops the pool for good; idempotent, and safe from any thread. A caller
  // waiting in Recv/Step throws "pool closed" within kWaitPollInterval (or
  // after the env it is running itself); then queued work is dropped, the
  // workers finish the env they are running and exit, and the envs are
  // destroyed. Every later call throws "pool closed". In a fork()ed child it
  // only marks the pool closed and leaks it (its threads are not there).
  void Close() {
    closing_.store(true);
    if (forked()) {
      LeakAfterFork();
      return;
    }
    // Called from a WaitPoll (a Python signal handler that closes the pool):
    // this thread holds the lock; the wait it interrupts stops the pool.
    if (poller_.load() == std::this_thread::get_id()) return;
    std::lock_guard<std::mutex> lock(api_mu_);
    StopLocked();
  }

 private:
  // Checks, before taking any lock (a fork may have copied it locked), that
  // the pool can be used; returns the lock to take.
  std::mutex& Enter() {
    fork_guard_.ThrowIfForked();
    if (closing_.load()) throw std::runtime_error(kPoolClosedMessage);
    return api_mu_;
  }

  // One API call, under api_mu_: makes its WaitPoll the one Poll() calls.
  class Call {
   public:
    Call(AsyncEnvPool* pool, const WaitPoll* poll) : pool_(pool) { pool_->poll_ = poll; }
    ~Call() { pool_->poll_ = nullptr; }
    Call(const Call&) = delete;
    Call& operator=(const Call&) = delete;

   private:
    AsyncEnvPool* pool_;
  };

  void DropOrphan() {
    if (orphaned_) static_cast<void>(TakeHead());
  }

  // Under api_mu_: stops the workers (queued work is skipped, see
  // WorkerLoop) and destroys the envs.
  void StopLocked() {
    if (stopped_) return;
    stopped_ = true;
    std::vector<ActionSlice> stop(workers_.size(), ActionSlice{kStopItem, 0, false});
    action_queue_.EnqueueBulk(stop.data(), stop.size());
    for (std::thread& t : workers_) t.join();
    workers_.clear();
    envs_.clear();
  }

  // fork() copied the threads' handles but not the threads: joining them
  // would wait forever, destroying joinable handles would abort, and
  // destroying the envs could end resources the parent still uses (engine
  // processes). So the child leaks them; its copy of the memory is free.
  void LeakAfterFork() {
    static_cast<void>(new std::vector<std::thread>(std::move(workers_)));
    static_cast<void>(new std::vector<std::unique_ptr<EnvT>>(std::move(envs_)));
  }

  static std::vector<std::size_t> ShadowedFields(const Spec& spec) {
    std::vector<std::size_t> out;
    std::vector<std::string> keys = Spec::StateSpec::Keys();
    std::vector<ArraySpec> specs = ArraySpecsOf(spec.state_spec);
    for (std::size_t i = 0; i < keys.size(); ++i) {
      if (!specs[i].enabled) continue;
      const FieldRole role = StateFieldRole(keys[i]);
      if (role == FieldRole::kObs || role == FieldRole::kInfo || role == FieldRole::kPoolInfo) {
        out.push_back(i);
      }
    }
    return out;
  }

  std::size_t IndexOfKey(const std::string& key) const {
    return static_cast<std::size_t>(std::find(state_keys_.begin(), state_keys_.end(), key) -
                                    state_keys_.begin());
  }

  void ConstructEnvs(int num_threads) {
    envs_.resize(num_envs_);
    std::vector<std::thread> builders;
    std::vector<std::exception_ptr> errors(num_threads);
    auto build = [this, num_threads, &errors](int t) {
      try {
        for (int i = t; i < num_envs_; i += num_threads) {
          try {
            envs_[i] = std::make_unique<EnvT>(env_specs_.empty() ? spec_ : env_specs_[i], i);
          } catch (...) {
            errors[t] = NamingEnv(std::current_exception(), i);
            return;
          }
        }
      } catch (...) {
        errors[t] = std::current_exception();
      }
    };
    for (int t = 0; t < num_threads; ++t) {
      try {
        builders.emplace_back(build, t);
      } catch (const std::system_error&) {
        // No thread to be had: this one builds the rest (the workers will fail to
        // start too, with an error naming num_threads).
        for (int rest = t; rest < num_threads; ++rest) build(rest);
        break;
      }
    }
    for (std::thread& b : builders) b.join();
    for (const std::exception_ptr& e : errors) {
      if (e) std::rethrow_exception(e);
    }
    EnvWiring wiring{&state_queue_, &action_rows_.buffers(), &action_rows_.specs(), &state_specs_,
                     &shadowed_};
    for (auto& env : envs_) env->Wire(wiring);
  }

  // The ids of a Send, Reset or Render: at least one, each in range, once,
  // and not running. Marks them with a new epoch (MarkedThisCall).
  void CheckIdle(const std::vector<int>& ids) {
    CheckEnvIdsInRange(ids, num_envs_);
    const std::uint32_t epoch = NextEpoch();
    for (int id : ids) {
      if (env_mark_[id] == epoch) {
        throw std::invalid_argument("env_id: " + std::to_string(id) + " given twice");
      }
      if (in_flight_[id]) {
        throw std::invalid_argument("env_id: env " + std::to_string(id) +
                                    " is still running; recv() its result first");
      }
      env_mark_[id] = epoch;
    }
  }

  // A fresh stamp for env_mark_: marking envs costs no clearing of the
  // num_envs-long array on each call, only a reset when the stamp wraps.
  std::uint32_t NextEpoch() {
    if (++epoch_ == 0) {
      std::fill(env_mark_.begin(), env_mark_.end(), 0U);
      epoch_ = 1;
    }
    return epoch_;
  }

  // Whether the last CheckIdle was given `id`.
  bool MarkedThisCall(int id) const { return env_mark_[id] == epoch_; }

  // Waits for every item of `job` to be taken, answering signals and
  // Close() meanwhile.
  void WaitForRender(RenderJob& job) {
    while (!job.WaitFor(kWaitPollInterval)) {
      ThrowIfClosing();
      Poll();
      ThrowIfClosing();
    }
  }

  // An abandoned Render's items may still be queued: wait for them to be
  // taken (they render nothing). The slot is only started under api_mu_,
  // which the caller holds.
  void DrainRender() {
    std::shared_ptr<RenderJob> job = render_slot_.Current();
    if (job == nullptr) return;
    WaitForRender(*job);
    render_slot_.End();
  }

  // A render item was taken: it runs the current job's next env (on a
  // worker thread), or, on the caller's thread (a leftover of an abandoned,
  // hence cancelled, job) only counts itself gone.
  void RenderNext(bool on_worker) {
    if constexpr (RenderableEnv<EnvT>) {
      std::shared_ptr<RenderJob> job = render_slot_.Current();
      if (job == nullptr) return;
      if (!on_worker || closing_.load()) job->Cancel();
      job->RunNext([this](int env_id, const RenderRequest& request,
                          std::uint8_t* rgb) { envs_[env_id]->Render(request, rgb); },
                   NamingEnv);
    }
  }

  // Validates the request, copies actions into the envs' rows, marks the
  // envs in flight. Throws std::invalid_argument (ValueError in Python)
  // before changing anything if the request is bad.
  // The items returned are the pool's scratch (valid until the next call).
  // Nothing here allocates once the scratch has grown to a call's size: it
  // runs on every send (a 64-env async CartPole pool sends a million env
  // steps a second).
  const std::vector<ActionSlice>& Prepare(const ActionBatch& batch, bool force_reset) {
    DrainRender();
    DropOrphan();
    std::vector<int>& ids = ids_;
    ids.assign(batch.env_ids.begin(), batch.env_ids.end());
    if (ids.empty() && force_reset) {
      for (int i = 0; i < num_envs_; ++i) ids.push_back(i);
    }
    CheckIdle(ids);
    // Without autoreset the pool never steps an env out of a finished
    // episode; the caller resets it (gymnasium's AutoresetMode.DISABLED).
    if (!force_reset && autoreset_disabled_) {
      for (int id : ids) {
        if (envs_[id]->IsDone()) {
          throw std::invalid_argument("env_id: env " + std::to_string(id) +
                                      " has no episode running (it ended, or was never reset) and "
                                      "autoreset_mode is 'disabled'; reset it first");
        }
      }
    }
    if (!force_reset) {
      action_rows_.Copy(batch, ids, [this](int id) { return MarkedThisCall(id); });
    }
    std::vector<ActionSlice>& items = items_;
    items.clear();
    const int first_order = sync_mode_ ? sync_sent_ : 0;
    // Longest first: an env whose episode ended resets now, which may cost
    // many steps' worth (an emulator may run dozens of frames to start an
    // episode); queued last, it would keep a sync batch waiting on one thread
    // while the others idle. Rows are fixed by `order` (the ids' order), so
    // only the run order changes: the resetting envs are queued first.
    for (int pass = 0; pass < (force_reset ? 1 : 2); ++pass) {
      int order = first_order;
      for (int id : ids) {
        const bool queue_now = force_reset || envs_[id]->IsDone() == (pass == 0);
        if (queue_now) items.push_back(ActionSlice{id, order, force_reset});
        ++order;
      }
    }
    for (int id : ids) {
      in_flight_[id] = 1;
      if (!force_reset) envs_[id]->SetActionPlayers(action_rows_.players(id));
    }
    in_flight_count_ += static_cast<int>(ids.size());
    if (sync_mode_) {
      sync_sent_ += static_cast<int>(ids.size());
      state_queue_.Expect(static_cast<int>(ids.size()));
    }
    return items;
  }

  // Env errors surface here, after the batch is taken, so the envs that
  // did finish are not left "in flight" forever.
  StateBatch RecvLocked(const Deadline& deadline = std::nullopt) {
    int due = sync_mode_ ? sync_sent_ : batch_size_;
    if (due == 0 || in_flight_count_ < due) {
      throw std::runtime_error(
          in_flight_count_ == 0
              ? "recv(): no env is running; send() actions or async_reset() first"
              : "recv(): only " + std::to_string(in_flight_count_) +
                    " envs are running but batch_size is " + std::to_string(batch_size_) +
                    ", so this recv() would wait forever; send() more first");
    }
    StateBatch out = TakeHead(deadline);
    env_error_.ThrowIfAny();
    return out;
  }

  // Waits for the head batch and takes it. An interrupted wait leaves the
  // batch in place; in sync mode it is then orphaned (see DropOrphan). A
  // timeout leaves it in place for the caller's next Recv: not orphaned.
  StateBatch TakeHead(const Deadline& deadline = std::nullopt) {
    try {
      HelpUntilReady(state_queue_.head(), deadline);
    } catch (const RecvTimeout&) {
      throw;
    } catch (...) {
      if (sync_mode_) orphaned_ = true;
      throw;
    }
    orphaned_ = false;
    StateBatch out = state_queue_.Take();
    const Array& env_ids = out.arrays[env_id_field_];
    const int* ids = env_ids.template Data<int>();
    for (std::size_t i = 0; i < env_ids.shape()[0]; ++i) in_flight_[ids[i]] = 0;
    in_flight_count_ -= static_cast<int>(env_ids.shape()[0]);
    sync_sent_ = 0;
    return out;
  }

  // While the batch is incomplete, run queued envs here instead of idling;
  // every kWaitPollInterval, look for Close() and call the WaitPoll. With a
  // deadline, only wait (an env run here could outlast it: the caller asked
  // to stay responsive), and past it throw RecvTimeout.
  void HelpUntilReady(StateBlock& block, const Deadline& deadline = std::nullopt) {
    auto next_poll = std::chrono::steady_clock::now() + kWaitPollInterval;
    ActionSlice item;
    while (!block.Ready()) {
      ThrowIfClosing();
      if (deadline && std::chrono::steady_clock::now() >= *deadline) {
        throw RecvTimeout(
            "recv(): no batch was ready within the timeout; its envs are still "
            "running, and the next recv() returns it");
      }
      if (!workers_only_ && !deadline && action_queue_.TryDequeue(&item)) {
        if (item.env_id < 0) {  // left over from an abandoned Render
          RenderNext(/*on_worker=*/false);
          continue;
        }
        const auto start = InlineRunPolicy::Clock::now();
        RunOne(item);
        if (inline_policy_.Record(start, 1) < next_poll) continue;
      } else if (block.WaitFor(WaitSlice(deadline))) {
        return;
      }
      Poll();
      ThrowIfClosing();  // the poll itself may have closed the pool
      next_poll = std::chrono::steady_clock::now() + kWaitPollInterval;
    }
  }

  // How long one wait for the block may sleep: the poll interval, or less
  // where the deadline comes first.
  static std::chrono::microseconds WaitSlice(const Deadline& deadline) {
    std::chrono::microseconds slice = kWaitPollInterval;
    if (deadline) {
      auto left = std::chrono::duration_cast<std::chrono::microseconds>(
          *deadline - std::chrono::steady_clock::now());
      slice = std::clamp(left, std::chrono::microseconds(0), slice);
    }
    return slice;
  }

  // Under api_mu_, while waiting: Close() was called, so stop the pool here
  // (Close() may be waiting for this lock, or may be this thread's WaitPoll).
  void ThrowIfClosing() {
    if (!closing_.load(std::memory_order_relaxed)) return;
    StopLocked();
    throw std::runtime_error(kPoolClosedMessage);
  }

  void Poll() {
    if (poll_ == nullptr || !*poll_) return;
    poller_.store(std::this_thread::get_id());
    try {
      (*poll_)();
    } catch (...) {
      poller_.store(std::thread::id());
      throw;
    }
    poller_.store(std::thread::id());
  }

  void RunOne(const ActionSlice& item) {
    EnvT& env = *envs_[item.env_id];
    try {
      env.Run(item.order, item.force_reset);
    } catch (...) {
      env_error_.Capture(item.env_id);
      env.FinishAfterError(item.order);
    }
  }

  void WorkerLoop() {
    std::vector<ActionSlice> items(chunk_);
    const auto share = 2 * static_cast<std::size_t>(spec_.num_threads());
    while (true) {
      std::size_t n = action_queue_.DequeueUpTo(items.data(), chunk_, share);
      for (std::size_t i = 0; i < n; ++i) {
        if (items[i].env_id < 0) {
          if (items[i].env_id == kStopItem) return;
          RenderNext(/*on_worker=*/true);
          continue;
        }
        // Closing: nobody will collect queued work, so skip it.
        if (!closing_.load(std::memory_order_relaxed)) RunOne(items[i]);
      }
    }
  }

  // `core` >= 0, counted in 64 bits: an int `offset + i` near INT_MAX would
  // overflow to a negative core, and CPU_SET would write outside its set.
  static void PinThread(std::thread& t, long long core) {
    long long n = std::max(1U, std::thread::hardware_concurrency());
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(static_cast<std::size_t>(core % n), &set);
    pthread_setaffinity_np(t.native_handle(), sizeof(cpu_set_t), &set);
  }

  Spec spec_;
  std::vector<Spec> env_specs_;  // each env's own, or empty
  const int num_envs_;
  const int batch_size_;
  const int max_players_;
  const bool sync_mode_;
  const bool autoreset_disabled_;
  const bool workers_only_;  // EnvT's Reset/Step never run on the caller's thread
  std::vector<ArraySpec> state_specs_;
  std::vector<std::size_t> shadowed_;
  std::vector<std::string> state_keys_;
  ActionRows action_rows_;
  ActionBufferQueue action_queue_;
  StateBufferQueue state_queue_;
  std::vector<std::unique_ptr<EnvT>> envs_;
  std::vector<std::thread> workers_;
  std::size_t env_id_field_ = 0;
  std::size_t chunk_ = 1;

  // Caller-side state, guarded by api_mu_.
  std::mutex api_mu_;
  std::vector<char> in_flight_;
  // Scratch of Prepare and its helpers, kept so that a send allocates nothing.
  std::vector<int> ids_;
  std::vector<ActionSlice> items_;
  std::vector<std::uint32_t> env_mark_;  // == epoch_: given to this call
  std::uint32_t epoch_ = 0;
  int in_flight_count_ = 0;
  int sync_sent_ = 0;
  InlineRunPolicy inline_policy_;
  bool orphaned_ = false;           // sync mode: an interrupted call left the head batch
  bool stopped_ = false;            // workers joined, envs destroyed
  const WaitPoll* poll_ = nullptr;  // the current call's

  std::atomic<bool> closing_{false};
  std::atomic<std::thread::id> poller_{};  // the thread inside a WaitPoll
  const ForkGuard fork_guard_;
  FirstEnvError env_error_;
  RenderSlot render_slot_;
};

}  // namespace parallel_pool

#endif  // PARALLEL_POOL_CORE_ASYNC_ENV_POOL_H_
