// handle-press-v3 (sawyer_handle_press_v3.py): press a handle, sticking out
// of a box towards the arm, down to its goal height. The box's place is the
// reset's draw; the handle starts raised (its slide joint at -0.001).
#ifndef PARALLEL_POOL_METAWORLD_TASKS_HANDLE_PRESS_H_
#define PARALLEL_POOL_METAWORLD_TASKS_HANDLE_PRESS_H_

#include <cmath>
#include <utility>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class HandlePress : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_handle_press.xml";
    s.hand_low = {-0.5, 0.40, 0.05};
    s.hand_high = {0.5, 1.0, 0.5};
    s.hand_init_pos = {0.0, 0.6, 0.2};
    // The box's position.
    s.rand_low = {-0.1, 0.8, -0.001};
    s.rand_high = {0.1, 0.9, 0.001};
    s.goal_low = {-0.1, 0.55, 0.04};
    s.goal_high = {0.1, 0.70, 0.08};
    return s;
  }

  HandlePress(mjModel* m, mjData* d, int frame_skip) : HandlePress(m, d, Setup(), frame_skip) {}

 protected:
  // handle-press-side-v3 is this task on the sideways box.
  HandlePress(mjModel* m, mjData* d, SawyerSetup setup, int frame_skip)
      : SawyerXyz(m, d, std::move(setup), frame_skip),
        box_(Id(mjOBJ_BODY, "box")),
        handle_start_(Id(mjOBJ_SITE, "handleStart")),
        goal_press_(Id(mjOBJ_SITE, "goalPress")) {}

  void ResetModel(const std::vector<double>& rand_vec) override {
    // model.body("box").pos = rand_vec, by the first reset_model too.
    std::copy(rand_vec.begin(), rand_vec.begin() + 3, model().body_pos + 3 * box_);
    ResetHand();
    obj_init_pos_ = {rand_vec[0], rand_vec[1], rand_vec[2]};
    SetHandleJoint(-0.001);
    target_pos_ = ToVec3(site_xpos(goal_press_));
    handle_init_pos_ = ToVec3(site_xpos(handle_start_));
  }

  int ObjectsPose(double* out) const override {
    const double* pos = site_xpos(handle_start_);
    std::copy(pos, pos + 3, out);
    return 7;
  }

  std::vector<std::pair<int, Vec3>> TargetSites() const override { return {}; }

  Evaluation Evaluate(const double* /*obs*/, const float* /*action*/) override {
    const Vec3 obj = ToVec3(site_xpos(handle_start_));
    const Vec3 tcp = TcpCenter();
    // np.linalg.norm of one value: sqrt(x * x), which is |x| exactly.
    const double target_to_obj = std::abs(obj[2] - target_pos_[2]);
    const double target_to_obj_init = std::abs(handle_init_pos_[2] - target_pos_[2]);
    const double in_place =
        LongTail(target_to_obj, 0, kTargetRadius, std::abs(target_to_obj_init - kTargetRadius));

    const double tcp_to_obj = Distance(obj, tcp);
    const double tcp_to_obj_init = Distance(handle_init_pos_, init_tcp_);
    const double reach =
        LongTail(tcp_to_obj, 0, kHandleRadius, std::abs(tcp_to_obj_init - kHandleRadius));

    double reward = HamacherProduct(reach, in_place);
    if (target_to_obj <= kTargetRadius) reward = 1.0;
    reward *= 10;

    Evaluation e;
    e.reward = reward;
    e.success = target_to_obj <= kTargetRadius ? 1.0 : 0.0;
    e.near_object = tcp_to_obj <= 0.05 ? 1.0 : 0.0;
    e.grasp_success = 1.0;
    e.grasp_reward = reach;
    e.in_place_reward = in_place;
    e.obj_to_target = target_to_obj;
    e.unscaled_reward = reward;
    return e;
  }

  // _set_obj_xyz(pos): the handle's slide joint (qpos[9]) at rest at `pos`.
  void SetHandleJoint(double pos) {
    std::vector<double> qpos = Qpos();
    std::vector<double> qvel = Qvel();
    qpos[9] = pos;
    qvel[9] = 0;
    SetState(qpos, qvel);
  }

  static constexpr double kTargetRadius = 0.02;
  static constexpr double kHandleRadius = 0.02;
  const int box_;
  const int handle_start_;
  const int goal_press_;
  Vec3 handle_init_pos_ = {0.0, 0.0, 0.0};
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_HANDLE_PRESS_H_
