// SwimmerEnv: gymnasium's Swimmer-v4 and -v5 (swimmer.xml; a three-link
// swimmer in a viscous fluid). The two versions compute the same thing.
//
// Observation "obs": float64 [8] = qpos without x, y (all 5 with
//   exclude_current_positions_from_observation=False), qvel.
// Action "action": float32 [2] in [-1, 1].
// Reward: forward_reward_weight * dx/dt - ctrl_cost_weight * sum(action^2),
//   x and y being qpos[0:2].
// Never terminates (truncated at 1000 steps).
// Reset: qpos = init + U(-s, s), qvel = U(-s, s), s = reset_noise_scale.
// Info: x_position, y_position, distance_from_origin, x_velocity,
//   y_velocity, reward_forward, reward_ctrl, and v4's names reward_fwd and
//   forward_reward (= reward_forward); qpos0/qvel0.
#ifndef PARALLEL_POOL_MUJOCO_SWIMMER_H_
#define PARALLEL_POOL_MUJOCO_SWIMMER_H_

#include <string>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/mujoco_engine/gym_env.h"

namespace parallel_pool::mujoco {

class SwimmerEnvFns : public GymTaskFns {
 public:
  static auto DefaultConfig() {
    return MakeDict("version"_.Bind(5), "lockstep_info"_.Bind(false),
                    "reward_threshold"_.Bind(360.0), "xml_file"_.Bind(std::string("swimmer.xml")),
                    "frame_skip"_.Bind(4), "forward_reward_weight"_.Bind(1.0),
                    "ctrl_cost_weight"_.Bind(1e-4), "reset_noise_scale"_.Bind(0.1),
                    "exclude_current_positions_from_observation"_.Bind(true));
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    mujoco_engine::ModelPtr model = ModelOf(conf);
    return GymStateSpec(
        conf, *model, QposQvelSize(conf, *model, 2), "info:x_position"_.Bind(Spec<double>({})),
        "info:y_position"_.Bind(Spec<double>({})),
        "info:distance_from_origin"_.Bind(Spec<double>({})),
        "info:x_velocity"_.Bind(Spec<double>({})), "info:y_velocity"_.Bind(Spec<double>({})),
        "info:reward_forward"_.Bind(OnlyInVersion(5, conf, Spec<double>({}))),
        "info:reward_ctrl"_.Bind(Spec<double>({})),
        "info:reward_fwd"_.Bind(OnlyInVersion(4, conf, Spec<double>({}))),
        "info:forward_reward"_.Bind(OnlyInVersion(4, conf, Spec<double>({}))));
  }
};

using SwimmerEnvSpec = EnvSpec<SwimmerEnvFns>;

class SwimmerEnv : public MujocoGymEnv<SwimmerEnvSpec> {
 public:
  SwimmerEnv(const Spec& spec, int env_id) : MujocoGymEnv(spec, env_id, /*uses_cfrc=*/false) {}

 protected:
  void Reset() override {
    ResetData();
    SetNoisyState(VelocityNoise::kUniform);
    Write(0.0, 0.0, 0.0, 0.0, 0.0);
  }

  void Step(const Action& action) override {
    const ActionT* a = ActionOf(action);
    const double x_before = d_->qpos[0];
    const double y_before = d_->qpos[1];
    DoSimulation(a);
    const double x_velocity = (d_->qpos[0] - x_before) / dt_;
    const double y_velocity = (d_->qpos[1] - y_before) / dt_;
    const double forward = weights_.forward_reward_weight * x_velocity;
    const double ctrl_cost = ActionCtrlCost(a);
    Write(forward - ctrl_cost, x_velocity, y_velocity, forward, -ctrl_cost);
  }

  bool IsTerminated() override { return false; }

 private:
  void Write(double reward, double x_velocity, double y_velocity, double forward,
             double reward_ctrl) {
    State state = AllocateWithReward(reward);
    ObsWriter obs = ObsOf(state);
    CopyQposQvel(&obs, /*excluded=*/2);
    obs.Done();
    WritePlanarMotion(state, d_->qpos, x_velocity, y_velocity);
    state["info:reward_forward"_] = forward;
    state["info:reward_ctrl"_] = reward_ctrl;
    state["info:reward_fwd"_] = forward;
    state["info:forward_reward"_] = forward;
  }
};

using SwimmerEnvPool = AsyncEnvPool<SwimmerEnv>;

}  // namespace parallel_pool::mujoco

#endif  // PARALLEL_POOL_MUJOCO_SWIMMER_H_
