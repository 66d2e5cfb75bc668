// plate-slide-back-side-v3 (sawyer_plate_slide_back_side_v3.py): slide a
// plate out of a goal net on the left back sideways (to +x), to a goal
// drawn each reset (puck_slide.h).
#ifndef PARALLEL_POOL_METAWORLD_TASKS_PLATE_SLIDE_BACK_SIDE_H_
#define PARALLEL_POOL_METAWORLD_TASKS_PLATE_SLIDE_BACK_SIDE_H_

#include <algorithm>
#include <vector>

#include "parallel_pool/metaworld/tasks/puck_slide.h"

namespace parallel_pool::metaworld {

class PlateSlideBackSide : public PuckSlide {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s = SharedSetup();
    s.model_file = "sawyer_xyz/sawyer_plate_slide_sideway.xml";
    // The plate's start (fixed), then the goal.
    s.rand_low = {-0.25, 0.6, 0.0, -0.05, 0.6, 0.015};
    s.rand_high = {-0.25, 0.6, 0.0, 0.15, 0.6, 0.015};
    s.goal_low = {-0.05, 0.6, 0.015};
    s.goal_high = {0.15, 0.6, 0.015};
    return s;
  }

  PlateSlideBackSide(mjModel* m, mjData* d, int frame_skip)
      : PuckSlide(m, d, Setup(), frame_skip), net_(Id(mjOBJ_BODY, "puck_goal")) {}

 protected:
  void ResetModel(const std::vector<double>& rand_vec) override {
    // The net at the plate's start (written by the first of the reference's
    // two reset_model calls, so already in place now).
    std::copy(rand_vec.begin(), rand_vec.begin() + 3, model().body_pos + 3 * net_);
    ResetStart(rand_vec);
    // The plate in the net, 0.15 to the left.
    SetPlateSlides(-0.15, 0.0);
  }

 private:
  const int net_;
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_PLATE_SLIDE_BACK_SIDE_H_
