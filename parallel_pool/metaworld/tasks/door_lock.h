// door-lock-v3 (sawyer_door_lock_v3.py): turn a door's lock down, pressing
// its lever until the lever's tip has dropped (in z) to within 0.02 of a
// goal 0.1 below where it started.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_DOOR_LOCK_H_
#define PARALLEL_POOL_METAWORLD_TASKS_DOOR_LOCK_H_

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class DoorLock : public SawyerXyz {
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
    s.goal_low = s.hand_low;
    s.goal_high = s.hand_high;
    return s;
  }

  DoorLock(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        door_(Id(mjOBJ_BODY, "door")),
        door_link_(Id(mjOBJ_BODY, "door_link")),
        lock_link_(Id(mjOBJ_BODY, "lock_link")),
        lock_start_(Id(mjOBJ_SITE, "lockStartLock")),
        goal_lock_(Id(mjOBJ_SITE, "goal_lock")),
        goal_unlock_(Id(mjOBJ_SITE, "goal_unlock")) {}

 protected:
  void ResetModel(const std::vector<double>& rand_vec) override {
    // The door as the first reset_model call placed it.
    std::copy(rand_vec.begin(), rand_vec.begin() + 3, model().body_pos + 3 * door_);
    ResetHand();
    // The reference lets the lock settle for frame_skip bare steps.
    for (int i = 0; i < frame_skip_; ++i) mj_step(&m_, d_);
    // obj_init_pos is a view of the lock's xpos (only the goal reads it here).
    obj_init_pos_ = BodyCom(lock_link_);
    target_pos_ = {obj_init_pos_[0] + 0.0, obj_init_pos_[1] + -0.04, obj_init_pos_[2] + -0.1};
  }

  int ObjectsPose(double* out) const override {
    const double* pos = site_xpos(lock_start_);
    std::copy(pos, pos + 3, out);
    const double* quat = d_->xquat + 4 * door_link_;
    std::copy(quat, quat + 4, out + 3);
    return 7;
  }

  std::vector<std::pair<int, Vec3>> TargetSites() const override {
    return {{goal_lock_, target_pos_}, {goal_unlock_, Vec3{10.0, 10.0, 10.0}}};
  }

  Evaluation Evaluate(const double* obs, const float* /*action*/) override {
    const double* obj = obs + 4;
    const double* tcp = xpos(left_pad_);
    constexpr double kScale[3] = {0.25, 1.0, 0.5};
    double scaled[3];
    for (int i = 0; i < 3; ++i) scaled[i] = (obj[i] - tcp[i]) * kScale[i];
    const double tcp_to_obj = numpy_exact::NumpyNorm(scaled, 3);
    // init_left_pad is a live view of the left pad's position, so the
    // reference's tcp_to_obj_init is tcp_to_obj.
    const double tcp_to_obj_init = tcp_to_obj;
    const double obj_to_target = std::abs(target_pos_[2] - obj[2]);

    const double tcp_opened = 0.0 > obs[3] ? 0.0 : obs[3];
    const double near_lock = LongTail(tcp_to_obj, 0, 0.01, tcp_to_obj_init);
    const double lock_pressed = LongTail(obj_to_target, 0, 0.005, kLockLength);

    Evaluation e;
    e.reward = 2 * HamacherProduct(tcp_opened, near_lock);
    e.reward += 8 * lock_pressed;
    e.success = obj_to_target <= 0.02 ? 1.0 : 0.0;
    e.near_object = tcp_to_obj <= 0.05 ? 1.0 : 0.0;
    e.grasp_success = obs[3] > 0 ? 1.0 : 0.0;
    e.grasp_reward = near_lock;
    e.in_place_reward = lock_pressed;
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

#endif  // PARALLEL_POOL_METAWORLD_TASKS_DOOR_LOCK_H_
