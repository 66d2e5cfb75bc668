// gymnasium's Ant (ant_v4.py, ant_v5.py) as any env that runs it uses it:
// its config keys and checks (AntEnvFns) and its step, reward terms, info
// and contact forces on any model that has it (AntBody). The MuJoCo
// family's Ant task (mujoco/ant.h) and the robotics family's AntMaze run it.
#ifndef PARALLEL_POOL_MUJOCO_ENGINE_GYM_ANT_H_
#define PARALLEL_POOL_MUJOCO_ENGINE_GYM_ANT_H_

#include <array>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/core/env_spec.h"
#include "parallel_pool/mujoco_engine/gym_env.h"
#include "parallel_pool/numpy_exact/numpy_math.h"

namespace parallel_pool::mujoco {

class AntEnvFns : public GymTaskFns {
 public:
  // gymnasium's DEFAULT_CAMERA_CONFIG (v4 and v5), for render().
  static GymCamera DefaultCamera(int /*version*/) { return GymCamera{.distance = 4.0}; }

  static auto DefaultConfig() {
    return MakeDict(
        "version"_.Bind(5), "lockstep_info"_.Bind(false), "reward_threshold"_.Bind(6000.0),
        "xml_file"_.Bind(std::string("ant.xml")), "frame_skip"_.Bind(5),
        "forward_reward_weight"_.Bind(1.0), "ctrl_cost_weight"_.Bind(0.5),
        "use_contact_forces"_.Bind(false), "contact_cost_weight"_.Bind(5e-4),
        "healthy_reward"_.Bind(1.0), "main_body"_.Bind(1), "terminate_when_unhealthy"_.Bind(true),
        "healthy_z_range"_.Bind(std::vector<double>{0.2, 1.0}),
        "contact_force_range"_.Bind(std::vector<double>{-1.0, 1.0}), "reset_noise_scale"_.Bind(0.1),
        "exclude_current_positions_from_observation"_.Bind(true),
        "include_cfrc_ext_in_observation"_.Bind(true));
  }

  template <typename Config>
  static int ObsSize(const Config& conf, const mjModel& m) {
    return QposQvelSize(conf, m, 2) + ContactForcesSize(conf, m);
  }

  // How many contact forces the version observes (AntBody's
  // WriteContactForces): v4's of every body with use_contact_forces, v5's
  // of every body but the world with include_cfrc_ext_in_observation.
  template <typename Config>
  static int ContactForcesSize(const Config& conf, const mjModel& m) {
    if (conf["version"_] == 4) return conf["use_contact_forces"_] ? 6 * m.nbody : 0;
    return conf["include_cfrc_ext_in_observation"_] ? 6 * (m.nbody - 1) : 0;
  }

  template <typename Config>
  static void Validate(const Config& conf) {
    ValidateGymConfig(conf);
    const bool v4 = conf["version"_] == 4;
    RequireDefault(v4, bool{conf["use_contact_forces"_]}, false,
                   "use_contact_forces: Ant-v5 has no such keyword (its contact cost is always "
                   "on; include_cfrc_ext_in_observation chooses the observation)");
    RequireDefault(!v4, bool{conf["include_cfrc_ext_in_observation"_]}, true,
                   "include_cfrc_ext_in_observation: Ant-v4 has no such keyword (use "
                   "use_contact_forces)");
    const int main_body = conf["main_body"_];
    RequireConfig(main_body >= 0 && main_body < ModelOf(conf)->nbody,
                  "main_body: no body with id " + std::to_string(main_body));
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    mujoco_engine::ModelPtr model = ModelOf(conf);
    return GymStateSpec(
        conf, *model, ObsSize(conf, *model), "info:x_position"_.Bind(Spec<double>({})),
        "info:y_position"_.Bind(Spec<double>({})),
        "info:distance_from_origin"_.Bind(Spec<double>({})),
        "info:x_velocity"_.Bind(Spec<double>({})), "info:y_velocity"_.Bind(Spec<double>({})),
        "info:reward_forward"_.Bind(Spec<double>({})), "info:reward_ctrl"_.Bind(Spec<double>({})),
        "info:reward_contact"_.Bind(OnlyInVersion(5, conf, Spec<double>({}))),
        "info:reward_survive"_.Bind(Spec<double>({})),
        "info:forward_reward"_.Bind(OnlyInVersion(4, conf, Spec<double>({}))));
  }
};

using AntEnvSpec = EnvSpec<AntEnvFns>;

// gymnasium's Ant on any model that has it: the simulation step, the reward's
// terms, the info and the contact forces of the observation. AntEnv runs it
// as gymnasium's Ant task; the robotics family's AntMaze runs it inside a
// maze (its Base adds the maze to MujocoGymEnv). The config must have the
// Ant's keys (AntEnvFns::DefaultConfig's, less the ones the task fixes).
template <typename EnvSpecT, typename Base = MujocoGymEnv<EnvSpecT>>
class AntBody : public Base {
 public:
  using typename Base::Spec;

  AntBody(const Spec& spec, int env_id)
      : Base(spec, env_id, /*uses_cfrc=*/true),
        use_contact_forces_(spec.config["use_contact_forces"_]),
        main_body_(spec.config["main_body"_]),
        healthy_z_(Range(spec.config["healthy_z_range"_], "healthy_z_range")),
        contact_force_(Range(spec.config["contact_force_range"_], "contact_force_range")),
        include_cfrc_ext_(spec.config["include_cfrc_ext_in_observation"_]) {}

 protected:
  // One step of gymnasium's Ant: what it returns besides the observation.
  struct AntStep {
    LocomotionInfo info;
    double reward;
    bool healthy;
  };

  AntStep Simulate(const ActionT* a) {
    const double* xpos = this->d_->xpos + 3 * main_body_;
    const std::array<double, 2> before{xpos[0], xpos[1]};
    this->DoSimulation(a);
    AntStep out{LocomotionInfo::Moved(before, {xpos[0], xpos[1]}, this->dt_, this->v4(), *this->d_),
                0.0, IsHealthy()};
    LocomotionInfo& info = out.info;
    const double forward = info.x_velocity * this->weights_.forward_reward_weight;
    const double ctrl_cost = this->ActionCtrlCost(a);
    const double healthy_reward = this->HealthyReward(out.healthy);
    const double rewards = forward + healthy_reward;
    double costs = ctrl_cost;
    info.reward_ctrl = -ctrl_cost;
    if (!this->v4() || use_contact_forces_) {  // v4 without use_contact_forces: no contact cost
      const double contact_cost = ContactCost();
      costs += contact_cost;
      if (this->v4()) info.reward_ctrl = -contact_cost;  // sic: gymnasium's Ant-v4
      info.reward_contact = -contact_cost;
    }
    out.reward = rewards - costs;
    info.reward_survive = healthy_reward;
    info.reward_forward = forward;
    return out;
  }

  // The contact forces the version observes (clipped): v5's cfrc_ext of
  // every body but the world with include_cfrc_ext_in_observation, v4's of
  // every body with use_contact_forces.
  void WriteContactForces(ObsWriter* obs) const {
    if (this->v4() ? use_contact_forces_ : include_cfrc_ext_) {
      const int first = this->v4() ? 0 : 1;
      obs->CopyClipped(this->d_->cfrc_ext + 6 * first, 6 * (this->m_.nbody - first),
                       contact_force_.first, contact_force_.second);
    }
  }

  // The info keys of both versions (each pool has its version's).
  template <typename State>
  static void WriteInfo(const State& state, const LocomotionInfo& info) {
    info.Write(state);
    state["info:forward_reward"_] = info.reward_forward;  // v4's name
  }

 private:
  bool IsHealthy() const {
    const mjData& d = *this->d_;
    return AllFinite(d.qpos, this->m_.nq) && AllFinite(d.qvel, this->m_.nv) &&
           healthy_z_.first <= d.qpos[2] && d.qpos[2] <= healthy_z_.second;
  }

  // contact_cost_weight * sum(clip(cfrc_ext, contact_force_range)^2), over
  // every body (the world's row included).
  double ContactCost() const {
    const int n = 6 * this->m_.nbody;
    clipped_.resize(n);
    for (int i = 0; i < n; ++i) {
      clipped_[i] = Clip(this->d_->cfrc_ext[i], contact_force_.first, contact_force_.second);
    }
    return this->weights_.contact_cost_weight * numpy_exact::NumpySumOfSquares(clipped_.data(), n);
  }

  const bool use_contact_forces_;
  const int main_body_;
  const std::pair<double, double> healthy_z_;
  const std::pair<double, double> contact_force_;
  const bool include_cfrc_ext_;
  mutable std::vector<double> clipped_;
};

}  // namespace parallel_pool::mujoco

#endif  // PARALLEL_POOL_MUJOCO_ENGINE_GYM_ANT_H_
