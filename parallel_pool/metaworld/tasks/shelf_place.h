// shelf-place-v3 (sawyer_shelf_place_v3.py): pick up a block and put it on
// a shelf, whose position on the table is the goal's drawn each reset.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_SHELF_PLACE_H_
#define PARALLEL_POOL_METAWORLD_TASKS_SHELF_PLACE_H_

#include <algorithm>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class ShelfPlace : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_shelf_placing.xml";
    s.hand_low = {-0.5, 0.40, 0.05};
    s.hand_high = {0.5, 1, 0.5};
    // init_config's hand_init_pos is a float32 array.
    s.hand_init_pos = {0.0, static_cast<float>(0.6), static_cast<float>(0.2)};
    // The block's position, then the goal (the shelf's top).
    s.rand_low = {-0.1, 0.5, 0.019, -0.1, 0.8, 0.299};
    s.rand_high = {0.1, 0.6, 0.021, 0.1, 0.9, 0.301};
    s.goal_low = {-0.1, 0.8, 0.299};
    s.goal_high = {0.1, 0.9, 0.301};
    return s;
  }

  // Redrawn while the block is within 0.1 of the goal in the plane.
  static std::vector<double> DrawRandVec(const SawyerSetup& setup,
                                         numpy_exact::NumpyRandomState* random) {
    std::vector<double> v = UniformRandVec(setup, random);
    auto planar = [&v] {
      const double d[2] = {v[0] - v[3], v[1] - v[4]};
      return numpy_exact::NumpyNorm(d, 2);
    };
    while (planar() < 0.1) v = UniformRandVec(setup, random);
    return v;
  }

  ShelfPlace(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        obj_(Id(mjOBJ_BODY, "obj")),
        obj_geom_(Id(mjOBJ_GEOM, "objGeom")),
        shelf_(Id(mjOBJ_BODY, "shelf")),
        goal_site_(Id(mjOBJ_SITE, "goal")) {}

 protected:
  void ResetModel(const std::vector<double>& rand_vec) override {
    // The shelf's base: the goal 0.3 lower (written by the first of the
    // reference's two reset_model calls, so already in place now).
    const Vec3 shelf = {rand_vec[3] - 0.0, rand_vec[4] - 0.0, rand_vec[5] - 0.3};
    std::copy(shelf.begin(), shelf.end(), model().body_pos + 3 * shelf_);
    ResetHand();
    // adjust_initObjPos keeps only the block's height after the hand's reset.
    obj_init_pos_ = {rand_vec[0] - 0.0, rand_vec[1] - 0.0, xpos(obj_)[2]};
    mj_forward(&m_, d_);
    const double* site = m_.site_pos + 3 * goal_site_;
    target_pos_ = {site[0] + shelf[0], site[1] + shelf[1], site[2] + shelf[2]};
    SetObjXyz(obj_init_pos_);
  }

  int ObjectsPose(double* out) const override {
    const double* pos = xpos(obj_);
    std::copy(pos, pos + 3, out);
    const auto quat = GeomQuat(obj_geom_);
    std::copy(quat.begin(), quat.end(), out + 3);
    return 7;
  }

  Evaluation Evaluate(const double* obs, const float* action) override {
    const Vec3 tcp = TcpCenter();
    const Vec3 obj = ToVec3(obs + 4);
    const double tcp_opened = obs[3];
    const Vec3& target = target_pos_;

    const double obj_to_target = Distance(obj, target);
    const double tcp_to_obj = Distance(obj, tcp);
    const double in_place_margin = Distance(obj_init_pos_, target);
    Scalar in_place = LongTail(obj_to_target, 0, kTargetRadius, in_place_margin);

    const Scalar object_grasped = GripperCagingReward(action, obj, 0.02, 0.05, 0.01, 0.01);
    Scalar reward = HamacherProduct(object_grasped, in_place);

    const bool below_shelf_top = 0.0 < obj[2] && obj[2] < 0.24;
    const bool within_x = target[0] - 0.15 < obj[0] && obj[0] < target[0] + 0.15;
    if (below_shelf_top && within_x && (target[1] - 3 * kTargetRadius) < obj[1] &&
        obj[1] < target[1]) {
      const double z_scaling = (0.24 - obj[2]) / 0.24;
      const double y_scaling = (obj[1] - (target[1] - 3 * kTargetRadius)) / (3 * kTargetRadius);
      const double bound_loss = HamacherProduct(y_scaling, z_scaling);
      // np.clip makes it an np.float64.
      in_place = Scalar::Float64(std::min(std::max(in_place.value() - bound_loss, 0.0), 1.0));
    }
    if (below_shelf_top && within_x && obj[1] > target[1]) in_place = 0.0;
    if (tcp_to_obj < 0.025 && tcp_opened > 0 && obj[2] - 0.01 > obj_init_pos_[2]) {
      reward += 1.0 + 5.0 * in_place;
    }
    if (obj_to_target < kTargetRadius) reward = 10.0;

    Evaluation e;
    e.reward = reward.value();
    e.success = obj_to_target <= 0.07 ? 1.0 : 0.0;
    e.near_object = tcp_to_obj <= 0.03 ? 1.0 : 0.0;
    e.grasp_success =
        TouchingObject(obj_geom_) && tcp_opened > 0 && obj[2] - 0.02 > obj_init_pos_[2] ? 1.0 : 0.0;
    e.grasp_reward = object_grasped.value();
    e.in_place_reward = in_place.value();
    e.obj_to_target = obj_to_target;
    e.unscaled_reward = reward.value();
    return e;
  }

 private:
  static constexpr double kTargetRadius = 0.05;
  const int obj_;
  const int obj_geom_;
  const int shelf_;
  const int goal_site_;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_SHELF_PLACE_H_
