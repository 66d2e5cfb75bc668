// button-press-wall-v3 (sawyer_button_press_wall_v3.py): button-press-v3
// with a wall between the arm and the button, to reach around.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_BUTTON_PRESS_WALL_H_
#define PARALLEL_POOL_METAWORLD_TASKS_BUTTON_PRESS_WALL_H_

#include <cmath>

#include "parallel_pool/metaworld/sawyer_xyz.h"
#include "parallel_pool/metaworld/tasks/button_press.h"
#include "parallel_pool/numpy_exact/python_float.h"

namespace parallel_pool::metaworld {

class ButtonPressWall : public ButtonPress {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s = ButtonPress::Setup();
    s.model_file = "sawyer_xyz/sawyer_button_press_wall.xml";
    s.rand_low = {-0.05, 0.85, 0.1149};
    s.rand_high = {0.05, 0.9, 0.1151};
    return s;
  }

  ButtonPressWall(mjModel* m, mjData* d, int frame_skip) : ButtonPress(m, d, Setup(), frame_skip) {}

 protected:
  Evaluation Evaluate(const double* obs, const float* /*action*/) override {
    const Vec3 obj = ToVec3(obs + 4);
    const Vec3 tcp = TcpCenter();
    const double tcp_to_obj = Distance(obj, tcp);
    const double tcp_to_obj_init = Distance(obj, init_tcp_);
    const double obj_to_target = std::abs(target_pos_[1] - obj[1]);

    const double near_button = LongTail(tcp_to_obj, 0, 0.01, tcp_to_obj_init);
    const double button_pressed = LongTail(obj_to_target, 0, 0.005, obj_to_target_init_);

    double reward = 0.0;
    if (tcp_to_obj > 0.07) {
      const double tcp_status = (1 - obs[3]) / 2.0;
      reward = 2 * HamacherProduct(tcp_status, near_button);
    } else {
      reward = 2;
      reward += 2 * (1 + obs[3]);
      reward += 4 * numpy_exact::PyPow(button_pressed, 2);
    }

    Evaluation e;
    e.reward = reward;
    e.success = obj_to_target <= 0.03 ? 1.0 : 0.0;
    e.near_object = tcp_to_obj <= 0.05 ? 1.0 : 0.0;
    e.grasp_success = obs[3] > 0 ? 1.0 : 0.0;
    e.grasp_reward = near_button;
    e.in_place_reward = button_pressed;
    e.obj_to_target = obj_to_target;
    e.unscaled_reward = reward;
    return e;
  }
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_BUTTON_PRESS_WALL_H_
