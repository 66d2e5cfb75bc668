// AdroitRelocateEnv: gymnasium-robotics' AdroitHandRelocate-v1 and
// AdroitHandRelocateSparse-v1 (envs/adroit_hand/adroit_relocate.py,
// adroit_relocate.xml): the hand on its arm must carry a ball to a target.
// The common mechanics are adroit_env.h's.
//
// Reset: the ball (body "Object") is placed at x ~ U(-0.15, 0.15),
//   y ~ U(-0.15, 0.3), then the target (site "target") at x ~ U(-0.2, 0.2),
//   y ~ U(-0.2, 0.2), z ~ U(0.15, 0.35), drawn in that order.
// Observation "obs": float64 [39] = qpos[:-6] (the arm's and fingers'
//   joints), palm - ball, palm - target, ball - target (palm: site
//   S_grasp).
// Reward (g: |ball - target|): sparse 10 when g < 0.1, else -0.1; dense
//   0.1 |palm - ball| (a bonus, as in 1.4.2), and while the ball is above
//   z 0.04: + 1 - 0.5 |palm - target| - 0.5 g; then + 10 when g < 0.1,
//   + 20 when g < 0.05.
// Info: success (g < 0.1).
// Render: distance 1.5, azimuth 90.
#ifndef PARALLEL_POOL_ROBOTICS_ADROIT_RELOCATE_H_
#define PARALLEL_POOL_ROBOTICS_ADROIT_RELOCATE_H_

#include <string>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/robotics/adroit_env.h"

namespace parallel_pool::robotics {

class AdroitRelocateEnvFns {
 public:
  static auto DefaultConfig() { return AdroitConfig("adroit_hand/adroit_relocate.xml"); }

  template <typename Config>
  static void Validate(const Config& conf) {
    const ModelPtr model = ValidateAdroitConfig(conf);
    const mjModel& m = *model;
    RequireConfig(m.nq >= 6, "xml_file: the relocate model needs at least 6 joints");
    AdroitSite(m, "target");
    AdroitSite(m, "S_grasp");
    AdroitBody(m, "Object");
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    return AdroitStateSpec(AdroitModelOf(conf)->nq + 3);
  }

  template <typename Config>
  static auto ActionSpec(const Config& conf) {
    return AdroitActionSpec(conf);
  }
};

using AdroitRelocateEnvSpec = EnvSpec<AdroitRelocateEnvFns>;

class AdroitRelocateEnv : public AdroitEnv<AdroitRelocateEnvSpec> {
 public:
  AdroitRelocateEnv(const Spec& spec, int env_id)
      : AdroitEnv(spec, env_id, mujoco::GymCamera{.distance = 1.5, .azimuth = 90.0}),
        target_(AdroitSite(m_, "target")),
        grasp_(AdroitSite(m_, "S_grasp")),
        ball_(AdroitBody(m_, "Object")) {}

 protected:
  void ResetModel() override {
    double* ball = model().body_pos + 3 * ball_;
    ball[0] = Uniform(-0.15, 0.15);
    ball[1] = Uniform(-0.15, 0.3);
    double* target = model().site_pos + 3 * target_;
    target[0] = Uniform(-0.2, 0.2);
    target[1] = Uniform(-0.2, 0.2);
    target[2] = Uniform(0.15, 0.35);
  }

  void Observe(mujoco::ObsWriter* obs) override {
    const double* ball = xpos(ball_);
    const double* palm = site_xpos(grasp_);
    const double* target = site_xpos(target_);
    obs->Copy(d_->qpos, m_.nq - 6);
    for (int i = 0; i < 3; ++i) obs->Put(palm[i] - ball[i]);
    for (int i = 0; i < 3; ++i) obs->Put(palm[i] - target[i]);
    for (int i = 0; i < 3; ++i) obs->Put(ball[i] - target[i]);
  }

  AdroitOutcome Outcome() override {
    const double* ball = xpos(ball_);
    const double* palm = site_xpos(grasp_);
    const double* target = site_xpos(target_);
    const double g = Distance(ball, target);
    const bool success = g < 0.1;
    if (!dense_) return {success ? 10.0 : -0.1, success};
    double reward = 0.1 * Distance(palm, ball);
    if (ball[2] > 0.04) {
      reward += 1.0;
      reward += -0.5 * Distance(palm, target);
      reward += -0.5 * Distance(ball, target);
    }
    if (g < 0.1) reward += 10.0;
    if (g < 0.05) reward += 20.0;
    return {reward, success};
  }

 private:
  const int target_;
  const int grasp_;
  const int ball_;
};

using AdroitRelocateEnvPool = AsyncEnvPool<AdroitRelocateEnv>;

}  // namespace parallel_pool::robotics

#endif  // PARALLEL_POOL_ROBOTICS_ADROIT_RELOCATE_H_
