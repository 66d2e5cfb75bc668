// reach-wall-v3 (sawyer_reach_wall_v3.py): move the hand's tool centre
// over the wall to a goal point behind it; the puck on the table is only
// observed.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_REACH_WALL_H_
#define PARALLEL_POOL_METAWORLD_TASKS_REACH_WALL_H_

#include <algorithm>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class ReachWall : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_reach_wall_v3.xml";
    s.hand_low = {-0.5, 0.40, 0.05};
    s.hand_high = {0.5, 1, 0.5};
    s.hand_init_pos = {0.0, 0.6, 0.2};
    // The puck's position, then the goal.
    s.rand_low = {-0.05, 0.6, 0.015, -0.05, 0.85, 0.05};
    s.rand_high = {0.05, 0.65, 0.015, 0.05, 0.9, 0.3};
    s.goal_low = {-0.05, 0.85, 0.05};
    s.goal_high = {0.05, 0.9, 0.3};
    return s;
  }

  // Redrawn while the goal is within 0.15 of the puck in the plane.
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

  ReachWall(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        obj_(Id(mjOBJ_BODY, "obj")),
        obj_geom_(Id(mjOBJ_GEOM, "objGeom")),
        goal_site_(Id(mjOBJ_SITE, "goal")) {}

 protected:
  // The goal marker takes a height read after _reset_hand.
  bool ReplaysFirstResetModel() const override { return true; }

  void ResetModel(const std::vector<double>& rand_vec) override {
    ResetHand();
    target_pos_ = {rand_vec[3], rand_vec[4], rand_vec[5]};
    obj_init_pos_ = {rand_vec[0], rand_vec[1], rand_vec[2]};
    SetObjXyz(obj_init_pos_);
    std::copy(target_pos_.begin(), target_pos_.end(), model().site_pos + 3 * goal_site_);
  }

  int ObjectsPose(double* out) const override {
    const double* pos = xpos(obj_);
    std::copy(pos, pos + 3, out);
    const auto quat = GeomQuat(obj_geom_);
    std::copy(quat.begin(), quat.end(), out + 3);
    return 7;
  }

  Evaluation Evaluate(const double* /*obs*/, const float* /*action*/) override {
    const double tcp_to_target = Distance(TcpCenter(), target_pos_);
    const double in_place_margin = Distance(hand_init_pos_, target_pos_);
    const double in_place = LongTail(tcp_to_target, 0, kTargetRadius, in_place_margin);
    Evaluation e;
    e.reward = 10 * in_place;
    e.success = tcp_to_target <= 0.05 ? 1.0 : 0.0;
    e.in_place_reward = in_place;
    e.obj_to_target = tcp_to_target;
    e.unscaled_reward = e.reward;
    return e;
  }

 private:
  static constexpr double kTargetRadius = 0.05;
  const int obj_;
  const int obj_geom_;
  const int goal_site_;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_REACH_WALL_H_
