// HalfCheetahEnv: gymnasium's HalfCheetah-v4 and -v5 (half_cheetah.xml; a
// planar two-legged runner). The two versions compute the same thing.
//
// Observation "obs": float64 [17] = qpos without x (all 9 with
//   exclude_current_positions_from_observation=False), qvel.
// Action "action": float32 [6] in [-1, 1].
// Reward: forward_reward_weight * dx/dt - ctrl_cost_weight * sum(action^2).
// Never terminates (truncated at 1000 steps).
// Reset: qpos = init + U(-s, s), qvel = s * N(0, 1), s = reset_noise_scale.
// Info: x_position, x_velocity, reward_forward, reward_ctrl, and v4's name
//   reward_run (= reward_forward); qpos0/qvel0.
#ifndef PARALLEL_POOL_MUJOCO_HALF_CHEETAH_H_
#define PARALLEL_POOL_MUJOCO_HALF_CHEETAH_H_

#include <string>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/mujoco_engine/gym_env.h"

namespace parallel_pool::mujoco {

class HalfCheetahEnvFns : public GymTaskFns {
 public:
  // gymnasium's DEFAULT_CAMERA_CONFIG (v4 and v5), for render().
  static GymCamera DefaultCamera(int /*version*/) { return GymCamera{.distance = 4.0}; }

  static auto DefaultConfig() {
    return MakeDict(
        "version"_.Bind(5), "lockstep_info"_.Bind(false), "reward_threshold"_.Bind(4800.0),
        "xml_file"_.Bind(std::string("half_cheetah.xml")), "frame_skip"_.Bind(5),
        "forward_reward_weight"_.Bind(1.0), "ctrl_cost_weight"_.Bind(0.1),
        "reset_noise_scale"_.Bind(0.1), "exclude_current_positions_from_observation"_.Bind(true));
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    mujoco_engine::ModelPtr model = ModelOf(conf);
    return GymStateSpec(conf, *model, QposQvelSize(conf, *model, 1),
                        "info:x_position"_.Bind(Spec<double>({})),
                        "info:x_velocity"_.Bind(Spec<double>({})),
                        "info:reward_forward"_.Bind(OnlyInVersion(5, conf, Spec<double>({}))),
                        "info:reward_ctrl"_.Bind(Spec<double>({})),
                        "info:reward_run"_.Bind(OnlyInVersion(4, conf, Spec<double>({}))));
  }
};

using HalfCheetahEnvSpec = EnvSpec<HalfCheetahEnvFns>;

class HalfCheetahEnv : public MujocoGymEnv<HalfCheetahEnvSpec> {
 public:
  HalfCheetahEnv(const Spec& spec, int env_id) : MujocoGymEnv(spec, env_id, /*uses_cfrc=*/false) {}

 protected:
  void Reset() override {
    ResetData();
    SetNoisyState(VelocityNoise::kNormal);
    Write(0.0, 0.0, 0.0, 0.0);
  }

  void Step(const Action& action) override {
    const ActionT* a = ActionOf(action);
    const double x_before = d_->qpos[0];
    DoSimulation(a);
    const double x_velocity = (d_->qpos[0] - x_before) / dt_;
    const double ctrl_cost = ActionCtrlCost(a);
    const double forward = weights_.forward_reward_weight * x_velocity;
    Write(forward - ctrl_cost, x_velocity, forward, -ctrl_cost);
  }

  bool IsTerminated() override { return false; }

 private:
  void Write(double reward, double x_velocity, double forward, double reward_ctrl) {
    State state = AllocateWithReward(reward);
    ObsWriter obs = ObsOf(state);
    CopyQposQvel(&obs, /*excluded=*/1);
    obs.Done();
    state["info:x_position"_] = d_->qpos[0];
    state["info:x_velocity"_] = x_velocity;
    state["info:reward_forward"_] = forward;
    state["info:reward_ctrl"_] = reward_ctrl;
    state["info:reward_run"_] = forward;
  }
};

using HalfCheetahEnvPool = AsyncEnvPool<HalfCheetahEnv>;

}  // namespace parallel_pool::mujoco

#endif  // PARALLEL_POOL_MUJOCO_HALF_CHEETAH_H_
