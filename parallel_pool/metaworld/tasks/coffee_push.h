// coffee-push-v3 (sawyer_coffee_push_v3.py): grasp the mug on the table and
// push it forward, away from the arm, under the coffee machine's spout.
// coffee-pull-v3's reward; the machine stands behind the goal instead.
#ifndef PARALLEL_POOL_METAWORLD_TASKS_COFFEE_PUSH_H_
#define PARALLEL_POOL_METAWORLD_TASKS_COFFEE_PUSH_H_

#include "parallel_pool/metaworld/sawyer_xyz.h"
#include "parallel_pool/metaworld/tasks/coffee_pull.h"

namespace parallel_pool::metaworld {

class CoffeePush : public CoffeePull {
 public:
  static SawyerSetup Setup() {
    SawyerSetup s = CoffeePull::Setup();
    // The mug's position, then its goal.
    s.rand_low = {-0.1, 0.55, -0.001, -0.05, 0.7, -0.001};
    s.rand_high = {0.1, 0.65, +0.001, 0.05, 0.75, +0.001};
    s.goal_low = {-0.05, 0.7, -0.001};
    s.goal_high = {0.05, 0.75, +0.001};
    return s;
  }

  CoffeePush(mjModel* m, mjData* d, int frame_skip)
      : CoffeePull(m, d, Setup(), frame_skip, "coffee_goal") {}

 protected:
  const Vec3& MachineMug(const Vec3& /*mug_init*/, const Vec3& mug_goal) const override {
    return mug_goal;
  }
};

}  // namespace parallel_pool::metaworld

#endif  // PARALLEL_POOL_METAWORLD_TASKS_COFFEE_PUSH_H_
