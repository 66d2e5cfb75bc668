// box-close-v3 (sawyer_box_close_v3.py): pick up a box's lid by its handle
// and put it on the box, upright.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_BOX_CLOSE_H_
#define PARALLEL_POOL_METAWORLD_TASKS_BOX_CLOSE_H_

#include <algorithm>
#include <utility>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class BoxClose : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_box.xml";
    s.hand_low = {-0.5, 0.40, 0.05};
    s.hand_high = {0.5, 1, 0.5};
    // init_config's hand_init_pos is a float32 array.
    s.hand_init_pos = {0.0, static_cast<float>(0.6), static_cast<float>(0.2)};
    // The lid's position, then the box's.
    s.rand_low = {-0.05, 0.5, 0.02, -0.1, 0.7, 0.133};
    s.rand_high = {0.05, 0.55, 0.02, 0.1, 0.8, 0.133};
    s.goal_low = {-0.1, 0.7, 0.133};
    s.goal_high = {0.1, 0.8, 0.133};
    return s;
  }

  // Redrawn while the box is within 0.25 of the lid in the plane.
  static std::vector<double> DrawRandVec(const SawyerSetup& setup,
                                         numpy_exact::NumpyRandomState* random) {
    std::vector<double> v = UniformRandVec(setup, random);
    auto planar = [&v] {
      const double d[2] = {v[0] - v[3], v[1] - v[4]};
      return numpy_exact::NumpyNorm(d, 2);
    };
    while (planar() < 0.25) v = UniformRandVec(setup, random);
    return v;
  }

  BoxClose(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        box_(Id(mjOBJ_BODY, "boxbody")),
        lid_(Id(mjOBJ_BODY, "top_link")),
        goal_site_(Id(mjOBJ_SITE, "goal")) {}

 protected:
  void ResetModel(const std::vector<double>& rand_vec) override {
    target_pos_ = {rand_vec[3], rand_vec[4], rand_vec[5]};
    // The box under the target, at the height it had (its own, read back
    // from xpos), and the goal site, as the reference's first reset_model
    // left them.
    std::copy(target_pos_.begin(), target_pos_.begin() + 2, model().body_pos + 3 * box_);
    std::copy(target_pos_.begin(), target_pos_.end(), model().site_pos + 3 * goal_site_);
    ResetHand();
    // The lid's height is init_config's float32 0.02, whatever was drawn.
    obj_init_pos_ = {rand_vec[0], rand_vec[1], static_cast<float>(0.02)};
    for (int i = 0; i < frame_skip_; ++i) mj_step(&m_, d_);
    SetObjXyz(obj_init_pos_);
  }

  int ObjectsPose(double* out) const override {
    std::copy(xpos(lid_), xpos(lid_) + 3, out);
    std::copy(d_->xquat + 4 * lid_, d_->xquat + 4 * lid_ + 4, out + 3);
    return 7;
  }

  std::vector<std::pair<int, Vec3>> TargetSites() const override { return {}; }

  Evaluation Evaluate(const double* obs, const float* action) override {
    const double reward_grab = RewardGrabEffort(action[3]);
    const double reward_quat = RewardQuat(obs);
    double ready_to_lift = 0.0;
    double lifted = 0.0;
    RewardPos(obs, &ready_to_lift, &lifted);
    // sum((a, b)) starts from the int 0.
    double reward = (0 + 2.0 * HamacherProduct(reward_grab, ready_to_lift)) + 8.0 * lifted;
    const bool success = Distance(obs + 4, target_pos_.data()) < 0.08;
    if (success) reward = 10.0;
    // Only an upright lid counts (a lid kick-flipped onto the box would not).
    reward *= reward_quat;

    Evaluation e;
    e.reward = reward;
    e.success = success ? 1.0 : 0.0;
    e.near_object = ready_to_lift;
    e.grasp_success = reward_grab >= 0.5 ? 1.0 : 0.0;
    e.grasp_reward = reward_grab;
    e.in_place_reward = lifted;
    e.obj_to_target = 0.0;
    e.unscaled_reward = reward;
    return e;
  }

 private:
  // float(np.clip((np.clip(a, -1, 1) + 1.0) / 2.0, 0.0, 1.0)), all float32.
  static double RewardGrabEffort(float grip) {
    const float clipped = std::min(std::max(grip, -1.0F), 1.0F);
    const float effort = (clipped + 1.0F) / 2.0F;
    return std::min(std::max(effort, 0.0F), 1.0F);
  }

  // _reward_quat: how close the lid's quaternion is to upright.
  static double RewardQuat(const double* obs) {
    static constexpr double kIdeal[4] = {0.707, 0, 0, 0.707};
    double d[4];
    for (int i = 0; i < 4; ++i) d[i] = obs[7 + i] - kIdeal[i];
    const double error = numpy_exact::NumpyNorm(d, 4);
    const double r = 1.0 - error / 0.2;
    return 0.0 > r ? 0.0 : r;
  }

  // _reward_pos(obs, target_pos): (ready_to_lift, lifted).
  void RewardPos(const double* obs, double* ready_to_lift, double* lifted) const {
    const Vec3 hand = ToVec3(obs);
    const Vec3 lid = {obs[4] + 0.0, obs[5] + 0.0, obs[6] + 0.02};
    static constexpr double kThreshold = 0.02;
    // A funnel centred on the handle keeps the hand above it until it is over it.
    const double hand_lid_xy[2] = {hand[0] - lid[0], hand[1] - lid[1]};
    const double radius = numpy_exact::NumpyNorm(hand_lid_xy, 2);
    const double floor =
        radius <= kThreshold ? 0.0 : 0.04 * numpy_exact::NumpyLog(radius - kThreshold) + 0.4;
    const double above_floor =
        hand[2] >= floor ? 1.0 : LongTail(floor - hand[2], 0.0, 0.01, floor / 2.0);
    const double in_place = LongTail(Distance(hand, lid), 0, 0.02, 0.5);
    *ready_to_lift = HamacherProduct(above_floor, in_place);
    // Then the lid onto the box, the height error counting triple.
    const double pos_error[3] = {(target_pos_[0] - lid[0]) * 1.0, (target_pos_[1] - lid[1]) * 1.0,
                                 (target_pos_[2] - lid[2]) * 3.0};
    *lifted = 0.2 * (lid[2] > 0.04 ? 1.0 : 0.0) +
              0.8 * LongTail(numpy_exact::NumpyNorm(pos_error, 3), 0, 0.05, 0.25);
  }

  const int box_;
  const int lid_;
  const int goal_site_;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_BOX_CLOSE_H_
