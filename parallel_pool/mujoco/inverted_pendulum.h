// InvertedPendulumEnv: gymnasium's InvertedPendulum-v4 and -v5
// (inverted_pendulum.xml; a cart balancing one pole).
//
// Observation "obs": float64 [4] = qpos, qvel.
// Action "action": float32 [1] in [-3, 3].
// Reward: 1 per step; v5 gives 0 on the terminating step.
// Terminated: an observation value not finite, or |pole angle| > 0.2.
// Reset: qpos = init + U(-s, s), qvel = U(-s, s), s = reset_noise_scale.
// Info: reward_survive (gymnasium v4 returns none); qpos0/qvel0.
#ifndef PARALLEL_POOL_MUJOCO_INVERTED_PENDULUM_H_
#define PARALLEL_POOL_MUJOCO_INVERTED_PENDULUM_H_

#include <cmath>
#include <stdexcept>
#include <string>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/mujoco_engine/gym_env.h"

namespace parallel_pool::mujoco {

class InvertedPendulumEnvFns : public GymTaskFns {
 public:
  // gymnasium's DEFAULT_CAMERA_CONFIG (v4 and v5), for render().
  static GymCamera DefaultCamera(int /*version*/) { return GymCamera{.distance = 2.04}; }

  static auto DefaultConfig() {
    return MakeDict("version"_.Bind(5), "lockstep_info"_.Bind(false),
                    "reward_threshold"_.Bind(950.0),
                    "xml_file"_.Bind(std::string("inverted_pendulum.xml")), "frame_skip"_.Bind(2),
                    "reset_noise_scale"_.Bind(0.01));
  }

  template <typename Config>
  static void Validate(const Config& conf) {
    ValidateGymConfig(conf);
    RequireConfig(ModelOf(conf)->nq >= 2, "xml_file: the model needs a cart and a pole");
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    mujoco_engine::ModelPtr model = ModelOf(conf);
    return GymStateSpec(conf, *model, model->nq + model->nv,
                        "info:reward_survive"_.Bind(OnlyInVersion(5, conf, Spec<double>({}))));
  }
};

using InvertedPendulumEnvSpec = EnvSpec<InvertedPendulumEnvFns>;

class InvertedPendulumEnv : public MujocoGymEnv<InvertedPendulumEnvSpec> {
 public:
  InvertedPendulumEnv(const Spec& spec, int env_id)
      : MujocoGymEnv(spec, env_id, /*uses_cfrc=*/false) {}

 protected:
  void Reset() override {
    ResetData();
    SetNoisyState(VelocityNoise::kUniform);
    terminated_ = false;
    Write(0.0);
  }

  void Step(const Action& action) override {
    DoSimulation(ActionOf(action));
    terminated_ =
        !(AllFinite(d_->qpos, m_.nq) && AllFinite(d_->qvel, m_.nv)) || std::abs(d_->qpos[1]) > 0.2;
    Write(v4() || !terminated_ ? 1.0 : 0.0);
  }

  bool IsTerminated() override { return terminated_; }

 private:
  void Write(double reward) {
    State state = AllocateWithReward(reward);
    ObsWriter obs = ObsOf(state);
    CopyQposQvel(&obs, /*excluded=*/0);
    obs.Done();
    state["info:reward_survive"_] = reward;
  }

  bool terminated_ = false;
};

using InvertedPendulumEnvPool = AsyncEnvPool<InvertedPendulumEnv>;

}  // namespace parallel_pool::mujoco

#endif  // PARALLEL_POOL_MUJOCO_INVERTED_PENDULUM_H_
