// HumanoidEnv: gymnasium's Humanoid-v4 and -v5 (humanoid.xml; a 3D biped
// that should run along +x).
//
// Observation "obs": float64 = qpos without x, y (unless
//   exclude_current_positions_from_observation=False), qvel, then cinert,
//   cvel, qfrc_actuator and cfrc_ext:
//     v5: without the world body's rows and the free joint's 6 actuator
//         forces, each part optional (include_*_in_observation); 348 values
//     v4: all rows, always; 376 values.
// Action "action": float32 [17] in [-0.4, 0.4].
// Reward: forward + healthy - ctrl_cost - contact_cost, where
//   forward = forward_reward_weight * d(mass centre x)/dt,
//   healthy = healthy_reward if healthy (v5), or if healthy or
//             terminate_when_unhealthy (v4's legacy rule),
//   ctrl_cost = ctrl_cost_weight * sum(ctrl^2) (mjData.ctrl after the step),
//   contact_cost = clip(contact_cost_weight * sum(cfrc_ext^2),
//             contact_cost_range) (v5 only).
// Healthy: healthy_z_range[0] < qpos[2] < healthy_z_range[1].
// Terminated: unhealthy and terminate_when_unhealthy.
// Reset: qpos = init + U(-s, s), qvel = U(-s, s), s = reset_noise_scale.
// Info: gymnasium's keys of both versions, with that version's values
//   (v4's x_position, y_position, distance_from_origin are of the mass
//   centre, v5's of qpos): x_position, y_position, distance_from_origin,
//   x_velocity, y_velocity, tendon_length, tendon_velocity, reward_survive,
//   reward_forward, reward_ctrl, reward_contact, reward_linvel,
//   reward_quadctrl, reward_alive, forward_reward; qpos0/qvel0.
#ifndef PARALLEL_POOL_MUJOCO_HUMANOID_H_
#define PARALLEL_POOL_MUJOCO_HUMANOID_H_

#include <array>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/mujoco_engine/gym_env.h"
#include "parallel_pool/numpy_exact/numpy_math.h"

namespace parallel_pool::mujoco {

// The observation layout Humanoid and HumanoidStandup share.
struct HumanoidObsLayout {
  bool exclude_xy;
  bool cinert;
  bool cvel;
  bool qfrc_actuator;
  bool cfrc_ext;
  bool full_rows;  // v4: every body row and every dof, world body included

  template <typename Config>
  static HumanoidObsLayout Of(const Config& conf) {
    bool v4 = conf["version"_] == 4;
    HumanoidObsLayout layout{conf["exclude_current_positions_from_observation"_],
                             conf["include_cinert_in_observation"_],
                             conf["include_cvel_in_observation"_],
                             conf["include_qfrc_actuator_in_observation"_],
                             conf["include_cfrc_ext_in_observation"_],
                             v4};
    if (v4 && !(layout.cinert && layout.cvel && layout.qfrc_actuator && layout.cfrc_ext)) {
      throw std::invalid_argument(
          "include_cinert_in_observation, include_cvel_in_observation, "
          "include_qfrc_actuator_in_observation, include_cfrc_ext_in_observation: the v4 "
          "observation always includes cinert, cvel, qfrc_actuator and cfrc_ext (these "
          "keywords are v5's)");
    }
    return layout;
  }

  int Size(const mjModel& m) const {
    int first_body = full_rows ? 0 : 1;
    int first_dof = full_rows ? 0 : 6;
    int bodies = m.nbody - first_body;
    return m.nq - (exclude_xy ? 2 : 0) + m.nv + (cinert ? 10 * bodies : 0) +
           (cvel ? 6 * bodies : 0) + (qfrc_actuator ? m.nv - first_dof : 0) +
           (cfrc_ext ? 6 * bodies : 0);
  }

  void Write(const mjModel& m, const mjData& d, ObsWriter* obs) const {
    int first_body = full_rows ? 0 : 1;
    int first_dof = full_rows ? 0 : 6;
    int bodies = m.nbody - first_body;
    int skip = exclude_xy ? 2 : 0;
    obs->Copy(d.qpos + skip, m.nq - skip);
    obs->Copy(d.qvel, m.nv);
    if (cinert) obs->Copy(d.cinert + 10 * first_body, 10 * bodies);
    if (cvel) obs->Copy(d.cvel + 6 * first_body, 6 * bodies);
    if (qfrc_actuator) obs->Copy(d.qfrc_actuator + first_dof, m.nv - first_dof);
    if (cfrc_ext) obs->Copy(d.cfrc_ext + 6 * first_body, 6 * bodies);
    obs->Done();
  }
};

// gymnasium's mass_center(): np.einsum('b,bj->j', body_mass, xipos) /
// body_mass.sum(), x and y.
inline std::array<double, 2> MassCenter(const mjModel& m, const mjData& d) {
  double num[2] = {0.0, 0.0};
  for (int b = 0; b < m.nbody; ++b) {
    for (int j = 0; j < 2; ++j) num[j] += m.body_mass[b] * d.xipos[3 * b + j];
  }

  double denom = numpy_exact::NumpySum(m.body_mass, m.nbody);
  return {num[0] / denom, num[1] / denom};
}

// clip(weight * sum(cfrc_ext^2), range), over every body: Humanoid's contact
// cost and HumanoidStandup's impact cost.
inline double ClippedCfrcExtCost(const mjModel& m, const mjData& d, double weight,
                                 const std::pair<double, double>& range) {
  return Clip(weight * numpy_exact::NumpySumOfSquares(d.cfrc_ext, 6 * m.nbody), range.first,
              range.second);
}

// v5's info tendon_length and tendon_velocity (Humanoid, HumanoidStandup).
template <typename State>
void WriteTendonInfo(const mjModel& m, const mjData& d, const State& state) {
  state["info:tendon_length"_].Assign(d.ten_length, m.ntendon);
  state["info:tendon_velocity"_].Assign(d.ten_velocity, m.ntendon);
}

class HumanoidEnvFns : public GymTaskFns {
 public:
  // gymnasium's DEFAULT_CAMERA_CONFIG (v4 and v5), for render().
  static GymCamera DefaultCamera(int /*version*/) {
    return GymCamera{
        .distance = 4.0, .lookat = std::array<double, 3>{0.0, 0.0, 2.0}, .elevation = -20.0};
  }

  static auto DefaultConfig() {
    double inf = std::numeric_limits<double>::infinity();
    return MakeDict(
        "version"_.Bind(5), "lockstep_info"_.Bind(false),
        "xml_file"_.Bind(std::string("humanoid.xml")), "frame_skip"_.Bind(5),
        "forward_reward_weight"_.Bind(1.25), "ctrl_cost_weight"_.Bind(0.1),
        "contact_cost_weight"_.Bind(5e-7),
        "contact_cost_range"_.Bind(std::vector<double>{-inf, 10.0}), "healthy_reward"_.Bind(5.0),
        "terminate_when_unhealthy"_.Bind(true),
        "healthy_z_range"_.Bind(std::vector<double>{1.0, 2.0}), "reset_noise_scale"_.Bind(1e-2),
        "exclude_current_positions_from_observation"_.Bind(true),
        "include_cinert_in_observation"_.Bind(true), "include_cvel_in_observation"_.Bind(true),
        "include_qfrc_actuator_in_observation"_.Bind(true),
        "include_cfrc_ext_in_observation"_.Bind(true));
  }

  template <typename Config>
  static void Validate(const Config& conf) {
    ValidateGymConfig(conf);
    HumanoidObsLayout::Of(conf);
    const bool v4 = conf["version"_] == 4;
    const auto defaults = DefaultConfig();
    RequireDefault(!v4, double{conf["contact_cost_weight"_]},
                   double{defaults["contact_cost_weight"_]},
                   "contact_cost_weight: Humanoid-v4 has no contact cost (a v5 keyword)");
    RequireDefault(!v4, conf["contact_cost_range"_], defaults["contact_cost_range"_],
                   "contact_cost_range: Humanoid-v4 has no contact cost (a v5 keyword)");
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    mujoco_engine::ModelPtr model = ModelOf(conf);
    return GymStateSpec(
        conf, *model, HumanoidObsLayout::Of(conf).Size(*model),
        "info:x_position"_.Bind(Spec<double>({})), "info:y_position"_.Bind(Spec<double>({})),
        "info:distance_from_origin"_.Bind(Spec<double>({})),
        "info:x_velocity"_.Bind(Spec<double>({})), "info:y_velocity"_.Bind(Spec<double>({})),
        "info:tendon_length"_.Bind(OnlyInVersion(5, conf, Values(model->ntendon))),
        "info:tendon_velocity"_.Bind(OnlyInVersion(5, conf, Values(model->ntendon))),
        "info:reward_survive"_.Bind(OnlyInVersion(5, conf, Spec<double>({}))),
        "info:reward_forward"_.Bind(OnlyInVersion(5, conf, Spec<double>({}))),
        "info:reward_ctrl"_.Bind(OnlyInVersion(5, conf, Spec<double>({}))),
        "info:reward_contact"_.Bind(OnlyInVersion(5, conf, Spec<double>({}))),
        "info:reward_linvel"_.Bind(OnlyInVersion(4, conf, Spec<double>({}))),
        "info:reward_quadctrl"_.Bind(OnlyInVersion(4, conf, Spec<double>({}))),
        "info:reward_alive"_.Bind(OnlyInVersion(4, conf, Spec<double>({}))),
        "info:forward_reward"_.Bind(OnlyInVersion(4, conf, Spec<double>({}))));
  }
};

using HumanoidEnvSpec = EnvSpec<HumanoidEnvFns>;

class HumanoidEnv : public MujocoGymEnv<HumanoidEnvSpec> {
 public:
  HumanoidEnv(const Spec& spec, int env_id)
      : MujocoGymEnv(spec, env_id, /*uses_cfrc=*/true),
        layout_(HumanoidObsLayout::Of(spec.config)),
        contact_cost_range_(Range(spec.config["contact_cost_range"_], "contact_cost_range")),
        healthy_z_(Range(spec.config["healthy_z_range"_], "healthy_z_range")) {}

 protected:
  void Reset() override {
    ResetData();
    SetNoisyState(VelocityNoise::kUniform);
    terminated_ = false;
    Write(0.0, LocomotionInfo::AtReset(*d_));
  }

  void Step(const Action& action) override {
    const ActionT* a = ActionOf(action);
    const std::array<double, 2> before = MassCenter(m_, *d_);
    DoSimulation(a);
    LocomotionInfo info = LocomotionInfo::Moved(before, MassCenter(m_, *d_), dt_, v4(), *d_);
    const bool healthy = healthy_z_.first < d_->qpos[2] && d_->qpos[2] < healthy_z_.second;
    const double forward = weights_.forward_reward_weight * info.x_velocity;
    const double ctrl_cost = CtrlCost(d_->ctrl);
    const double healthy_reward = HealthyReward(healthy);
    double reward;
    if (v4()) {
      reward = (forward + healthy_reward) - ctrl_cost;
    } else {
      double contact_cost =
          ClippedCfrcExtCost(m_, *d_, weights_.contact_cost_weight, contact_cost_range_);
      reward = (forward + healthy_reward) - (ctrl_cost + contact_cost);
      info.reward_contact = -contact_cost;
    }
    info.reward_forward = forward;
    info.reward_ctrl = -ctrl_cost;
    info.reward_survive = healthy_reward;
    terminated_ = !healthy && weights_.terminate_when_unhealthy;
    Write(reward, info);
  }

  bool IsTerminated() override { return terminated_; }

 private:
  void Write(double reward, const LocomotionInfo& info) {
    State state = AllocateWithReward(reward);
    ObsWriter obs = ObsOf(state);
    layout_.Write(m_, *d_, &obs);
    info.Write(state);
    if (!v4()) WriteTendonInfo(m_, *d_, state);
    // v4's names
    state["info:reward_linvel"_] = info.reward_forward;
    state["info:reward_quadctrl"_] = info.reward_ctrl;
    state["info:reward_alive"_] = info.reward_survive;
    state["info:forward_reward"_] = info.reward_forward;
  }

  const HumanoidObsLayout layout_;
  const std::pair<double, double> contact_cost_range_;
  const std::pair<double, double> healthy_z_;
  bool terminated_ = false;
};

using HumanoidEnvPool = AsyncEnvPool<HumanoidEnv>;

}  // namespace parallel_pool::mujoco

#endif  // PARALLEL_POOL_MUJOCO_HUMANOID_H_
