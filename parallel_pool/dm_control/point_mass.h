// dm_control's point_mass domain (suite/point_mass.py): a planar point mass
// driven by two tendon actuators towards a target at the origin.
//
// Tasks "easy" and "hard" (the hard task's actuators each pull along a random
//   unit direction, drawn per episode, instead of along x and y):
//   near_target = tolerance(|target - mass|, bounds=(0, target radius),
//                           margin=target radius)   (gaussian)
//   small_control = (mean over the controls of tolerance(ctrl, margin=1,
//                    value_at_margin=0, sigmoid='quadratic') + 4) / 5
//   reward = near_target * small_control.
// Observation: position = qpos (2), velocity = qvel (2).
// Episode start: randomize_limited_and_rotational_joints (x, y uniform in
//   their ranges); for "hard", then dir1 = randn(2) normalised, and dir2 =
//   randn(2) normalised, drawn again until |dir1 . dir2| <= 0.9; they become
//   the two tendons' joint coefficients (model.wrap_prm), so a hard env has a
//   private copy of its model.
// Control timestep 0.02 s (n_sub_steps 1); 1000 steps.
#ifndef PARALLEL_POOL_DM_CONTROL_POINT_MASS_H_
#define PARALLEL_POOL_DM_CONTROL_POINT_MASS_H_

#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/dm_control/dm_control_env.h"
#include "parallel_pool/dm_control/position_velocity.h"
#include "parallel_pool/dm_rewards/tolerance.h"

namespace parallel_pool::dm_control {

// The hard task redraws dir2 while |dir1 . dir2| exceeds this.
inline constexpr double kPointMassMaxDirectionCosine = 0.9;

// Whether the task randomizes the actuation directions ("hard").
inline bool PointMassRandomizesGains(const std::string& task) {
  if (task == "easy") return false;
  if (task == "hard") return true;
  throw std::invalid_argument("task_name: point_mass has the tasks 'easy' and 'hard', not '" +
                              task + "'");
}

// np.dot(x, y) of two 2-element float64 vectors: BLAS ddot, rounded as this
// process's NumPy rounds it (numpy_math.h: DotRounding; for two elements the
// two-accumulator kernels round as the sequential ones).
inline double NumpyDot2(const std::array<double, 2>& x, const std::array<double, 2>& y) {
  if (numpy_exact::NumpyDotRounding() == numpy_exact::DotRounding::kFused) {
    return std::fma(x[1], y[1], std::fma(x[0], y[0], 0.0));
  }
  return 0.0 + x[0] * y[0] + x[1] * y[1];
}

class PointMassEnvFns : public SuiteEnvFns {
 public:
  static auto DefaultConfig() { return SuiteConfig("easy", "point_mass.xml", 1); }

  template <typename Config>
  static void Validate(const Config& conf) {
    PointMassRandomizesGains(conf["task_name"_]);
    ValidateSuiteConfig(conf);
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    return PositionVelocitySpec(*SuiteModelOf(conf));
  }
};

using PointMassEnvSpec = SuiteEnvSpec<PointMassEnvFns>;

class PointMassEnv : public DmcEnv<PointMassEnvSpec> {
 public:
  PointMassEnv(const Spec& spec, int env_id)
      : DmcEnv(spec, env_id,
               PointMassRandomizesGains(spec.config["task_name"_]) ? ModelSharing::kPrivateCopy
                                                                   : ModelSharing::kShared),
        randomize_gains_(PointMassRandomizesGains(task_name())),
        target_(names_.Geom("target")),
        pointmass_(names_.Geom("pointmass")) {}

 protected:
  void InitializeEpisode() override {
    RandomizeLimitedAndRotationalJoints();
    if (!randomize_gains_) return;
    const std::array<double, 2> dir1 = RandomDirection();
    std::array<double, 2> dir2;
    do {
      dir2 = RandomDirection();
    } while (std::abs(NumpyDot2(dir1, dir2)) > kPointMassMaxDirectionCosine);
    // wrap_prm[0:2] are tendon t1's coefficients on (root_x, root_y),
    // wrap_prm[2:4] tendon t2's.
    mutable_model().wrap_prm[0] = dir1[0];
    mutable_model().wrap_prm[1] = dir1[1];
    mutable_model().wrap_prm[2] = dir2[0];
    mutable_model().wrap_prm[3] = dir2[1];
  }

  void WriteObservation(const State& state) override { WritePositionVelocity(m_, *d_, state); }

  double Reward() override {
    std::array<double, 3> mass_to_target{};
    for (int i = 0; i < 3; ++i) {
      mass_to_target[i] = d_->geom_xpos[3 * target_ + i] - d_->geom_xpos[3 * pointmass_ + i];
    }
    const double target_size = m_.geom_size[3 * target_];
    const double near_target = dm_rewards::Tolerance(
        numpy_exact::NumpyNorm(mass_to_target.data(), 3), 0, target_size, target_size);
    // tolerance() of the control vector, then its mean.
    std::vector<double> control_rewards(m_.nu);
    for (int i = 0; i < m_.nu; ++i) {
      control_rewards[i] =
          dm_rewards::TolerancePerElement(d_->ctrl[i], 0, 0, 1, dm_rewards::Sigmoid::kQuadratic, 0);
    }
    const double control_reward = numpy_exact::NumpySum(control_rewards.data(), m_.nu) / m_.nu;
    const double small_control = (control_reward + 4) / 5;
    return near_target * small_control;
  }

 private:
  // randn(2), divided by its np.linalg.norm.
  std::array<double, 2> RandomDirection() {
    std::array<double, 2> direction{};
    for (double& x : direction) x = random_.StandardNormal();
    const double norm = numpy_exact::NumpyNorm(direction.data(), 2);
    for (double& x : direction) x /= norm;
    return direction;
  }

  const bool randomize_gains_;
  const int target_;
  const int pointmass_;
};

using PointMassEnvPool = AsyncEnvPool<PointMassEnv>;

}  // namespace parallel_pool::dm_control

#endif  // PARALLEL_POOL_DM_CONTROL_POINT_MASS_H_
