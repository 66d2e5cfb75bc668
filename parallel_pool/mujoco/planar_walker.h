// PlanarWalkerEnv: what Hopper and Walker2d share. gymnasium's two tasks
// have the same observation, reward, termination, reset and info; they
// differ in their model and default ranges, and Hopper also bounds every
// joint position and velocity (healthy_state_range), which Walker2d's config
// does not declare.
//
// Observation "obs": float64 [nq - 1 + nv] = qpos without x (all of qpos with
//   exclude_current_positions_from_observation=False), clip(qvel, -10, 10).
// Reward: forward_reward_weight * dx/dt + healthy - ctrl_cost_weight *
//   sum(action^2), where healthy = healthy_reward if healthy (v5), or if
//   healthy or terminate_when_unhealthy (v4's legacy rule).
// Healthy: [if declared: every element of (qpos[2:], qvel) strictly inside
//   healthy_state_range,] z = qpos[1] strictly inside healthy_z_range and
//   angle = qpos[2] strictly inside healthy_angle_range.
// Terminated: unhealthy and terminate_when_unhealthy.
// Reset: qpos = init + U(-s, s), qvel = U(-s, s), s = reset_noise_scale.
// Info: x_position, x_velocity, z_distance_from_origin, reward_forward,
//   reward_ctrl, reward_survive (gymnasium v4 returns only the first two);
//   qpos0/qvel0.
#ifndef PARALLEL_POOL_MUJOCO_PLANAR_WALKER_H_
#define PARALLEL_POOL_MUJOCO_PLANAR_WALKER_H_

#include <utility>

#include "parallel_pool/mujoco_engine/gym_env.h"

namespace parallel_pool::mujoco {

// The state and action declaration; a task adds only DefaultConfig().
struct PlanarWalkerFns : GymTaskFns {
  template <typename Config>
  static auto StateSpec(const Config& conf) {
    mujoco_engine::ModelPtr model = ModelOf(conf);
    return GymStateSpec(
        conf, *model, QposQvelSize(conf, *model, 1), "info:x_position"_.Bind(Spec<double>({})),
        "info:x_velocity"_.Bind(Spec<double>({})),
        "info:z_distance_from_origin"_.Bind(OnlyInVersion(5, conf, Spec<double>({}))),
        "info:reward_forward"_.Bind(OnlyInVersion(5, conf, Spec<double>({}))),
        "info:reward_ctrl"_.Bind(OnlyInVersion(5, conf, Spec<double>({}))),
        "info:reward_survive"_.Bind(OnlyInVersion(5, conf, Spec<double>({}))));
  }
};

template <typename EnvSpecT>
class PlanarWalkerEnv : public MujocoGymEnv<EnvSpecT> {
  using Base = MujocoGymEnv<EnvSpecT>;

 public:
  using typename Base::Action;
  using typename Base::Spec;
  using typename Base::State;

 private:
  using Base::d_;
  using Base::dt_;
  using Base::init_qpos_;
  using Base::m_;
  // Hopper's config declares healthy_state_range; Walker2d's does not.
  static constexpr bool kBoundsState = Spec::Config::Contains("healthy_state_range"_);

 public:
  PlanarWalkerEnv(const Spec& spec, int env_id)
      : Base(spec, env_id, /*uses_cfrc=*/false),
        healthy_state_(HealthyStateRange(spec)),
        healthy_z_(Range(spec.config["healthy_z_range"_], "healthy_z_range")),
        healthy_angle_(Range(spec.config["healthy_angle_range"_], "healthy_angle_range")) {}

 protected:
  void Reset() override {
    this->ResetData();
    this->SetNoisyState(Base::VelocityNoise::kUniform);
    terminated_ = false;
    Write(0.0, 0.0, 0.0, 0.0, 0.0);
  }

  void Step(const Action& action) override {
    const ActionT* a = this->ActionOf(action);
    const double x_before = d_->qpos[0];
    this->DoSimulation(a);
    const double x_velocity = (d_->qpos[0] - x_before) / dt_;
    const bool healthy = IsHealthy();
    const double forward = this->weights_.forward_reward_weight * x_velocity;
    const double healthy_reward = this->HealthyReward(healthy);
    const double ctrl_cost = this->ActionCtrlCost(a);
    terminated_ = !healthy && this->weights_.terminate_when_unhealthy;
    Write((forward + healthy_reward) - ctrl_cost, x_velocity, forward, -ctrl_cost, healthy_reward);
  }

  bool IsTerminated() override { return terminated_; }

 private:
  static std::pair<double, double> HealthyStateRange(const Spec& spec) {
    if constexpr (kBoundsState) {
      return Range(spec.config["healthy_state_range"_], "healthy_state_range");
    } else {
      return {0.0, 0.0};  // unused
    }
  }

  bool IsHealthy() const {
    auto inside = [](double x, const std::pair<double, double>& r) {
      return r.first < x && x < r.second;
    };
    if constexpr (kBoundsState) {
      for (int i = 2; i < m_.nq; ++i) {
        if (!inside(d_->qpos[i], healthy_state_)) return false;
      }
      for (int i = 0; i < m_.nv; ++i) {
        if (!inside(d_->qvel[i], healthy_state_)) return false;
      }
    }
    return inside(d_->qpos[1], healthy_z_) && inside(d_->qpos[2], healthy_angle_);
  }

  void Write(double reward, double x_velocity, double forward, double reward_ctrl,
             double reward_survive) {
    State state = this->AllocateWithReward(reward);
    ObsWriter obs = this->ObsOf(state);
    int skip = this->exclude_current_positions_ ? 1 : 0;
    obs.Copy(d_->qpos + skip, m_.nq - skip);
    obs.CopyClipped(d_->qvel, m_.nv, -10.0, 10.0);
    obs.Done();
    state["info:x_position"_] = d_->qpos[0];
    state["info:x_velocity"_] = x_velocity;
    state["info:z_distance_from_origin"_] = d_->qpos[1] - init_qpos_[1];
    state["info:reward_forward"_] = forward;
    state["info:reward_ctrl"_] = reward_ctrl;
    state["info:reward_survive"_] = reward_survive;
  }

  const std::pair<double, double> healthy_state_;
  const std::pair<double, double> healthy_z_;
  const std::pair<double, double> healthy_angle_;
  bool terminated_ = false;
};

}  // namespace parallel_pool::mujoco

#endif  // PARALLEL_POOL_MUJOCO_PLANAR_WALKER_H_
