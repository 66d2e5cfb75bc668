// coffee-button-v3 (sawyer_coffee_button_v3.py): push in the coffee
// machine's button, which faces the arm above the mug under its spout.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_COFFEE_BUTTON_H_
#define PARALLEL_POOL_METAWORLD_TASKS_COFFEE_BUTTON_H_

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "parallel_pool/metaworld/sawyer_xyz.h"

namespace parallel_pool::metaworld {

class CoffeeButton : public SawyerXyz {
 public:
  // max_dist: how far the button travels (its slide joint's range).
  static constexpr double kMaxDist = 0.03;

  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_coffee.xml";
    s.hand_low = {-0.5, 0.4, 0.05};
    s.hand_high = {0.5, 1.0, 0.5};
    s.hand_init_pos = {0.0, 0.4, 0.2};
    // The coffee machine's position.
    s.rand_low = {-0.1, 0.8, -0.001};
    s.rand_high = {0.1, 0.9, +0.001};
    // obj_low / obj_high + (-0.001 / +0.001, -0.22 + max_dist, 0.299 / 0.301).
    const double dy = -0.22 + kMaxDist;
    s.goal_low = {s.rand_low[0] + -0.001, s.rand_low[1] + dy, s.rand_low[2] + 0.299};
    s.goal_high = {s.rand_high[0] + 0.001, s.rand_high[1] + dy, s.rand_high[2] + 0.301};
    return s;
  }

  CoffeeButton(mjModel* m, mjData* d, int frame_skip)
      : SawyerXyz(m, d, Setup(), frame_skip),
        coffee_machine_(Id(mjOBJ_BODY, "coffee_machine")),
        button_start_(Id(mjOBJ_SITE, "buttonStart")),
        coffee_goal_(Id(mjOBJ_SITE, "coffee_goal")) {}

 protected:
  void ResetModel(const std::vector<double>& rand_vec) override {
    obj_init_pos_ = {rand_vec[0], rand_vec[1], rand_vec[2]};
    // model.body("coffee_machine").pos, in place since the first reset_model.
    std::copy(obj_init_pos_.begin(), obj_init_pos_.end(), model().body_pos + 3 * coffee_machine_);
    ResetHand();
    // _set_obj_xyz(pos_mug): the mug's free joint under the machine's spout.
    std::vector<double> qpos = Qpos();
    std::vector<double> qvel = Qvel();
    qpos[0] = obj_init_pos_[0] + 0.0;
    qpos[1] = obj_init_pos_[1] + -0.22;
    qpos[2] = obj_init_pos_[2] + 0.0;
    std::fill(qvel.begin() + 9, qvel.begin() + 15, 0.0);
    SetState(qpos, qvel);
    // pos_button + (0, max_dist, 0): the button pressed all the way in.
    const Vec3 pos_button = {obj_init_pos_[0] + 0.0, obj_init_pos_[1] + -0.22,
                             obj_init_pos_[2] + 0.3};
    target_pos_ = {pos_button[0] + 0.0, pos_button[1] + kMaxDist, pos_button[2] + 0.0};
  }

  int ObjectsPose(double* out) const override {
    const double* pos = site_xpos(button_start_);
    std::copy(pos, pos + 3, out);
    out[3] = 1.0;
    out[4] = 0.0;
    out[5] = 0.0;
    out[6] = 0.0;
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
    const double button_pressed = LongTail(obj_to_target, 0, 0.005, kMaxDist);

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

  std::vector<std::pair<int, Vec3>> TargetSites() const override {
    return {{coffee_goal_, target_pos_}};
  }

 private:
  const int coffee_machine_;
  const int button_start_;
  const int coffee_goal_;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_COFFEE_BUTTON_H_
