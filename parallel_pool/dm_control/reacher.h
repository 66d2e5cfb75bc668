// dm_control's reacher domain (suite/reacher.py): a two-link planar arm to
// bring its fingertip onto a target placed at random.
//
// Tasks "easy" and "hard" (target radius 0.05 and 0.015):
//   reward = 1 while |target - finger| (in the plane) <= target radius +
//   finger radius, else 0 (tolerance with no margin).
// Observation: position = qpos (2), to_target = target - finger, x and y (2),
//   velocity = qvel (2).
// Episode start: the target's radius set; randomize_limited_and_rotational_
//   joints (shoulder in [-pi, pi), wrist in its range); then angle =
//   uniform(0, 2 pi), radius = uniform(0.05, 0.2), and the target placed at
//   (radius sin(angle), radius cos(angle)). The target is part of the model
//   (geom_pos, geom_size), so every env has a private copy of it. sin and cos
//   are NumPy's (numpy_ufunc.h), as np.sin and np.cos compute them there.
// Control timestep 0.02 s (n_sub_steps 1); 1000 steps.
#ifndef PARALLEL_POOL_DM_CONTROL_REACHER_H_
#define PARALLEL_POOL_DM_CONTROL_REACHER_H_

#include <array>
#include <cmath>
#include <string>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/dm_control/dm_control_env.h"
#include "parallel_pool/dm_rewards/tolerance.h"
#include "parallel_pool/numpy_exact/numpy_ufunc.h"

namespace parallel_pool::dm_control {

inline constexpr double kReacherTargetMinRadius = 0.05;
inline constexpr double kReacherTargetMaxRadius = 0.2;

// The target's radius for `task`.
inline double ReacherTargetSize(const std::string& task) {
  if (task == "easy") return 0.05;
  if (task == "hard") return 0.015;
  throw std::invalid_argument("task_name: reacher has the tasks 'easy' and 'hard', not '" + task +
                              "'");
}

class ReacherEnvFns : public SuiteEnvFns {
 public:
  static auto DefaultConfig() { return SuiteConfig("easy", "reacher.xml", 1); }

  template <typename Config>
  static void Validate(const Config& conf) {
    ReacherTargetSize(conf["task_name"_]);
    ValidateSuiteConfig(conf);
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    ModelPtr model = SuiteModelOf(conf);
    return MakeDict("obs:position"_.Bind(ObsSpec(model->nq)), "obs:to_target"_.Bind(ObsSpec(2)),
                    "obs:velocity"_.Bind(ObsSpec(model->nv)));
  }
};

using ReacherEnvSpec = SuiteEnvSpec<ReacherEnvFns>;

class ReacherEnv : public DmcEnv<ReacherEnvSpec> {
 public:
  ReacherEnv(const Spec& spec, int env_id)
      : DmcEnv(spec, env_id, ModelSharing::kPrivateCopy),
        target_size_(ReacherTargetSize(task_name())),
        target_(names_.Geom("target")),
        finger_(names_.Geom("finger")) {}

 protected:
  void InitializeEpisode() override {
    mutable_model().geom_size[3 * target_] = target_size_;
    RandomizeLimitedAndRotationalJoints();
    const double angle = random_.Uniform(0, 2 * mjPI);
    const double radius = random_.Uniform(kReacherTargetMinRadius, kReacherTargetMaxRadius);
    mutable_model().geom_pos[3 * target_ + 0] = radius * numpy_exact::NumpySin(angle);
    mutable_model().geom_pos[3 * target_ + 1] = radius * numpy_exact::NumpyCos(angle);
  }

  void WriteObservation(const State& state) override {
    state["obs:position"_].Assign(d_->qpos, m_.nq);
    const std::array<double, 2> to_target = FingerToTarget();
    state["obs:to_target"_].Assign(to_target.data(), 2);
    state["obs:velocity"_].Assign(d_->qvel, m_.nv);
  }

  double Reward() override {
    const std::array<double, 2> to_target = FingerToTarget();
    const double radii = m_.geom_size[3 * target_] + m_.geom_size[3 * finger_];
    return dm_rewards::Tolerance(numpy_exact::NumpyNorm(to_target.data(), 2), 0, radii);
  }

 private:
  // The target's position relative to the finger, x and y.
  std::array<double, 2> FingerToTarget() const {
    return {d_->geom_xpos[3 * target_] - d_->geom_xpos[3 * finger_],
            d_->geom_xpos[3 * target_ + 1] - d_->geom_xpos[3 * finger_ + 1]};
  }

  const double target_size_;
  const int target_;
  const int finger_;
};

using ReacherEnvPool = AsyncEnvPool<ReacherEnv>;

}  // namespace parallel_pool::dm_control

#endif  // PARALLEL_POOL_DM_CONTROL_REACHER_H_
