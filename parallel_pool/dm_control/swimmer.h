// dm_control's swimmer domain (suite/swimmer.py): a planar chain of n links
// in a viscous fluid, to bring its nose to a target.
//
// Tasks "swimmer6", "swimmer15": n = 6 or 15 links. dm_control builds the
// model in code (swimmer.get_model_and_assets(n)); registration.py passes
// that XML as `model_xml`.
// Reward: tolerance(|nose to target| (in the plane), bounds=(0, target
//   radius), margin=5 * target radius, sigmoid='long_tail').
// Observation: joints = qpos[3:] (n - 1), to_target = the target's position
//   relative to the nose in the head's frame, x and y (2), body_velocities =
//   each link's local (vx, vy, wz) from its velocimeter and gyro (3 n).
// Episode start: randomize_limited_and_rotational_joints (the heading
//   uniform in [-pi, pi], each joint uniform in its range), then the target:
//   with probability 0.2 (rand() < 0.2) x, y uniform in [-0.3, 0.3], else in
//   [-2, 2]; a change of the model (the target geom and its light), so each
//   env has its own copy of it.
// Control timestep 0.03 s (n_sub_steps 15); 1000 steps.
#ifndef PARALLEL_POOL_DM_CONTROL_SWIMMER_H_
#define PARALLEL_POOL_DM_CONTROL_SWIMMER_H_

#include <array>
#include <string>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/dm_control/built_model.h"
#include "parallel_pool/dm_control/dm_control_env.h"
#include "parallel_pool/dm_rewards/tolerance.h"

namespace parallel_pool::dm_control {

// The root's coordinates (x, y, heading), not in the joints observation.
inline constexpr int kSwimmerRootQpos = 3;
// Sensors before the links' velocimeters and gyros: nose and target
// position, head x and y axes (3 each).
inline constexpr int kSwimmerFirstVelocitySensor = 12;
inline constexpr double kSwimmerCloseTargetProbability = 0.2;
inline constexpr double kSwimmerCloseTargetBox = 0.3;
inline constexpr double kSwimmerFarTargetBox = 2;

inline int SwimmerLinks(const std::string& task) {
  if (task == "swimmer6") return 6;
  if (task == "swimmer15") return 15;
  throw std::invalid_argument("task_name: swimmer has the tasks 'swimmer6' and 'swimmer15', not '" +
                              task + "'");
}

class SwimmerEnvFns : public SuiteEnvFns {
 public:
  static auto DefaultConfig() { return SuiteConfig("swimmer6", "swimmer.xml", 15); }

  template <typename Config>
  static void Validate(const Config& conf) {
    const int links = SwimmerLinks(conf["task_name"_]);
    ModelPtr model =
        ValidateBuiltModelConfig(conf, "swimmer", "swimmer.get_model_and_assets(n_links)");
    RequireConfig(model->nbody - 1 == links,
                  "model_xml: the model has " + std::to_string(model->nbody - 1) + " links, task " +
                      std::string(conf["task_name"_]) + " wants " + std::to_string(links));
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    ModelPtr model = SuiteModelOf(conf);
    const int links = model->nbody - 1;
    return MakeDict("obs:joints"_.Bind(ObsSpec(model->nq - kSwimmerRootQpos)),
                    "obs:to_target"_.Bind(ObsSpec(2)),
                    "obs:body_velocities"_.Bind(ObsSpec(3 * links)));
  }
};

using SwimmerEnvSpec = SuiteEnvSpec<SwimmerEnvFns>;

class SwimmerEnv : public DmcEnv<SwimmerEnvSpec> {
 public:
  SwimmerEnv(const Spec& spec, int env_id)
      : DmcEnv(spec, env_id, ModelSharing::kPrivateCopy),
        head_(names_.Body("head")),
        nose_(names_.Geom("nose")),
        target_(names_.Geom("target")),
        target_light_(names_.Id(mjOBJ_LIGHT, "target_light")) {}

 protected:
  void InitializeEpisode() override {
    RandomizeLimitedAndRotationalJoints();
    const bool close_target = random_.RandomSample() < kSwimmerCloseTargetProbability;
    const double target_box = close_target ? kSwimmerCloseTargetBox : kSwimmerFarTargetBox;
    const double x = random_.Uniform(-target_box, target_box);
    const double y = random_.Uniform(-target_box, target_box);
    mjModel& model = mutable_model();
    model.geom_pos[3 * target_] = x;
    model.geom_pos[3 * target_ + 1] = y;
    model.light_pos[3 * target_light_] = x;
    model.light_pos[3 * target_light_ + 1] = y;
  }

  void WriteObservation(const State& state) override {
    state["obs:joints"_].Assign(d_->qpos + kSwimmerRootQpos, m_.nq - kSwimmerRootQpos);
    state["obs:to_target"_].Assign(NoseToTarget().data(), 2);
    // sensordata[12:].reshape(-1, 6)[:, [0, 1, 5]]: velocimeter x, y and
    // gyro z of every link.
    double* body_velocities = state["obs:body_velocities"_].Data<double>();
    for (int i = kSwimmerFirstVelocitySensor; i + 6 <= m_.nsensordata; i += 6) {
      *body_velocities++ = d_->sensordata[i];
      *body_velocities++ = d_->sensordata[i + 1];
      *body_velocities++ = d_->sensordata[i + 5];
    }
  }

  double Reward() override {
    const double target_size = m_.geom_size[3 * target_];
    const std::array<double, 3> nose_to_target = NoseToTarget();
    return dm_rewards::Tolerance(numpy_exact::NumpyNorm(nose_to_target.data(), 2), 0, target_size,
                                 5 * target_size, dm_rewards::Sigmoid::kLongTail);
  }

 private:
  // The target seen from the nose, in the head's frame (x, y and z; the
  // task uses x and y).
  std::array<double, 3> NoseToTarget() const {
    const double* target = d_->geom_xpos + 3 * target_;
    const double* nose = d_->geom_xpos + 3 * nose_;
    const double global[3] = {target[0] - nose[0], target[1] - nose[1], target[2] - nose[2]};
    std::array<double, 3> local{};
    NumpyVectorTimesMatrix3(global, d_->xmat + 9 * head_, local.data());
    return local;
  }

  const int head_;
  const int nose_;
  const int target_;
  const int target_light_;
};

using SwimmerEnvPool = AsyncEnvPool<SwimmerEnv>;

}  // namespace parallel_pool::dm_control

#endif  // PARALLEL_POOL_DM_CONTROL_SWIMMER_H_
