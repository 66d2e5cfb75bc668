// dm_control's stacker domain (suite/stacker.py): the manipulator's planar
// arm (manipulator.h: PlanarArm) stacking n boxes, one of them onto a target
// whose height is that of a stack of 1 to n boxes.
//
// Tasks "stack_2", "stack_4": n = 2 or 4 boxes. dm_control builds the model
// in code (stacker.make_model(n_boxes): stacker.xml without the boxes past
// n); registration.py passes that XML as `model_xml`.
// Reward: tolerance(distance of the nearest box to the target, margin=2 *
//   box size) * tolerance(distance of the grasp site to the target,
//   bounds=(0.1, inf), margin=0.01): a box on the target, the hand away.
// Observation: arm_pos = (sin, cos) of the 8 arm joints (8 x 2), arm_vel
//   (8), touch = log1p of the 5 touch sensors, hand_pos = (x, z, qw, qy) of
//   the hand, box_pos = that of each box (n x 4), box_vel = each box's (x,
//   y, z) joint velocities (3 n), target_pos = (x, z) of the target.
// Episode start, repeated until no contact remains: the 8 arm joints uniform
//   in their ranges ([-pi, pi] for the unlimited root) in one draw, the
//   finger set to the thumb; the target at height box size * (2 randint(n) +
//   1) and x uniform in [-0.37, 0.37] (a change of the model, so each env has
//   its own copy of it); each box at x in [0.1, 0.3], z in [0, 0.7], angle in
//   [0, 2 pi]; then mj_forward without actuation, and a contact means
//   another draw.
// Control timestep 0.01 s (n_sub_steps 10); 1000 steps.
#ifndef PARALLEL_POOL_DM_CONTROL_STACKER_H_
#define PARALLEL_POOL_DM_CONTROL_STACKER_H_

#include <algorithm>
#include <array>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/dm_control/built_model.h"
#include "parallel_pool/dm_control/dm_control_env.h"
#include "parallel_pool/dm_control/manipulator.h"
#include "parallel_pool/dm_rewards/tolerance.h"
#include "parallel_pool/numpy_exact/numpy_ufunc.h"

namespace parallel_pool::dm_control {

inline constexpr int kStackerMaxBoxes = 4;
// The grasp site counts as away from the target beyond this distance.
inline constexpr double kStackerHandAway = 0.1;

inline int StackerBoxes(const std::string& task) {
  if (task == "stack_2") return 2;
  if (task == "stack_4") return 4;
  throw std::invalid_argument("task_name: stacker has the tasks 'stack_2' and 'stack_4', not '" +
                              task + "'");
}

// How many boxes a (generated) stacker model has: box0, box1, ...
inline int StackerModelBoxes(const mjModel& m) {
  int n = 0;
  while (n < kStackerMaxBoxes &&
         mj_name2id(&m, mjOBJ_BODY, ("box" + std::to_string(n)).c_str()) >= 0) {
    ++n;
  }
  return n;
}

class StackerEnvFns : public SuiteEnvFns {
 public:
  static auto DefaultConfig() { return SuiteConfig("stack_2", "stacker.xml", 10); }

  template <typename Config>
  static void Validate(const Config& conf) {
    const int boxes = StackerBoxes(conf["task_name"_]);
    ModelPtr model = ValidateBuiltModelConfig(conf, "stacker", "stacker.make_model(n_boxes)");
    RequireConfig(StackerModelBoxes(*model) == boxes,
                  "model_xml: the model has " + std::to_string(StackerModelBoxes(*model)) +
                      " boxes, task " + std::string(conf["task_name"_]) + " wants " +
                      std::to_string(boxes));
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    ModelPtr model = SuiteModelOf(conf);
    const int boxes = StackerModelBoxes(*model);
    return MakeDict("obs:arm_pos"_.Bind(Spec<double>({kPlanarArmJointCount, 2})),
                    "obs:arm_vel"_.Bind(ObsSpec(kPlanarArmJointCount)),
                    "obs:touch"_.Bind(ObsSpec(model->nsensordata)),
                    "obs:hand_pos"_.Bind(ObsSpec(4)), "obs:box_pos"_.Bind(Spec<double>({boxes, 4})),
                    "obs:box_vel"_.Bind(ObsSpec(3 * boxes)), "obs:target_pos"_.Bind(ObsSpec(2)));
  }
};

using StackerEnvSpec = SuiteEnvSpec<StackerEnvFns>;

class StackerEnv : public DmcEnv<StackerEnvSpec> {
 public:
  StackerEnv(const Spec& spec, int env_id)
      : DmcEnv(spec, env_id, ModelSharing::kPrivateCopy),
        boxes_(StackerBoxes(task_name())),
        arm_(m_, names_),
        hand_(names_.Body("hand")),
        target_(names_.Body("target")),
        target_site_(names_.Site("target")),
        grasp_(names_.Site("grasp")),
        box_size_(m_.geom_size[3 * names_.Geom("target")]) {
    for (int b = 0; b < boxes_; ++b) {
      const std::string name = "box" + std::to_string(b);
      Box& box = boxes_info_[b];
      box.body = names_.Body(name.c_str());
      box.site = names_.Site(name.c_str());
      box.x_qpos = names_.QposAddr((name + "_x").c_str());
      box.z_qpos = names_.QposAddr((name + "_z").c_str());
      box.y_qpos = names_.QposAddr((name + "_y").c_str());
      box.x_dof = names_.DofAddr((name + "_x").c_str());
      box.y_dof = names_.DofAddr((name + "_y").c_str());
      box.z_dof = names_.DofAddr((name + "_z").c_str());
    }
  }

 protected:
  void InitializeEpisode() override {
    mjModel& model = mutable_model();
    do {
      arm_.RandomizePose(random_, d_);

      const auto target_height = static_cast<double>(2 * random_.RandInt(0, boxes_) + 1);
      model.body_pos[3 * target_ + 2] = box_size_ * target_height;
      model.body_pos[3 * target_] = random_.Uniform(-0.37, 0.37);

      for (int b = 0; b < boxes_; ++b) {
        const Box& box = boxes_info_[b];
        d_->qpos[box.x_qpos] = random_.Uniform(0.1, 0.3);
        d_->qpos[box.z_qpos] = random_.Uniform(0, 0.7);
        d_->qpos[box.y_qpos] = random_.Uniform(0, 2 * std::numbers::pi);
      }

      ForwardWithoutActuation();
    } while (d_->ncon > 0);
  }

  void WriteObservation(const State& state) override {
    arm_.WriteJointPos(d_, state["obs:arm_pos"_].Data<double>());
    arm_.WriteJointVel(d_, state["obs:arm_vel"_].Data<double>());
    // np.log1p(sensordata): one call on all of it (the 5 touch sensors).
    numpy_exact::NumpyLog1p(d_->sensordata, state["obs:touch"_].Data<double>(), m_.nsensordata);
    PlanarArm::WriteBody2dPose(d_, hand_, state["obs:hand_pos"_].Data<double>());
    double* box_pos = state["obs:box_pos"_].Data<double>();
    double* box_vel = state["obs:box_vel"_].Data<double>();
    for (int b = 0; b < boxes_; ++b) {
      const Box& box = boxes_info_[b];
      PlanarArm::WriteBody2dPose(d_, box.body, box_pos + 4 * b);
      box_vel[3 * b] = d_->qvel[box.x_dof];
      box_vel[3 * b + 1] = d_->qvel[box.y_dof];
      box_vel[3 * b + 2] = d_->qvel[box.z_dof];
    }
    PlanarArm::WriteBody2dPose(d_, target_, state["obs:target_pos"_].Data<double>(),
                               /*orientation=*/false);
  }

  double Reward() override {
    double nearest = std::numeric_limits<double>::infinity();
    for (int b = 0; b < boxes_; ++b) {
      nearest = std::min(nearest, PlanarArm::SiteDistance(d_, boxes_info_[b].site, target_site_));
    }
    const double box_is_close = dm_rewards::Tolerance(nearest, 0, 0, 2 * box_size_);
    const double hand_to_target = PlanarArm::SiteDistance(d_, grasp_, target_site_);
    const double hand_is_far = dm_rewards::Tolerance(
        hand_to_target, kStackerHandAway, std::numeric_limits<double>::infinity(), kPlanarArmClose);
    return box_is_close * hand_is_far;
  }

 private:
  // A box's body, site and joints (slides x and z, hinge y).
  struct Box {
    int body = -1;
    int site = -1;
    int x_qpos = -1;
    int z_qpos = -1;
    int y_qpos = -1;
    int x_dof = -1;
    int y_dof = -1;
    int z_dof = -1;
  };

  const int boxes_;
  const PlanarArm arm_;
  const int hand_;
  const int target_;
  const int target_site_;
  const int grasp_;
  const double box_size_;
  std::array<Box, kStackerMaxBoxes> boxes_info_{};
};

using StackerEnvPool = AsyncEnvPool<StackerEnv>;

}  // namespace parallel_pool::dm_control

#endif  // PARALLEL_POOL_DM_CONTROL_STACKER_H_
