// What the Shadow Hand envs (HandReach, HandManipulate) share:
// gymnasium-robotics' MujocoHandEnv (envs/shadow_dexterous_hand/hand_env.py)
// on its MujocoRobotEnv (envs/robot_env.py), on the MuJoCo family's
// MujocoGymEnv (one mjData per env, np_random, the free camera).
//
// Action "action": float32 [20] in [-1, 1], clipped to it (in float32), then
//   ctrl = center + action * half_range of each actuator's ctrlrange
//   (float64), clipped to the ctrlrange.
// Step: mj_step n_substeps times (the frame_skip key), then the
//   observation, whose kinematics (site_xpos, ...) are those of the last
//   substep's start, as the reference reads them.
// Render: the free camera at distance 0.5, azimuth 55, elevation -25,
//   looking at (1, 0.96, 0.14). The reference's renders first write into its
//   model (site positions, colours) and data, then run mj_forward; here each
//   env keeps those model values in a view of its own (the shared compiled
//   model with this env's copies of site_pos, site_rgba and geom_rgba), which
//   its simulation and its frames use, so every later step and frame sees
//   what the reference's would.
#ifndef PARALLEL_POOL_ROBOTICS_HAND_ENV_H_
#define PARALLEL_POOL_ROBOTICS_HAND_ENV_H_

#include <mujoco/mujoco.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "parallel_pool/core/env_spec.h"
#include "parallel_pool/mujoco_engine/gym_env.h"
#include "parallel_pool/mujoco_engine/model_view.h"
#include "parallel_pool/robotics/goal_env.h"

namespace parallel_pool::robotics {

// The hand's actuators (BaseHandEnv's n_actions).
inline constexpr int kHandActions = 20;

// The keys both hand envs have (n_substeps is frame_skip; registration.py
// takes either name).
inline auto HandConfig() {
  return MakeDict("frame_skip"_.Bind(20), "reward_type"_.Bind(std::string("sparse")),
                  "distance_threshold"_.Bind(0.01), "relative_control"_.Bind(false));
}

inline int HandJoint(const mjModel& m, const char* name) {
  return mj_name2id(&m, mjOBJ_JOINT, name);
}
inline int HandSite(const mjModel& m, const char* name) { return mj_name2id(&m, mjOBJ_SITE, name); }

// The joints of robot_get_obs: those whose name starts with "robot", in id
// order (each one value of qpos and qvel: hinges and slides).
inline std::vector<int> RobotJoints(const mjModel& m) {
  std::vector<int> joints;
  for (int j = 0; j < m.njnt; ++j) {
    const char* name = mj_id2name(&m, mjOBJ_JOINT, j);
    if (name != nullptr && std::string(name).starts_with("robot")) joints.push_back(j);
  }
  return joints;
}

// The checks both hand envs share: the keys, and a model with the hand's 20
// actuators whose robot joints are hinges or slides.
template <typename Config>
void ValidateHandConfig(const Config& conf, const mjModel& m) {
  RequireConfig(conf["frame_skip"_] >= 1, "frame_skip: must be >= 1");
  IsDense(conf["reward_type"_]);
  RequireConfig(!conf["relative_control"_],
                "relative_control: True is not supported: gymnasium-robotics 1.4.2's hand raises "
                "AttributeError with it (MujocoHandEnv._set_action calls data.get_joint_qpos, "
                "which the mujoco bindings do not have)");
  RequireConfig(m.nu == kHandActions,
                "xml_file: the hand's model must have 20 actuators, got " + std::to_string(m.nu));
  for (int j : RobotJoints(m)) {
    RequireConfig(m.jnt_type[j] == mjJNT_HINGE || m.jnt_type[j] == mjJNT_SLIDE,
                  std::string("xml_file: robot joint '") + mj_id2name(&m, mjOBJ_JOINT, j) +
                      "' must be a hinge or a slide (one value each in the observation)");
  }
}

// The observation (a Dict, float64, unbounded): "observation" of `size`
// values, "achieved_goal" and "desired_goal" of `goal_size` each; info
// is_success, float32 1.0 or 0.0 as the reference's.
inline auto HandStateSpec(int size, int goal_size) {
  return GoalStateSpec(size, goal_size, "info:is_success"_.Bind(Spec<float>({})));
}

// The reference's action space: Box(-1, 1, (20,), float32).
inline auto HandActionSpec() {
  return MakeDict("action"_.Bind(Spec<mujoco::ActionT>({-1, kHandActions}, {-1.0F, 1.0F})));
}

template <typename EnvSpecT>
class HandEnv : public mujoco::MujocoGymEnv<EnvSpecT> {
 public:
  using Base = mujoco::MujocoGymEnv<EnvSpecT>;
  using typename Base::Spec;
  using typename Base::State;

  HandEnv(const Spec& spec, int env_id) : HandEnv(spec, env_id, Base::TaskModel(spec.config)) {}

 private:
  // On a view of the shared model whose site positions and colours are this
  // env's own: the values the reference's renders write into its model (a
  // site a render moved is the reference's from then on, in the later
  // steps' kinematics too).
  HandEnv(const Spec& spec, int env_id, const mujoco_engine::ModelPtr& shared)
      : Base(spec, env_id, /*uses_cfrc=*/false, mujoco_engine::ModelWithOwnPlacements(shared),
             shared),
        dense_(IsDense(spec.config["reward_type"_])),
        distance_threshold_(spec.config["distance_threshold"_]),
        robot_joints_(RobotJoints(this->m_)) {
    for (int i = 0; i < kHandActions; ++i) {
      const double low = this->m_.actuator_ctrlrange[2 * i];
      const double high = this->m_.actuator_ctrlrange[2 * i + 1];
      ctrl_low_[i] = low;
      ctrl_high_[i] = high;
      ctrl_center_[i] = (high + low) / 2.0;
      ctrl_half_range_[i] = (high - low) / 2.0;
    }
    this->camera_config_ = mujoco::GymCamera{.distance = 0.5,
                                             .lookat = std::array<double, 3>{1.0, 0.96, 0.14},
                                             .elevation = -25.0,
                                             .azimuth = 55.0};
  }

 protected:
  // This env's model (its own site positions and colours may be written).
  mjModel* model() const { return &mujoco_engine::OwnedView(this->m_); }

  // step's np.clip(action, -1, 1) in float32, then _set_action.
  void SetAction(const mujoco::ActionT* raw) {
    std::array<double, kHandActions> action;
    for (int i = 0; i < kHandActions; ++i) {
      action[i] = static_cast<double>(std::min(std::max(raw[i], -1.0F), 1.0F));
    }
    SetCtrl(action);
  }

  // _set_action(np.zeros(20)): the reset's settling.
  void SetZeroAction() {
    std::array<double, kHandActions> zeros{};
    SetCtrl(zeros);
  }

  // mj_step(model, data, nstep=n_substeps).
  void Simulate() {
    for (int i = 0; i < this->frame_skip_; ++i) mj_step(model(), this->d_);
  }

  // Writes the robot joints' qpos, then their qvel.
  void WriteRobotState(mujoco::ObsWriter* obs) const {
    for (int j : robot_joints_) obs->Put(this->d_->qpos[this->m_.jnt_qposadr[j]]);
    for (int j : robot_joints_) obs->Put(this->d_->qvel[this->m_.jnt_dofadr[j]]);
  }

  // The state's goals and is_success; the reward only after a step (the
  // reference's reset returns none).
  void WriteGoals(const State& state, const double* achieved, const double* desired, int goal_size,
                  float success, double reward) const {
    state["obs:achieved_goal"_].Assign(achieved, goal_size);
    state["obs:desired_goal"_].Assign(desired, goal_size);
    state["info:is_success"_] = success;
    state["reward"_] = reward;
  }

  // data.act[:] = None (NaN) for a model with activations, as both resets do.
  void ClearActivations() {
    std::fill(this->d_->act, this->d_->act + this->m_.na, std::numeric_limits<double>::quiet_NaN());
  }

  const bool dense_;
  const double distance_threshold_;

 private:
  // ctrl = center + action * half_range, then clipped to the ctrlrange.
  void SetCtrl(const std::array<double, kHandActions>& action) {
    for (int i = 0; i < kHandActions; ++i) {
      this->d_->ctrl[i] = mujoco::Clip(ctrl_center_[i] + action[i] * ctrl_half_range_[i],
                                       ctrl_low_[i], ctrl_high_[i]);
    }
  }

  const std::vector<int> robot_joints_;
  std::array<double, kHandActions> ctrl_low_{};
  std::array<double, kHandActions> ctrl_high_{};
  std::array<double, kHandActions> ctrl_center_{};
  std::array<double, kHandActions> ctrl_half_range_{};
};

}  // namespace parallel_pool::robotics

#endif  // PARALLEL_POOL_ROBOTICS_HAND_ENV_H_
