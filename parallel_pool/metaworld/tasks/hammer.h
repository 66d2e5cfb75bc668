// hammer-v3 (sawyer_hammer_v3.py): pick up a hammer lying on the table and
// drive a nail into a block with its head.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_HAMMER_H_
#define PARALLEL_POOL_METAWORLD_TASKS_HAMMER_H_

#include <algorithm>
#include <cmath>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class Hammer : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_hammer.xml";
    s.hand_low = {-0.5, 0.40, 0.05};
    s.hand_high = {0.5, 1, 0.5};
    s.hand_init_pos = {0, 0.4, 0.2};
    // The hammer's position.
    s.rand_low = {-0.1, 0.4, 0.0};
    s.rand_high = {0.1, 0.5, 0.0};
    s.goal_low = {0.2399, 0.7399, 0.109};
    s.goal_high = {0.2401, 0.7401, 0.111};
    return s;
  }

  Hammer(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        hammer_(Id(mjOBJ_BODY, "hammer")),
        nail_(Id(mjOBJ_BODY, "nail_link")),
        box_(Id(mjOBJ_BODY, "box")),
        goal_site_(Id(mjOBJ_SITE, "goal")),
        nail_qpos_(m->jnt_qposadr[Id(mjOBJ_JOINT, "NailSlideJoint")]) {}

 protected:
  void ResetModel(const std::vector<double>& rand_vec) override {
    // The block where the model has it (the reference writes it each reset).
    static constexpr double kBoxPos[3] = {0.24, 0.85, 0.0};
    std::copy(kBoxPos, kBoxPos + 3, model().body_pos + 3 * box_);
    ResetHand();
    target_pos_ = ToVec3(site_xpos(goal_site_));
    obj_init_pos_ = {rand_vec[0], rand_vec[1], rand_vec[2]};
    SetObjXyz(obj_init_pos_);
  }

  int ObjectsPose(double* out) const override {
    int n = 0;
    for (const int body : {hammer_, nail_}) {
      std::copy(xpos(body), xpos(body) + 3, out + n);
      std::copy(d_->xquat + 4 * body, d_->xquat + 4 * body + 4, out + n + 3);
      n += 7;
    }
    return n;
  }

  Evaluation Evaluate(const double* obs, const float* action) override {
    const Vec3 hand = ToVec3(obs);
    const Vec3 hammer = ToVec3(obs + 4);
    const Vec3 hammer_head = {hammer[0] + 0.16, hammer[1] + 0.06, hammer[2] + 0.0};
    // The handle is no sphere: within half its length of the hand in x, the
    // caging reward sees it right under the hand.
    Vec3 hammer_threshed = hammer;
    if (std::abs(hammer[0] - hand[0]) < kHammerHandleLength / 2.0) hammer_threshed[0] = hand[0];
    const double reward_quat = RewardQuat(obs);
    const Scalar reward_grab = GripperCagingReward(action, hammer_threshed, /*obj_radius=*/0.015,
                                                   /*pad_success_thresh=*/0.02,
                                                   /*object_reach_radius=*/0.01,
                                                   /*xz_thresh=*/0.01, 1.0,
                                                   /*high_density=*/true);
    const double reward_in_place = RewardPos(hammer_head);
    Scalar reward = (2.0 * reward_grab + 6.0 * reward_in_place) * reward_quat;
    // The nail alone is easily pushed in: success counts only with a high reward.
    const bool success = d_->qpos[nail_qpos_] > 0.09;
    if (success && reward > 5.0) reward = 10.0;

    Evaluation e;
    e.reward = reward.value();
    e.success = success ? 1.0 : 0.0;
    e.near_object = reward_quat;
    e.grasp_success = reward_grab >= 0.5 ? 1.0 : 0.0;
    e.grasp_reward = reward_grab.value();
    e.in_place_reward = reward_in_place;
    e.obj_to_target = 0.0;
    e.unscaled_reward = reward.value();
    return e;
  }

 private:
  static constexpr double kHammerHandleLength = 0.14;

  // _reward_quat: how close the hammer's quaternion is to lying flat.
  static double RewardQuat(const double* obs) {
    static constexpr double kIdeal[4] = {1.0, 0.0, 0.0, 0.0};
    double d[4];
    for (int i = 0; i < 4; ++i) d[i] = obs[7 + i] - kIdeal[i];
    const double error = numpy_exact::NumpyNorm(d, 4);
    const double r = 1.0 - error / 0.4;
    return 0.0 > r ? 0.0 : r;
  }

  // _reward_pos(hammer_head, target_pos): lifted, and the head at the nail.
  double RewardPos(const Vec3& hammer_head) const {
    const bool lifted = hammer_head[2] > 0.02;
    return 0.1 * (lifted ? 1.0 : 0.0) +
           0.9 * LongTail(Distance(target_pos_, hammer_head), 0, 0.02, 0.2);
  }

  const int hammer_;
  const int nail_;
  const int box_;
  const int goal_site_;
  const int nail_qpos_;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_HAMMER_H_
