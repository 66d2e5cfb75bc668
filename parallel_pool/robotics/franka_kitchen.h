// FrankaKitchenEnv: gymnasium-robotics' FrankaKitchen-v1
// (envs/franka_kitchen/kitchen_env.py over franka_env.py's FrankaRobot): a
// Franka arm in a kitchen, with up to seven tasks (turn the bottom or top
// burner, the light switch, open the slide or hinge cabinet or the
// microwave, move the kettle).
//
// Observation (a Dict): "observation" float64 [59] = the 9 robot joints'
//   qpos and qvel, then the objects' qpos (21) and qvel (20), each with
//   uniform noise; "achieved_goal" and "desired_goal": Dicts of the tasks to
//   complete, each its joints' exact qpos and its goal.
// Noise, drawn from np_random in this order at every reset and step: robot
//   qpos + (robot_noise_ratio * pos_amp[:9]) * U(-1, 1, 9), robot qvel
//   likewise with vel_amp[:9]; object qpos + (object_noise_ratio *
//   pos_amp[8:]) * U(-1, 1, 21) (sic: from the 9th amplitude), object qvel
//   with vel_amp[9:].
// Action "action": float64 [9] in [-1, 1] (the reference's space), clipped;
//   a joint velocity 2a, clipped to its bound, integrated from the last
//   noisy robot qpos over dt, clipped to the joint's range, is the position
//   actuators' ctrl; then 40 mj_steps.
// Reward: how many tasks still to complete are within 0.3 of their goal
//   (np.linalg.norm of the joints' qpos - goal); with
//   remove_task_when_completed they are then no longer to complete.
// Terminated (terminate_on_tasks_completed): every task completed.
// Info: the reference's lists of task names, as masks over the seven tasks
//   in their fixed order: tasks_to_complete, step_task_completions,
//   episode_task_completions.
#ifndef PARALLEL_POOL_ROBOTICS_FRANKA_KITCHEN_H_
#define PARALLEL_POOL_ROBOTICS_FRANKA_KITCHEN_H_

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/mujoco_engine/gym_env.h"
#include "parallel_pool/numpy_exact/numpy_math.h"

namespace parallel_pool::robotics {

// One kitchen task: its name, the qpos entries it moves and their goal.
struct KitchenTask {
  const char* name;
  std::vector<int> qpos;
  std::vector<double> goal;
};

// The reference's OBS_ELEMENT_INDICES and OBS_ELEMENT_GOALS, in its order.
inline const std::array<KitchenTask, 7>& KitchenTasks() {
  static const std::array<KitchenTask, 7> tasks = {{
      {"bottom burner", {11, 12}, {-0.88, -0.01}},
      {"top burner", {15, 16}, {-0.92, -0.01}},
      {"light switch", {17, 18}, {-0.69, -0.05}},
      {"slide cabinet", {19}, {0.37}},
      {"hinge cabinet", {20, 21}, {0.0, 1.45}},
      {"microwave", {22}, {-0.75}},
      {"kettle", {23, 24, 25, 26, 27, 28, 29}, {-0.23, 0.75, 1.62, 0.99, 0.0, 0.0, -0.06}},
  }};
  return tasks;
}
inline constexpr int kNumKitchenTasks = 7;
// A task within this distance of its goal is complete (BONUS_THRESH).
inline constexpr double kKitchenTaskRadius = 0.3;
inline constexpr int kFrankaJoints = 9;

// The episode's initial qpos, which KitchenEnv sets in place of the model's.
inline constexpr std::array<double, 30> kKitchenInitQpos = {
    1.48388023e-01,  -1.76848573e00,  1.84390296e00,   -2.47685760e00,  2.60252026e-01,
    7.12533105e-01,  1.59515394e00,   4.79267505e-02,  3.71350919e-02,  -2.66279850e-04,
    -5.18043486e-05, 3.12877220e-05,  -4.51199853e-05, -3.90842156e-06, -4.22629655e-05,
    6.28065475e-05,  4.04984708e-05,  4.62730939e-04,  -2.26906415e-04, -4.65501369e-04,
    -6.44129196e-03, -1.77048263e-03, 1.08009684e-03,  -2.69397440e-01, 3.50383255e-01,
    1.61944683e00,   1.00618764e00,   4.06395120e-03,  -6.62095997e-03, -2.68278933e-04};

// The tasks named in `names` (the reference's names), as a mask in
// KitchenTasks' order.
inline std::array<bool, kNumKitchenTasks> KitchenTaskMask(const std::vector<std::string>& names) {
  std::array<bool, kNumKitchenTasks> mask{};
  for (const std::string& name : names) {
    int found = -1;
    for (int t = 0; t < kNumKitchenTasks; ++t) {
      if (name == KitchenTasks()[t].name) found = t;
    }
    if (found < 0) {
      throw std::invalid_argument("tasks_to_complete: unknown task '" + name +
                                  "' (the tasks: bottom burner, top burner, light switch, slide "
                                  "cabinet, hinge cabinet, microwave, kettle)");
    }
    mask[found] = true;
  }
  return mask;
}

class FrankaKitchenEnvFns {
 public:
  // robot_*: franka_config.xml's per-dof values (registration.py reads them
  // from the installed package): pos_bound and vel_bound as (low, high)
  // pairs, then the noise amplitudes; the first nv dofs are used.
  static auto DefaultConfig() {
    return MakeDict(
        "xml_file"_.Bind(std::string("kitchen_franka/kitchen_assets/kitchen_env_model.xml")),
        "frame_skip"_.Bind(40),
        "tasks_to_complete"_.Bind(std::vector<std::string>{"bottom burner", "top burner",
                                                           "light switch", "slide cabinet",
                                                           "hinge cabinet", "microwave", "kettle"}),
        "terminate_on_tasks_completed"_.Bind(true), "remove_task_when_completed"_.Bind(true),
        "object_noise_ratio"_.Bind(0.0005), "robot_noise_ratio"_.Bind(0.01),
        "robot_pos_bound"_.Bind(std::vector<double>{}),
        "robot_vel_bound"_.Bind(std::vector<double>{}),
        "robot_pos_noise_amp"_.Bind(std::vector<double>{}),
        "robot_vel_noise_amp"_.Bind(std::vector<double>{}));
  }

  template <typename Config>
  static void Validate(const Config& conf) {
    RequireConfig(conf["frame_skip"_] >= 1, "frame_skip: must be >= 1");
    KitchenTaskMask(conf["tasks_to_complete"_]);
    const mjModel& m = *mujoco::ModelOf(conf);
    RequireConfig(m.nq == static_cast<int>(kKitchenInitQpos.size()) && m.nu == kFrankaJoints,
                  "xml_file: the kitchen's model has 30 qpos and 9 actuators");
    // FrankaRobot reads the first nv dofs of franka_config.xml, which lists more.
    const auto size = [&](const std::vector<double>& v, int n, const char* key) {
      RequireConfig(static_cast<int>(v.size()) >= n,
                    std::string(key) + ": expected at least " + std::to_string(n) +
                        " values (one per dof" + (n == 2 * m.nv ? ", low and high" : "") +
                        "), got " + std::to_string(v.size()));
    };
    size(conf["robot_pos_bound"_], 2 * m.nv, "robot_pos_bound");
    size(conf["robot_vel_bound"_], 2 * m.nv, "robot_vel_bound");
    size(conf["robot_pos_noise_amp"_], m.nv, "robot_pos_noise_amp");
    size(conf["robot_vel_noise_amp"_], m.nv, "robot_vel_noise_amp");
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    const std::array<bool, kNumKitchenTasks> on = KitchenTaskMask(conf["tasks_to_complete"_]);
    const mjModel& m = *mujoco::ModelOf(conf);
    auto goal = [&](int t) {
      return mujoco::Unbounded(static_cast<int>(KitchenTasks()[t].qpos.size())).OnlyIf(on[t]);
    };
    const Spec<bool> mask({kNumKitchenTasks});
    return MakeDict(
        "obs:observation"_.Bind(mujoco::Unbounded(m.nq + m.nv)),
        "obs:achieved_goal.bottom burner"_.Bind(goal(0)),
        "obs:achieved_goal.top burner"_.Bind(goal(1)),
        "obs:achieved_goal.light switch"_.Bind(goal(2)),
        "obs:achieved_goal.slide cabinet"_.Bind(goal(3)),
        "obs:achieved_goal.hinge cabinet"_.Bind(goal(4)),
        "obs:achieved_goal.microwave"_.Bind(goal(5)), "obs:achieved_goal.kettle"_.Bind(goal(6)),
        "obs:desired_goal.bottom burner"_.Bind(goal(0)),
        "obs:desired_goal.top burner"_.Bind(goal(1)),
        "obs:desired_goal.light switch"_.Bind(goal(2)),
        "obs:desired_goal.slide cabinet"_.Bind(goal(3)),
        "obs:desired_goal.hinge cabinet"_.Bind(goal(4)),
        "obs:desired_goal.microwave"_.Bind(goal(5)), "obs:desired_goal.kettle"_.Bind(goal(6)),
        "info:tasks_to_complete"_.Bind(mask), "info:step_task_completions"_.Bind(mask),
        "info:episode_task_completions"_.Bind(mask));
  }

  // The reference's action space: float64 [9] in [-1, 1].
  template <typename Config>
  static auto ActionSpec(const Config& /*conf*/) {
    return MakeDict("action"_.Bind(Spec<double>({-1, kFrankaJoints}, {-1.0, 1.0})));
  }
};

using FrankaKitchenEnvSpec = EnvSpec<FrankaKitchenEnvFns>;

class FrankaKitchenEnv : public mujoco::MujocoGymEnv<FrankaKitchenEnvSpec> {
 public:
  FrankaKitchenEnv(const Spec& spec, int env_id)
      : MujocoGymEnv(spec, env_id, /*uses_cfrc=*/false),
        tasks_(KitchenTaskMask(spec.config["tasks_to_complete"_])),
        terminate_on_tasks_completed_(spec.config["terminate_on_tasks_completed"_]),
        remove_task_when_completed_(spec.config["remove_task_when_completed"_]),
        object_noise_ratio_(spec.config["object_noise_ratio"_]),
        robot_noise_ratio_(spec.config["robot_noise_ratio"_]),
        pos_bound_(spec.config["robot_pos_bound"_]),
        vel_bound_(spec.config["robot_vel_bound"_]),
        pos_amp_(spec.config["robot_pos_noise_amp"_]),
        vel_amp_(spec.config["robot_vel_noise_amp"_]) {
    // franka_env.py's DEFAULT_CAMERA_CONFIG.
    camera_config_ = mujoco::GymCamera{.distance = 2.2,
                                       .lookat = std::array<double, 3>{-0.2, 0.5, 2.0},
                                       .elevation = -35.0,
                                       .azimuth = 70.0};
  }

 protected:
  void Reset() override {
    ResetData();
    SetState(std::vector<double>(kKitchenInitQpos.begin(), kKitchenInitQpos.end()), init_qvel_);
    to_complete_ = tasks_;
    completed_ = {};
    step_completed_ = {};
    Write(0.0);
  }

  void Step(const Action& action) override {
    const double* a = action["action"_].Data<double>();
    double ctrl[kFrankaJoints];
    for (int j = 0; j < kFrankaJoints; ++j) {
      // clip, then act_mid + a * act_rng (0 + 2a), the velocity bound, one
      // dt from the last noisy qpos, the position bound.
      const double velocity = mujoco::Clip(0.0 + mujoco::Clip(a[j], -1.0, 1.0) * 2.0,
                                           vel_bound_[2 * j], vel_bound_[2 * j + 1]);
      ctrl[j] = mujoco::Clip(last_robot_qpos_[j] + velocity * dt_, pos_bound_[2 * j],
                             pos_bound_[2 * j + 1]);
    }
    std::copy(ctrl, ctrl + kFrankaJoints, d_->ctrl);
    for (int i = 0; i < frame_skip_; ++i) mj_step(&m_, d_);
    mj_rnePostConstraint(&m_, d_);
    // compute_reward: the tasks still to complete that are at their goal.
    double reward = 0.0;
    for (int t = 0; t < kNumKitchenTasks; ++t) {
      step_completed_[t] = to_complete_[t] && Distance(t) < kKitchenTaskRadius;
      reward += step_completed_[t];
    }
    bool all = true;
    for (int t = 0; t < kNumKitchenTasks; ++t) {
      if (remove_task_when_completed_ && step_completed_[t]) to_complete_[t] = false;
      completed_[t] = completed_[t] || step_completed_[t];
      all = all && (completed_[t] || !tasks_[t]);
    }
    terminated_ = terminate_on_tasks_completed_ && all;
    Write(reward);
  }

  bool IsTerminated() override { return terminated_; }

 private:
  // np.linalg.norm(qpos[task's] - goal): sqrt of BLAS ddot.
  double Distance(int t) const {
    const KitchenTask& task = KitchenTasks()[t];
    double diff[7];
    const int n = static_cast<int>(task.qpos.size());
    for (int i = 0; i < n; ++i) diff[i] = d_->qpos[task.qpos[i]] - task.goal[i];
    return std::sqrt(numpy_exact::DotSelf(diff, n, numpy_exact::NumpyDotRounding()));
  }

  // x + (ratio * amp[i]) * U(-1, 1) for n values, the draws in one call.
  void AddNoise(const double* x, const double* amp, double ratio, int n, double* out) {
    const std::vector<double> u = np_random().Uniform(-1.0, 1.0, n);
    for (int i = 0; i < n; ++i) out[i] = x[i] + (ratio * amp[i]) * u[i];
  }

  void Write(double reward) {
    State& state = Allocate();
    state["reward"_] = reward;
    double* obs = state["obs:observation"_].Data<double>();
    const int objects_q = m_.nq - kFrankaJoints;
    const int objects_v = m_.nv - kFrankaJoints;
    AddNoise(d_->qpos, pos_amp_.data(), robot_noise_ratio_, kFrankaJoints, obs);
    AddNoise(d_->qvel, vel_amp_.data(), robot_noise_ratio_, kFrankaJoints, obs + kFrankaJoints);
    std::copy(obs, obs + kFrankaJoints, last_robot_qpos_.begin());
    double* objects = obs + 2 * kFrankaJoints;
    AddNoise(d_->qpos + kFrankaJoints, pos_amp_.data() + kFrankaJoints - 1, object_noise_ratio_,
             objects_q, objects);
    AddNoise(d_->qvel + kFrankaJoints, vel_amp_.data() + kFrankaJoints, object_noise_ratio_,
             objects_v, objects + objects_q);
    WriteGoals(state);
    state["info:tasks_to_complete"_].Assign(to_complete_.data(), kNumKitchenTasks);
    state["info:step_task_completions"_].Assign(step_completed_.data(), kNumKitchenTasks);
    state["info:episode_task_completions"_].Assign(completed_.data(), kNumKitchenTasks);
  }

  // Each task's exact qpos and goal, for the tasks of the config.
  void WriteGoals(const State& state) const {
    auto put = [&](int t, const auto& achieved, const auto& desired) {
      if (!tasks_[t]) return;
      const KitchenTask& task = KitchenTasks()[t];
      double* out = achieved.template Data<double>();
      for (std::size_t i = 0; i < task.qpos.size(); ++i) out[i] = d_->qpos[task.qpos[i]];
      desired.Assign(task.goal.data(), task.goal.size());
    };
    put(0, state["obs:achieved_goal.bottom burner"_], state["obs:desired_goal.bottom burner"_]);
    put(1, state["obs:achieved_goal.top burner"_], state["obs:desired_goal.top burner"_]);
    put(2, state["obs:achieved_goal.light switch"_], state["obs:desired_goal.light switch"_]);
    put(3, state["obs:achieved_goal.slide cabinet"_], state["obs:desired_goal.slide cabinet"_]);
    put(4, state["obs:achieved_goal.hinge cabinet"_], state["obs:desired_goal.hinge cabinet"_]);
    put(5, state["obs:achieved_goal.microwave"_], state["obs:desired_goal.microwave"_]);
    put(6, state["obs:achieved_goal.kettle"_], state["obs:desired_goal.kettle"_]);
  }

  const std::array<bool, kNumKitchenTasks> tasks_;
  const bool terminate_on_tasks_completed_;
  const bool remove_task_when_completed_;
  const double object_noise_ratio_;
  const double robot_noise_ratio_;
  const std::vector<double> pos_bound_;
  const std::vector<double> vel_bound_;
  const std::vector<double> pos_amp_;
  const std::vector<double> vel_amp_;
  std::array<double, kFrankaJoints> last_robot_qpos_{};
  std::array<bool, kNumKitchenTasks> to_complete_{};
  std::array<bool, kNumKitchenTasks> completed_{};
  std::array<bool, kNumKitchenTasks> step_completed_{};
  bool terminated_ = false;
};

using FrankaKitchenEnvPool = AsyncEnvPool<FrankaKitchenEnv>;

}  // namespace parallel_pool::robotics

#endif  // PARALLEL_POOL_ROBOTICS_FRANKA_KITCHEN_H_
