// dm_control's walker domain (suite/walker.py): a planar biped.
//
// Tasks "stand", "walk", "run" (move speed 0, 1, 8):
//   standing = tolerance(torso height, bounds=(1.2, inf), margin=0.6)
//   upright = (1 + torso zz) / 2;  stand = (3 * standing + upright) / 4
//   reward = stand, or stand * (5 * move + 1) / 6 with move =
//     tolerance(horizontal com velocity, bounds=(speed, inf),
//               margin=speed / 2, value_at_margin=0.5, sigmoid='linear').
// Observation: orientations = (xx, xz) of every body but the world (14),
//   height = torso z, velocity = qvel (9).
// Episode start: randomize_limited_and_rotational_joints.
// Control timestep 0.025 s (n_sub_steps 10); 1000 steps.
#ifndef PARALLEL_POOL_DM_CONTROL_WALKER_H_
#define PARALLEL_POOL_DM_CONTROL_WALKER_H_

#include <limits>
#include <string>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/dm_control/dm_control_env.h"
#include "parallel_pool/dm_rewards/tolerance.h"

namespace parallel_pool::dm_control {

inline constexpr double kWalkerStandHeight = 1.2;

inline double WalkerMoveSpeed(const std::string& task) {
  if (task == "stand") return 0;
  if (task == "walk") return 1;
  if (task == "run") return 8;
  throw std::invalid_argument("task_name: walker has the tasks 'stand', 'walk' and 'run', not '" +
                              task + "'");
}

class WalkerEnvFns : public SuiteEnvFns {
 public:
  static auto DefaultConfig() { return SuiteConfig("walk", "walker.xml", 10); }

  template <typename Config>
  static void Validate(const Config& conf) {
    WalkerMoveSpeed(conf["task_name"_]);
    ValidateSuiteConfig(conf);
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    ModelPtr model = SuiteModelOf(conf);
    return MakeDict("obs:orientations"_.Bind(ObsSpec(2 * (model->nbody - 1))),
                    "obs:height"_.Bind(ScalarObsSpec()), "obs:velocity"_.Bind(ObsSpec(model->nv)));
  }
};

using WalkerEnvSpec = SuiteEnvSpec<WalkerEnvFns>;

class WalkerEnv : public DmcEnv<WalkerEnvSpec> {
 public:
  WalkerEnv(const Spec& spec, int env_id)
      : DmcEnv(spec, env_id),
        move_speed_(WalkerMoveSpeed(task_name())),
        torso_(names_.Body("torso")),
        velocity_sensor_(names_.SensorAddr("torso_subtreelinvel")) {}

 protected:
  void InitializeEpisode() override { RandomizeLimitedAndRotationalJoints(); }

  void WriteObservation(const State& state) override {
    double* orientations = state["obs:orientations"_].Data<double>();
    for (int b = 1; b < m_.nbody; ++b) {
      *orientations++ = d_->xmat[9 * b + 0];  // xx
      *orientations++ = d_->xmat[9 * b + 2];  // xz
    }
    state["obs:height"_] = TorsoHeight();
    state["obs:velocity"_].Assign(d_->qvel, m_.nv);
  }

  double Reward() override {
    const double standing =
        dm_rewards::Tolerance(TorsoHeight(), kWalkerStandHeight,
                              std::numeric_limits<double>::infinity(), kWalkerStandHeight / 2);
    const double upright = (1 + d_->xmat[9 * torso_ + 8]) / 2;
    const double stand_reward = (3 * standing + upright) / 4;
    if (move_speed_ == 0) return stand_reward;
    const double move_reward = dm_rewards::Tolerance(
        d_->sensordata[velocity_sensor_], move_speed_, std::numeric_limits<double>::infinity(),
        move_speed_ / 2, dm_rewards::Sigmoid::kLinear, 0.5);
    return stand_reward * (5 * move_reward + 1) / 6;
  }

 private:
  double TorsoHeight() const { return d_->xpos[3 * torso_ + 2]; }

  const double move_speed_;
  const int torso_;
  const int velocity_sensor_;
};

using WalkerEnvPool = AsyncEnvPool<WalkerEnv>;

}  // namespace parallel_pool::dm_control

#endif  // PARALLEL_POOL_DM_CONTROL_WALKER_H_
