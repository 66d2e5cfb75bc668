// The hinge joints of a model, in joint order, as dm_control's dog and
// quadruped observe them (their joint angles and velocities): how many, and
// where their qpos and qvel entries are.
#ifndef PARALLEL_POOL_DM_CONTROL_HINGES_H_
#define PARALLEL_POOL_DM_CONTROL_HINGES_H_

#include <mujoco/mujoco.h>

#include <vector>

namespace parallel_pool::dm_control {

inline int CountHinges(const mjModel& m) {
  int n = 0;
  for (int j = 0; j < m.njnt; ++j) n += m.jnt_type[j] == mjJNT_HINGE;
  return n;
}

struct HingeAddresses {
  std::vector<int> qpos;
  std::vector<int> dof;
};

inline HingeAddresses HingeAddressesOf(const mjModel& m) {
  HingeAddresses hinges;
  for (int j = 0; j < m.njnt; ++j) {
    if (m.jnt_type[j] != mjJNT_HINGE) continue;
    hinges.qpos.push_back(m.jnt_qposadr[j]);
    hinges.dof.push_back(m.jnt_dofadr[j]);
  }
  return hinges;
}

}  // namespace parallel_pool::dm_control

#endif  // PARALLEL_POOL_DM_CONTROL_HINGES_H_
