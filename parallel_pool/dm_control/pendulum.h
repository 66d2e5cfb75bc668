// dm_control's pendulum domain (suite/pendulum.py): a torque-limited
// pendulum to swing up and hold upright.
//
// Task "swingup": reward = 1 while the pole is within 8 degrees of upright
//   (tolerance(pole zz, bounds=(cos(8 deg), 1)), no margin), else 0.
// Observation: orientation = the pole's (zz, xz) (2), velocity = the hinge's
//   angular velocity (1).
// Episode start: the hinge angle uniform in [-pi, pi) (one draw).
// Control timestep 0.02 s (n_sub_steps 1); 1000 steps.
#ifndef PARALLEL_POOL_DM_CONTROL_PENDULUM_H_
#define PARALLEL_POOL_DM_CONTROL_PENDULUM_H_

#include <string>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/dm_control/dm_control_env.h"
#include "parallel_pool/dm_rewards/tolerance.h"

namespace parallel_pool::dm_control {

// np.cos(np.deg2rad(8)), as NumPy rounds it: the pole is "up" while its z
// axis is within 8 degrees of vertical.
inline constexpr double kPendulumCosineBound = 0x1.fb046a930947ap-1;

class PendulumEnvFns : public SuiteEnvFns {
 public:
  static auto DefaultConfig() { return SuiteConfig("swingup", "pendulum.xml", 1); }

  template <typename Config>
  static void Validate(const Config& conf) {
    RequireConfig(conf["task_name"_] == "swingup",
                  "task_name: pendulum has the task 'swingup', not '" +
                      std::string(conf["task_name"_]) + "'");
    ValidateSuiteConfig(conf);
  }

  template <typename Config>
  static auto StateSpec(const Config& /*conf*/) {
    return MakeDict("obs:orientation"_.Bind(ObsSpec(2)), "obs:velocity"_.Bind(ObsSpec(1)));
  }
};

using PendulumEnvSpec = SuiteEnvSpec<PendulumEnvFns>;

class PendulumEnv : public DmcEnv<PendulumEnvSpec> {
 public:
  PendulumEnv(const Spec& spec, int env_id)
      : DmcEnv(spec, env_id),
        pole_(names_.Body("pole")),
        hinge_qpos_(names_.QposAddr("hinge")),
        hinge_dof_(names_.DofAddr("hinge")) {}

 protected:
  void InitializeEpisode() override { d_->qpos[hinge_qpos_] = random_.Uniform(-mjPI, mjPI); }

  void WriteObservation(const State& state) override {
    double* orientation = state["obs:orientation"_].Data<double>();
    orientation[0] = PoleZz();
    orientation[1] = d_->xmat[9 * pole_ + 2];  // xz
    state["obs:velocity"_].Data<double>()[0] = d_->qvel[hinge_dof_];
  }

  double Reward() override { return dm_rewards::Tolerance(PoleZz(), kPendulumCosineBound, 1); }

 private:
  double PoleZz() const { return d_->xmat[9 * pole_ + 8]; }

  const int pole_;
  const int hinge_qpos_;
  const int hinge_dof_;
};

using PendulumEnvPool = AsyncEnvPool<PendulumEnv>;

}  // namespace parallel_pool::dm_control

#endif  // PARALLEL_POOL_DM_CONTROL_PENDULUM_H_
