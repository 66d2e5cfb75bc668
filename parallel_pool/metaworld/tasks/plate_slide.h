// plate-slide-v3 (sawyer_plate_slide_v3.py): slide a puck (the plate),
// sliding in x and y from its place before the arm, forward into a goal
// placed by the reset's draw.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_PLATE_SLIDE_H_
#define PARALLEL_POOL_METAWORLD_TASKS_PLATE_SLIDE_H_

#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class PlateSlide : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_plate_slide.xml";
    s.hand_low = {-0.5, 0.40, 0.05};
    s.hand_high = {0.5, 1, 0.5};
    // init_config's hand_init_pos is a float32 array.
    s.hand_init_pos = {0.0, static_cast<double>(0.6F), static_cast<double>(0.2F)};
    // The puck's position (fixed), then the goal.
    s.rand_low = {0.0, 0.6, 0.0, -0.1, 0.85, 0.0};
    s.rand_high = {0.0, 0.6, 0.0, 0.1, 0.9, 0.0};
    s.goal_low = {-0.1, 0.85, 0.0};
    s.goal_high = {0.1, 0.9, 0.0};
    return s;
  }

  PlateSlide(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        puck_geom_(Id(mjOBJ_GEOM, "puck")),
        puck_goal_(Id(mjOBJ_BODY, "puck_goal")),
        goal_site_(Id(mjOBJ_SITE, "goal")) {}

 protected:
  void ResetModel(const std::vector<double>& rand_vec) override {
    obj_init_pos_ = {rand_vec[0], rand_vec[1], rand_vec[2]};
    target_pos_ = {rand_vec[3], rand_vec[4], rand_vec[5]};
    // The goal body's and site's placements, by the first reset_model too.
    std::copy(target_pos_.begin(), target_pos_.end(), model().body_pos + 3 * puck_goal_);
    std::copy(target_pos_.begin(), target_pos_.end(), model().site_pos + 3 * goal_site_);
    ResetHand();
    // _set_obj_xyz(zeros(2)): the puck's slide joints at 0; its velocity kept.
    std::vector<double> qpos = Qpos();
    qpos[9] = 0.0;
    qpos[10] = 0.0;
    SetState(qpos, Qvel());
  }

  int ObjectsPose(double* out) const override {
    const double* pos = geom_xpos(puck_geom_);
    std::copy(pos, pos + 3, out);
    const auto quat = GeomQuat(puck_geom_);
    std::copy(quat.begin(), quat.end(), out + 3);
    return 7;
  }

  Evaluation Evaluate(const double* obs, const float* /*action*/) override {
    const Vec3 tcp = TcpCenter();
    const Vec3 obj = ToVec3(obs + 4);
    const double obj_to_target = Distance(obj, target_pos_);
    const double in_place_margin = Distance(obj_init_pos_, target_pos_);
    const double in_place = LongTail(obj_to_target, 0, kTargetRadius, in_place_margin);

    const double tcp_to_obj = Distance(tcp, obj);
    const double obj_grasped_margin = Distance(init_tcp_, obj_init_pos_);
    const double object_grasped = LongTail(tcp_to_obj, 0, kTargetRadius, obj_grasped_margin);

    double reward = 8 * HamacherProduct(object_grasped, in_place);
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
  const int puck_geom_;
  const int puck_goal_;
  const int goal_site_;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_PLATE_SLIDE_H_
