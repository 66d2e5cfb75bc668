// drawer-open-v3 (sawyer_drawer_open_v3.py): pull a nightstand's drawer out
// by its handle, until the handle is within 0.03 of a goal 0.2 out.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_DRAWER_OPEN_H_
#define PARALLEL_POOL_METAWORLD_TASKS_DRAWER_OPEN_H_

#include <algorithm>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class DrawerOpen : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_drawer.xml";
    s.hand_low = {-0.5, 0.40, 0.05};
    s.hand_high = {0.5, 1, 0.5};
    // init_config's hand_init_pos is a float32 array.
    s.hand_init_pos = {0.0F, 0.6F, 0.2F};
    // The nightstand's position.
    s.rand_low = {-0.1, 0.9, 0.0};
    s.rand_high = {0.1, 0.9, 0.0};
    s.goal_low = s.hand_low;
    s.goal_high = s.hand_high;
    return s;
  }

  DrawerOpen(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        drawer_(Id(mjOBJ_BODY, "drawer")),
        drawer_link_(Id(mjOBJ_BODY, "drawer_link")),
        goal_site_(Id(mjOBJ_SITE, "goal")) {}

 protected:
  void ResetModel(const std::vector<double>& rand_vec) override {
    obj_init_pos_ = {rand_vec[0], rand_vec[1], rand_vec[2]};
    // The closed handle's position, pulled out by kMaxDist.
    target_pos_ = {obj_init_pos_[0] + 0.0, obj_init_pos_[1] + (-0.16 - kMaxDist),
                   obj_init_pos_[2] + 0.09};
    // The drawer and the goal as the first reset_model call placed them.
    std::copy(obj_init_pos_.begin(), obj_init_pos_.end(), model().body_pos + 3 * drawer_);
    std::copy(target_pos_.begin(), target_pos_.end(), model().site_pos + 3 * goal_site_);
    ResetHand();
  }

  int ObjectsPose(double* out) const override {
    const double* pos = xpos(drawer_link_);
    out[0] = pos[0] + 0.0;
    out[1] = pos[1] + -0.16;
    out[2] = pos[2] + 0.0;
    const double* quat = d_->xquat + 4 * drawer_link_;
    std::copy(quat, quat + 4, out + 3);
    return 7;
  }

  Evaluation Evaluate(const double* obs, const float* /*action*/) override {
    const double* gripper = obs;
    const Vec3 handle = ToVec3(obs + 4);
    const double handle_error = Distance(handle, target_pos_);
    const double reward_for_opening = LongTail(handle_error, 0, 0.02, kMaxDist);

    const Vec3 handle_pos_init = {target_pos_[0] + 0.0, target_pos_[1] + kMaxDist,
                                  target_pos_[2] + 0.0};
    // x and y weigh more, so that the hand can drop around the handle.
    constexpr double kScale[3] = {3.0, 3.0, 1.0};
    double gripper_error[3];
    double gripper_error_init[3];
    for (int i = 0; i < 3; ++i) {
      gripper_error[i] = (handle[i] - gripper[i]) * kScale[i];
      gripper_error_init[i] = (handle_pos_init[i] - init_tcp_[i]) * kScale[i];
    }
    const double reward_for_caging = LongTail(numpy_exact::NumpyNorm(gripper_error, 3), 0, 0.01,
                                              numpy_exact::NumpyNorm(gripper_error_init, 3));
    const double handle_to_gripper = Distance(handle.data(), gripper);

    Evaluation e;
    e.reward = reward_for_caging + reward_for_opening;
    e.reward *= 5.0;
    e.success = handle_error <= 0.03 ? 1.0 : 0.0;
    e.near_object = handle_to_gripper <= 0.03 ? 1.0 : 0.0;
    e.grasp_success = obs[3] > 0 ? 1.0 : 0.0;
    e.grasp_reward = reward_for_caging;
    e.in_place_reward = reward_for_opening;
    e.obj_to_target = handle_error;
    e.unscaled_reward = e.reward;
    return e;
  }

 private:
  static constexpr double kMaxDist = 0.2;
  const int drawer_;
  const int drawer_link_;
  const int goal_site_;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_DRAWER_OPEN_H_
