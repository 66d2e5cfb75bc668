// button-press-v3 (sawyer_button_press_v3.py): push a button that sticks out
// of a box towards the arm, along -y, into the box.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_BUTTON_PRESS_H_
#define PARALLEL_POOL_METAWORLD_TASKS_BUTTON_PRESS_H_

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class ButtonPress : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_button_press.xml";
    s.hand_low = {-0.5, 0.40, 0.05};
    s.hand_high = {0.5, 1, 0.5};
    // init_config's hand_init_pos is a float32 array.
    s.hand_init_pos = {0.0F, 0.4F, 0.2F};
    // The box's position.
    s.rand_low = {-0.1, 0.85, 0.115};
    s.rand_high = {0.1, 0.9, 0.115};
    s.goal_low = s.hand_low;
    s.goal_high = s.hand_high;
    return s;
  }

  ButtonPress(mjModel* m, mjData* d, int frame_skip) : ButtonPress(m, d, Setup(), frame_skip) {}

 protected:
  // The variants on this task's reset (button-press-wall-v3).
  ButtonPress(mjModel* m, mjData* d, SawyerSetup setup, int frame_skip)
      : SawyerXyz(m, d, std::move(setup), frame_skip),
        box_(Id(mjOBJ_BODY, "box")),
        button_(Id(mjOBJ_BODY, "button")),
        hole_(Id(mjOBJ_SITE, "hole")),
        button_start_(Id(mjOBJ_SITE, "buttonStart")) {}

  void ResetModel(const std::vector<double>& rand_vec) override {
    obj_init_pos_ = {rand_vec[0], rand_vec[1], rand_vec[2]};
    // model.body("box").pos, in place since the first reset_model.
    std::copy(obj_init_pos_.begin(), obj_init_pos_.end(), model().body_pos + 3 * box_);
    ResetHand();
    // _set_obj_xyz(0): the button's slide joint back out.
    std::vector<double> qpos = Qpos();
    std::vector<double> qvel = Qvel();
    qpos[9] = 0.0;
    qvel[9] = 0.0;
    SetState(qpos, qvel);
    target_pos_ = ToVec3(site_xpos(hole_));
    obj_to_target_init_ = std::abs(target_pos_[1] - site_xpos(button_start_)[1]);
  }

  int ObjectsPose(double* out) const override {
    const double* pos = xpos(button_);
    out[0] = pos[0] + 0.0;
    out[1] = pos[1] + -0.193;
    out[2] = pos[2] + 0.0;
    const double* quat = d_->xquat + 4 * button_;
    std::copy(quat, quat + 4, out + 3);
    return 7;
  }

  Evaluation Evaluate(const double* obs, const float* /*action*/) override {
    const Vec3 obj = ToVec3(obs + 4);
    const Vec3 tcp = TcpCenter();
    const double tcp_to_obj = Distance(obj, tcp);
    const double tcp_to_obj_init = Distance(obj, init_tcp_);
    const double obj_to_target = std::abs(target_pos_[1] - obj[1]);

    // max(obs[3], 0.0): the first of equals.
    const double tcp_closed = 0.0 > obs[3] ? 0.0 : obs[3];
    const double near_button = LongTail(tcp_to_obj, 0, 0.05, tcp_to_obj_init);
    const double button_pressed = LongTail(obj_to_target, 0, 0.005, obj_to_target_init_);

    double reward = 2 * HamacherProduct(tcp_closed, near_button);
    if (tcp_to_obj <= 0.05) reward += 8 * button_pressed;

    Evaluation e;
    e.reward = reward;
    e.success = obj_to_target <= 0.02 ? 1.0 : 0.0;
    e.near_object = tcp_to_obj <= 0.05 ? 1.0 : 0.0;
    e.grasp_success = obs[3] > 0 ? 1.0 : 0.0;
    e.grasp_reward = near_button;
    e.in_place_reward = button_pressed;
    e.obj_to_target = obj_to_target;
    e.unscaled_reward = reward;
    return e;
  }

  // _target_site_config is empty: no site is moved each step.
  std::vector<std::pair<int, Vec3>> TargetSites() const override { return {}; }

  // _obj_to_target_init: how far the button's tip starts from the hole, along y.
  double obj_to_target_init_ = 0.0;

 private:
  const int box_;
  const int button_;
  const int hole_;
  const int button_start_;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_BUTTON_PRESS_H_
