// InvertedDoublePendulumEnv: gymnasium's InvertedDoublePendulum-v4 and -v5
// (inverted_double_pendulum.xml; a cart balancing two stacked poles).
//
// Observation "obs": float64 = cart x (qpos[0]), sin(hinge angles),
//   cos(hinge angles), clip(qvel, -10, 10), clip(qfrc_constraint, -10, 10):
//   v5 keeps only qfrc_constraint[0] (9 values), v4 all of it (11 values).
// Action "action": float32 [1] in [-1, 1].
// Reward: alive - dist_penalty - vel_penalty, where (x, _, y) is the tip
//   site, dist_penalty = 0.01 x^2 + (y - 2)^2, vel_penalty = 0.001 v1^2 +
//   0.005 v2^2 (v1, v2 = qvel[1], qvel[2]), and alive = healthy_reward,
//   or 0 on the terminating step in v5.
// Terminated: y <= 1.
// Reset: qpos = init + U(-s, s), qvel = s * N(0, 1), s = reset_noise_scale.
// Info: reward_survive, distance_penalty, velocity_penalty (gymnasium v4
//   returns none); qpos0/qvel0.
#ifndef PARALLEL_POOL_MUJOCO_INVERTED_DOUBLE_PENDULUM_H_
#define PARALLEL_POOL_MUJOCO_INVERTED_DOUBLE_PENDULUM_H_

#include <cmath>
#include <stdexcept>
#include <string>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/mujoco_engine/gym_env.h"
#include "parallel_pool/numpy_exact/python_float.h"

namespace parallel_pool::mujoco {

class InvertedDoublePendulumEnvFns : public GymTaskFns {
 public:
  // gymnasium's DEFAULT_CAMERA_CONFIG, for render(): v5 defines it but
  // passes None (its default_camera_config keyword defaults to None).
  static GymCamera DefaultCamera(int version) {
    if (version == 5) return {};
    return GymCamera{.distance = 4.1225,
                     .lookat = std::array<double, 3>{0.0, 0.0, 0.12250000000000005}};
  }

  static auto DefaultConfig() {
    return MakeDict(
        "version"_.Bind(5), "lockstep_info"_.Bind(false), "reward_threshold"_.Bind(9100.0),
        "xml_file"_.Bind(std::string("inverted_double_pendulum.xml")), "frame_skip"_.Bind(5),
        "healthy_reward"_.Bind(10.0), "reset_noise_scale"_.Bind(0.1));
  }

  template <typename Config>
  static int ObsSize(const Config& conf, const mjModel& m) {
    return 1 + 2 * (m.nq - 1) + m.nv + (conf["version"_] == 4 ? m.nv : 1);
  }

  template <typename Config>
  static void Validate(const Config& conf) {
    ValidateGymConfig(conf);
    RequireConfig(ModelOf(conf)->nsite >= 1, "xml_file: the model needs a tip site");
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    mujoco_engine::ModelPtr model = ModelOf(conf);
    return GymStateSpec(conf, *model, ObsSize(conf, *model),
                        "info:reward_survive"_.Bind(OnlyInVersion(5, conf, Spec<double>({}))),
                        "info:distance_penalty"_.Bind(OnlyInVersion(5, conf, Spec<double>({}))),
                        "info:velocity_penalty"_.Bind(OnlyInVersion(5, conf, Spec<double>({}))));
  }
};

using InvertedDoublePendulumEnvSpec = EnvSpec<InvertedDoublePendulumEnvFns>;

class InvertedDoublePendulumEnv : public MujocoGymEnv<InvertedDoublePendulumEnvSpec> {
 public:
  InvertedDoublePendulumEnv(const Spec& spec, int env_id)
      : MujocoGymEnv(spec, env_id, /*uses_cfrc=*/false) {}

 protected:
  void Reset() override {
    ResetData();
    SetNoisyState(VelocityNoise::kNormal);
    terminated_ = false;
    Write(0.0, 0.0, 0.0, 0.0);
  }

  void Step(const Action& action) override {
    DoSimulation(ActionOf(action));
    const double x = d_->site_xpos[0];
    const double y = d_->site_xpos[2];
    terminated_ = y <= 1;
    const double v1 = d_->qvel[1];
    const double v2 = d_->qvel[2];
    const double dist_penalty = 0.01 * numpy_exact::PyPow(x, 2) + numpy_exact::PyPow(y - 2, 2);
    const double vel_penalty =
        0.001 * numpy_exact::PyPow(v1, 2) + 0.005 * numpy_exact::PyPow(v2, 2);
    const double alive_bonus = v4() ? weights_.healthy_reward
                                    : weights_.healthy_reward * static_cast<double>(!terminated_);
    const double reward = alive_bonus - dist_penalty - vel_penalty;
    Write(reward, alive_bonus, -dist_penalty, -vel_penalty);
  }

  bool IsTerminated() override { return terminated_; }

 private:
  void Write(double reward, double survive, double distance_penalty, double velocity_penalty) {
    State state = AllocateWithReward(reward);
    ObsWriter obs = ObsOf(state);
    obs.Put(d_->qpos[0]);
    for (int i = 1; i < m_.nq; ++i) obs.Put(std::sin(d_->qpos[i]));
    for (int i = 1; i < m_.nq; ++i) obs.Put(std::cos(d_->qpos[i]));
    obs.CopyClipped(d_->qvel, m_.nv, -10.0, 10.0);
    obs.CopyClipped(d_->qfrc_constraint, v4() ? m_.nv : 1, -10.0, 10.0);
    obs.Done();
    state["info:reward_survive"_] = survive;
    state["info:distance_penalty"_] = distance_penalty;
    state["info:velocity_penalty"_] = velocity_penalty;
  }

  bool terminated_ = false;
};

using InvertedDoublePendulumEnvPool = AsyncEnvPool<InvertedDoublePendulumEnv>;

}  // namespace parallel_pool::mujoco

#endif  // PARALLEL_POOL_MUJOCO_INVERTED_DOUBLE_PENDULUM_H_
