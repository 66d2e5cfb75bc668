// push-v3 (sawyer_push_v3.py): push the puck across the table to a goal
// point; the puck's height is wherever it settled while the hand reset.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_PUSH_H_
#define PARALLEL_POOL_METAWORLD_TASKS_PUSH_H_

#include <algorithm>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class Push : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_push_v3.xml";
    s.hand_low = {-0.5, 0.40, 0.05};
    s.hand_high = {0.5, 1, 0.5};
    s.hand_init_pos = {0.0, 0.6, 0.2};
    // The puck's position, then the goal.
    s.rand_low = {-0.1, 0.6, 0.02, -0.1, 0.8, 0.01};
    s.rand_high = {0.1, 0.7, 0.02, 0.1, 0.9, 0.02};
    s.goal_low = {-0.1, 0.8, 0.01};
    s.goal_high = {0.1, 0.9, 0.02};
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

  Push(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        obj_(Id(mjOBJ_BODY, "obj")),
        obj_geom_(Id(mjOBJ_GEOM, "objGeom")),
        goal_site_(Id(mjOBJ_SITE, "goal")) {}

 protected:
  // The goal marker takes a height read after _reset_hand.
  bool ReplaysFirstResetModel() const override { return true; }

  void ResetModel(const std::vector<double>& rand_vec) override {
    ResetHand();
    // fix_extreme_obj_pos keeps the puck's settled height; the goal takes it too.
    const double height = xpos(obj_)[2];
    target_pos_ = {rand_vec[3], rand_vec[4], height};
    obj_init_pos_ = {rand_vec[0], rand_vec[1], height};
    SetObjXyz(obj_init_pos_);
    std::copy(target_pos_.begin(), target_pos_.end(), model().site_pos + 3 * goal_site_);
  }

  int ObjectsPose(double* out) const override {
    const double* pos = xpos(obj_);
    std::copy(pos, pos + 3, out);
    const auto quat = GeomQuat(obj_geom_);
    std::copy(quat.begin(), quat.end(), out + 3);
    return 7;
  }

  Evaluation Evaluate(const double* obs, const float* action) override {
    const Vec3 obj = ToVec3(obs + 4);
    const double tcp_opened = obs[3];
    const double tcp_to_obj = Distance(obj, TcpCenter());
    const double target_to_obj = Distance(obj, target_pos_);
    const double target_to_obj_init = Distance(obj_init_pos_, target_pos_);
    const double in_place = LongTail(target_to_obj, 0, kTargetRadius, target_to_obj_init);
    // An np.float32 once the gripper closes on the puck, and so is the reward then.
    const Scalar object_grasped = GripperCagingReward(
        action, obj, /*obj_radius=*/0.015, /*pad_success_thresh=*/0.05,
        /*object_reach_radius=*/0.01, /*xz_thresh=*/0.005, /*desired_gripper_effort=*/1.0,
        /*high_density=*/true);
    Scalar reward = 2 * object_grasped;
    if (tcp_to_obj < 0.02 && tcp_opened > 0) reward += 1.0 + reward + 5.0 * in_place;
    if (target_to_obj < kTargetRadius) reward = 10.0;

    Evaluation e;
    e.reward = reward.value();
    e.success = target_to_obj <= kTargetRadius ? 1.0 : 0.0;
    e.near_object = tcp_to_obj <= 0.03 ? 1.0 : 0.0;
    e.grasp_success =
        TouchingObject(obj_geom_) && tcp_opened > 0 && obj[2] - 0.02 > obj_init_pos_[2] ? 1.0 : 0.0;
    e.grasp_reward = object_grasped.value();
    e.in_place_reward = in_place;
    e.obj_to_target = target_to_obj;
    e.unscaled_reward = e.reward;
    return e;
  }

 private:
  static constexpr double kTargetRadius = 0.05;
  const int obj_;
  const int obj_geom_;
  const int goal_site_;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_PUSH_H_
