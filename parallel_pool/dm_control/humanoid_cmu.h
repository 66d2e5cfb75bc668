// dm_control's humanoid_CMU domain (suite/humanoid_CMU.py): the 56-joint
// humanoid of the CMU motion capture database, on a free root joint. Its
// task is humanoid's (humanoid.h: HumanoidTaskEnv) on other bodies: the
// frame, uprightness and com velocity are the thorax's (uprightness is its
// zy, the model's y axis being up), the extremities lhand, lfoot, rhand,
// rfoot.
//
// Tasks "stand", "walk", "run" (move speed 0, 1, 10); reward as humanoid's.
// Observation: joint_angles = qpos[7:] (56), head_height, extremities (12),
//   torso_vertical = thorax (zx, zy, zz), com_velocity (3), velocity = qvel
//   (62).
// Episode start: randomize_limited_and_rotational_joints, then mj_forward
//   without actuation, repeated until no contact remains.
// Control timestep 0.02 s (n_sub_steps 10); 1000 steps.
#ifndef PARALLEL_POOL_DM_CONTROL_HUMANOID_CMU_H_
#define PARALLEL_POOL_DM_CONTROL_HUMANOID_CMU_H_

#include <string>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/dm_control/dm_control_env.h"
#include "parallel_pool/dm_control/humanoid.h"

namespace parallel_pool::dm_control {

inline constexpr HumanoidBodies kHumanoidCMUBodies = {
    "thorax", 7, {"lhand", "lfoot", "rhand", "rfoot"}, "thorax_subtreelinvel"};

inline double HumanoidCMUMoveSpeed(const std::string& task) {
  if (task == "stand") return 0;
  if (task == "walk") return 1;
  if (task == "run") return 10;
  throw std::invalid_argument(
      "task_name: humanoid_CMU has the tasks 'stand', 'walk' and 'run', not '" + task + "'");
}

class HumanoidCMUEnvFns : public SuiteEnvFns {
 public:
  static auto DefaultConfig() { return SuiteConfig("run", "humanoid_CMU.xml", 10); }

  template <typename Config>
  static void Validate(const Config& conf) {
    HumanoidCMUMoveSpeed(conf["task_name"_]);
    ValidateSuiteConfig(conf);
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    ModelPtr model = SuiteModelOf(conf);
    return MakeDict("obs:joint_angles"_.Bind(ObsSpec(model->nq - kHumanoidRootQpos)),
                    "obs:head_height"_.Bind(ScalarObsSpec()), "obs:extremities"_.Bind(ObsSpec(12)),
                    "obs:torso_vertical"_.Bind(ObsSpec(3)), "obs:com_velocity"_.Bind(ObsSpec(3)),
                    "obs:velocity"_.Bind(ObsSpec(model->nv)));
  }
};

using HumanoidCMUEnvSpec = SuiteEnvSpec<HumanoidCMUEnvFns>;

class HumanoidCMUEnv : public HumanoidTaskEnv<HumanoidCMUEnvSpec> {
 public:
  HumanoidCMUEnv(const Spec& spec, int env_id)
      : HumanoidTaskEnv(spec, env_id, kHumanoidCMUBodies,
                        HumanoidCMUMoveSpeed(spec.config["task_name"_])) {}

 protected:
  void WriteObservation(const State& state) override { WriteEgocentricObservation(state); }
};

using HumanoidCMUEnvPool = AsyncEnvPool<HumanoidCMUEnv>;

}  // namespace parallel_pool::dm_control

#endif  // PARALLEL_POOL_DM_CONTROL_HUMANOID_CMU_H_
