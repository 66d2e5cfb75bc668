// sweep-into-v3 (sawyer_sweep_into_goal_v3.py): sweep a block into a hole
// in the table, whose place is fixed. Its grasp term is the pads' caging
// (pad_caging.h).
#ifndef PARALLEL_POOL_METAWORLD_TASKS_SWEEP_INTO_H_
#define PARALLEL_POOL_METAWORLD_TASKS_SWEEP_INTO_H_

#include <algorithm>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"
#include "parallel_pool/metaworld/tasks/pad_caging.h"

namespace parallel_pool::metaworld {

class SweepInto : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_table_with_hole.xml";
    s.hand_low = {-0.5, 0.40, 0.05};
    s.hand_high = {0.5, 1, 0.5};
    s.hand_init_pos = {0.0, 0.6, 0.2};
    // The block's position, then a goal that reset_model does not use.
    s.rand_low = {-0.1, 0.6, 0.02, -0.001, 0.8399, 0.0199};
    s.rand_high = {0.1, 0.7, 0.02, +0.001, 0.8401, 0.0201};
    s.goal_low = {-0.001, 0.8399, 0.0199};
    s.goal_high = {+0.001, 0.8401, 0.0201};
    return s;
  }

  // Redrawn while the block is within 0.15 of the hole in the plane.
  static std::vector<double> DrawRandVec(const SawyerSetup& setup,
                                         numpy_exact::NumpyRandomState* random) {
    std::vector<double> v = UniformRandVec(setup, random);
    auto planar = [&v] {
      const double d[2] = {v[0] - kGoal[0], v[1] - kGoal[1]};
      return numpy_exact::NumpyNorm(d, 2);
    };
    while (planar() < 0.15) v = UniformRandVec(setup, random);
    return v;
  }

  SweepInto(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        obj_(Id(mjOBJ_BODY, "obj")),
        obj_geom_(Id(mjOBJ_GEOM, "objGeom")),
        goal_site_(Id(mjOBJ_SITE, "goal")) {}

 protected:
  void ResetModel(const std::vector<double>& rand_vec) override {
    target_pos_ = kGoal;
    std::copy(target_pos_.begin(), target_pos_.end(), model().site_pos + 3 * goal_site_);
    ResetHand();
    // The height is the block's after the hand's reset (a live view's, read
    // before the block is placed).
    obj_init_pos_ = {rand_vec[0], rand_vec[1], xpos(obj_)[2]};
    SetObjXyz(obj_init_pos_);
  }

  int ObjectsPose(double* out) const override {
    const double* pos = xpos(obj_);
    std::copy(pos, pos + 3, out);
    const auto quat = GeomQuat(obj_geom_);
    std::copy(quat.begin(), quat.end(), out + 3);
    return 7;
  }

  Evaluation Evaluate(const double* obs, const float* /*action*/) override {
    const Vec3 tcp = TcpCenter();
    const Vec3 obj = ToVec3(obs + 4);
    const double tcp_opened = obs[3];
    // The hole, level with the block.
    const Vec3 target = {target_pos_[0], target_pos_[1], obj[2]};

    const double obj_to_target = Distance(obj, target);
    const double tcp_to_obj = Distance(obj, tcp);
    const double in_place_margin = Distance(obj_init_pos_, target);
    const double in_place = LongTail(obj_to_target, 0, kTargetRadius, in_place_margin);
    // _gripper_caging_reward(action, obj, OBJ_RADIUS), the task's own.
    const double object_grasped =
        PadCagingReward(tcp, BodyCom(left_pad_), BodyCom(right_pad_), obj, obj_init_pos_, init_tcp_,
                        kObjRadius, kObjRadius + 0.005, 0.01);
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
  // self.goal: the hole.
  static constexpr Vec3 kGoal = {0.0, 0.84, 0.02};
  static constexpr double kObjRadius = 0.02;
  static constexpr double kTargetRadius = 0.05;
  const int obj_;
  const int obj_geom_;
  const int goal_site_;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_SWEEP_INTO_H_
