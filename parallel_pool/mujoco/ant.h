// AntEnv: gymnasium's Ant-v4 and Ant-v5 (ant.xml; a four-legged body that
// should run along +x).
//
// Observation "obs": float64 = qpos (without x, y unless
//   exclude_current_positions_from_observation=False), qvel, and contact
//   forces clipped to contact_force_range:
//     v5: cfrc_ext of every body but the world (include_cfrc_ext_in_observation)
//     v4: cfrc_ext of every body, world included, only with use_contact_forces
//   Default sizes: v5 105, v4 27.
// Action "action": float32 [8] in [-1, 1].
// Reward: forward + healthy - ctrl_cost - contact_cost, where
//   forward = d(x of main_body's frame)/dt * forward_reward_weight,
//   healthy = healthy_reward if healthy (v5), or if healthy or
//             terminate_when_unhealthy (v4's legacy rule),
//   ctrl_cost = ctrl_cost_weight * sum(action^2) (the action as given, in
//             float32 as NumPy computes it for a float32 action),
//   contact_cost = contact_cost_weight * sum(clip(cfrc_ext)^2) (v5 always; v4
//             only with use_contact_forces).
// Healthy: qpos and qvel finite and healthy_z_range[0] <= z <= [1].
// Terminated: unhealthy and terminate_when_unhealthy.
// Reset: qpos = init + U(-s, s), qvel = s * N(0, 1), s = reset_noise_scale.
// Info: gymnasium's keys of both versions (x_position, y_position,
//   distance_from_origin, x_velocity, y_velocity, reward_forward,
//   reward_ctrl, reward_contact, reward_survive, forward_reward) with that
//   version's values; v4's reward_ctrl is minus the contact cost when
//   use_contact_forces is on, as in gymnasium. Plus qpos0/qvel0.
// The config, the step and the observation's contact forces are
// mujoco_engine/gym_ant.h's (AntMaze runs the same Ant).
#ifndef PARALLEL_POOL_MUJOCO_ANT_H_
#define PARALLEL_POOL_MUJOCO_ANT_H_

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/mujoco_engine/gym_ant.h"

namespace parallel_pool::mujoco {

class AntEnv : public AntBody<AntEnvSpec> {
 public:
  AntEnv(const Spec& spec, int env_id) : AntBody(spec, env_id) {}

 protected:
  void Reset() override {
    ResetData();
    SetNoisyState(VelocityNoise::kNormal);
    terminated_ = false;
    Write(0.0, LocomotionInfo::AtReset(*d_));
  }

  void Step(const Action& action) override {
    const AntStep step = Simulate(ActionOf(action));
    terminated_ = !step.healthy && weights_.terminate_when_unhealthy;
    Write(step.reward, step.info);
  }

  bool IsTerminated() override { return terminated_; }

 private:
  void Write(double reward, const LocomotionInfo& info) {
    State state = AllocateWithReward(reward);
    ObsWriter obs = ObsOf(state);
    CopyQposQvel(&obs, /*excluded=*/2);
    WriteContactForces(&obs);
    obs.Done();
    WriteInfo(state, info);
  }

  bool terminated_ = false;
};

using AntEnvPool = AsyncEnvPool<AntEnv>;

}  // namespace parallel_pool::mujoco

#endif  // PARALLEL_POOL_MUJOCO_ANT_H_
