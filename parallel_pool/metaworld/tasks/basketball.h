// basketball-v3 (sawyer_basketball_v3.py): pick up a ball and carry it to
// just above the hoop of a basket.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_BASKETBALL_H_
#define PARALLEL_POOL_METAWORLD_TASKS_BASKETBALL_H_

#include <algorithm>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class Basketball : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_basketball.xml";
    s.hand_low = {-0.5, 0.40, 0.05};
    s.hand_high = {0.5, 1, 0.5};
    // init_config's hand_init_pos is a float32 array.
    s.hand_init_pos = {0.0, static_cast<float>(0.6), static_cast<float>(0.2)};
    // The ball's position, then the basket's.
    s.rand_low = {-0.1, 0.6, 0.0299, -0.1, 0.85, 0.0};
    s.rand_high = {0.1, 0.7, 0.0301, 0.1, 0.9 + 1e-7, 0.0};
    // The basket's bounds moved to its hoop.
    s.goal_low = {-0.1 + 0, 0.85 + -0.083, 0.0 + 0.2499};
    s.goal_high = {0.1 + 0, 0.9 + 1e-7 + -0.083, 0.0 + 0.2501};
    return s;
  }

  // Redrawn while the basket is within 0.15 of the ball in the plane.
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

  Basketball(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        ball_(Id(mjOBJ_BODY, "bsktball")),
        basket_(Id(mjOBJ_BODY, "basket_goal")),
        goal_site_(Id(mjOBJ_SITE, "goal")) {}

 protected:
  void ResetModel(const std::vector<double>& rand_vec) override {
    // The basket, as the reference's first reset_model left it.
    std::copy(rand_vec.begin() + 3, rand_vec.begin() + 6, model().body_pos + 3 * basket_);
    ResetHand();
    // The ball's height is init_config's float32 0.03, whatever was drawn.
    obj_init_pos_ = {rand_vec[0], rand_vec[1], static_cast<float>(0.03)};
    SetObjXyz(obj_init_pos_);
    // The reference's target is a live view of the goal site's position,
    // the hoop's (the site sits at its body's origin, so MuJoCo ignores the
    // local position written below); the basket never moves, so a copy
    // holds the same values.
    target_pos_ = ToVec3(site_xpos(goal_site_));
    std::copy(target_pos_.begin(), target_pos_.end(), model().site_pos + 3 * goal_site_);
  }

  int ObjectsPose(double* out) const override {
    std::copy(xpos(ball_), xpos(ball_) + 3, out);
    std::copy(d_->xquat + 4 * ball_, d_->xquat + 4 * ball_ + 4, out + 3);
    return 7;
  }

  Evaluation Evaluate(const double* obs, const float* action) override {
    const Vec3 obj = ToVec3(obs + 4);
    // Just above the hoop, the height error counting double.
    const Vec3 target = {target_pos_[0], target_pos_[1], 0.3};
    const double target_to_obj = ScaledDistance(obj, target);
    const double target_to_obj_init = ScaledDistance(obj_init_pos_, target);
    const double in_place = LongTail(target_to_obj, 0, kTargetRadius, target_to_obj_init);
    const double tcp_opened = obs[3];
    const double tcp_to_obj = Distance(obj, TcpCenter());
    Scalar object_grasped = GripperCagingReward(action, obj, /*obj_radius=*/0.025,
                                                /*pad_success_thresh=*/0.06,
                                                /*object_reach_radius=*/0.01,
                                                /*xz_thresh=*/0.005, 1.0,
                                                /*high_density=*/true);
    const bool lifted = tcp_to_obj < 0.035 && tcp_opened > 0 && obj[2] - 0.01 > obj_init_pos_[2];
    if (lifted) object_grasped = 1.0;
    Scalar reward = HamacherProduct(object_grasped, in_place);
    if (lifted) reward += 1.0 + 5.0 * in_place;
    if (target_to_obj < kTargetRadius) reward = 10.0;

    Evaluation e;
    e.reward = reward.value();
    e.success = target_to_obj <= kTargetRadius ? 1.0 : 0.0;
    e.near_object = tcp_to_obj <= 0.05 ? 1.0 : 0.0;
    e.grasp_success = tcp_opened > 0 && obj[2] - 0.03 > obj_init_pos_[2] ? 1.0 : 0.0;
    e.grasp_reward = object_grasped.value();
    e.in_place_reward = in_place;
    e.obj_to_target = target_to_obj;
    e.unscaled_reward = reward.value();
    return e;
  }

 private:
  static constexpr double kTargetRadius = 0.08;

  // np.linalg.norm((a - b) * [1, 1, 2]).
  static double ScaledDistance(const Vec3& a, const Vec3& b) {
    const double d[3] = {(a[0] - b[0]) * 1.0, (a[1] - b[1]) * 1.0, (a[2] - b[2]) * 2.0};
    return numpy_exact::NumpyNorm(d, 3);
  }

  const int ball_;
  const int basket_;
  const int goal_site_;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_BASKETBALL_H_
