// bin-picking-v3 (sawyer_bin_picking_v3.py): pick the cube up out of one
// bin and drop it into the other; the reward keeps the hand above a floor
// that rises away from both bins' centres.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_BIN_PICKING_H_
#define PARALLEL_POOL_METAWORLD_TASKS_BIN_PICKING_H_

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"
#include "parallel_pool/numpy_exact/numpy_ufunc.h"

namespace parallel_pool::metaworld {

class BinPicking : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_bin_picking.xml";
    s.hand_low = {-0.5, 0.40, 0.07};
    s.hand_high = {0.5, 1, 0.5};
    s.hand_init_pos = {0.0, 0.6, 0.2};
    // The cube's position, then a goal the task never reads (the goal is
    // the second bin's).
    s.rand_low = {-0.21, 0.65, 0.02, 0.1199, 0.699, -0.001};
    s.rand_high = {-0.03, 0.75, 0.02, 0.1201, 0.701, +0.001};
    s.goal_low = {0.1199, 0.699, -0.001};
    s.goal_high = {0.1201, 0.701, +0.001};
    return s;
  }

  BinPicking(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        obj_(Id(mjOBJ_BODY, "obj")),
        bin_goal_(Id(mjOBJ_BODY, "bin_goal")) {}

 protected:
  void ResetModel(const std::vector<double>& rand_vec) override {
    ResetHand();
    // The cube keeps the height it settled at while the hand reset.
    obj_init_pos_ = {rand_vec[0], rand_vec[1], xpos(obj_)[2]};
    SetObjXyz(obj_init_pos_);
    // The reference's goal is a live view of the bin's position; the bin
    // is fixed to the world, so a copy reads the same.
    target_pos_ = BodyCom(bin_goal_);
    target_to_obj_init_.reset();
  }

  int ObjectsPose(double* out) const override {
    const double* pos = xpos(obj_);
    std::copy(pos, pos + 3, out);
    const double* quat = d_->xquat + 4 * obj_;
    std::copy(quat, quat + 4, out + 3);
    return 7;
  }

  std::vector<std::pair<int, Vec3>> TargetSites() const override { return {}; }

  Evaluation Evaluate(const double* obs, const float* action) override {
    const Vec3 hand = ToVec3(obs);
    const Vec3 obj = ToVec3(obs + 4);
    const double target_to_obj = Distance(obj, target_pos_);
    // The first step's distance, the margin for the episode.
    if (!target_to_obj_init_) target_to_obj_init_ = target_to_obj;
    const double in_place = LongTail(target_to_obj, 0, kTargetRadius, *target_to_obj_init_);

    constexpr double kThreshold = 0.03;
    auto floor_at = [](const Vec3& hand, const Vec3& centre) {
      const double d[2] = {hand[0] - centre[0], hand[1] - centre[1]};
      const double radius = numpy_exact::NumpyNorm(d, 2);
      return radius > kThreshold ? 0.02 * numpy_exact::NumpyLog(radius - kThreshold) + 0.2 : 0.0;
    };
    const double floor_obj = floor_at(hand, obj_init_pos_);
    const double floor_target = floor_at(hand, target_pos_);
    const double floor = floor_target < floor_obj ? floor_target : floor_obj;
    const double above_floor =
        hand[2] >= floor ? 1.0 : LongTail(std::max(floor - hand[2], 0.0), 0.0, 0.01, 0.05);
    // An np.float32 once the gripper closes on the cube, and so is the reward then.
    const Scalar object_grasped = GripperCagingReward(
        action, obj, /*obj_radius=*/0.015, /*pad_success_thresh=*/0.05,
        /*object_reach_radius=*/0.01, /*xz_thresh=*/0.01, /*desired_gripper_effort=*/0.7,
        /*high_density=*/true);
    Scalar reward = HamacherProduct(object_grasped, in_place);

    const bool near_object = Distance(obj, hand) < 0.04;
    const bool pinched_without_obj = obs[3] < 0.43;
    const bool lifted = obj[2] - 0.02 > obj_init_pos_[2];
    const bool grasp_success = near_object && lifted && !pinched_without_obj;
    if (grasp_success) reward += 1.0 + 5.0 * HamacherProduct(above_floor, in_place);
    if (target_to_obj < kTargetRadius) reward = 10.0;

    Evaluation e;
    e.reward = reward.value();
    e.success = target_to_obj <= 0.05 ? 1.0 : 0.0;
    e.near_object = near_object ? 1.0 : 0.0;
    e.grasp_success = grasp_success ? 1.0 : 0.0;
    e.grasp_reward = object_grasped.value();
    e.in_place_reward = in_place;
    e.obj_to_target = target_to_obj;
    e.unscaled_reward = e.reward;
    return e;
  }

 private:
  static constexpr double kTargetRadius = 0.05;
  const int obj_;
  const int bin_goal_;
  std::optional<double> target_to_obj_init_;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_BIN_PICKING_H_
