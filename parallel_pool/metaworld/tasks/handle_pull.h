// handle-pull-v3 (sawyer_handle_pull_v3.py): pull a handle, sticking out of
// a box towards the arm, up from its lowest place to the goal height; the
// box (handle-press-v3's model) is placed by the reset's draw.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_HANDLE_PULL_H_
#define PARALLEL_POOL_METAWORLD_TASKS_HANDLE_PULL_H_

#include <cmath>
#include <utility>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class HandlePull : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_handle_press.xml";
    s.hand_low = {-0.5, 0.40, 0.05};
    s.hand_high = {0.5, 1.0, 0.5};
    s.hand_init_pos = {0.0, 0.6, 0.2};
    // The box's position.
    s.rand_low = {-0.1, 0.8, -0.001};
    s.rand_high = {0.1, 0.9, 0.001};
    s.goal_low = {-0.1, 0.55, 0.04};
    s.goal_high = {0.1, 0.70, 0.18};
    return s;
  }

  HandlePull(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        box_(Id(mjOBJ_BODY, "box")),
        handle_right_(Id(mjOBJ_SITE, "handleRight")),
        goal_pull_(Id(mjOBJ_SITE, "goalPull")) {}

 protected:
  void ResetModel(const std::vector<double>& rand_vec) override {
    // model.body("box").pos = rand_vec, by the first reset_model too.
    std::copy(rand_vec.begin(), rand_vec.begin() + 3, model().body_pos + 3 * box_);
    ResetHand();
    // obj_init_pos stays the box's position (the draw), not the handle's.
    obj_init_pos_ = {rand_vec[0], rand_vec[1], rand_vec[2]};
    // _set_obj_xyz(-0.1): the handle's slide joint at its lowest, at rest.
    std::vector<double> qpos = Qpos();
    std::vector<double> qvel = Qvel();
    qpos[9] = -0.1;
    qvel[9] = 0;
    SetState(qpos, qvel);
    target_pos_ = ToVec3(site_xpos(goal_pull_));
  }

  int ObjectsPose(double* out) const override {
    const double* pos = site_xpos(handle_right_);
    std::copy(pos, pos + 3, out);
    return 7;
  }

  std::vector<std::pair<int, Vec3>> TargetSites() const override { return {}; }

  Evaluation Evaluate(const double* obs, const float* action) override {
    const Vec3 obj = ToVec3(obs + 4);
    const double target_to_obj = std::abs(target_pos_[2] - obj[2]);
    const double target_to_obj_init = std::abs(target_pos_[2] - obj_init_pos_[2]);
    const double in_place = LongTail(target_to_obj, 0, kTargetRadius, target_to_obj_init);

    // An np.float32 while the gripper's effort is in (0, 1): so is the reward.
    const Scalar object_grasped =
        GripperCagingReward(action, obj, /*obj_radius=*/0.022,
                            /*pad_success_thresh=*/0.05,
                            /*object_reach_radius=*/0.01,
                            /*xz_thresh=*/0.01, /*desired_gripper_effort=*/1.0,
                            /*high_density=*/true);
    Scalar reward = HamacherProduct(object_grasped, in_place);

    const double tcp_opened = obs[3];
    const double tcp_to_obj = Distance(obj, TcpCenter());
    // The reference compares the handle's y with the box's initial z.
    if (tcp_to_obj < 0.035 && tcp_opened > 0 && obj[1] - 0.01 > obj_init_pos_[2]) {
      reward += 1.0 + 5.0 * in_place;
    }
    if (target_to_obj < kTargetRadius) reward = 10.0;

    Evaluation e;
    e.reward = reward.value();
    e.success = target_to_obj <= kTargetRadius ? 1.0 : 0.0;
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
  const int handle_right_;
  const int goal_pull_;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_HANDLE_PULL_H_
