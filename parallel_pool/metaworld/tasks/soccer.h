// soccer-v3 (sawyer_soccer_v3.py): push a ball into a goal drawn each reset.
// Its grasp term is the pads' caging (pad_caging.h).
#ifndef PARALLEL_POOL_METAWORLD_TASKS_SOCCER_H_
#define PARALLEL_POOL_METAWORLD_TASKS_SOCCER_H_

#include <algorithm>
#include <cmath>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"
#include "parallel_pool/metaworld/tasks/pad_caging.h"

namespace parallel_pool::metaworld {

class Soccer : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_soccer.xml";
    s.hand_low = {-0.5, 0.40, 0.05};
    s.hand_high = {0.5, 1, 0.5};
    s.hand_init_pos = {0.0, 0.6, 0.2};
    // The ball's position, then the goal.
    s.rand_low = {-0.1, 0.6, 0.03, -0.1, 0.8, 0.0};
    s.rand_high = {0.1, 0.7, 0.03, 0.1, 0.9, 0.0};
    s.goal_low = {-0.1, 0.8, 0.0};
    s.goal_high = {0.1, 0.9, 0.0};
    return s;
  }

  // Redrawn while the ball is within 0.15 of the goal in the plane.
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

  Soccer(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        ball_(Id(mjOBJ_BODY, "soccer_ball")),
        ball_geom_(Id(mjOBJ_GEOM, "objGeom")),
        goal_body_(Id(mjOBJ_BODY, "goal_whole")),
        goal_site_(Id(mjOBJ_SITE, "goal")) {}

 protected:
  void ResetModel(const std::vector<double>& rand_vec) override {
    target_pos_ = {rand_vec[3], rand_vec[4], rand_vec[5]};
    // The goal's body and site at the target (written by the first of the
    // reference's two reset_model calls, so already in place now).
    std::copy(target_pos_.begin(), target_pos_.end(), model().body_pos + 3 * goal_body_);
    std::copy(target_pos_.begin(), target_pos_.end(), model().site_pos + 3 * goal_site_);
    ResetHand();
    // The height is init_config's, carried from one reset to the next.
    obj_init_pos_ = {rand_vec[0], rand_vec[1], 0.03};
    SetObjXyz(obj_init_pos_);
  }

  int ObjectsPose(double* out) const override {
    const double* pos = xpos(ball_);
    std::copy(pos, pos + 3, out);
    const auto quat = numpy_exact::ScipyQuatFromMatrix(d_->xmat + 9 * ball_);
    std::copy(quat.begin(), quat.end(), out + 3);
    return 7;
  }

  Evaluation Evaluate(const double* obs, const float* /*action*/) override {
    const Vec3 obj = ToVec3(obs + 4);
    const double tcp_opened = obs[3];
    const Vec3& target = target_pos_;
    const double tcp_to_obj = Distance(obj, TcpCenter());
    // x_scaling = (3, 1, 1): the ball's miss across the goal counts thrice.
    const double to_target[3] = {(obj[0] - target[0]) * 3.0, (obj[1] - target[1]) * 1.0,
                                 (obj[2] - target[2]) * 1.0};
    const double target_to_obj = numpy_exact::NumpyNorm(to_target, 3);
    const double to_init[3] = {(obj[0] - obj_init_pos_[0]) * 3.0, (obj[1] - obj_init_pos_[1]) * 1.0,
                               (obj[2] - obj_init_pos_[2]) * 1.0};
    const double target_to_obj_init = numpy_exact::NumpyNorm(to_init, 3);
    double in_place = LongTail(target_to_obj, 0, kTargetRadius, target_to_obj_init);

    const double goal_line = target[1] - 0.1;
    if (obj[1] > goal_line && std::abs(obj[0] - target[0]) > 0.10) {
      in_place =
          std::min(std::max(in_place - 2 * ((obj[1] - goal_line) / (1 - goal_line)), 0.0), 1.0);
    }
    // _gripper_caging_reward(action, obj, OBJ_RADIUS), the task's own.
    const double object_grasped =
        PadCagingReward(TcpCenter(), BodyCom(left_pad_), BodyCom(right_pad_), obj, obj_init_pos_,
                        init_tcp_, kObjRadius, kObjRadius + 0.01, 0.005);
    double reward = (3 * object_grasped) + (6.5 * in_place);
    if (target_to_obj < kTargetRadius) reward = 10.0;
    const double obj_to_target = Distance(obj, target);

    Evaluation e;
    e.reward = reward;
    e.success = obj_to_target <= 0.07 ? 1.0 : 0.0;
    e.near_object = tcp_to_obj <= 0.03 ? 1.0 : 0.0;
    e.grasp_success =
        TouchingObject(ball_geom_) && tcp_opened > 0 && obj[2] - 0.02 > obj_init_pos_[2] ? 1.0
                                                                                         : 0.0;
    e.grasp_reward = object_grasped;
    e.in_place_reward = in_place;
    e.obj_to_target = obj_to_target;
    e.unscaled_reward = reward;
    return e;
  }

 private:
  static constexpr double kObjRadius = 0.013;
  static constexpr double kTargetRadius = 0.07;

  const int ball_;
  const int ball_geom_;
  const int goal_body_;
  const int goal_site_;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_SOCCER_H_
