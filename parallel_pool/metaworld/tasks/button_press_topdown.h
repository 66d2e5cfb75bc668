// button-press-topdown-v3 (sawyer_button_press_topdown_v3.py): push down a
// button that sticks up out of a box on the table.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_BUTTON_PRESS_TOPDOWN_H_
#define PARALLEL_POOL_METAWORLD_TASKS_BUTTON_PRESS_TOPDOWN_H_

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class ButtonPressTopdown : public SawyerXyz {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_button_press_topdown.xml";
    s.hand_low = {-0.5, 0.40, 0.05};
    s.hand_high = {0.5, 1, 0.5};
    // init_config's hand_init_pos is a float32 array.
    s.hand_init_pos = {0.0F, 0.4F, 0.2F};
    // The box's position.
    s.rand_low = {-0.1, 0.8, 0.115};
    s.rand_high = {0.1, 0.9, 0.115};
    s.goal_low = s.hand_low;
    s.goal_high = s.hand_high;
    return s;
  }

  ButtonPressTopdown(mjModel* m, mjData* d, int frame_skip)
      : ButtonPressTopdown(m, d, Setup(), frame_skip) {}

 protected:
  // The variants on this task's model (button-press-topdown-wall-v3).
  ButtonPressTopdown(mjModel* m, mjData* d, SawyerSetup setup, int frame_skip)
      : SawyerXyz(m, d, std::move(setup), frame_skip),
        box_(Id(mjOBJ_BODY, "box")),
        button_(Id(mjOBJ_BODY, "button")),
        hole_(Id(mjOBJ_SITE, "hole")),
        button_start_(Id(mjOBJ_SITE, "buttonStart")) {}

  // How closed the gripper counts as, from obs[3] (its opening).
  virtual double TcpClosed(double opening) const { return 1 - opening; }

  void ResetModel(const std::vector<double>& rand_vec) override {
    obj_init_pos_ = {rand_vec[0], rand_vec[1], rand_vec[2]};
    // model.body("box").pos, in place since the first reset_model.
    std::copy(obj_init_pos_.begin(), obj_init_pos_.end(), model().body_pos + 3 * box_);
    ResetHand();
    mj_forward(&m_, d_);
    target_pos_ = ToVec3(site_xpos(hole_));
    obj_to_target_init_ = std::abs(target_pos_[2] - site_xpos(button_start_)[2]);
  }

  int ObjectsPose(double* out) const override {
    const double* pos = xpos(button_);
    out[0] = pos[0] + 0.0;
    out[1] = pos[1] + 0.0;
    out[2] = pos[2] + 0.193;
    const double* quat = d_->xquat + 4 * button_;
    std::copy(quat, quat + 4, out + 3);
    return 7;
  }

  Evaluation Evaluate(const double* obs, const float* /*action*/) override {
    const Vec3 obj = ToVec3(obs + 4);
    const Vec3 tcp = TcpCenter();
    const double tcp_to_obj = Distance(obj, tcp);
    const double tcp_to_obj_init = Distance(obj, init_tcp_);
    const double obj_to_target = std::abs(target_pos_[2] - obj[2]);

    const double tcp_closed = TcpClosed(obs[3]);
    const double near_button = LongTail(tcp_to_obj, 0, 0.01, tcp_to_obj_init);
    const double button_pressed = LongTail(obj_to_target, 0, 0.005, obj_to_target_init_);

    double reward = 5 * HamacherProduct(tcp_closed, near_button);
    if (tcp_to_obj <= 0.03) reward += 5 * button_pressed;

    Evaluation e;
    e.reward = reward;
    e.success = obj_to_target <= 0.024 ? 1.0 : 0.0;
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

 private:
  const int box_;
  const int button_;
  const int hole_;
  const int button_start_;
  double obj_to_target_init_ = 0.0;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_BUTTON_PRESS_TOPDOWN_H_
