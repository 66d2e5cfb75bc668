// disassemble-v3 (sawyer_disassemble_peg_v3.py, SawyerNutDisassembleEnvV3):
// grasp a ring nut sitting on a peg by its handle and lift it off the peg.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_DISASSEMBLE_H_
#define PARALLEL_POOL_METAWORLD_TASKS_DISASSEMBLE_H_

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class Disassemble : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_assembly_peg.xml";
    s.hand_low = {-0.5, 0.40, 0.05};
    s.hand_high = {0.5, 1, 0.5};
    // init_config's hand_init_pos is a float32 array.
    s.hand_init_pos = {0.0, static_cast<float>(0.4), static_cast<float>(0.2)};
    // The nut's position, then a goal only the redraw condition reads.
    s.rand_low = {0.0, 0.6, 0.025, -0.1, 0.6, 0.1699};
    s.rand_high = {0.1, 0.75, 0.02501, 0.1, 0.75, 0.1701};
    s.goal_low = {-0.1 + 0.0, 0.6 + 0.0, 0.1699 + 0.005};
    s.goal_high = {0.1 + 0.0, 0.75 + 0.0, 0.1701 + 0.005};
    return s;
  }

  // Redrawn while the goal is within 0.1 of the nut in the plane.
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

  Disassemble(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        nut_(Id(mjOBJ_BODY, "RoundNut")),
        peg_(Id(mjOBJ_BODY, "peg")),
        peg_top_(Id(mjOBJ_SITE, "pegTop")),
        nut_center_(Id(mjOBJ_SITE, "RoundNut")),
        nut_handle_(Id(mjOBJ_SITE, "RoundNut-8")) {}

 protected:
  void ResetModel(const std::vector<double>& rand_vec) override {
    obj_init_pos_ = {rand_vec[0], rand_vec[1], rand_vec[2]};
    target_pos_ = {obj_init_pos_[0] + 0, obj_init_pos_[1] + 0, obj_init_pos_[2] + 0.15};
    // The peg (under the nut) and its top site, as the reference's first
    // reset_model left them.
    const Vec3 peg_pos = {obj_init_pos_[0] + 0.0, obj_init_pos_[1] + 0.0, obj_init_pos_[2] + 0.03};
    const Vec3 peg_top_pos = {obj_init_pos_[0] + 0.0, obj_init_pos_[1] + 0.0,
                              obj_init_pos_[2] + 0.08};
    std::copy(peg_pos.begin(), peg_pos.end(), model().body_pos + 3 * peg_);
    std::copy(peg_top_pos.begin(), peg_top_pos.end(), model().site_pos + 3 * peg_top_);
    ResetHand();
    mj_forward(&m_, d_);
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
                                                   /*high_density=*/true);
    const double reward_in_place = RewardPos(wrench_center);
    Scalar reward = (2.0 * reward_grab + 6.0 * reward_in_place) * reward_quat;
    const bool success = obs[6] > target_pos_[2];
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

  // _reward_pos(wrench_center, target_pos): lifted, and near a point 0.1
  // above the target.
  double RewardPos(const Vec3& wrench_center) const {
    const double pos_error[3] = {target_pos_[0] + 0.0 - wrench_center[0],
                                 target_pos_[1] + 0.0 - wrench_center[1],
                                 target_pos_[2] + 0.1 - wrench_center[2]};
    const bool lifted = wrench_center[2] > 0.02;
    return 0.1 * (lifted ? 1.0 : 0.0) +
           0.9 * LongTail(numpy_exact::NumpyNorm(pos_error, 3), 0, 0.02, 0.2);
  }

  const int nut_;
  const int peg_;
  const int peg_top_;
  const int nut_center_;
  const int nut_handle_;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_DISASSEMBLE_H_
