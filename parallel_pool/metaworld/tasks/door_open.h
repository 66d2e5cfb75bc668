// door-open-v3 (sawyer_door_v3.py): swing a hinged door open by its handle
// until the handle is within 0.08 (in x) of a goal beside the door's frame.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_DOOR_OPEN_H_
#define PARALLEL_POOL_METAWORLD_TASKS_DOOR_OPEN_H_

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"
#include "parallel_pool/numpy_exact/numpy_ufunc.h"

namespace parallel_pool::metaworld {

class DoorOpen : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_door_pull.xml";
    s.hand_low = {-0.5, 0.40, 0.05};
    s.hand_high = {0.5, 1, 0.5};
    s.hand_init_pos = {0, 0.6, 0.2};
    // The door's position.
    s.rand_low = {0.0, 0.85, 0.15};
    s.rand_high = {0.1, 0.95, 0.15};
    s.goal_low = {-0.3, 0.4, 0.1499};
    s.goal_high = {-0.2, 0.5, 0.1501};
    return s;
  }

  DoorOpen(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        door_(Id(mjOBJ_BODY, "door")),
        handle_(Id(mjOBJ_GEOM, "handle")),
        goal_site_(Id(mjOBJ_SITE, "goal")),
        door_qpos_(m_.jnt_qposadr[Id(mjOBJ_JOINT, "doorjoint")]),
        door_qvel_(m_.jnt_dofadr[Id(mjOBJ_JOINT, "doorjoint")]) {}

 protected:
  void ResetModel(const std::vector<double>& rand_vec) override {
    obj_init_pos_ = {rand_vec[0], rand_vec[1], rand_vec[2]};
    target_pos_ = {obj_init_pos_[0] + -0.3, obj_init_pos_[1] + -0.45, obj_init_pos_[2] + 0.0};
    // The door and the goal as the first reset_model call placed them.
    std::copy(obj_init_pos_.begin(), obj_init_pos_.end(), model().body_pos + 3 * door_);
    std::copy(target_pos_.begin(), target_pos_.end(), model().site_pos + 3 * goal_site_);
    ResetHand();
    std::vector<double> qpos = Qpos();
    std::vector<double> qvel = Qvel();
    qpos[door_qpos_] = 0;
    qvel[door_qvel_] = 0;
    SetState(qpos, qvel);
  }

  int ObjectsPose(double* out) const override {
    const double* pos = geom_xpos(handle_);
    std::copy(pos, pos + 3, out);
    const auto quat = GeomQuat(handle_);
    std::copy(quat.begin(), quat.end(), out + 3);
    return 7;
  }

  // The reference's _target_site_config is empty: no site is rewritten.
  std::vector<std::pair<int, Vec3>> TargetSites() const override { return {}; }

  Evaluation Evaluate(const double* obs, const float* action) override {
    const double theta = d_->qpos[door_qpos_];
    // float((np.clip(a[3], -1, 1) + 1.0) / 2.0): float32 throughout.
    const float grip = std::min(std::max(action[3], -1.0F), 1.0F);
    const double reward_grab = static_cast<double>((grip + 1.0F) / 2.0F);

    const double* hand = obs;
    const double door[3] = {obs[4] + -0.05, obs[5] + 0, obs[6] + 0};
    constexpr double kThreshold = 0.12;
    // A funnel around the handle keeps the hand above it until it is close.
    const double hand_to_door_xy[2] = {hand[0] - door[0], hand[1] - door[1]};
    const double radius = numpy_exact::NumpyNorm(hand_to_door_xy, 2);
    const double floor =
        radius <= kThreshold ? 0.0 : 0.04 * numpy_exact::NumpyLog(radius - kThreshold) + 0.4;
    const double above_floor =
        hand[2] >= floor ? 1.0 : LongTail(floor - hand[2], 0.0, 0.01, floor / 2.0);
    const double offset[3] = {0.05, 0.03, -0.01};
    double hand_to_grip[3];
    for (int i = 0; i < 3; ++i) hand_to_grip[i] = hand[i] - door[i] - offset[i];
    const double in_place =
        LongTail(numpy_exact::NumpyNorm(hand_to_grip, 3), 0, kThreshold / 2.0, 0.5);
    const double ready_to_open = HamacherProduct(above_floor, in_place);

    const double door_angle = -theta;
    constexpr double kPi = std::numbers::pi;
    const double opened = 0.2 * (theta < -kPi / 90.0 ? 1.0 : 0.0) +
                          0.8 * LongTail(kPi / 2.0 + kPi / 6 - door_angle, 0, 0.5, kPi / 3.0);

    const bool success = std::abs(obs[4] - target_pos_[0]) <= 0.08;
    Evaluation e;
    e.reward = success ? 10.0 : 2.0 * HamacherProduct(ready_to_open, reward_grab) + 8.0 * opened;
    e.success = success ? 1.0 : 0.0;
    e.near_object = ready_to_open;
    e.grasp_success = reward_grab >= 0.5 ? 1.0 : 0.0;
    e.grasp_reward = reward_grab;
    e.in_place_reward = opened;
    e.obj_to_target = 0.0;
    e.unscaled_reward = e.reward;
    return e;
  }

 private:
  const int door_;
  const int handle_;
  const int goal_site_;
  const int door_qpos_;
  const int door_qvel_;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_DOOR_OPEN_H_
