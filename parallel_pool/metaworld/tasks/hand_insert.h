// hand-insert-v3 (sawyer_hand_insert_v3.py): grasp a block on the table
// and put it down into a hole in the table.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_HAND_INSERT_H_
#define PARALLEL_POOL_METAWORLD_TASKS_HAND_INSERT_H_

#include <algorithm>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class HandInsert : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_table_with_hole.xml";
    // The hand may go below the table, into the hole.
    s.hand_low = {-0.5, 0.40, -0.15};
    s.hand_high = {0.5, 1, 0.5};
    // init_config's hand_init_pos is a float32 array.
    s.hand_init_pos = {0.0, static_cast<float>(0.6), static_cast<float>(0.2)};
    // The block's position, then the hole's.
    s.rand_low = {-0.1, 0.6, 0.05, -0.04, 0.8, -0.0201};
    s.rand_high = {0.1, 0.7, 0.05, 0.04, 0.88, -0.0199};
    s.goal_low = {-0.04, 0.8, -0.0201};
    s.goal_high = {0.04, 0.88, -0.0199};
    return s;
  }

  // Redrawn while the hole is within 0.15 of the block in the plane.
  static std::vector<double> DrawRandVec(const SawyerSetup& setup,
                                         numpy_exact::NumpyRandomState* random) {
    std::vector<double> v = UniformRandVec(setup, random);
    auto planar = [&v] {
      const double d[2] = {v[0] - v[3], v[1] - v[4]};
      return numpy_exact::NumpyNorm(d, 2);
    };
    while (planar() < 0.15) v = UniformRandVec(setup, random);
    return v;
  }

  HandInsert(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        obj_(Id(mjOBJ_BODY, "obj")),
        obj_geom_(Id(mjOBJ_GEOM, "objGeom")),
        goal_site_(Id(mjOBJ_SITE, "goal")) {}

 protected:
  void ResetModel(const std::vector<double>& rand_vec) override {
    target_pos_ = {rand_vec[3], rand_vec[4], rand_vec[5]};
    // The goal site, as the reference's first reset_model left it.
    std::copy(target_pos_.begin(), target_pos_.end(), model().site_pos + 3 * goal_site_);
    ResetHand();
    // The block's height is init_config's 0.05, whatever was drawn.
    obj_init_pos_ = {rand_vec[0], rand_vec[1], 0.05};
    SetObjXyz(obj_init_pos_);
  }

  int ObjectsPose(double* out) const override {
    std::copy(xpos(obj_), xpos(obj_) + 3, out);
    std::copy(d_->xquat + 4 * obj_, d_->xquat + 4 * obj_ + 4, out + 3);
    return 7;
  }

  Evaluation Evaluate(const double* obs, const float* action) override {
    const Vec3 obj = ToVec3(obs + 4);
    const double target_to_obj = Distance(obj, target_pos_);
    const double target_to_obj_init = Distance(obj_init_pos_, target_pos_);
    const double in_place = LongTail(target_to_obj, 0, kTargetRadius, target_to_obj_init);
    const Scalar object_grasped = GripperCagingReward(action, obj, /*obj_radius=*/0.015,
                                                      /*pad_success_thresh=*/0.05,
                                                      /*object_reach_radius=*/0.01,
                                                      /*xz_thresh=*/0.005, 1.0,
                                                      /*high_density=*/true);
    Scalar reward = HamacherProduct(object_grasped, in_place);
    const double tcp_opened = obs[3];
    const double tcp_to_obj = Distance(obj, TcpCenter());
    if (tcp_to_obj < 0.02 && tcp_opened > 0) reward += 1.0 + 7.0 * in_place;
    if (target_to_obj < kTargetRadius) reward = 10.0;

    Evaluation e;
    e.reward = reward.value();
    e.success = target_to_obj <= 0.05 ? 1.0 : 0.0;
    e.near_object = tcp_to_obj <= 0.03 ? 1.0 : 0.0;
    e.grasp_success =
        TouchingObject(obj_geom_) && tcp_opened > 0 && obj[2] - 0.02 > obj_init_pos_[2] ? 1.0 : 0.0;
    e.grasp_reward = object_grasped.value();
    e.in_place_reward = in_place;
    e.obj_to_target = target_to_obj;
    e.unscaled_reward = reward.value();
    return e;
  }

 private:
  static constexpr double kTargetRadius = 0.05;
  const int obj_;
  const int obj_geom_;
  const int goal_site_;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_HAND_INSERT_H_
