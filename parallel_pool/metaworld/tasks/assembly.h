// assembly-v3 (sawyer_assembly_peg_v3.py, SawyerNutAssemblyEnvV3): pick up
// a ring nut by its handle and drop it over a peg, laid flat.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_ASSEMBLY_H_
#define PARALLEL_POOL_METAWORLD_TASKS_ASSEMBLY_H_

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class Assembly : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_assembly_peg.xml";
    s.hand_low = {-0.5, 0.40, 0.05};
    s.hand_high = {0.5, 1, 0.5};
    // init_config's hand_init_pos is a float32 array.
    s.hand_init_pos = {0.0, static_cast<float>(0.6), static_cast<float>(0.2)};
    // The nut's position (fixed), then the peg's top.
    s.rand_low = {0, 0.6, 0.02, -0.1, 0.75, 0.1};
    s.rand_high = {0, 0.6, 0.02, 0.1, 0.85, 0.1};
    s.goal_low = {-0.1, 0.75, 0.1};
    s.goal_high = {0.1, 0.85, 0.1};
    return s;
  }

  // Redrawn while the peg is within 0.1 of the nut in the plane.
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

  Assembly(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        nut_(Id(mjOBJ_BODY, "RoundNut")),
        peg_(Id(mjOBJ_BODY, "peg")),
        peg_top_(Id(mjOBJ_SITE, "pegTop")),
        nut_center_(Id(mjOBJ_SITE, "RoundNut")),
        nut_handle_(Id(mjOBJ_SITE, "RoundNut-8")) {}

 protected:
  void ResetModel(const std::vector<double>& rand_vec) override {
    obj_init_pos_ = {rand_vec[0], rand_vec[1], rand_vec[2]};
    target_pos_ = {rand_vec[3], rand_vec[4], rand_vec[5]};
    const Vec3 peg_pos = {target_pos_[0] - 0.0, target_pos_[1] - 0.0, target_pos_[2] - 0.05};
    // The peg and its top site, as the reference's first reset_model left
    // them (the site's local position is the target, as there).
    std::copy(peg_pos.begin(), peg_pos.end(), model().body_pos + 3 * peg_);
    std::copy(target_pos_.begin(), target_pos_.end(), model().site_pos + 3 * peg_top_);
    ResetHand();
    SetObjXyz(obj_init_pos_);
  }

  int ObjectsPose(double* out) const override {
    const double* pos = site_xpos(nut_handle_);
    std::copy(pos, pos + 3, out);
    const double* quat = d_->xquat + 4 * nut_;
    std::copy(quat, quat + 4, out + 3);
    return 7;
  }

  std::vector<std::pair<int, Vec3>> TargetSites() const override {
    return {{peg_top_, target_pos_}};
  }

  Evaluation Evaluate(const double* obs, const float* action) override {
    const Vec3 hand = ToVec3(obs);
    const Vec3 wrench = ToVec3(obs + 4);
    const Vec3 wrench_center = ToVec3(site_xpos(nut_center_));
    // The handle is no sphere: within half its length of the hand in x, the
    // caging reward sees it right under the hand.
    Vec3 wrench_threshed = wrench;
    if (std::abs(wrench[0] - hand[0]) < kWrenchHandleLength / 2.0) wrench_threshed[0] = hand[0];
    const double reward_quat = RewardQuat(obs);
    const Scalar reward_grab = GripperCagingReward(action, wrench_threshed, /*obj_radius=*/0.015,
                                                   /*pad_success_thresh=*/0.02,
                                                   /*object_reach_radius=*/0.01,
                                                   /*xz_thresh=*/0.01, 1.0,
                                                   /*high_density=*/false,
                                                   /*medium_density=*/true);
    bool success = false;
    const double reward_in_place = RewardPos(wrench_center, &success);
    Scalar reward = (2.0 * reward_grab + 6.0 * reward_in_place) * reward_quat;
    if (success) reward = 10.0;

    Evaluation e;
    e.reward = reward.value();
    e.success = success ? 1.0 : 0.0;
    e.near_object = reward_quat;
    e.grasp_success = reward_grab >= 0.5 ? 1.0 : 0.0;
    e.grasp_reward = reward_grab.value();
    e.in_place_reward = reward_in_place;
    e.obj_to_target = 0.0;
    e.unscaled_reward = reward.value();
    return e;
  }

 private:
  static constexpr double kWrenchHandleLength = 0.02;

  // _reward_quat: how close the nut's quaternion is to lying flat.
  static double RewardQuat(const double* obs) {
    static constexpr double kIdeal[4] = {0.707, 0, 0, 0.707};
    double d[4];
    for (int i = 0; i < 4; ++i) d[i] = obs[7 + i] - kIdeal[i];
    const double error = numpy_exact::NumpyNorm(d, 4);
    const double r = 1.0 - error / 0.4;
    return 0.0 > r ? 0.0 : r;
  }

  // _reward_pos(wrench_center, target_pos): the in-place reward, and
  // whether the nut is around the peg, below its top.
  double RewardPos(const Vec3& wrench_center, bool* success) const {
    double pos_error[3] = {target_pos_[0] - wrench_center[0], target_pos_[1] - wrench_center[1],
                           target_pos_[2] - wrench_center[2]};
    const double radius = numpy_exact::NumpyNorm(pos_error, 2);
    const bool aligned = radius < 0.02;
    const bool hooked = pos_error[2] > 0.0;
    *success = aligned && hooked;
    // A funnel around the peg, wider once the nut is on it.
    const double threshold = *success ? 0.02 : 0.01;
    double target_height = 0.0;
    if (radius > threshold) {
      target_height = 0.02 * numpy_exact::NumpyLog(radius - threshold) + 0.2;
    }
    pos_error[2] = target_height - wrench_center[2];
    const double scaled[3] = {pos_error[0] * 1.0, pos_error[1] * 1.0, pos_error[2] * 3.0};
    const bool lifted = wrench_center[2] > 0.02 || radius < threshold;
    return 0.1 * (lifted ? 1.0 : 0.0) +
           0.9 * LongTail(numpy_exact::NumpyNorm(scaled, 3), 0, 0.02, 0.4);
  }

  const int nut_;
  const int peg_;
  const int peg_top_;
  const int nut_center_;
  const int nut_handle_;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_ASSEMBLY_H_
