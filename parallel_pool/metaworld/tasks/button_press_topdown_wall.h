// button-press-topdown-wall-v3 (sawyer_button_press_topdown_wall_v3.py):
// button-press-topdown-v3 with a wall on the table beside the button, and a
// reward that asks for the gripper open rather than closed.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_BUTTON_PRESS_TOPDOWN_WALL_H_
#define PARALLEL_POOL_METAWORLD_TASKS_BUTTON_PRESS_TOPDOWN_WALL_H_

#include "parallel_pool/metaworld/sawyer_xyz.h"
#include "parallel_pool/metaworld/tasks/button_press_topdown.h"

namespace parallel_pool::metaworld {

class ButtonPressTopdownWall : public ButtonPressTopdown {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s = ButtonPressTopdown::Setup();
    s.model_file = "sawyer_xyz/sawyer_button_press_topdown_wall.xml";
    return s;
  }

  ButtonPressTopdownWall(mjModel* m, mjData* d, int frame_skip)
      : ButtonPressTopdown(m, d, Setup(), frame_skip) {}

 protected:
  // max(obs[3], 0.0): the first of equals.
  double TcpClosed(double opening) const override { return 0.0 > opening ? 0.0 : opening; }
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_BUTTON_PRESS_TOPDOWN_WALL_H_
