// handle-press-side-v3 (sawyer_handle_press_side_v3.py): handle-press-v3 on
// a box turned a quarter turn, at the table's left, its handle pointing
// along x; reset, reward and success are handle-press-v3's.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_HANDLE_PRESS_SIDE_H_
#define PARALLEL_POOL_METAWORLD_TASKS_HANDLE_PRESS_SIDE_H_

#include "parallel_pool/metaworld/sawyer_xyz.h"
#include "parallel_pool/metaworld/tasks/handle_press.h"

namespace parallel_pool::metaworld {

class HandlePressSide : public HandlePress {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s;
    s.model_file = "sawyer_xyz/sawyer_handle_press_sideways.xml";
    s.hand_low = {-0.5, 0.40, 0.05};
    s.hand_high = {0.5, 1.0, 0.5};
    s.hand_init_pos = {0.0, 0.6, 0.2};
    // The box's position.
    s.rand_low = {-0.35, 0.65, -0.001};
    s.rand_high = {-0.25, 0.75, 0.001};
    // The goal's bounds are the hand's.
    s.goal_low = s.hand_low;
    s.goal_high = s.hand_high;
    return s;
  }

  HandlePressSide(mjModel* m, mjData* d, int frame_skip) : HandlePress(m, d, Setup(), frame_skip) {}
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_HANDLE_PRESS_SIDE_H_
