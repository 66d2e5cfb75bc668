// The observation of the domains that observe the whole state as it is
// (ball_in_cup, point_mass, lqr): "position" = qpos, "velocity" = qvel.
#ifndef PARALLEL_POOL_DM_CONTROL_POSITION_VELOCITY_H_
#define PARALLEL_POOL_DM_CONTROL_POSITION_VELOCITY_H_

#include <mujoco/mujoco.h>

#include "parallel_pool/dm_control/dm_control_env.h"

namespace parallel_pool::dm_control {

inline auto PositionVelocitySpec(const mjModel& model) {
  return MakeDict("obs:position"_.Bind(ObsSpec(model.nq)), "obs:velocity"_.Bind(ObsSpec(model.nv)));
}

template <typename State>
void WritePositionVelocity(const mjModel& m, const mjData& d, const State& state) {
  state["obs:position"_].Assign(d.qpos, m.nq);
  state["obs:velocity"_].Assign(d.qvel, m.nv);
}

}  // namespace parallel_pool::dm_control

#endif  // PARALLEL_POOL_DM_CONTROL_POSITION_VELOCITY_H_
