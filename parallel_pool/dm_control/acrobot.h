// dm_control's acrobot domain (suite/acrobot.py): a two-link pendulum
// actuated only at the elbow, to swing up until its tip reaches a target
// above the shoulder.
//
// Tasks "swingup" and "swingup_sparse":
//   reward = tolerance(|target - tip|, bounds=(0, target radius 0.2),
//                      margin=1 (swingup, gaussian) or 0 (swingup_sparse)).
// Observation: orientations = the xz of the upper and lower arm, then their
//   zz (4), velocity = qvel (2).
// Episode start: shoulder and elbow uniform in [-pi, pi) (two draws, in that
//   order).
// Control timestep 0.01 s (n_sub_steps 1, RK4); 1000 steps.
#ifndef PARALLEL_POOL_DM_CONTROL_ACROBOT_H_
#define PARALLEL_POOL_DM_CONTROL_ACROBOT_H_

#include <array>
#include <string>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/dm_control/dm_control_env.h"
#include "parallel_pool/dm_rewards/tolerance.h"

namespace parallel_pool::dm_control {

// The reward's margin: 1 for the smooth task, 0 (an indicator) for the sparse.
inline double AcrobotRewardMargin(const std::string& task) {
  if (task == "swingup") return 1;
  if (task == "swingup_sparse") return 0;
  throw std::invalid_argument(
      "task_name: acrobot has the tasks 'swingup' and 'swingup_sparse', not '" + task + "'");
}

class AcrobotEnvFns : public SuiteEnvFns {
 public:
  static auto DefaultConfig() { return SuiteConfig("swingup", "acrobot.xml", 1); }

  template <typename Config>
  static void Validate(const Config& conf) {
    AcrobotRewardMargin(conf["task_name"_]);
    ValidateSuiteConfig(conf);
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    ModelPtr model = SuiteModelOf(conf);
    return MakeDict("obs:orientations"_.Bind(ObsSpec(4)), "obs:velocity"_.Bind(ObsSpec(model->nv)));
  }
};

using AcrobotEnvSpec = SuiteEnvSpec<AcrobotEnvFns>;

class AcrobotEnv : public DmcEnv<AcrobotEnvSpec> {
 public:
  AcrobotEnv(const Spec& spec, int env_id)
      : DmcEnv(spec, env_id),
        margin_(AcrobotRewardMargin(task_name())),
        arms_{names_.Body("upper_arm"), names_.Body("lower_arm")},
        shoulder_qpos_(names_.QposAddr("shoulder")),
        elbow_qpos_(names_.QposAddr("elbow")),
        target_(names_.Site("target")),
        tip_(names_.Site("tip")) {}

 protected:
  void InitializeEpisode() override {
    // uniform(-pi, pi, 2): the shoulder's draw first.
    d_->qpos[shoulder_qpos_] = random_.Uniform(-mjPI, mjPI);
    d_->qpos[elbow_qpos_] = random_.Uniform(-mjPI, mjPI);
  }

  void WriteObservation(const State& state) override {
    double* orientations = state["obs:orientations"_].Data<double>();
    for (int arm : arms_) *orientations++ = d_->xmat[9 * arm + 2];  // xz
    for (int arm : arms_) *orientations++ = d_->xmat[9 * arm + 8];  // zz
    state["obs:velocity"_].Assign(d_->qvel, m_.nv);
  }

  double Reward() override {
    std::array<double, 3> tip_to_target{};
    for (int i = 0; i < 3; ++i) {
      tip_to_target[i] = d_->site_xpos[3 * target_ + i] - d_->site_xpos[3 * tip_ + i];
    }
    const double distance = numpy_exact::NumpyNorm(tip_to_target.data(), 3);
    const double target_radius = m_.site_size[3 * target_];
    return dm_rewards::Tolerance(distance, 0, target_radius, margin_);
  }

 private:
  const double margin_;
  const std::array<int, 2> arms_;
  const int shoulder_qpos_;
  const int elbow_qpos_;
  const int target_;
  const int tip_;
};

using AcrobotEnvPool = AsyncEnvPool<AcrobotEnv>;

}  // namespace parallel_pool::dm_control

#endif  // PARALLEL_POOL_DM_CONTROL_ACROBOT_H_
