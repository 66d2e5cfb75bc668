// pick-out-of-hole-v3 (sawyer_pick_out_of_hole_v3.py): pick the peg up out
// of the hole in the table and hold it at a goal point above the table;
// the reward keeps the hand above a floor that rises away from the hole.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_PICK_OUT_OF_HOLE_H_
#define PARALLEL_POOL_METAWORLD_TASKS_PICK_OUT_OF_HOLE_H_

#include <algorithm>
#include <utility>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"
#include "parallel_pool/numpy_exact/numpy_ufunc.h"

namespace parallel_pool::metaworld {

class PickOutOfHole : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_pick_out_of_hole.xml";
    s.hand_low = {-0.5, 0.40, -0.05};
    s.hand_high = {0.5, 1, 0.5};
    s.hand_init_pos = {0.0, 0.6, 0.2};
    // The peg's position (fixed), then the goal.
    s.rand_low = {0, 0.75, 0.02, -0.1, 0.5, 0.15};
    s.rand_high = {0, 0.75, 0.02, 0.1, 0.6, 0.3};
    s.goal_low = {-0.1, 0.5, 0.15};
    s.goal_high = {0.1, 0.6, 0.3};
    return s;
  }

  // Redrawn while the goal is within 0.15 of the peg in the plane.
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

  PickOutOfHole(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        obj_(Id(mjOBJ_BODY, "obj")),
        goal_site_(Id(mjOBJ_SITE, "goal")) {}

 protected:
  // The goal marker takes a height read after _reset_hand.
  bool ReplaysFirstResetModel() const override { return true; }

  void ResetModel(const std::vector<double>& rand_vec) override {
    ResetHand();
    obj_init_pos_ = {rand_vec[0], rand_vec[1], rand_vec[2]};
    SetObjXyz(obj_init_pos_);
    target_pos_ = {rand_vec[3], rand_vec[4], rand_vec[5]};
    std::copy(target_pos_.begin(), target_pos_.end(), model().site_pos + 3 * goal_site_);
  }

  int ObjectsPose(double* out) const override {
    const double* pos = xpos(obj_);
    std::copy(pos, pos + 3, out);
    const double* quat = d_->xquat + 4 * obj_;
    std::copy(quat, quat + 4, out + 3);
    return 7;
  }

  // The goal site follows the peg's initial position, not the goal.
  std::vector<std::pair<int, Vec3>> TargetSites() const override {
    return {{goal_site_, obj_init_pos_}};
  }

  Evaluation Evaluate(const double* obs, const float* action) override {
    const Vec3 obj = ToVec3(obs + 4);
    const Vec3 gripper = TcpCenter();
    const double obj_to_target = Distance(obj, target_pos_);
    const double tcp_to_obj = Distance(obj, gripper);
    const double in_place_margin = Distance(obj_init_pos_, target_pos_);

    constexpr double kThreshold = 0.03;
    const double planar[2] = {gripper[0] - obj_init_pos_[0], gripper[1] - obj_init_pos_[1]};
    const double radius = numpy_exact::NumpyNorm(planar, 2);
    const double floor =
        radius <= kThreshold ? 0.0 : 0.015 * numpy_exact::NumpyLog(radius - kThreshold) + 0.15;
    const double above_floor =
        gripper[2] >= floor ? 1.0 : LongTail(std::max(floor - gripper[2], 0.0), 0.0, 0.01, 0.02);
    // An np.float32 once the gripper closes on the peg, and so is the reward then.
    const Scalar object_grasped = GripperCagingReward(
        action, obj, /*obj_radius=*/0.015, /*pad_success_thresh=*/0.02,
        /*object_reach_radius=*/0.01, /*xz_thresh=*/0.03, /*desired_gripper_effort=*/0.1,
        /*high_density=*/true);
    const double in_place = LongTail(obj_to_target, 0, 0.02, in_place_margin);
    Scalar reward = HamacherProduct(object_grasped, in_place);

    const bool near_object = tcp_to_obj < 0.04;
    const bool pinched_without_obj = obs[3] < 0.33;
    const bool lifted = obj[2] - 0.02 > obj_init_pos_[2];
    const bool grasp_success = near_object && lifted && !pinched_without_obj;
    if (grasp_success) reward += 1.0 + 5.0 * HamacherProduct(in_place, above_floor);
    if (obj_to_target < kTargetRadius) reward = 10.0;

    Evaluation e;
    e.reward = reward.value();
    e.success = obj_to_target <= 0.07 ? 1.0 : 0.0;
    e.near_object = tcp_to_obj <= 0.03 ? 1.0 : 0.0;
    e.grasp_success = grasp_success ? 1.0 : 0.0;
    e.grasp_reward = object_grasped.value();
    e.in_place_reward = in_place;
    e.obj_to_target = obj_to_target;
    e.unscaled_reward = e.reward;
    return e;
  }

 private:
  // The reward's TARGET_RADIUS is SawyerXYZEnv's (the class's own
  // _TARGET_RADIUS, 0.02, is unused).
  static constexpr double kTargetRadius = 0.05;
  const int obj_;
  const int goal_site_;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_PICK_OUT_OF_HOLE_H_
