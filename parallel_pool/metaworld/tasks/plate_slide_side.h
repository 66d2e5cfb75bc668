// plate-slide-side-v3 (sawyer_plate_slide_side_v3.py): slide a plate
// sideways (to -x) into a goal drawn each reset (puck_slide.h).
#ifndef PARALLEL_POOL_METAWORLD_TASKS_PLATE_SLIDE_SIDE_H_
#define PARALLEL_POOL_METAWORLD_TASKS_PLATE_SLIDE_SIDE_H_

#include <vector>

#include "parallel_pool/metaworld/tasks/puck_slide.h"

namespace parallel_pool::metaworld {

class PlateSlideSide : public PuckSlide {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s = SharedSetup();
    s.model_file = "sawyer_xyz/sawyer_plate_slide_sideway.xml";
    // The plate's start (fixed), then the goal.
    s.rand_low = {0.0, 0.6, 0.0, -0.3, 0.54, 0.0};
    s.rand_high = {0.0, 0.6, 0.0, -0.25, 0.66, 0.0};
    s.goal_low = {-0.3, 0.54, 0.0};
    s.goal_high = {-0.25, 0.66, 0.0};
    return s;
  }

  PlateSlideSide(mjModel* m, mjData* d, int frame_skip) : PuckSlide(m, d, Setup(), frame_skip) {}

 protected:
  // The reference also writes the goal body's data xpos, which the next
  // forward pass recomputes (the body is static).
  void ResetModel(const std::vector<double>& rand_vec) override {
    ResetStart(rand_vec);
    SetPlateSlides(0.0, 0.0);
  }
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_PLATE_SLIDE_SIDE_H_
