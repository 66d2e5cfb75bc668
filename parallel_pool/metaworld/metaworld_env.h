// MetaWorldEnv: one metaworld v3 task as metaworld 3.1.1 runs it under
// gymnasium.make("Meta-World/MT1", env_name=task_name, seed=s): the task's
// env (tasks/*.h on sawyer_xyz.h) inside the wrappers that matter to an
// episode (TimeLimit at max_episode_steps, RandomTaskSelectWrapper, and
// OneHotWrapper in MT10 / MT50).
//
// Seeding: env i of a pool made with seed s is metaworld's env made with
// seed s + i. The seed draws the goal set (goals.h, with np.random) and
// seeds the env's np_random (PCG64), from which each reset picks one of the
// goals: np_random.choice(num_goals). metaworld ignores reset(seed=); here a
// reset with a seed re-seeds both, as a new pool made with that seed would.
//
// Config:
//   task_name             metaworld's name of the task ("reach-v3").
//   partially_observable  the goal's three values are zeros (EnvPool's
//                         default, true; metaworld's MT1, MT10 and MT50
//                         set it false).
//   benchmark             whose goal draws: "MT1" (the task's own), "MT10"
//                         or "MT50" (the benchmark's: its tasks draw in
//                         order from one seed).
//   num_goals             goals per task (metaworld's _N_GOALS, 50).
//   goal_index            -1: each episode picks one of the goals (metaworld's
//                         RandomTaskSelectWrapper); k >= 0: every episode
//                         runs goal k (its set_task(tasks[k]) with
//                         sample_tasks_on_reset off).
//   num_one_hot           0, or the size of the one-hot task vector
//                         appended to the observation (OneHotWrapper);
//   one_hot_index         its 1 (the env's index in MT10 / MT50).
#ifndef PARALLEL_POOL_METAWORLD_METAWORLD_ENV_H_
#define PARALLEL_POOL_METAWORLD_METAWORLD_ENV_H_

#include <mujoco/mujoco.h>

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/core/env.h"
#include "parallel_pool/metaworld/goals.h"
#include "parallel_pool/metaworld/sawyer_xyz.h"
#include "parallel_pool/metaworld/task_registry.h"
#include "parallel_pool/mujoco_engine/gym_env.h"
#include "parallel_pool/mujoco_engine/model_view.h"
#include "parallel_pool/mujoco_engine/mujoco_model.h"

namespace parallel_pool::metaworld {

using mujoco_engine::ModelPtr;

// The model of `path` with what SawyerMocapBase.reset_mocap_welds writes:
// every weld's eq_data = (0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 5). metaworld
// writes those 11 values into rows that have 12 on MuJoCo 3.17 (the
// reference harness writes the first 11, which is what this does); made
// once per file and shared by every env, each on its own view of it.
inline ModelPtr SawyerModel(const std::string& path) {
  static std::mutex mu;
  static std::map<const mjModel*, ModelPtr> cache;
  const ModelPtr file = mujoco_engine::LoadModel(path);
  std::lock_guard<std::mutex> lock(mu);
  auto it = cache.find(file.get());
  if (it != cache.end()) return it->second;
  mjModel* copy = mj_copyModel(nullptr, file.get());
  if (copy == nullptr) throw std::runtime_error("MuJoCo could not copy the model");
  ModelPtr sawyer(copy, [](const mjModel* m) { mj_deleteModel(const_cast<mjModel*>(m)); });
  static constexpr double kWeld[11] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -1.0, 0.0, 0.0, 0.0, 5.0};
  if (copy->nmocap > 0) {
    for (int i = 0; i < copy->neq; ++i) {
      if (copy->eq_type[i] == mjEQ_WELD)
        std::copy(kWeld, kWeld + 11, copy->eq_data + i * mjNEQDATA);
    }
  }
  cache.emplace(file.get(), sawyer);
  return sawyer;
}

class MetaWorldEnvFns {
 public:
  static auto DefaultConfig() {
    return MakeDict("task_name"_.Bind(std::string("reach-v3")), "frame_skip"_.Bind(5),
                    "partially_observable"_.Bind(true), "benchmark"_.Bind(std::string("MT1")),
                    "num_goals"_.Bind(50), "goal_index"_.Bind(-1), "num_one_hot"_.Bind(0),
                    "one_hot_index"_.Bind(0));
  }

  template <typename Config>
  static ModelPtr Model(const Config& conf) {
    return SawyerModel(mujoco_engine::ModelPath(conf["base_path"_],
                                                TaskNamed(conf["task_name"_]).setup().model_file));
  }

  template <typename Config>
  static void Validate(const Config& conf) {
    const TaskEntry& task = TaskNamed(conf["task_name"_]);
    const auto& in_benchmark = BenchmarkTasks(conf["benchmark"_], task.name);
    RequireConfig(
        std::find(in_benchmark.begin(), in_benchmark.end(), task.name) != in_benchmark.end(),
        "task_name: '" + task.name + "' is not a task of " + std::string(conf["benchmark"_]));
    RequireConfig(conf["frame_skip"_] >= 1, "frame_skip: must be >= 1");
    RequireConfig(conf["num_goals"_] >= 1, "num_goals: must be >= 1");
    RequireConfig(conf["goal_index"_] >= -1 && conf["goal_index"_] < conf["num_goals"_],
                  "goal_index: must be -1 (a goal drawn per episode) or in [0, num_goals)");
    RequireConfig(conf["max_episode_steps"_] >= 1 && conf["max_episode_steps"_] <= kMaxPathLength,
                  "max_episode_steps: must be in [1, 500] (metaworld's envs refuse a step past "
                  "max_path_length = 500)");
    RequireConfig(conf["num_one_hot"_] >= 0, "num_one_hot: must be >= 0");
    RequireConfig(conf["num_one_hot"_] == 0 || (conf["one_hot_index"_] >= 0 &&
                                                conf["one_hot_index"_] < conf["num_one_hot"_]),
                  "one_hot_index: must be in [0, num_one_hot)");
    Model(conf);
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    return MakeDict(
        "obs"_.Bind(mujoco::Unbounded(kObsSize + conf["num_one_hot"_])),
        "info:success"_.Bind(Spec<double>({})), "info:near_object"_.Bind(Spec<double>({})),
        "info:grasp_success"_.Bind(Spec<double>({})), "info:grasp_reward"_.Bind(Spec<double>({})),
        "info:in_place_reward"_.Bind(Spec<double>({})),
        "info:obj_to_target"_.Bind(Spec<double>({})),
        "info:unscaled_reward"_.Bind(Spec<double>({})), "info:task_id"_.Bind(Spec<int>({})));
  }

  template <typename Config>
  static auto ActionSpec(const Config& /*conf*/) {
    return MakeDict("action"_.Bind(
        Spec<mujoco::ActionT>({-1, 4}, std::vector<float>(4, -1.0F), std::vector<float>(4, 1.0F))));
  }
};

using MetaWorldEnvSpec = EnvSpec<MetaWorldEnvFns>;

class MetaWorldEnv : public mujoco::MujocoGymEnv<MetaWorldEnvSpec> {
 public:
  using Base = mujoco::MujocoGymEnv<MetaWorldEnvSpec>;

  MetaWorldEnv(const Spec& spec, int env_id)
      : MetaWorldEnv(spec, env_id, MetaWorldEnvFns::Model(spec.config)) {}

  // The frame of the state the reference draws: after its full mj_forward.
  void Render(const RenderRequest& request, std::uint8_t* rgb) {
    task_->EnsureForward();
    Base::Render(request, rgb);
  }

 protected:
  void Reset() override {
    // RandomTaskSelectWrapper: np_random.choice(len(tasks)), then the env's reset.
    const auto goal = static_cast<std::size_t>(
        goal_index_ >= 0 ? goal_index_ : this->np_random().Choice(goals_.size()));
    task_->FirstResetModel(goals_[goal]);
    this->ResetData();
    State& state = this->Allocate();
    state["reward"_] = 0.0;
    double* obs = state["obs"_].template Data<double>();
    task_->Reset(goals_[goal], partially_observable_, obs);
    WriteOneHot(obs);
    Write(state, Evaluation{});
  }

  void Step(const Action& action) override {
    State& state = this->Allocate();
    double* obs = state["obs"_].template Data<double>();
    const Evaluation e = task_->Step(this->ActionOf(action), partially_observable_, obs);
    WriteOneHot(obs);
    state["reward"_] = e.reward;
    Write(state, e);
  }

  bool IsTerminated() override { return false; }

  // reset(seed=...): the goals and the task choice of a new pool with that seed.
  void Reseed() override {
    Base::Reseed();
    DrawGoals();
  }

 private:
  MetaWorldEnv(const Spec& spec, int env_id, const ModelPtr& shared)
      : Base(spec, env_id, /*uses_cfrc=*/false, mujoco_engine::ModelWithOwnPlacements(shared),
             shared),
        partially_observable_(spec.config["partially_observable"_]),
        num_one_hot_(spec.config["num_one_hot"_]),
        one_hot_index_(spec.config["one_hot_index"_]),
        goal_index_(spec.config["goal_index"_]),
        task_id_(TaskId(spec.config["task_name"_])),
        task_(TaskNamed(spec.config["task_name"_])
                  .make(&mujoco_engine::OwnedView(this->m_), this->d_, this->frame_skip_)) {
    DrawGoals();
  }

  void DrawGoals() {
    goals_ = GoalSet(this->spec_.config["benchmark"_], this->spec_.config["task_name"_],
                     this->seed(), this->spec_.config["num_goals"_]);
  }

  void WriteOneHot(double* obs) const {
    if (num_one_hot_ == 0) return;
    double* one_hot = obs + kObsSize;
    std::fill(one_hot, one_hot + num_one_hot_, 0.0);
    one_hot[one_hot_index_] = 1.0;
  }

  void Write(const State& state, const Evaluation& e) const {
    state["info:success"_] = e.success;
    state["info:near_object"_] = e.near_object;
    state["info:grasp_success"_] = e.grasp_success;
    state["info:grasp_reward"_] = e.grasp_reward;
    state["info:in_place_reward"_] = e.in_place_reward;
    state["info:obj_to_target"_] = e.obj_to_target;
    state["info:unscaled_reward"_] = e.unscaled_reward;
    state["info:task_id"_] = task_id_;
  }

  const bool partially_observable_;
  const int num_one_hot_;
  const int one_hot_index_;
  const int goal_index_;
  const int task_id_;
  std::unique_ptr<SawyerXyz> task_;
  std::vector<std::vector<double>> goals_;
};

using MetaWorldEnvPool = AsyncEnvPool<MetaWorldEnv>;

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_METAWORLD_ENV_H_
