// dm_control's humanoid domain (suite/humanoid.py): a 21-joint 3D humanoid
// on a free root joint. HumanoidTaskEnv below also serves humanoid_CMU
// (humanoid_cmu.h), whose task differs only in its model and body names.
//
// Tasks "stand", "walk", "run" (move speed 0, 1, 10) and "run_pure_state"
// (speed 10, observation = the MuJoCo state):
//   standing = tolerance(head z, bounds=(1.4, inf), margin=1.4 / 4)
//   upright = tolerance(torso zz, bounds=(0.9, inf), sigmoid='linear',
//                       margin=1.9, value_at_margin=0)
//   small_control = (4 + mean(tolerance(ctrl, margin=1, value_at_margin=0,
//                                       sigmoid='quadratic'))) / 5
//   reward = small_control * standing * upright * (stand: mean(tolerance(
//     com velocity xy, margin=2)); walk, run: (5 * move + 1) / 6, move =
//     tolerance(|com velocity xy|, bounds=(speed, inf), margin=speed,
//     value_at_margin=0, sigmoid='linear')); the com velocity is the sensor
//     torso_subtreelinvel.
// Observation: joint_angles = qpos[7:] (21), head_height, extremities = the
//   hands' and feet's positions relative to the torso in the torso's frame
//   (left hand, left foot, right hand, right foot; 12), torso_vertical =
//   torso (zx, zy, zz), com_velocity (3), velocity = qvel (27);
//   run_pure_state: position = qpos (28), velocity = qvel (27).
// Episode start: randomize_limited_and_rotational_joints (the root's
//   orientation a normalised rand(4), every hinge uniform in its range), then
//   mj_forward without actuation, repeated until no contact remains.
// Control timestep 0.025 s (n_sub_steps 5); 1000 steps.
#ifndef PARALLEL_POOL_DM_CONTROL_HUMANOID_H_
#define PARALLEL_POOL_DM_CONTROL_HUMANOID_H_

#include <array>
#include <limits>
#include <string>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/dm_control/dm_control_env.h"
#include "parallel_pool/dm_rewards/tolerance.h"

namespace parallel_pool::dm_control {

inline constexpr double kHumanoidStandHeight = 1.4;
inline constexpr double kHumanoidUprightBound = 0.9;
// qpos of the free root joint (position and quaternion), not in joint_angles.
inline constexpr int kHumanoidRootQpos = 7;

// What the two humanoids' tasks name differently.
struct HumanoidBodies {
  const char* torso;              // the body the task's frame and uprightness refer to
  int upright_element;            // which element of its xmat is "upright" (zz or zy)
  const char* hands_and_feet[4];  // extremities, in the observation's order
  const char* com_velocity_sensor;
};

// A task's move speed and whether it observes the raw MuJoCo state.
struct HumanoidTask {
  double move_speed;
  bool pure_state;
};

inline HumanoidTask HumanoidTaskOf(const std::string& task) {
  if (task == "stand") return {0, false};
  if (task == "walk") return {1, false};
  if (task == "run") return {10, false};
  if (task == "run_pure_state") return {10, true};
  throw std::invalid_argument(
      "task_name: humanoid has the tasks 'stand', 'walk', 'run' and 'run_pure_state', not '" +
      task + "'");
}

// The humanoid task of humanoid.py and humanoid_CMU.py: the episode start,
// the reward and the egocentric observations both share.
template <typename EnvSpecT>
class HumanoidTaskEnv : public DmcEnv<EnvSpecT> {
 public:
  using Base = DmcEnv<EnvSpecT>;
  using typename Base::Spec;
  using typename Base::State;

  HumanoidTaskEnv(const Spec& spec, int env_id, const HumanoidBodies& bodies, double move_speed)
      : Base(spec, env_id),
        move_speed_(move_speed),
        torso_(this->names_.Body(bodies.torso)),
        head_(this->names_.Body("head")),
        upright_element_(bodies.upright_element),
        com_velocity_(this->names_.SensorAddr(bodies.com_velocity_sensor)),
        control_reward_(this->m_.nu) {
    for (int i = 0; i < 4; ++i) hands_and_feet_[i] = this->names_.Body(bodies.hands_and_feet[i]);
  }

 protected:
  void InitializeEpisode() override {
    // A random pose, redrawn until nothing touches (the root keeps the
    // model's initial position, so it may start in the floor).
    do {
      this->RandomizeLimitedAndRotationalJoints();
      this->ForwardWithoutActuation();
    } while (this->d_->ncon > 0);
  }

  // The egocentric observation fields, which both humanoids' specs have.
  void WriteEgocentricObservation(const State& state) {
    const mjModel& m = this->m_;
    const mjData* d = this->d_;
    state["obs:joint_angles"_].Assign(d->qpos + kHumanoidRootQpos, m.nq - kHumanoidRootQpos);
    state["obs:head_height"_] = HeadHeight();
    double* extremities = state["obs:extremities"_].template Data<double>();
    const double* torso_pos = d->xpos + 3 * torso_;
    const double* torso_frame = d->xmat + 9 * torso_;
    for (int limb : hands_and_feet_) {
      const double* limb_pos = d->xpos + 3 * limb;
      const double torso_to_limb[3] = {limb_pos[0] - torso_pos[0], limb_pos[1] - torso_pos[1],
                                       limb_pos[2] - torso_pos[2]};
      NumpyVectorTimesMatrix3(torso_to_limb, torso_frame, extremities);
      extremities += 3;
    }
    state["obs:torso_vertical"_].Assign(torso_frame + 6, 3);  // zx, zy, zz
    state["obs:com_velocity"_].Assign(d->sensordata + com_velocity_, 3);
    state["obs:velocity"_].Assign(d->qvel, m.nv);
  }

  double Reward() override {
    constexpr double kInf = std::numeric_limits<double>::infinity();
    const double standing =
        dm_rewards::Tolerance(HeadHeight(), kHumanoidStandHeight, kInf, kHumanoidStandHeight / 4);
    const double upright =
        dm_rewards::Tolerance(this->d_->xmat[9 * torso_ + upright_element_], kHumanoidUprightBound,
                              kInf, 1.9, dm_rewards::Sigmoid::kLinear, 0);
    const double stand_reward = standing * upright;
    const int nu = this->m_.nu;
    for (int i = 0; i < nu; ++i) {
      control_reward_[i] = dm_rewards::TolerancePerElement(this->d_->ctrl[i], 0, 0, 1,
                                                           dm_rewards::Sigmoid::kQuadratic, 0);
    }
    // .mean(): NumPy's pairwise sum, then the division by the count.
    double small_control = numpy_exact::NumpySum(control_reward_.data(), nu) / nu;
    small_control = (4 + small_control) / 5;
    const double* com_velocity = this->d_->sensordata + com_velocity_;
    if (move_speed_ == 0) {
      const double dont_move = (dm_rewards::TolerancePerElement(com_velocity[0], 0, 0, 2) +
                                dm_rewards::TolerancePerElement(com_velocity[1], 0, 0, 2)) /
                               2;
      return small_control * stand_reward * dont_move;
    }
    const double horizontal_speed = numpy_exact::NumpyNorm(com_velocity, 2);
    double move = dm_rewards::Tolerance(horizontal_speed, move_speed_, kInf, move_speed_,
                                        dm_rewards::Sigmoid::kLinear, 0);
    move = (5 * move + 1) / 6;
    return small_control * stand_reward * move;
  }

 private:
  double HeadHeight() const { return this->d_->xpos[3 * head_ + 2]; }

  const double move_speed_;
  const int torso_;
  const int head_;
  const int upright_element_;
  const int com_velocity_;
  std::array<int, 4> hands_and_feet_{};
  // Each actuator's small-control reward, kept for the pairwise mean.
  std::vector<double> control_reward_;
};

inline constexpr HumanoidBodies kHumanoidBodies = {
    "torso", 8, {"left_hand", "left_foot", "right_hand", "right_foot"}, "torso_subtreelinvel"};

class HumanoidEnvFns : public SuiteEnvFns {
 public:
  static auto DefaultConfig() { return SuiteConfig("run", "humanoid.xml", 5); }

  template <typename Config>
  static void Validate(const Config& conf) {
    HumanoidTaskOf(conf["task_name"_]);
    ValidateSuiteConfig(conf);
  }

  // The egocentric fields, or (run_pure_state) position and velocity: one
  // spec, the fields of the other kind switched off.
  template <typename Config>
  static auto StateSpec(const Config& conf) {
    ModelPtr model = SuiteModelOf(conf);
    const bool egocentric = !HumanoidTaskOf(conf["task_name"_]).pure_state;
    return MakeDict(
        "obs:joint_angles"_.Bind(ObsSpec(model->nq - kHumanoidRootQpos).OnlyIf(egocentric)),
        "obs:head_height"_.Bind(ScalarObsSpec().OnlyIf(egocentric)),
        "obs:extremities"_.Bind(ObsSpec(12).OnlyIf(egocentric)),
        "obs:torso_vertical"_.Bind(ObsSpec(3).OnlyIf(egocentric)),
        "obs:com_velocity"_.Bind(ObsSpec(3).OnlyIf(egocentric)),
        "obs:position"_.Bind(ObsSpec(model->nq).OnlyIf(!egocentric)),
        "obs:velocity"_.Bind(ObsSpec(model->nv)));
  }
};

using HumanoidEnvSpec = SuiteEnvSpec<HumanoidEnvFns>;

class HumanoidEnv : public HumanoidTaskEnv<HumanoidEnvSpec> {
 public:
  HumanoidEnv(const Spec& spec, int env_id)
      : HumanoidTaskEnv(spec, env_id, kHumanoidBodies,
                        HumanoidTaskOf(spec.config["task_name"_]).move_speed),
        pure_state_(HumanoidTaskOf(spec.config["task_name"_]).pure_state) {}

 protected:
  void WriteObservation(const State& state) override {
    if (!pure_state_) {
      WriteEgocentricObservation(state);
      return;
    }
    state["obs:position"_].Assign(d_->qpos, m_.nq);
    state["obs:velocity"_].Assign(d_->qvel, m_.nv);
  }

 private:
  const bool pure_state_;
};

using HumanoidEnvPool = AsyncEnvPool<HumanoidEnv>;

}  // namespace parallel_pool::dm_control

#endif  // PARALLEL_POOL_DM_CONTROL_HUMANOID_H_
