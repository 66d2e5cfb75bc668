// pick-place-wall-v3 (sawyer_pick_place_wall_v3.py): pick the puck up, lift
// it over the wall and hold it at a goal point behind it; the reward leads
// it by a midpoint above the wall first.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_PICK_PLACE_WALL_H_
#define PARALLEL_POOL_METAWORLD_TASKS_PICK_PLACE_WALL_H_

#include <algorithm>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class PickPlaceWall : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_pick_place_wall_v3.xml";
    s.hand_low = {-0.5, 0.40, 0.05};
    s.hand_high = {0.5, 1, 0.5};
    s.hand_init_pos = {0.0, 0.6, 0.2};
    // The puck's position, then the goal.
    s.rand_low = {-0.05, 0.6, 0.015, -0.05, 0.85, 0.05};
    s.rand_high = {0.05, 0.65, 0.015, 0.05, 0.9, 0.3};
    s.goal_low = {-0.05, 0.85, 0.05};
    s.goal_high = {0.05, 0.9, 0.3};
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

  PickPlaceWall(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        obj_geom_(Id(mjOBJ_GEOM, "objGeom")),
        goal_site_(Id(mjOBJ_SITE, "goal")) {}

 protected:
  // The goal marker takes a height read after _reset_hand.
  bool ReplaysFirstResetModel() const override { return true; }

  void ResetModel(const std::vector<double>& rand_vec) override {
    ResetHand();
    target_pos_ = {rand_vec[3], rand_vec[4], rand_vec[5]};
    obj_init_pos_ = {rand_vec[0], rand_vec[1], rand_vec[2]};
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

  Evaluation Evaluate(const double* obs, const float* action) override {
    const Vec3 obj = ToVec3(obs + 4);
    const double tcp_opened = obs[3];
    const Vec3 midpoint = {target_pos_[0], 0.77, 0.25};
    const double tcp_to_obj = Distance(obj, TcpCenter());
    // The distance to the midpoint, z weighted 3 to 1.
    auto scaled_to_midpoint = [&midpoint](const Vec3& p) {
      const double d[3] = {(p[0] - midpoint[0]) * 1.0, (p[1] - midpoint[1]) * 1.0,
                           (p[2] - midpoint[2]) * 3.0};
      return numpy_exact::NumpyNorm(d, 3);
    };
    const double obj_to_midpoint = scaled_to_midpoint(obj);
    const double obj_to_midpoint_init = scaled_to_midpoint(obj_init_pos_);
    const double obj_to_target = Distance(obj, target_pos_);
    const double obj_to_target_init = Distance(obj_init_pos_, target_pos_);
    const double in_place_part1 = LongTail(obj_to_midpoint, 0, kTargetRadius, obj_to_midpoint_init);
    const double in_place_part2 = LongTail(obj_to_target, 0, kTargetRadius, obj_to_target_init);
    // An np.float32 once the gripper closes on the puck, and so is the reward then.
    const Scalar object_grasped =
        GripperCagingReward(action, obj, /*obj_radius=*/0.015, /*pad_success_thresh=*/0.05,
                            /*object_reach_radius=*/0.01, /*xz_thresh=*/0.005);
    const Scalar in_place_and_object_grasped = HamacherProduct(object_grasped, in_place_part1);
    Scalar reward = in_place_and_object_grasped;
    if (tcp_to_obj < 0.02 && tcp_opened > 0 && obj[2] - 0.015 > obj_init_pos_[2]) {
      reward = in_place_and_object_grasped + 1.0 + 4.0 * in_place_part1;
      if (obj[1] > 0.75) {
        reward = in_place_and_object_grasped + 1.0 + 4.0 + 3.0 * in_place_part2;
      }
    }
    if (obj_to_target < kTargetRadius) reward = 10.0;

    Evaluation e;
    e.reward = reward.value();
    e.success = obj_to_target <= 0.07 ? 1.0 : 0.0;
    e.near_object = tcp_to_obj <= 0.03 ? 1.0 : 0.0;
    e.grasp_success =
        TouchingObject(obj_geom_) && tcp_opened > 0 && obj[2] - 0.02 > obj_init_pos_[2] ? 1.0 : 0.0;
    e.grasp_reward = object_grasped.value();
    e.in_place_reward = in_place_part2;
    e.obj_to_target = obj_to_target;
    e.unscaled_reward = e.reward;
    return e;
  }

 private:
  static constexpr double kTargetRadius = 0.05;
  const int obj_geom_;
  const int goal_site_;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_PICK_PLACE_WALL_H_
