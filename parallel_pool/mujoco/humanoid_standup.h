// HumanoidStandupEnv: gymnasium's HumanoidStandup-v4 and -v5
// (humanoidstandup.xml; the humanoid starts lying down and should stand up).
//
// Observation "obs": as Humanoid's (humanoid.h): v5 348 values, v4 376.
// Action "action": float32 [17] in [-0.4, 0.4].
// Reward: uph - quad_ctrl - quad_impact + 1, where
//   uph = qpos[2] / opt.timestep (z of the torso; gymnasium 1.4 accepts
//         uph_cost_weight but does not use it, and neither do we),
//   quad_ctrl = ctrl_cost_weight * sum(ctrl^2) (mjData.ctrl after the step),
//   quad_impact = clip(impact_cost_weight * sum(cfrc_ext^2), impact_cost_range)
//         (v4: min(5e-7 * sum(cfrc_ext^2), 10), the same with the defaults).
// Never terminates (truncated at 1000 steps).
// Reset: qpos = init + U(-s, s), qvel = U(-s, s), s = reset_noise_scale.
// Info: x_position, y_position, z_distance_from_origin, tendon_length,
//   tendon_velocity, reward_linup, reward_quadctrl, reward_impact;
//   qpos0/qvel0.
#ifndef PARALLEL_POOL_MUJOCO_HUMANOID_STANDUP_H_
#define PARALLEL_POOL_MUJOCO_HUMANOID_STANDUP_H_

#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/mujoco/humanoid.h"
#include "parallel_pool/mujoco_engine/gym_env.h"

namespace parallel_pool::mujoco {

class HumanoidStandupEnvFns : public GymTaskFns {
 public:
  // gymnasium's DEFAULT_CAMERA_CONFIG (v4 and v5), for render().
  static GymCamera DefaultCamera(int /*version*/) {
    return GymCamera{
        .distance = 4.0, .lookat = std::array<double, 3>{0.0, 0.0, 0.8925}, .elevation = -20.0};
  }

  static auto DefaultConfig() {
    double inf = std::numeric_limits<double>::infinity();
    return MakeDict(
        "version"_.Bind(5), "lockstep_info"_.Bind(false),
        "xml_file"_.Bind(std::string("humanoidstandup.xml")), "frame_skip"_.Bind(5),
        "uph_cost_weight"_.Bind(1.0), "ctrl_cost_weight"_.Bind(0.1),
        "impact_cost_weight"_.Bind(5e-7),
        "impact_cost_range"_.Bind(std::vector<double>{-inf, 10.0}), "reset_noise_scale"_.Bind(1e-2),
        "exclude_current_positions_from_observation"_.Bind(true),
        "include_cinert_in_observation"_.Bind(true), "include_cvel_in_observation"_.Bind(true),
        "include_qfrc_actuator_in_observation"_.Bind(true),
        "include_cfrc_ext_in_observation"_.Bind(true));
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    mujoco_engine::ModelPtr model = ModelOf(conf);
    return GymStateSpec(
        conf, *model, HumanoidObsLayout::Of(conf).Size(*model),
        "info:x_position"_.Bind(OnlyInVersion(5, conf, Spec<double>({}))),
        "info:y_position"_.Bind(OnlyInVersion(5, conf, Spec<double>({}))),
        "info:z_distance_from_origin"_.Bind(OnlyInVersion(5, conf, Spec<double>({}))),
        "info:tendon_length"_.Bind(OnlyInVersion(5, conf, Values(model->ntendon))),
        "info:tendon_velocity"_.Bind(OnlyInVersion(5, conf, Values(model->ntendon))),
        "info:reward_linup"_.Bind(Spec<double>({})), "info:reward_quadctrl"_.Bind(Spec<double>({})),
        "info:reward_impact"_.Bind(Spec<double>({})));
  }
};

using HumanoidStandupEnvSpec = EnvSpec<HumanoidStandupEnvFns>;

class HumanoidStandupEnv : public MujocoGymEnv<HumanoidStandupEnvSpec> {
 public:
  HumanoidStandupEnv(const Spec& spec, int env_id)
      : MujocoGymEnv(spec, env_id, /*uses_cfrc=*/true),
        layout_(HumanoidObsLayout::Of(spec.config)),
        impact_cost_weight_(spec.config["impact_cost_weight"_]),
        impact_cost_range_(Range(spec.config["impact_cost_range"_], "impact_cost_range")) {}

 protected:
  void Reset() override {
    ResetData();
    SetNoisyState(VelocityNoise::kUniform);
    Write(0.0, 0.0, 0.0, 0.0);
  }

  void Step(const Action& action) override {
    DoSimulation(ActionOf(action));
    const double uph_cost = (d_->qpos[2] - 0) / m_.opt.timestep;
    const double quad_ctrl_cost = CtrlCost(d_->ctrl);
    const double quad_impact_cost =
        ClippedCfrcExtCost(m_, *d_, impact_cost_weight_, impact_cost_range_);
    const double reward = uph_cost - quad_ctrl_cost - quad_impact_cost + 1;
    Write(reward, uph_cost, -quad_ctrl_cost, -quad_impact_cost);
  }

  bool IsTerminated() override { return false; }

 private:
  void Write(double reward, double linup, double quadctrl, double impact) {
    State state = AllocateWithReward(reward);
    ObsWriter obs = ObsOf(state);
    layout_.Write(m_, *d_, &obs);
    state["info:x_position"_] = d_->qpos[0];
    state["info:y_position"_] = d_->qpos[1];
    state["info:z_distance_from_origin"_] = d_->qpos[2] - init_qpos_[2];
    if (!v4()) WriteTendonInfo(m_, *d_, state);
    state["info:reward_linup"_] = linup;
    state["info:reward_quadctrl"_] = quadctrl;
    state["info:reward_impact"_] = impact;
  }

  const HumanoidObsLayout layout_;
  const double impact_cost_weight_;
  const std::pair<double, double> impact_cost_range_;
};

using HumanoidStandupEnvPool = AsyncEnvPool<HumanoidStandupEnv>;

}  // namespace parallel_pool::mujoco

#endif  // PARALLEL_POOL_MUJOCO_HUMANOID_STANDUP_H_
