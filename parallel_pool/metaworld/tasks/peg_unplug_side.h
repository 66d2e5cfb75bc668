// peg-unplug-side-v3 (sawyer_peg_unplug_side_v3.py): grasp a plug sitting
// in a wall socket and pull it out sideways to a goal.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_PEG_UNPLUG_SIDE_H_
#define PARALLEL_POOL_METAWORLD_TASKS_PEG_UNPLUG_SIDE_H_

#include <algorithm>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class PegUnplugSide : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_peg_unplug_side.xml";
    s.hand_low = {-0.5, 0.40, 0.05};
    s.hand_high = {0.5, 1, 0.5};
    s.hand_init_pos = {0, 0.6, 0.2};
    // The wall's position.
    s.rand_low = {-0.25, 0.6, -0.001};
    s.rand_high = {-0.15, 0.8, 0.001};
    s.goal_low = {-0.25 + 0.194, 0.6 + 0.0, -0.001 + 0.131};
    s.goal_high = {-0.15 + 0.194, 0.8 + 0.0, 0.001 + 0.131};
    return s;
  }

  PegUnplugSide(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        box_(Id(mjOBJ_BODY, "box")),
        plug_(Id(mjOBJ_BODY, "plug1")),
        goal_site_(Id(mjOBJ_SITE, "goal")),
        peg_end_(Id(mjOBJ_SITE, "pegEnd")) {}

 protected:
  void ResetModel(const std::vector<double>& rand_vec) override {
    const Vec3 pos_box = {rand_vec[0], rand_vec[1], rand_vec[2]};
    const Vec3 pos_plug = {pos_box[0] + 0.044, pos_box[1] + 0.0, pos_box[2] + 0.131};
    target_pos_ = {pos_plug[0] + 0.15, pos_plug[1] + 0.0, pos_plug[2] + 0.0};
    // The wall and the goal site, as the reference's first reset_model left them.
    std::copy(pos_box.begin(), pos_box.end(), model().body_pos + 3 * box_);
    std::copy(target_pos_.begin(), target_pos_.end(), model().site_pos + 3 * goal_site_);
    ResetHand();
    // The task's own _set_obj_xyz: the plug upright, its linear velocity
    // zeroed but not its angular one.
    std::vector<double> qpos = Qpos();
    std::vector<double> qvel = Qvel();
    std::copy(pos_plug.begin(), pos_plug.end(), qpos.begin() + 9);
    const double upright[4] = {1.0, 0.0, 0.0, 0.0};
    std::copy(upright, upright + 4, qpos.begin() + 12);
    std::fill(qvel.begin() + 9, qvel.begin() + 12, 0.0);
    SetState(qpos, qvel);
    obj_init_pos_ = ToVec3(site_xpos(peg_end_));
  }

  int ObjectsPose(double* out) const override {
    const double* pos = site_xpos(peg_end_);
    std::copy(pos, pos + 3, out);
    const double* quat = d_->xquat + 4 * plug_;
    std::copy(quat, quat + 4, out + 3);
    return 7;
  }

  Evaluation Evaluate(const double* obs, const float* action) override {
    const Vec3 tcp = TcpCenter();
    const Vec3 obj = ToVec3(obs + 4);
    const double tcp_opened = obs[3];
    const double tcp_to_obj = Distance(obj, tcp);
    const double obj_to_target = Distance(obj, target_pos_);
    const Scalar object_grasped = GripperCagingReward(action, obj, /*obj_radius=*/0.025,
                                                      /*pad_success_thresh=*/0.05,
                                                      /*object_reach_radius=*/0.01,
                                                      /*xz_thresh=*/0.005,
                                                      /*desired_gripper_effort=*/0.8,
                                                      /*high_density=*/true);
    const double in_place_margin = Distance(obj_init_pos_, target_pos_);
    const double in_place = LongTail(obj_to_target, 0, 0.05, in_place_margin);
    const bool grasp_success = tcp_opened > 0.5 && obj[0] - obj_init_pos_[0] > 0.015;

    Scalar reward = 2 * object_grasped;
    if (grasp_success && tcp_to_obj < 0.035) reward = 1 + 2 * object_grasped + 5 * in_place;
    if (obj_to_target <= 0.05) reward = 10.0;

    Evaluation e;
    e.reward = reward.value();
    e.success = obj_to_target <= 0.07 ? 1.0 : 0.0;
    e.near_object = tcp_to_obj <= 0.03 ? 1.0 : 0.0;
    e.grasp_success = grasp_success ? 1.0 : 0.0;
    e.grasp_reward = object_grasped.value();
    e.in_place_reward = in_place;
    e.obj_to_target = obj_to_target;
    e.unscaled_reward = reward.value();
    return e;
  }

 private:
  const int box_;
  const int plug_;
  const int goal_site_;
  const int peg_end_;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_PEG_UNPLUG_SIDE_H_
