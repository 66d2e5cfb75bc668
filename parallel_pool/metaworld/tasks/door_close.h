// door-close-v3 (sawyer_door_close_v3.py): push a door that starts swung
// open (a quarter turn) shut, until its handle is within 0.08 of the goal.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_DOOR_CLOSE_H_
#define PARALLEL_POOL_METAWORLD_TASKS_DOOR_CLOSE_H_

#include <algorithm>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class DoorClose : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_door_pull.xml";
    s.hand_low = {-0.5, 0.40, 0.05};
    s.hand_high = {0.5, 1, 0.5};
    // init_config's hand_init_pos is a float32 array.
    s.hand_init_pos = {-0.5F, 0.6F, 0.2F};
    // The door's position.
    s.rand_low = {0.0, 0.85, 0.15};
    s.rand_high = {0.1, 0.95, 0.15};
    s.goal_low = {0.2, 0.65, 0.1499};
    s.goal_high = {0.3, 0.75, 0.1501};
    return s;
  }

  DoorClose(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        door_(Id(mjOBJ_BODY, "door")),
        handle_(Id(mjOBJ_GEOM, "handle")),
        goal_site_(Id(mjOBJ_SITE, "goal")),
        door_qpos_(m_.jnt_qposadr[Id(mjOBJ_JOINT, "doorjoint")]),
        door_qvel_(m_.jnt_dofadr[Id(mjOBJ_JOINT, "doorjoint")]) {}

 protected:
  void ResetModel(const std::vector<double>& rand_vec) override {
    obj_init_pos_ = {rand_vec[0], rand_vec[1], rand_vec[2]};
    target_pos_ = {obj_init_pos_[0] + 0.2, obj_init_pos_[1] + -0.2, obj_init_pos_[2] + 0.0};
    // The door and the goal as the first reset_model call placed them.
    std::copy(obj_init_pos_.begin(), obj_init_pos_.end(), model().body_pos + 3 * door_);
    std::copy(target_pos_.begin(), target_pos_.end(), model().site_pos + 3 * goal_site_);
    ResetHand();
    // The door starts open.
    std::vector<double> qpos = Qpos();
    std::vector<double> qvel = Qvel();
    qpos[door_qpos_] = -1.5708;
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

  Evaluation Evaluate(const double* obs, const float* /*action*/) override {
    const Vec3 tcp = TcpCenter();
    const Vec3 obj = ToVec3(obs + 4);
    const double tcp_to_target = Distance(tcp, target_pos_);
    const double obj_to_target = Distance(obj, target_pos_);

    const double in_place_margin = Distance(obj_init_pos_, target_pos_);
    const double in_place = dm_rewards::Tolerance(obj_to_target, 0, kTargetRadius, in_place_margin,
                                                  dm_rewards::Sigmoid::kGaussian);
    const double hand_margin = Distance(hand_init_pos_, obj) + 0.1;
    const double hand_in_place = dm_rewards::Tolerance(tcp_to_target, 0, 0.25 * kTargetRadius,
                                                       hand_margin, dm_rewards::Sigmoid::kGaussian);

    Evaluation e;
    e.reward = obj_to_target < kTargetRadius ? 10.0 : 3 * hand_in_place + 6 * in_place;
    e.success = obj_to_target <= 0.08 ? 1.0 : 0.0;
    e.near_object = 0.0;
    e.grasp_success = 1.0;
    e.grasp_reward = 1.0;
    e.in_place_reward = hand_in_place;
    e.obj_to_target = obj_to_target;
    e.unscaled_reward = e.reward;
    return e;
  }

 private:
  static constexpr double kTargetRadius = 0.05;
  const int door_;
  const int handle_;
  const int goal_site_;
  const int door_qpos_;
  const int door_qvel_;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_DOOR_CLOSE_H_
