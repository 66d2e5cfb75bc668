// What plate-slide-side, plate-slide-back and plate-slide-back-side share:
// the plate (the model's geom "puck", on two slide joints) pushed across
// the table into a goal, and their one reward (compute_reward's "v2").
#ifndef PARALLEL_POOL_METAWORLD_TASKS_PUCK_SLIDE_H_
#define PARALLEL_POOL_METAWORLD_TASKS_PUCK_SLIDE_H_

#include <algorithm>
#include <utility>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class PuckSlide : public SawyerXyz {
 public:
  // What the three tasks' __init__ share; init_config's hand_init_pos is a
  // float32 array.
  static SawyerSetup SharedSetup() {
    SawyerSetup s;
    s.hand_low = {-0.5, 0.40, 0.05};
    s.hand_high = {0.5, 1, 0.5};
    s.hand_init_pos = {0.0, static_cast<float>(0.6), static_cast<float>(0.2)};
    return s;
  }

  PuckSlide(mjModel* m, mjData* d, SawyerSetup setup, int frame_skip)
      : SawyerXyz(m, d, std::move(setup), frame_skip),
        puck_(Id(mjOBJ_GEOM, "puck")),
        goal_site_(Id(mjOBJ_SITE, "goal")) {}

 protected:
  // The rand_vec's plate start and goal, the goal site at the goal (written
  // by the first of the reference's two reset_model calls, so already in
  // place now), then the hand's reset.
  void ResetStart(const std::vector<double>& rand_vec) {
    obj_init_pos_ = {rand_vec[0], rand_vec[1], rand_vec[2]};
    target_pos_ = {rand_vec[3], rand_vec[4], rand_vec[5]};
    std::copy(target_pos_.begin(), target_pos_.end(), model().site_pos + 3 * goal_site_);
    ResetHand();
  }

  // _set_obj_xyz(pos): the plate's slides (qpos[9:11]), its velocities kept.
  void SetPlateSlides(double x, double y) {
    std::vector<double> qpos = Qpos();
    qpos[9] = x;
    qpos[10] = y;
    SetState(qpos, Qvel());
  }

  int ObjectsPose(double* out) const override {
    const double* pos = geom_xpos(puck_);
    std::copy(pos, pos + 3, out);
    const auto quat = GeomQuat(puck_);
    std::copy(quat.begin(), quat.end(), out + 3);
    return 7;
  }

  Evaluation Evaluate(const double* obs, const float* /*action*/) override {
    const Vec3 tcp = TcpCenter();
    const Vec3 obj = ToVec3(obs + 4);
    const Vec3& target = target_pos_;

    const double obj_to_target = Distance(obj, target);
    const double in_place_margin = Distance(obj_init_pos_, target);
    const double in_place =
        LongTail(obj_to_target, 0, kTargetRadius, in_place_margin - kTargetRadius);
    const double tcp_to_obj = Distance(tcp, obj);
    const double obj_grasped_margin = Distance(init_tcp_, obj_init_pos_);
    const double object_grasped =
        LongTail(tcp_to_obj, 0, kTargetRadius, obj_grasped_margin - kTargetRadius);
    double reward = 1.5 * object_grasped;
    if (tcp[2] <= 0.03 && tcp_to_obj < 0.07) reward = 2.0 + (7.0 * in_place);
    if (obj_to_target < kTargetRadius) reward = 10.0;

    Evaluation e;
    e.reward = reward;
    e.success = obj_to_target <= 0.07 ? 1.0 : 0.0;
    e.near_object = tcp_to_obj <= 0.03 ? 1.0 : 0.0;
    e.grasp_success = 0.0;
    e.grasp_reward = object_grasped;
    e.in_place_reward = in_place;
    e.obj_to_target = obj_to_target;
    e.unscaled_reward = reward;
    return e;
  }

 private:
  static constexpr double kTargetRadius = 0.05;
  const int puck_;
  const int goal_site_;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_PUCK_SLIDE_H_
