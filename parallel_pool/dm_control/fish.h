// dm_control's fish domain (suite/fish.py): a fish swimming freely in 3D
// (no gravity, no contacts), steered by its tail and fins.
//
// Tasks:
//   "upright": reward = tolerance(torso zz, bounds=(1, 1), margin=1).
//   "swim": reward = (7 * in_target + (torso zz + 1) / 2) / 8, in_target =
//     tolerance(|mouth to target|, bounds=(0, r), margin=2 r), r = the
//     mouth's plus the target's radius.
// Observation: joint_angles (the 7 tail and fin joints), upright = torso zz,
//   (swim) target = the target's position relative to the mouth in the
//   mouth's frame, velocity = qvel (13).
// Episode start: the root's orientation a normalised randn(4), each of the 7
//   joints uniform in [-0.2, 0.2]; swim then draws the target's position
//   (x, y uniform in [-0.4, 0.4], z in [0.1, 0.3]), a change of the model, so
//   a swim env has its own copy of it. (upright also hides the target, a
//   change of colour only, which only render() sees.)
// Control timestep 0.04 s (n_sub_steps 10); 1000 steps.
#ifndef PARALLEL_POOL_DM_CONTROL_FISH_H_
#define PARALLEL_POOL_DM_CONTROL_FISH_H_

#include <array>
#include <string>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/dm_control/dm_control_env.h"
#include "parallel_pool/dm_rewards/tolerance.h"

namespace parallel_pool::dm_control {

// The tail and fin joints, in the order of the observation and the draws.
inline constexpr std::array<const char*, 7> kFishJoints = {
    "tail1",          "tail_twist",   "tail2",        "finright_roll",
    "finright_pitch", "finleft_roll", "finleft_pitch"};
inline constexpr double kFishJointRange = 0.2;

// Whether the task is swim (else upright).
inline bool FishIsSwim(const std::string& task) {
  if (task == "swim") return true;
  if (task == "upright") return false;
  throw std::invalid_argument("task_name: fish has the tasks 'upright' and 'swim', not '" + task +
                              "'");
}

class FishEnvFns : public SuiteEnvFns {
 public:
  static auto DefaultConfig() { return SuiteConfig("swim", "fish.xml", 10); }

  template <typename Config>
  static void Validate(const Config& conf) {
    FishIsSwim(conf["task_name"_]);
    ValidateSuiteConfig(conf);
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    ModelPtr model = SuiteModelOf(conf);
    return MakeDict("obs:joint_angles"_.Bind(ObsSpec(static_cast<int>(kFishJoints.size()))),
                    "obs:upright"_.Bind(ScalarObsSpec()),
                    "obs:target"_.Bind(ObsSpec(3).OnlyIf(FishIsSwim(conf["task_name"_]))),
                    "obs:velocity"_.Bind(ObsSpec(model->nv)));
  }
};

using FishEnvSpec = SuiteEnvSpec<FishEnvFns>;

class FishEnv : public DmcEnv<FishEnvSpec> {
 public:
  FishEnv(const Spec& spec, int env_id)
      : DmcEnv(spec, env_id,
               FishIsSwim(spec.config["task_name"_]) ? ModelSharing::kPrivateCopy
                                                     : ModelSharing::kShared),
        swim_(FishIsSwim(task_name())),
        root_quat_(names_.QposAddr("root") + 3),
        torso_(names_.Body("torso")),
        mouth_(names_.Geom("mouth")),
        target_(names_.Geom("target")) {
    for (std::size_t i = 0; i < kFishJoints.size(); ++i) {
      joint_qpos_[i] = names_.QposAddr(kFishJoints[i]);
    }
  }

 protected:
  void InitializeEpisode() override {
    std::vector<double> quat = random_.StandardNormal(4);
    const double norm = numpy_exact::NumpyNorm(quat.data(), 4);
    for (int i = 0; i < 4; ++i) d_->qpos[root_quat_ + i] = quat[i] / norm;
    for (int qpos : joint_qpos_)
      d_->qpos[qpos] = random_.Uniform(-kFishJointRange, kFishJointRange);
    if (!swim_) HideForDisplay(mjOBJ_GEOM, target_);  // a change only rendering sees
    if (swim_) {
      double* target_pos = mutable_model().geom_pos + 3 * target_;
      target_pos[0] = random_.Uniform(-0.4, 0.4);
      target_pos[1] = random_.Uniform(-0.4, 0.4);
      target_pos[2] = random_.Uniform(0.1, 0.3);
    }
  }

  void WriteObservation(const State& state) override {
    double* joint_angles = state["obs:joint_angles"_].Data<double>();
    for (int qpos : joint_qpos_) *joint_angles++ = d_->qpos[qpos];
    state["obs:upright"_] = Upright();
    if (swim_) state["obs:target"_].Assign(MouthToTarget().data(), 3);
    state["obs:velocity"_].Assign(d_->qvel, m_.nv);
  }

  double Reward() override {
    if (!swim_) return dm_rewards::Tolerance(Upright(), 1, 1, 1);
    // geom_size[['mouth', 'target'], 0].sum().
    const double radii = m_.geom_size[3 * mouth_] + m_.geom_size[3 * target_];
    const std::array<double, 3> mouth_to_target = MouthToTarget();
    const double in_target = dm_rewards::Tolerance(
        numpy_exact::NumpyNorm(mouth_to_target.data(), 3), 0, radii, 2 * radii);
    const double is_upright = 0.5 * (Upright() + 1);
    return (7 * in_target + is_upright) / 8;
  }

 private:
  double Upright() const { return d_->xmat[9 * torso_ + 8]; }

  // The target seen from the mouth, in the mouth's frame.
  std::array<double, 3> MouthToTarget() const {
    const double* target = d_->geom_xpos + 3 * target_;
    const double* mouth = d_->geom_xpos + 3 * mouth_;
    const double global[3] = {target[0] - mouth[0], target[1] - mouth[1], target[2] - mouth[2]};
    std::array<double, 3> local{};
    NumpyVectorTimesMatrix3(global, d_->geom_xmat + 9 * mouth_, local.data());
    return local;
  }

  const bool swim_;
  const int root_quat_;
  const int torso_;
  const int mouth_;
  const int target_;
  std::array<int, kFishJoints.size()> joint_qpos_{};
};

using FishEnvPool = AsyncEnvPool<FishEnv>;

}  // namespace parallel_pool::dm_control

#endif  // PARALLEL_POOL_DM_CONTROL_FISH_H_
