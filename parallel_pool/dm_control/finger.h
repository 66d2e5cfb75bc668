// dm_control's finger domain (suite/finger.py): a planar two-joint finger
// and a free-spinning body on a hinge. Every observation comes from sensors.
//
// Task "spin": reward = 1 while the hinge turns at -15 rad/s or faster
//   (hinge_velocity <= -15), else 0. The hinge's damping is 0.03.
// Tasks "turn_easy" and "turn_hard" (target radius 0.07 and 0.03): reward =
//   1 while the body's tip is within the target circle (dist_to_target <= 0),
//   else 0.
// Observation: position = proximal and distal angle, then the tip's (x, z)
//   relative to the hinge (4); velocity = proximal, distal and hinge velocity
//   (3); touch = log1p of the two touch sensors (2); turn only:
//   target_position = the target's (x, z) relative to the hinge (2) and
//   dist_to_target = |target - tip| - target radius.
// Episode start: turn first draws target_angle = uniform(-pi, pi) and puts
//   the target on the circle the body's tip sweeps, at (sin, cos) of that
//   angle; then (both tasks) randomize_limited_and_rotational_joints and
//   Physics.after_reset, drawn again until nothing touches (at most 1000
//   times). The tasks write the model (damping, target), so every env has a
//   private copy of it. log1p, sin and cos are NumPy's own (numpy_ufunc.h).
// Control timestep 0.02 s (n_sub_steps 2); 1000 steps.
#ifndef PARALLEL_POOL_DM_CONTROL_FINGER_H_
#define PARALLEL_POOL_DM_CONTROL_FINGER_H_

#include <array>
#include <cmath>
#include <stdexcept>
#include <string>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/dm_control/dm_control_env.h"
#include "parallel_pool/numpy_exact/numpy_ufunc.h"

namespace parallel_pool::dm_control {

inline constexpr double kFingerSpinHingeDamping = 0.03;
inline constexpr double kFingerSpinVelocity = 15.0;
inline constexpr int kFingerMaxInitAttempts = 1000;

// The target radius of a turn task; 0 for spin.
inline double FingerTargetRadius(const std::string& task) {
  if (task == "spin") return 0;
  if (task == "turn_easy") return 0.07;
  if (task == "turn_hard") return 0.03;
  throw std::invalid_argument(
      "task_name: finger has the tasks 'spin', 'turn_easy' and 'turn_hard', not '" + task + "'");
}

class FingerEnvFns : public SuiteEnvFns {
 public:
  static auto DefaultConfig() { return SuiteConfig("spin", "finger.xml", 2); }

  template <typename Config>
  static void Validate(const Config& conf) {
    FingerTargetRadius(conf["task_name"_]);
    ValidateSuiteConfig(conf);
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    // The turn tasks observe the target too.
    const bool turn = FingerTargetRadius(conf["task_name"_]) > 0;
    return MakeDict("obs:position"_.Bind(ObsSpec(4)), "obs:velocity"_.Bind(ObsSpec(3)),
                    "obs:touch"_.Bind(ObsSpec(2)),
                    "obs:target_position"_.Bind(ObsSpec(2).OnlyIf(turn)),
                    "obs:dist_to_target"_.Bind(ScalarObsSpec().OnlyIf(turn)));
  }
};

using FingerEnvSpec = SuiteEnvSpec<FingerEnvFns>;

class FingerEnv : public DmcEnv<FingerEnvSpec> {
 public:
  FingerEnv(const Spec& spec, int env_id)
      : DmcEnv(spec, env_id, ModelSharing::kPrivateCopy),
        target_radius_(FingerTargetRadius(task_name())),
        turn_(target_radius_ > 0),
        hinge_(names_.Joint("hinge")),
        cap1_(names_.Geom("cap1")),
        target_(names_.Site("target")),
        proximal_sensor_(names_.SensorAddr("proximal")),
        distal_sensor_(names_.SensorAddr("distal")),
        proximal_velocity_sensor_(names_.SensorAddr("proximal_velocity")),
        distal_velocity_sensor_(names_.SensorAddr("distal_velocity")),
        hinge_velocity_sensor_(names_.SensorAddr("hinge_velocity")),
        tip_sensor_(names_.SensorAddr("tip")),
        target_sensor_(names_.SensorAddr("target")),
        spinner_sensor_(names_.SensorAddr("spinner")),
        touchtop_sensor_(names_.SensorAddr("touchtop")),
        touchbottom_sensor_(names_.SensorAddr("touchbottom")) {}

 protected:
  void InitializeEpisode() override {
    if (turn_) {
      PlaceTarget();
    } else {
      // spin hides the target and tip sites, which only rendering sees.
      HideForDisplay(mjOBJ_SITE, names_.Site("target"));
      HideForDisplay(mjOBJ_SITE, names_.Site("tip"));
      mutable_model().dof_damping[m_.jnt_dofadr[hinge_]] = kFingerSpinHingeDamping;
    }
    SetRandomJointAngles();
  }

  void WriteObservation(const State& state) override {
    const std::array<double, 2> tip = TipPosition();
    double* position = state["obs:position"_].Data<double>();
    position[0] = d_->sensordata[proximal_sensor_];
    position[1] = d_->sensordata[distal_sensor_];
    position[2] = tip[0];
    position[3] = tip[1];
    double* velocity = state["obs:velocity"_].Data<double>();
    velocity[0] = d_->sensordata[proximal_velocity_sensor_];
    velocity[1] = d_->sensordata[distal_velocity_sensor_];
    velocity[2] = d_->sensordata[hinge_velocity_sensor_];
    const std::array<double, 2> touch = {d_->sensordata[touchtop_sensor_],
                                         d_->sensordata[touchbottom_sensor_]};
    numpy_exact::NumpyLog1p(touch.data(), state["obs:touch"_].Data<double>(), 2);
    if (turn_) {
      const std::array<double, 2> target = TargetPosition();
      state["obs:target_position"_].Assign(target.data(), 2);
      state["obs:dist_to_target"_] = DistToTarget();
    }
  }

  double Reward() override {
    if (turn_) return DistToTarget() <= 0 ? 1.0 : 0.0;
    return d_->sensordata[hinge_velocity_sensor_] <= -kFingerSpinVelocity ? 1.0 : 0.0;
  }

 private:
  // Turn: the target on the circle the body's tip sweeps around the hinge,
  // at a random angle.
  void PlaceTarget() {
    const double target_angle = random_.Uniform(-mjPI, mjPI);
    const double hinge_x = d_->xanchor[3 * hinge_ + 0];
    const double hinge_z = d_->xanchor[3 * hinge_ + 2];
    const double radius = numpy_exact::NumpySum(m_.geom_size + 3 * cap1_, 3);
    mutable_model().site_pos[3 * target_ + 0] =
        hinge_x + radius * numpy_exact::NumpySin(target_angle);
    mutable_model().site_pos[3 * target_ + 2] =
        hinge_z + radius * numpy_exact::NumpyCos(target_angle);
    mutable_model().site_size[3 * target_] = target_radius_;
  }

  // _set_random_joint_angles: random joint angles until nothing touches.
  void SetRandomJointAngles() {
    for (int attempt = 0; attempt < kFingerMaxInitAttempts; ++attempt) {
      RandomizeLimitedAndRotationalJoints();
      AfterReset();
      if (d_->ncon == 0) return;
    }
    throw std::runtime_error("finger: could not find a collision-free state after " +
                             std::to_string(kFingerMaxInitAttempts) + " attempts");
  }

  // The (x, z) of sensor `adr` relative to the spinner's.
  std::array<double, 2> RelativeToHinge(int adr) const {
    return {d_->sensordata[adr] - d_->sensordata[spinner_sensor_],
            d_->sensordata[adr + 2] - d_->sensordata[spinner_sensor_ + 2]};
  }
  std::array<double, 2> TipPosition() const { return RelativeToHinge(tip_sensor_); }
  std::array<double, 2> TargetPosition() const { return RelativeToHinge(target_sensor_); }

  // The signed distance from the tip to the target's surface.
  double DistToTarget() const {
    const std::array<double, 2> target = TargetPosition();
    const std::array<double, 2> tip = TipPosition();
    const std::array<double, 2> to_target = {target[0] - tip[0], target[1] - tip[1]};
    return numpy_exact::NumpyNorm(to_target.data(), 2) - m_.site_size[3 * target_];
  }

  const double target_radius_;
  const bool turn_;
  const int hinge_;
  const int cap1_;
  const int target_;
  const int proximal_sensor_;
  const int distal_sensor_;
  const int proximal_velocity_sensor_;
  const int distal_velocity_sensor_;
  const int hinge_velocity_sensor_;
  const int tip_sensor_;
  const int target_sensor_;
  const int spinner_sensor_;
  const int touchtop_sensor_;
  const int touchbottom_sensor_;
};

using FingerEnvPool = AsyncEnvPool<FingerEnv>;

}  // namespace parallel_pool::dm_control

#endif  // PARALLEL_POOL_DM_CONTROL_FINGER_H_
