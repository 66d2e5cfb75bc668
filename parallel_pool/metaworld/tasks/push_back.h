// push-back-v3 (sawyer_push_back_v3.py): push the puck from the far side
// of the table back towards the arm, to a goal point.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_PUSH_BACK_H_
#define PARALLEL_POOL_METAWORLD_TASKS_PUSH_BACK_H_

#include <algorithm>
#include <cmath>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"
#include "parallel_pool/metaworld/tasks/pad_caging.h"

namespace parallel_pool::metaworld {

class PushBack : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_push_back_v3.xml";
    s.hand_low = {-0.5, 0.40, 0.05};
    s.hand_high = {0.5, 1, 0.5};
    // A float32 array in the reference's init_config.
    s.hand_init_pos = {0.0F, 0.6F, 0.2F};
    // The puck's position, then the goal.
    s.rand_low = {-0.1, 0.8, 0.02, -0.1, 0.6, 0.0199};
    s.rand_high = {0.1, 0.85, 0.02, 0.1, 0.7, 0.0201};
    s.goal_low = {-0.1, 0.6, 0.0199};
    s.goal_high = {0.1, 0.7, 0.0201};
    return s;
  }

  // Redrawn while the goal is within 0.15 of the puck in the plane.
  static std::vector<double> DrawRandVec(const SawyerSetup& setup,
                                         numpy_exact::NumpyRandomState* random) {
    std::vector<double> v = UniformRandVec(setup, random);
    auto planar = [&v] {
      const double d[2] = {v[0] - v[3], v[1] - v[4]};
      return numpy_exact::NumpyNorm(d, 2);
    };
    while (planar() < 0.15) v = UniformRandVec(setup, random);
    return v;
  }

  PushBack(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        obj_geom_(Id(mjOBJ_GEOM, "objGeom")),
        goal_site_(Id(mjOBJ_SITE, "goal")) {}

 protected:
  // The goal marker takes a height read after _reset_hand.
  bool ReplaysFirstResetModel() const override { return true; }

  void ResetModel(const std::vector<double>& rand_vec) override {
    ResetHand();
    // adjust_initObjPos: the puck geom's settled height (its x and y are
    // replaced by the rand_vec's); the goal takes it too.
    const double height = geom_xpos(obj_geom_)[2];
    target_pos_ = {rand_vec[3], rand_vec[4], height};
    obj_init_pos_ = {rand_vec[0], rand_vec[1], height};
    SetObjXyz(obj_init_pos_);
    std::copy(target_pos_.begin(), target_pos_.end(), model().site_pos + 3 * goal_site_);
  }

  int ObjectsPose(double* out) const override {
    const double* pos = geom_xpos(obj_geom_);
    std::copy(pos, pos + 3, out);
    const auto quat = GeomQuat(obj_geom_);
    std::copy(quat.begin(), quat.end(), out + 3);
    return 7;
  }

  Evaluation Evaluate(const double* obs, const float* /*action*/) override {
    const Vec3 obj = ToVec3(obs + 4);
    const double tcp_opened = obs[3];
    const double tcp_to_obj = Distance(obj, TcpCenter());
    const double target_to_obj = Distance(obj, target_pos_);
    const double target_to_obj_init = Distance(obj_init_pos_, target_pos_);
    const double in_place = LongTail(target_to_obj, 0, kTargetRadius, target_to_obj_init);
    // The task's own _gripper_caging_reward, without the gripper's effort.
    const double object_grasped =
        PadCagingReward(TcpCenter(), BodyCom(left_pad_), BodyCom(right_pad_), obj, obj_init_pos_,
                        init_tcp_, kObjRadius, /*grip_success_margin=*/kObjRadius + 0.003,
                        /*x_z_success_margin=*/0.01);
    double reward = HamacherProduct(object_grasped, in_place);
    if (tcp_to_obj < 0.01 && 0 < tcp_opened && tcp_opened < 0.55 &&
        target_to_obj_init - target_to_obj > 0.01) {
      reward += 1.0 + 5.0 * in_place;
    }
    if (target_to_obj < kTargetRadius) reward = 10.0;

    Evaluation e;
    e.reward = reward;
    e.success = target_to_obj <= 0.07 ? 1.0 : 0.0;
    e.near_object = tcp_to_obj <= 0.03 ? 1.0 : 0.0;
    e.grasp_success =
        TouchingObject(obj_geom_) && tcp_opened > 0 && obj[2] - 0.02 > obj_init_pos_[2] ? 1.0 : 0.0;
    e.grasp_reward = object_grasped;
    e.in_place_reward = in_place;
    e.obj_to_target = target_to_obj;
    e.unscaled_reward = reward;
    return e;
  }

 private:
  static constexpr double kTargetRadius = 0.05;
  static constexpr double kObjRadius = 0.007;

  const int obj_geom_;
  const int goal_site_;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_PUSH_BACK_H_
