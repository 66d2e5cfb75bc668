// peg-insert-side-v3 (sawyer_peg_insertion_side_v3.py): pick up a peg lying
// on the table and push its head sideways into the hole of a block.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_PEG_INSERT_SIDE_H_
#define PARALLEL_POOL_METAWORLD_TASKS_PEG_INSERT_SIDE_H_

#include <algorithm>
#include <array>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class PegInsertSide : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_peg_insertion_side.xml";
    s.hand_low = {-0.5, 0.40, 0.05};
    s.hand_high = {0.5, 1, 0.5};
    s.hand_init_pos = {0, 0.6, 0.2};
    // The peg's position, then the block's.
    s.rand_low = {0.0, 0.5, 0.02, -0.35, 0.4, -0.001};
    s.rand_high = {0.2, 0.7, 0.02, -0.25, 0.7, 0.001};
    // The block's bounds moved to the hole (kHoleOffset).
    s.goal_low = {-0.35 + 0.03, 0.4 + 0.0, -0.001 + 0.13};
    s.goal_high = {-0.25 + 0.03, 0.7 + 0.0, 0.001 + 0.13};
    return s;
  }

  // Redrawn while the peg is within 0.1 of the block in the plane.
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

  PegInsertSide(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        box_(Id(mjOBJ_BODY, "box")),
        goal_site_(Id(mjOBJ_SITE, "goal")),
        peg_grasp_(Id(mjOBJ_SITE, "pegGrasp")),
        peg_head_(Id(mjOBJ_SITE, "pegHead")),
        brc_box_1_(Id(mjOBJ_SITE, "bottom_right_corner_collision_box_1")),
        tlc_box_1_(Id(mjOBJ_SITE, "top_left_corner_collision_box_1")),
        brc_box_2_(Id(mjOBJ_SITE, "bottom_right_corner_collision_box_2")),
        tlc_box_2_(Id(mjOBJ_SITE, "top_left_corner_collision_box_2")) {}

 protected:
  void ResetModel(const std::vector<double>& rand_vec) override {
    const Vec3 pos_box = {rand_vec[3], rand_vec[4], rand_vec[5]};
    target_pos_ = {pos_box[0] + kHoleOffset[0], pos_box[1] + kHoleOffset[1],
                   pos_box[2] + kHoleOffset[2]};
    // The block and the goal site, as the reference's first reset_model left them.
    std::copy(pos_box.begin(), pos_box.end(), model().body_pos + 3 * box_);
    std::copy(target_pos_.begin(), target_pos_.end(), model().site_pos + 3 * goal_site_);
    ResetHand();
    obj_init_pos_ = {rand_vec[0], rand_vec[1], rand_vec[2]};
    // Read before the peg is placed: where the hand's reset left its head.
    peg_head_pos_init_ = ToVec3(site_xpos(peg_head_));
    SetObjXyz(obj_init_pos_);
  }

  int ObjectsPose(double* out) const override {
    const double* pos = site_xpos(peg_grasp_);
    std::copy(pos, pos + 3, out);
    const auto quat = numpy_exact::ScipyQuatFromMatrix(d_->site_xmat + 9 * peg_grasp_);
    std::copy(quat.begin(), quat.end(), out + 3);
    return 7;
  }

  Evaluation Evaluate(const double* obs, const float* action) override {
    const Vec3 tcp = TcpCenter();
    const Vec3 obj = ToVec3(obs + 4);
    const Vec3 obj_head = ToVec3(site_xpos(peg_head_));
    const double tcp_opened = obs[3];
    const double tcp_to_obj = Distance(obj, tcp);
    // The head's height and depth count double: the peg must be lifted, then inserted.
    const double obj_to_target = ScaledDistance(obj_head, target_pos_);
    const double in_place_margin = ScaledDistance(peg_head_pos_init_, target_pos_);
    const double ip_orig = LongTail(obj_to_target, 0, kTargetRadius, in_place_margin);

    const Scalar collision_box_1 =
        RectPrismTolerance(obj_head, ToVec3(site_xpos(tlc_box_1_)), ToVec3(site_xpos(brc_box_1_)));
    const Scalar collision_box_2 =
        RectPrismTolerance(obj_head, ToVec3(site_xpos(tlc_box_2_)), ToVec3(site_xpos(brc_box_2_)));
    const Scalar collision_boxes = HamacherProduct(collision_box_2, collision_box_1);
    const Scalar in_place = HamacherProduct(ip_orig, collision_boxes);

    Scalar object_grasped = GripperCagingReward(action, obj, /*obj_radius=*/0.0075,
                                                /*pad_success_thresh=*/0.03,
                                                /*object_reach_radius=*/0.01,
                                                /*xz_thresh=*/0.005, 1.0,
                                                /*high_density=*/true);
    const bool lifted = tcp_to_obj < 0.08 && tcp_opened > 0 && obj[2] - 0.01 > obj_init_pos_[2];
    if (lifted) object_grasped = 1.0;
    Scalar reward = HamacherProduct(object_grasped, in_place);
    if (lifted) reward += 1.0 + 5 * in_place;
    if (obj_to_target <= 0.07) reward = 10.0;

    Evaluation e;
    e.reward = reward.value();
    e.success = obj_to_target <= 0.07 ? 1.0 : 0.0;
    e.near_object = tcp_to_obj <= 0.03 ? 1.0 : 0.0;
    e.grasp_success =
        tcp_to_obj < 0.02 && tcp_opened > 0 && obj[2] - 0.01 > obj_init_pos_[2] ? 1.0 : 0.0;
    e.grasp_reward = object_grasped.value();
    e.in_place_reward = in_place.value();
    e.obj_to_target = obj_to_target;
    e.unscaled_reward = reward.value();
    return e;
  }

 private:
  static constexpr double kTargetRadius = 0.07;
  // The hole, from the block's origin.
  static constexpr Vec3 kHoleOffset = {0.03, 0.0, 0.13};

  // np.linalg.norm((a - b) * [1, 2, 2]).
  static double ScaledDistance(const Vec3& a, const Vec3& b) {
    const double d[3] = {(a[0] - b[0]) * 1.0, (a[1] - b[1]) * 2.0, (a[2] - b[2]) * 2.0};
    return numpy_exact::NumpyNorm(d, 3);
  }

  // reward_utils.rect_prism_tolerance(curr, zero, one): inside the box from
  // `zero` to `one`, the product of curr's fractions of the way along each
  // axis (an np.float64); outside it, 1.
  static Scalar RectPrismTolerance(const Vec3& curr, const Vec3& one, const Vec3& zero) {
    auto in_range = [](double a, double b, double c) {
      return c >= b ? (b <= a && a <= c) : (c <= a && a <= b);
    };
    for (int i = 0; i < 3; ++i) {
      if (!in_range(curr[i], zero[i], one[i])) return 1.0;
    }
    const double x_scale = (curr[0] - zero[0]) / (one[0] - zero[0]);
    const double y_scale = (curr[1] - zero[1]) / (one[1] - zero[1]);
    const double z_scale = (curr[2] - zero[2]) / (one[2] - zero[2]);
    return Scalar::Float64(x_scale * y_scale * z_scale);
  }

  const int box_;
  const int goal_site_;
  const int peg_grasp_;
  const int peg_head_;
  const int brc_box_1_;
  const int tlc_box_1_;
  const int brc_box_2_;
  const int tlc_box_2_;
  Vec3 peg_head_pos_init_ = {0.0, 0.0, 0.0};
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_PEG_INSERT_SIDE_H_
