// door-unlock-v3 (sawyer_door_unlock_v3.py): turn a door's locked lever
// back up by pushing it sideways, until its tip is within 0.02 (in x) of a
// goal 0.1 to the side of where it started.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_DOOR_UNLOCK_H_
#define PARALLEL_POOL_METAWORLD_TASKS_DOOR_UNLOCK_H_

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class DoorUnlock : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_door_lock.xml";
    s.hand_low = {-0.5, 0.40, -0.15};
    s.hand_high = {0.5, 1, 0.5};
    // init_config's hand_init_pos is a float32 array.
    s.hand_init_pos = {0.0F, 0.6F, 0.2F};
    // The door's position.
    s.rand_low = {-0.1, 0.8, 0.15};
    s.rand_high = {0.1, 0.85, 0.15};
    s.goal_low = {0.0, 0.64, 0.2100};
    s.goal_high = {0.2, 0.7, 0.2111};
    return s;
  }

  DoorUnlock(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        door_(Id(mjOBJ_BODY, "door")),
        door_link_(Id(mjOBJ_BODY, "door_link")),
        lock_link_(Id(mjOBJ_BODY, "lock_link")),
        lock_start_(Id(mjOBJ_SITE, "lockStartUnlock")),
        goal_lock_(Id(mjOBJ_SITE, "goal_lock")),
        goal_unlock_(Id(mjOBJ_SITE, "goal_unlock")) {}

 protected:
  void ResetModel(const std::vector<double>& rand_vec) override {
    // The door as the first reset_model call placed it.
    std::copy(rand_vec.begin(), rand_vec.begin() + 3, model().body_pos + 3 * door_);
    ResetHand();
    // The lock starts turned down.
    std::vector<double> qpos = Qpos();
    std::vector<double> qvel = Qvel();
    qpos[9] = 1.5708;
    qvel[9] = 0;
    SetState(qpos, qvel);
    obj_init_pos_ = BodyCom(lock_link_);
    target_pos_ = {obj_init_pos_[0] + 0.1, obj_init_pos_[1] + -0.04, obj_init_pos_[2] + 0.0};
  }

  int ObjectsPose(double* out) const override {
    const double* pos = site_xpos(lock_start_);
    std::copy(pos, pos + 3, out);
    const double* quat = d_->xquat + 4 * door_link_;
    std::copy(quat, quat + 4, out + 3);
    return 7;
  }

  std::vector<std::pair<int, Vec3>> TargetSites() const override {
    return {{goal_unlock_, target_pos_}, {goal_lock_, Vec3{10.0, 10.0, 10.0}}};
  }

  Evaluation Evaluate(const double* obs, const float* /*action*/) override {
    const double* gripper = obs;
    const double* lock = obs + 4;
    // The gripper's shoulder rather than its fingers.
    constexpr double kOffset[3] = {0.0, 0.055, 0.07};
    constexpr double kScale[3] = {0.25, 1.0, 0.5};
    // obj_init_pos is a live view of the lock's xpos: its current position.
    const double* lock_now = xpos(lock_link_);
    double shoulder_to_lock[3];
    double shoulder_to_lock_init[3];
    for (int i = 0; i < 3; ++i) {
      shoulder_to_lock[i] = (gripper[i] + kOffset[i] - lock[i]) * kScale[i];
      shoulder_to_lock_init[i] = (init_tcp_[i] + kOffset[i] - lock_now[i]) * kScale[i];
    }
    const double shoulder_distance = numpy_exact::NumpyNorm(shoulder_to_lock, 3);
    const double ready_to_push =
        LongTail(shoulder_distance, 0, 0.02, numpy_exact::NumpyNorm(shoulder_to_lock_init, 3));

    const double obj_to_target = std::abs(target_pos_[0] - lock[0]);
    const double pushed = LongTail(obj_to_target, 0, 0.005, kLockLength);

    Evaluation e;
    e.reward = 2 * ready_to_push + 8 * pushed;
    e.success = obj_to_target <= 0.02 ? 1.0 : 0.0;
    e.near_object = shoulder_distance <= 0.05 ? 1.0 : 0.0;
    e.grasp_success = obs[3] > 0 ? 1.0 : 0.0;
    e.grasp_reward = ready_to_push;
    e.in_place_reward = pushed;
    e.obj_to_target = obj_to_target;
    e.unscaled_reward = e.reward;
    return e;
  }

 private:
  static constexpr double kLockLength = 0.1;
  const int door_;
  const int door_link_;
  const int lock_link_;
  const int lock_start_;
  const int goal_lock_;
  const int goal_unlock_;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_DOOR_UNLOCK_H_
