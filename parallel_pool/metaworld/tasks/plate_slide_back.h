// plate-slide-back-v3 (sawyer_plate_slide_back_v3.py): slide a plate out of
// the goal net back towards the robot, to a goal drawn each reset
// (puck_slide.h).
#ifndef PARALLEL_POOL_METAWORLD_TASKS_PLATE_SLIDE_BACK_H_
#define PARALLEL_POOL_METAWORLD_TASKS_PLATE_SLIDE_BACK_H_

#include <vector>

#include "parallel_pool/metaworld/tasks/puck_slide.h"

namespace parallel_pool::metaworld {

class PlateSlideBack : public PuckSlide {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s = SharedSetup();
    s.model_file = "sawyer_xyz/sawyer_plate_slide.xml";
    // The plate's start (fixed), then the goal.
    s.rand_low = {0.0, 0.85, 0.0, -0.1, 0.6, 0.015};
    s.rand_high = {0.0, 0.85, 0.0, 0.1, 0.6, 0.015};
    s.goal_low = {-0.1, 0.6, 0.015};
    s.goal_high = {0.1, 0.6, 0.015};
    return s;
  }

  PlateSlideBack(mjModel* m, mjData* d, int frame_skip) : PuckSlide(m, d, Setup(), frame_skip) {}

 protected:
  // The reference also writes the goal body's data xpos, which the next
  // forward pass recomputes (the body is static).
  void ResetModel(const std::vector<double>& rand_vec) override {
    ResetStart(rand_vec);
    // The plate in the net, 0.15 along y.
    SetPlateSlides(0.0, 0.15);
  }
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_PLATE_SLIDE_BACK_H_
