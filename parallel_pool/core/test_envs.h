// Small envs for the core's tests: exact, predictable outputs.
#ifndef PARALLEL_POOL_CORE_TEST_ENVS_H_
#define PARALLEL_POOL_CORE_TEST_ENVS_H_

#include <chrono>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/core/env.h"

namespace parallel_pool::testing {

// The threads that ran CounterEnv steps, so a test can tell whether the
// workers or the caller did the work.
class ThreadLog {
 public:
  void Add() {
    std::lock_guard<std::mutex> lock(mu_);
    ids_.insert(std::this_thread::get_id());
  }
  void Clear() {
    std::lock_guard<std::mutex> lock(mu_);
    ids_.clear();
  }
  std::set<std::thread::id> Get() {
    std::lock_guard<std::mutex> lock(mu_);
    return ids_;
  }

 private:
  std::mutex mu_;
  std::set<std::thread::id> ids_;
};

inline ThreadLog& StepThreads() {
  static ThreadLog log;
  return log;
}

// The env ids of CounterEnv's resets and steps, in the order they ran.
class RunLog {
 public:
  void Add(int env_id) {
    std::lock_guard<std::mutex> lock(mu_);
    ids_.push_back(env_id);
  }
  std::vector<int> Take() {
    std::lock_guard<std::mutex> lock(mu_);
    return std::exchange(ids_, {});
  }

 private:
  std::mutex mu_;
  std::vector<int> ids_;
};

inline RunLog& RunOrder() {
  static RunLog log;
  return log;
}

inline ThreadLog& RenderThreads() {
  static ThreadLog log;
  return log;
}

// obs = [env_id, elapsed_step, last action]; reward = action; the episode
// terminates after `episode_length` steps. `sleep_us` makes steps slow (to
// exercise async ordering); env `fail_env` throws on its `fail_step`-th step.
// It renders a frame of 2 x 3 pixels by default (any size asked for), every
// pixel (env_id, elapsed_step, camera_id + 1), taking sleep_us; env
// `fail_env` throws when it renders with camera 7. `workers_only` declares its steps bound to
// worker threads (as pixel observations are).
class CounterEnvFns {
 public:
  static auto DefaultConfig() {
    return MakeDict("episode_length"_.Bind(3), "sleep_us"_.Bind(0), "fail_env"_.Bind(-1),
                    "fail_step"_.Bind(1), "workers_only"_.Bind(false),
                    "episode_step_limit"_.Bind(0));
  }
  template <typename Config>
  static void Validate(const Config& conf) {
    RequireConfig(conf["episode_length"_] >= 1, "episode_length: must be >= 1");
  }
  template <typename Config>
  static auto StateSpec(const Config&) {
    return MakeDict("obs"_.Bind(Spec<int>({3})), "info:seed_draw"_.Bind(Spec<int>({})));
  }
  template <typename Config>
  static auto ActionSpec(const Config&) {
    return MakeDict("action"_.Bind(Spec<int>({-1}, {0, 100})));
  }
  template <typename Config>
  static bool WorkerThreadsOnly(const Config& conf) {
    return conf["workers_only"_];
  }
};
using CounterEnvSpec = EnvSpec<CounterEnvFns>;

class CounterEnv : public Env<CounterEnvSpec> {
 public:
  CounterEnv(const Spec& spec, int env_id) : Env(spec, env_id) {}

  static RenderRequest CheckRender(const Spec&, RenderRequest request) {
    RequireConfig(request.height >= 0 && request.width >= 0,
                  "render_height, render_width: must be >= 0");
    RequireConfig(request.camera_id >= -1 && request.camera_id <= 7,
                  "render_camera_id: must be in [-1, 7]");
    if (request.height == 0) request.height = 2;
    if (request.width == 0) request.width = 3;
    return request;
  }

  void Render(const RenderRequest& request, std::uint8_t* rgb) {
    RenderThreads().Add();
    int sleep_us = spec_.config["sleep_us"_];
    if (sleep_us > 0) std::this_thread::sleep_for(std::chrono::microseconds(sleep_us));
    if (request.camera_id == 7 && env_id_ == spec_.config["fail_env"_]) {
      throw std::runtime_error("env " + std::to_string(env_id_) + " failed to render on purpose");
    }
    for (int p = 0; p < request.height * request.width; ++p) {
      rgb[3 * p] = static_cast<std::uint8_t>(env_id_);
      rgb[3 * p + 1] = static_cast<std::uint8_t>(elapsed_step());
      rgb[3 * p + 2] = static_cast<std::uint8_t>(request.camera_id + 1);
    }
  }

 protected:
  void Reset() override {
    StepThreads().Add();
    RunOrder().Add(env_id_);
    seed_draw_ = static_cast<int>(gen_() % 1000);
    const int limit = spec_.config["episode_step_limit"_];  // 0: max_episode_steps alone
    if (limit > 0) LimitEpisodeSteps(limit);
    Write(0);
  }
  void Step(const Action& action) override {
    StepThreads().Add();
    RunOrder().Add(env_id_);
    int sleep_us = spec_.config["sleep_us"_];
    if (sleep_us > 0) {
      std::this_thread::sleep_for(std::chrono::microseconds(sleep_us * (1 + env_id_ % 3)));
    }
    if (env_id_ == spec_.config["fail_env"_] && elapsed_step() == spec_.config["fail_step"_]) {
      throw std::runtime_error("env " + std::to_string(env_id_) + " failed on purpose");
    }
    Write(action["action"_].Get<int>());
  }
  bool IsTerminated() override { return elapsed_step() >= spec_.config["episode_length"_]; }

 private:
  void Write(int action) {
    State& state = Allocate();
    int* obs = state["obs"_].Data<int>();
    obs[0] = env_id_;
    obs[1] = elapsed_step();
    obs[2] = action;
    state["reward"_] = action;
    state["info:seed_draw"_] = seed_draw_;
  }
  int seed_draw_ = 0;
};
using CounterEnvPool = AsyncEnvPool<CounterEnv>;

}  // namespace parallel_pool::testing

#endif  // PARALLEL_POOL_CORE_TEST_ENVS_H_
