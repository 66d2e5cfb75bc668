// handle-pull-side-v3 (sawyer_handle_pull_side_v3.py): pull up the handle of
// the sideways box (handle-press-side-v3's model), from its lowest place to
// the goal; unlike handle-pull-v3, its distances are in 3D and measured from
// the handle's centre.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_HANDLE_PULL_SIDE_H_
#define PARALLEL_POOL_METAWORLD_TASKS_HANDLE_PULL_SIDE_H_

#include <utility>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class HandlePullSide : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_handle_press_sideways.xml";
    s.hand_low = {-0.5, 0.40, 0.05};
    s.hand_high = {0.5, 1.0, 0.5};
    s.hand_init_pos = {0.0, 0.6, 0.2};
    // The box's position.
    s.rand_low = {-0.35, 0.65, 0.0};
    s.rand_high = {-0.25, 0.75, 0.0};
    // The goal's bounds are the hand's.
    s.goal_low = s.hand_low;
    s.goal_high = s.hand_high;
    return s;
  }

  HandlePullSide(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        box_(Id(mjOBJ_BODY, "box")),
        handle_center_(Id(mjOBJ_SITE, "handleCenter")),
        goal_pull_(Id(mjOBJ_SITE, "goalPull")) {}

 protected:
  void ResetModel(const std::vector<double>& rand_vec) override {
    // model.body("box").pos = rand_vec, by the first reset_model too.
    std::copy(rand_vec.begin(), rand_vec.begin() + 3, model().body_pos + 3 * box_);
    ResetHand();
    // _set_obj_xyz(-0.1): the handle's slide joint at its lowest, at rest.
    std::vector<double> qpos = Qpos();
    std::vector<double> qvel = Qvel();
    qpos[9] = -0.1;
    qvel[9] = 0;
    SetState(qpos, qvel);
    target_pos_ = ToVec3(site_xpos(goal_pull_));
    // obj_init_pos ends as the handle's centre (a copy).
    obj_init_pos_ = ToVec3(site_xpos(handle_center_));
  }

  int ObjectsPose(double* out) const override {
    const double* pos = site_xpos(handle_center_);
    std::copy(pos, pos + 3, out);
    return 7;
  }

  std::vector<std::pair<int, Vec3>> TargetSites() const override { return {}; }

  Evaluation Evaluate(const double* obs, const float* action) override {
    const Vec3 obj = ToVec3(obs + 4);
    // (obj - target) * [1, 1, 1]: the scale changes nothing.
    const double target_to_obj = Distance(obj, target_pos_);
    const double target_to_obj_init = Distance(obj_init_pos_, target_pos_);
    const double in_place = LongTail(target_to_obj, 0, kTargetRadius, target_to_obj_init);

    // An np.float32 while the gripper's effort is in (0, 1): so is the reward.
    const Scalar object_grasped =
        GripperCagingReward(action, obj, /*obj_radius=*/0.032, /*pad_success_thresh=*/0.06,
                            /*object_reach_radius=*/0.01, /*xz_thresh=*/0.01,
                            /*desired_gripper_effort=*/1.0, /*high_density=*/true);
    Scalar reward = HamacherProduct(object_grasped, in_place);

    const double tcp_opened = obs[3];
    const double tcp_to_obj = Distance(obj, TcpCenter());
    if (tcp_to_obj < 0.035 && tcp_opened > 0 && obj[2] - 0.01 > obj_init_pos_[2]) {
      reward += 1.0 + 5.0 * in_place;
    }
    if (target_to_obj < kTargetRadius) reward = 10.0;

    Evaluation e;
    e.reward = reward.value();
    e.success = target_to_obj <= 0.08 ? 1.0 : 0.0;
    e.near_object = tcp_to_obj <= 0.05 ? 1.0 : 0.0;
    e.grasp_success = (tcp_opened > 0 && obj[2] - 0.03 > obj_init_pos_[2]) ? 1.0 : 0.0;
    e.grasp_reward = object_grasped.value();
    e.in_place_reward = in_place;
    e.obj_to_target = target_to_obj;
    e.unscaled_reward = reward.value();
    return e;
  }

 private:
  // SawyerXYZEnv's TARGET_RADIUS.
  static constexpr double kTargetRadius = 0.05;
  const int box_;
  const int handle_center_;
  const int goal_pull_;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_HANDLE_PULL_SIDE_H_
