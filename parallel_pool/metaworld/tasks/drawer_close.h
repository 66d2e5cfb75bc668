// drawer-close-v3 (sawyer_drawer_close_v3.py): push a nightstand's drawer,
// which starts pulled out 0.15, closed, until its handle is within 0.065 of
// where it sits when closed.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_DRAWER_CLOSE_H_
#define PARALLEL_POOL_METAWORLD_TASKS_DRAWER_CLOSE_H_

#include <algorithm>
#include <cmath>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class DrawerClose : public SawyerXyz {
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

  DrawerClose(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        drawer_(Id(mjOBJ_BODY, "drawer")),
        drawer_link_(Id(mjOBJ_BODY, "drawer_link")),
        goal_site_(Id(mjOBJ_SITE, "goal")) {}

 protected:
  void ResetModel(const std::vector<double>& rand_vec) override {
    const Vec3 drawer_pos = {rand_vec[0], rand_vec[1], rand_vec[2]};
    // The closed handle's position.
    target_pos_ = {drawer_pos[0] + 0.0, drawer_pos[1] + -0.16, drawer_pos[2] + 0.09};
    // The drawer and the goal as the first reset_model call placed them.
    std::copy(drawer_pos.begin(), drawer_pos.end(), model().body_pos + 3 * drawer_);
    std::copy(target_pos_.begin(), target_pos_.end(), model().site_pos + 3 * goal_site_);
    ResetHand();
    // The drawer starts pulled out all the way (its velocity kept).
    std::vector<double> qpos = Qpos();
    qpos[9] = -kMaxDist;
    SetState(qpos, Qvel());
    obj_init_pos_ = HandlePos();
  }

  int ObjectsPose(double* out) const override {
    const Vec3 handle = HandlePos();
    std::copy(handle.begin(), handle.end(), out);
    std::fill(out + 3, out + 7, 0.0);
    return 7;
  }

  Evaluation Evaluate(const double* obs, const float* action) override {
    const Vec3 obj = ToVec3(obs + 4);
    const Vec3 tcp = TcpCenter();
    const double target_to_obj = Distance(obj, target_pos_);
    const double target_to_obj_init = Distance(obj_init_pos_, target_pos_);
    const double in_place =
        LongTail(target_to_obj, 0, kTargetRadius, std::abs(target_to_obj_init - kTargetRadius));

    constexpr double kHandleReachRadius = 0.005;
    const double tcp_to_obj = Distance(obj, tcp);
    const double tcp_to_obj_init = Distance(obj_init_pos_, init_tcp_);
    const double reach = dm_rewards::Tolerance(tcp_to_obj, 0, kHandleReachRadius,
                                               std::abs(tcp_to_obj_init - kHandleReachRadius),
                                               dm_rewards::Sigmoid::kGaussian);

    // min(max(0, action[-1]), 1) is the int 0 or 1, or the float32 grip in
    // between; with the float32, both hamacher products (and the reward)
    // are float32 arithmetic (NEP 50: the Python floats become float32).
    const float grip = action[3];
    double object_grasped;
    double reward;
    if (!(grip > 0)) {
      object_grasped = HamacherProduct(reach, 0.0);
      reward = HamacherProduct(object_grasped, in_place);
    } else if (1 < grip) {
      object_grasped = HamacherProduct(reach, 1.0);
      reward = HamacherProduct(object_grasped, in_place);
    } else {
      const float grasped32 = HamacherProduct32(static_cast<float>(reach), grip);
      object_grasped = grasped32;
      reward = HamacherProduct32(grasped32, static_cast<float>(in_place)) * 10.0F;
    }
    const bool success = target_to_obj <= kTargetRadius + 0.015;
    if (success) {
      reward = 10.0;
    } else if (!(0 < grip && grip <= 1)) {
      reward *= 10;
    }

    Evaluation e;
    e.reward = reward;
    e.success = success ? 1.0 : 0.0;
    e.near_object = tcp_to_obj <= 0.01 ? 1.0 : 0.0;
    e.grasp_success = 1.0;
    e.grasp_reward = object_grasped;
    e.in_place_reward = in_place;
    e.obj_to_target = target_to_obj;
    e.unscaled_reward = reward;
    return e;
  }

 private:
  static constexpr double kTargetRadius = 0.05;
  static constexpr double kMaxDist = 0.15;

  // hamacher_product on float32 operands.
  static float HamacherProduct32(float a, float b) {
    const float denominator = a + b - (a * b);
    return denominator > 0 ? (a * b) / denominator : 0.0F;
  }

  // The handle: _get_pos_objects.
  Vec3 HandlePos() const {
    const double* pos = xpos(drawer_link_);
    return {pos[0] + 0.0, pos[1] + -0.16, pos[2] + 0.05};
  }

  const int drawer_;
  const int drawer_link_;
  const int goal_site_;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_DRAWER_CLOSE_H_
