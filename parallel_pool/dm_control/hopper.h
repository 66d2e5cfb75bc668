// dm_control's hopper domain (suite/hopper.py): a planar one-legged hopper.
//
//   standing = 1 while the torso's centre of mass is 0.6 to 2 above the
//              foot's, else 0 (tolerance with no margin).
// Task "stand": reward = standing * (mean over the controls of
//   tolerance(ctrl, margin=1, value_at_margin=0, sigmoid='quadratic') + 4) / 5.
// Task "hop": reward = standing * tolerance(torso subtree x velocity,
//   bounds=(2, inf), margin=1, value_at_margin=0.5, sigmoid='linear').
// Observation: position = qpos[1:] (6), velocity = qvel (7), touch = log1p
//   of the toe and heel touch sensors (2; NumPy's own log1p, numpy_ufunc.h).
// Episode start: randomize_limited_and_rotational_joints.
// Control timestep 0.02 s (n_sub_steps 4); 1000 steps.
#ifndef PARALLEL_POOL_DM_CONTROL_HOPPER_H_
#define PARALLEL_POOL_DM_CONTROL_HOPPER_H_

#include <array>
#include <limits>
#include <string>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/dm_control/dm_control_env.h"
#include "parallel_pool/dm_rewards/tolerance.h"
#include "parallel_pool/numpy_exact/numpy_ufunc.h"

namespace parallel_pool::dm_control {

inline constexpr double kHopperStandHeight = 0.6;
inline constexpr double kHopperMaxHeight = 2;
inline constexpr double kHopperHopSpeed = 2;

// Whether the task rewards hopping forwards ("hop") or standing still.
inline bool HopperHops(const std::string& task) {
  if (task == "stand") return false;
  if (task == "hop") return true;
  throw std::invalid_argument("task_name: hopper has the tasks 'stand' and 'hop', not '" + task +
                              "'");
}

class HopperEnvFns : public SuiteEnvFns {
 public:
  static auto DefaultConfig() { return SuiteConfig("stand", "hopper.xml", 4); }

  template <typename Config>
  static void Validate(const Config& conf) {
    HopperHops(conf["task_name"_]);
    ValidateSuiteConfig(conf);
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    ModelPtr model = SuiteModelOf(conf);
    return MakeDict("obs:position"_.Bind(ObsSpec(model->nq - 1)),
                    "obs:velocity"_.Bind(ObsSpec(model->nv)), "obs:touch"_.Bind(ObsSpec(2)));
  }
};

using HopperEnvSpec = SuiteEnvSpec<HopperEnvFns>;

class HopperEnv : public DmcEnv<HopperEnvSpec> {
 public:
  HopperEnv(const Spec& spec, int env_id)
      : DmcEnv(spec, env_id),
        hopping_(HopperHops(task_name())),
        torso_(names_.Body("torso")),
        foot_(names_.Body("foot")),
        speed_sensor_(names_.SensorAddr("torso_subtreelinvel")),
        touch_toe_sensor_(names_.SensorAddr("touch_toe")),
        touch_heel_sensor_(names_.SensorAddr("touch_heel")) {}

 protected:
  void InitializeEpisode() override { RandomizeLimitedAndRotationalJoints(); }

  void WriteObservation(const State& state) override {
    state["obs:position"_].Assign(d_->qpos + 1, m_.nq - 1);
    state["obs:velocity"_].Assign(d_->qvel, m_.nv);
    const std::array<double, 2> touch = {d_->sensordata[touch_toe_sensor_],
                                         d_->sensordata[touch_heel_sensor_]};
    numpy_exact::NumpyLog1p(touch.data(), state["obs:touch"_].Data<double>(), 2);
  }

  double Reward() override {
    // The height of the torso's centre of mass above the foot's.
    const double height = d_->xipos[3 * torso_ + 2] - d_->xipos[3 * foot_ + 2];
    const double standing = dm_rewards::Tolerance(height, kHopperStandHeight, kHopperMaxHeight);
    if (hopping_) {
      const double hopping = dm_rewards::Tolerance(
          d_->sensordata[speed_sensor_], kHopperHopSpeed, std::numeric_limits<double>::infinity(),
          kHopperHopSpeed / 2, dm_rewards::Sigmoid::kLinear, 0.5);
      return standing * hopping;
    }
    // tolerance() of the control vector, then its mean.
    std::vector<double> control_rewards(m_.nu);
    for (int i = 0; i < m_.nu; ++i) {
      control_rewards[i] =
          dm_rewards::TolerancePerElement(d_->ctrl[i], 0, 0, 1, dm_rewards::Sigmoid::kQuadratic, 0);
    }
    const double small_control =
        (numpy_exact::NumpySum(control_rewards.data(), m_.nu) / m_.nu + 4) / 5;
    return standing * small_control;
  }

 private:
  const bool hopping_;
  const int torso_;
  const int foot_;
  const int speed_sensor_;
  const int touch_toe_sensor_;
  const int touch_heel_sensor_;
};

using HopperEnvPool = AsyncEnvPool<HopperEnv>;

}  // namespace parallel_pool::dm_control

#endif  // PARALLEL_POOL_DM_CONTROL_HOPPER_H_
