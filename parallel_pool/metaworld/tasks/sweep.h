// sweep-v3 (sawyer_sweep_v3.py): sweep a block off the table's right edge,
// level with where it starts. Its grasp term is the pads' caging
// (pad_caging.h).
#ifndef PARALLEL_POOL_METAWORLD_TASKS_SWEEP_H_
#define PARALLEL_POOL_METAWORLD_TASKS_SWEEP_H_

#include <algorithm>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"
#include "parallel_pool/metaworld/tasks/pad_caging.h"

namespace parallel_pool::metaworld {

class Sweep : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_sweep_v3.xml";
    s.hand_low = {-0.5, 0.40, 0.05};
    s.hand_high = {0.5, 1.0, 0.5};
    s.hand_init_pos = {0.0, 0.6, 0.2};
    // The block's position only: the goal takes its y.
    s.rand_low = {-0.1, 0.6, 0.02};
    s.rand_high = {0.1, 0.7, 0.02};
    s.goal_low = {0.49, 0.6, 0.00};
    s.goal_high = {0.51, 0.7, 0.02};
    return s;
  }

  Sweep(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        obj_(Id(mjOBJ_BODY, "obj")),
        obj_geom_(Id(mjOBJ_GEOM, "objGeom")),
        goal_site_(Id(mjOBJ_SITE, "goal")) {}

 protected:
  void ResetModel(const std::vector<double>& rand_vec) override {
    // self.goal with the block's y.
    target_pos_ = {0.5, rand_vec[1], 0.01};
    // model.site("goal").pos = target (written by the first of the
    // reference's two reset_model calls, so already in place now).
    std::copy(target_pos_.begin(), target_pos_.end(), model().site_pos + 3 * goal_site_);
    ResetHand();
    // The height is init_config's.
    obj_init_pos_ = {rand_vec[0], rand_vec[1], 0.02};
    SetObjXyz(obj_init_pos_);
  }

  int ObjectsPose(double* out) const override {
    const double* pos = xpos(obj_);
    std::copy(pos, pos + 3, out);
    const double* quat = d_->xquat + 4 * obj_;
    std::copy(quat, quat + 4, out + 3);
    return 7;
  }

  Evaluation Evaluate(const double* obs, const float* /*action*/) override {
    const Vec3 tcp = TcpCenter();
    const Vec3 obj = ToVec3(obs + 4);
    const double tcp_opened = obs[3];
    const Vec3& target = target_pos_;

    const double obj_to_target = Distance(obj, target);
    const double tcp_to_obj = Distance(obj, tcp);
    const double in_place_margin = Distance(obj_init_pos_, target);
    const double in_place = LongTail(obj_to_target, 0, kTargetRadius, in_place_margin);
    // _gripper_caging_reward(action, obj, OBJ_RADIUS), the task's own.
    const double object_grasped =
        PadCagingReward(tcp, BodyCom(left_pad_), BodyCom(right_pad_), obj, obj_init_pos_, init_tcp_,
                        kObjRadius, kObjRadius + 0.01, 0.005);
    const double in_place_and_object_grasped = HamacherProduct(object_grasped, in_place);
    double reward = (2 * object_grasped) + (6 * in_place_and_object_grasped);
    if (obj_to_target < kTargetRadius) reward = 10.0;

    Evaluation e;
    e.reward = reward;
    e.success = obj_to_target <= 0.05 ? 1.0 : 0.0;
    e.near_object = tcp_to_obj <= 0.03 ? 1.0 : 0.0;
    e.grasp_success = TouchingObject(obj_geom_) && tcp_opened > 0 ? 1.0 : 0.0;
    e.grasp_reward = object_grasped;
    e.in_place_reward = in_place;
    e.obj_to_target = obj_to_target;
    e.unscaled_reward = reward;
    return e;
  }

 private:
  static constexpr double kObjRadius = 0.02;
  static constexpr double kTargetRadius = 0.05;
  const int obj_;
  const int obj_geom_;
  const int goal_site_;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_SWEEP_H_
