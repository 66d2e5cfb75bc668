// lever-pull-v3 (sawyer_lever_pull_v3.py): lift a lever, hinged on a stand
// placed by the reset's draw, from lying towards the arm to pointing
// straight up; the hand gets under it with its shoulder.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_LEVER_PULL_H_
#define PARALLEL_POOL_METAWORLD_TASKS_LEVER_PULL_H_

#include <cmath>
#include <numbers>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class LeverPull : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_lever_pull.xml";
    s.hand_low = {-0.5, 0.40, -0.15};
    s.hand_high = {0.5, 1, 0.5};
    // init_config's hand_init_pos is a float32 array.
    s.hand_init_pos = {0.0, static_cast<double>(0.4F), static_cast<double>(0.2F)};
    // The lever's stand.
    s.rand_low = {-0.1, 0.7, 0.0};
    s.rand_high = {0.1, 0.8, 0.0};
    // The goal's bounds are the hand's.
    s.goal_low = s.hand_low;
    s.goal_high = s.hand_high;
    return s;
  }

  LeverPull(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        lever_(Id(mjOBJ_BODY, "lever")),
        lever_start_(Id(mjOBJ_SITE, "leverStart")),
        obj_geom_(Id(mjOBJ_GEOM, "objGeom")),
        goal_site_(Id(mjOBJ_SITE, "goal")),
        lever_qpos_(m->jnt_qposadr[Id(mjOBJ_JOINT, "LeverAxis")]) {}

 protected:
  void ResetModel(const std::vector<double>& rand_vec) override {
    obj_init_pos_ = {rand_vec[0], rand_vec[1], rand_vec[2]};
    lever_pos_init_ = {obj_init_pos_[0] + 0.12, obj_init_pos_[1] + -kLeverRadius,
                       obj_init_pos_[2] + 0.25};
    target_pos_ = {obj_init_pos_[0] + 0.12, obj_init_pos_[1] + 0.0,
                   obj_init_pos_[2] + (0.25 + kLeverRadius)};
    // The lever's and the goal site's placements, by the first reset_model too.
    std::copy(obj_init_pos_.begin(), obj_init_pos_.end(), model().body_pos + 3 * lever_);
    std::copy(target_pos_.begin(), target_pos_.end(), model().site_pos + 3 * goal_site_);
    ResetHand();
  }

  int ObjectsPose(double* out) const override {
    const double* pos = site_xpos(lever_start_);
    std::copy(pos, pos + 3, out);
    const auto quat = GeomQuat(obj_geom_);
    std::copy(quat.begin(), quat.end(), out + 3);
    return 7;
  }

  Evaluation Evaluate(const double* obs, const float* /*action*/) override {
    const double* gripper = obs;
    const double* lever = obs + 4;
    // y weighs less, so that the shoulder, not the fingers, gets under the lever.
    constexpr double kScale[3] = {4.0, 1.0, 4.0};
    constexpr double kOffset[3] = {0.0, 0.055, 0.07};
    double shoulder_to_lever[3];
    double shoulder_to_lever_init[3];
    for (int i = 0; i < 3; ++i) {
      shoulder_to_lever[i] = (gripper[i] + kOffset[i] - lever[i]) * kScale[i];
      shoulder_to_lever_init[i] = (init_tcp_[i] + kOffset[i] - lever_pos_init_[i]) * kScale[i];
    }
    const double shoulder_to_lever_norm = numpy_exact::NumpyNorm(shoulder_to_lever, 3);
    const double ready_to_lift = LongTail(shoulder_to_lever_norm, 0, 0.02,
                                          numpy_exact::NumpyNorm(shoulder_to_lever_init, 3));

    const double lever_angle = -d_->qpos[lever_qpos_];
    const double lever_error = std::abs(lever_angle - kPi / 2.0);
    const double lever_engagement =
        LongTail(lever_error, 0, kPi / 48.0, (kPi / 2.0) - (kPi / 12.0));

    const double obj_to_target = Distance(lever, target_pos_.data());
    const double in_place_margin = Distance(lever_pos_init_, target_pos_);
    const double in_place = LongTail(obj_to_target, 0, 0.04, in_place_margin);
    const double reward = 10.0 * HamacherProduct(ready_to_lift, in_place);

    Evaluation e;
    e.reward = reward;
    e.success = lever_error <= kPi / 24 ? 1.0 : 0.0;
    e.near_object = shoulder_to_lever_norm < 0.03 ? 1.0 : 0.0;
    e.grasp_success = ready_to_lift > 0.9 ? 1.0 : 0.0;
    e.grasp_reward = ready_to_lift;
    e.in_place_reward = lever_engagement;
    e.obj_to_target = shoulder_to_lever_norm;
    e.unscaled_reward = reward;
    return e;
  }

 private:
  static constexpr double kPi = std::numbers::pi;
  static constexpr double kLeverRadius = 0.2;
  const int lever_;
  const int lever_start_;
  const int obj_geom_;
  const int goal_site_;
  const int lever_qpos_;
  Vec3 lever_pos_init_ = {0.0, 0.0, 0.0};
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_LEVER_PULL_H_
