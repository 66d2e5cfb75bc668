// dm_control's cheetah domain (suite/cheetah.py): a planar running cheetah.
//
// Task "run": reward = tolerance(speed, bounds=(10, inf), margin=10,
//   value_at_margin=0, sigmoid='linear'), speed = the torso's subtree linear
//   velocity along x (sensor torso_subtreelinvel).
// Observation: position = qpos[1:] (8), velocity = qvel (9).
// Episode start: every limited joint uniform in its range (one draw each, in
//   joint order), then 200 physics steps to settle, then time = 0.
// Control timestep 0.01 s (n_sub_steps 1); 1000 steps.
#ifndef PARALLEL_POOL_DM_CONTROL_CHEETAH_H_
#define PARALLEL_POOL_DM_CONTROL_CHEETAH_H_

#include <string>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/dm_control/dm_control_env.h"
#include "parallel_pool/dm_rewards/tolerance.h"

namespace parallel_pool::dm_control {

inline constexpr double kCheetahRunSpeed = 10;
inline constexpr int kCheetahSettleSteps = 200;

class CheetahEnvFns : public SuiteEnvFns {
 public:
  static auto DefaultConfig() { return SuiteConfig("run", "cheetah.xml", 1); }

  template <typename Config>
  static void Validate(const Config& conf) {
    RequireConfig(conf["task_name"_] == "run", "task_name: cheetah has the task 'run'");
    ValidateSuiteConfig(conf);
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    ModelPtr model = SuiteModelOf(conf);
    return MakeDict("obs:position"_.Bind(ObsSpec(model->nq - 1)),
                    "obs:velocity"_.Bind(ObsSpec(model->nv)));
  }
};

using CheetahEnvSpec = SuiteEnvSpec<CheetahEnvFns>;

class CheetahEnv : public DmcEnv<CheetahEnvSpec> {
 public:
  CheetahEnv(const Spec& spec, int env_id)
      : DmcEnv(spec, env_id), speed_sensor_(names_.SensorAddr("torso_subtreelinvel")) {}

 protected:
  void InitializeEpisode() override {
    // The indexing assumes every joint has one coordinate (nq == njnt).
    for (int j = 0; j < m_.njnt; ++j) {
      if (m_.jnt_limited[j]) {
        d_->qpos[j] = random_.Uniform(m_.jnt_range[2 * j], m_.jnt_range[2 * j + 1]);
      }
    }
    PhysicsStep(kCheetahSettleSteps);
    d_->time = 0;
  }

  void WriteObservation(const State& state) override {
    state["obs:position"_].Assign(d_->qpos + 1, m_.nq - 1);
    state["obs:velocity"_].Assign(d_->qvel, m_.nv);
  }

  double Reward() override {
    return dm_rewards::Tolerance(d_->sensordata[speed_sensor_], kCheetahRunSpeed,
                                 std::numeric_limits<double>::infinity(), kCheetahRunSpeed,
                                 dm_rewards::Sigmoid::kLinear, 0.0);
  }

 private:
  const int speed_sensor_;
};

using CheetahEnvPool = AsyncEnvPool<CheetahEnv>;

}  // namespace parallel_pool::dm_control

#endif  // PARALLEL_POOL_DM_CONTROL_CHEETAH_H_
