// ReacherEnv: gymnasium's Reacher-v4 and -v5 (reacher.xml; a two-joint arm
// reaching for a target).
//
// Observation "obs": float64 = cos(joint angles), sin(joint angles), the
//   target's qpos, the joint velocities, and fingertip - target: v5 its x, y
//   (10 values), v4 also z (11 values).
// Action "action": float32 [2] in [-1, 1].
// Reward: reward_dist + reward_ctrl, where
//   reward_dist = -|fingertip - target| * reward_dist_weight,
//   reward_ctrl = -sum(action^2) * reward_control_weight;
//   v5 measures after the step, v4 before it (and reports both terms in
//   info without their weights, as gymnasium's v4).
// Never terminates (truncated at 50 steps).
// Reset: qpos = init + U(-0.1, 0.1), the target's replaced by a point drawn
//   uniformly in [-0.2, 0.2]^2 until inside the disc of radius 0.2;
//   qvel = U(-0.005, 0.005), 0 for the target.
// Info: reward_dist, reward_ctrl; qpos0/qvel0.
#ifndef PARALLEL_POOL_MUJOCO_REACHER_H_
#define PARALLEL_POOL_MUJOCO_REACHER_H_

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/mujoco_engine/gym_env.h"
#include "parallel_pool/numpy_exact/numpy_math.h"

namespace parallel_pool::mujoco {

class ReacherEnvFns : public GymTaskFns {
 public:
  static auto DefaultConfig() {
    return MakeDict("version"_.Bind(5), "lockstep_info"_.Bind(false),
                    "reward_threshold"_.Bind(-3.75), "xml_file"_.Bind(std::string("reacher.xml")),
                    "frame_skip"_.Bind(2), "reward_dist_weight"_.Bind(1.0),
                    "reward_control_weight"_.Bind(1.0));
  }

  template <typename Config>
  static int ObsSize(const Config& conf, const mjModel& m) {
    return 4 + (m.nq - 2) + 2 + (conf["version"_] == 4 ? 3 : 2);
  }

  template <typename Config>
  static void Validate(const Config& conf) {
    ValidateGymConfig(conf);
    mujoco_engine::ModelPtr model = ModelOf(conf);
    RequireConfig(model->nq >= 4 && model->nv >= 4,
                  "xml_file: the model needs 2 arm joints and a target");
    BodyId(*model, "fingertip");
    BodyId(*model, "target");
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    mujoco_engine::ModelPtr model = ModelOf(conf);
    return GymStateSpec(conf, *model, ObsSize(conf, *model),
                        "info:reward_dist"_.Bind(Spec<double>({})),
                        "info:reward_ctrl"_.Bind(Spec<double>({})));
  }
};

using ReacherEnvSpec = EnvSpec<ReacherEnvFns>;

class ReacherEnv : public MujocoGymEnv<ReacherEnvSpec> {
 public:
  ReacherEnv(const Spec& spec, int env_id)
      : MujocoGymEnv(spec, env_id, /*uses_cfrc=*/false),
        dist_weight_(spec.config["reward_dist_weight"_]),
        control_weight_(spec.config["reward_control_weight"_]),
        fingertip_(BodyId(m_, "fingertip")),
        target_(BodyId(m_, "target")) {}

 protected:
  void Reset() override {
    ResetData();
    std::vector<double> qpos = UniformAround(init_qpos_, -0.1, 0.1);
    double goal[2];
    do {
      goal[0] = Uniform(-0.2, 0.2);
      goal[1] = Uniform(-0.2, 0.2);
    } while (!(numpy_exact::NumpyNorm(goal, 2) < 0.2));  // np.linalg.norm, BLAS-rounded
    qpos[qpos.size() - 2] = goal[0];
    qpos[qpos.size() - 1] = goal[1];
    std::vector<double> qvel = UniformAround(init_qvel_, -0.005, 0.005);
    std::fill(qvel.end() - 2, qvel.end(), 0.0);
    SetState(qpos, qvel);
    Write(0.0, 0.0, 0.0);
  }

  void Step(const Action& action) override {
    const ActionT* a = ActionOf(action);
    double dist;
    double ctrl;
    double reward;
    if (v4()) {
      // Measured before the step; the weights apply to the total only.
      dist = -Distance();
      // float32, as gymnasium's -np.square(a).sum(); the weight (1 in
      // gymnasium's v4, which has none) multiplies it in float32 too.
      const float ctrl32 = -SumOfSquares(a);
      ctrl = ctrl32;
      reward = dist * dist_weight_ + ctrl32 * F32Weight(control_weight_);
      DoSimulation(a);
    } else {
      DoSimulation(a);
      dist = -Distance() * dist_weight_;
      // float32, as gymnasium's -np.square(action).sum() * weight.
      ctrl = -SumOfSquares(a) * F32Weight(control_weight_);
      reward = dist + ctrl;
    }
    Write(reward, dist, ctrl);
  }

  bool IsTerminated() override { return false; }

 private:
  // np.linalg.norm(fingertip - target).
  double Distance() const {
    double v[3];
    for (int k = 0; k < 3; ++k) v[k] = d_->xpos[3 * fingertip_ + k] - d_->xpos[3 * target_ + k];
    return numpy_exact::NumpyNorm(v, 3);
  }

  void Write(double reward, double dist, double ctrl) {
    State state = AllocateWithReward(reward);
    ObsWriter obs = ObsOf(state);
    for (int i = 0; i < 2; ++i) obs.Put(std::cos(d_->qpos[i]));
    for (int i = 0; i < 2; ++i) obs.Put(std::sin(d_->qpos[i]));
    obs.Copy(d_->qpos + 2, m_.nq - 2);
    obs.Copy(d_->qvel, 2);
    for (int k = 0; k < (v4() ? 3 : 2); ++k) {
      obs.Put(d_->xpos[3 * fingertip_ + k] - d_->xpos[3 * target_ + k]);
    }
    obs.Done();
    state["info:reward_dist"_] = dist;
    state["info:reward_ctrl"_] = ctrl;
  }

  const double dist_weight_;
  const double control_weight_;
  const int fingertip_;
  const int target_;
};

using ReacherEnvPool = AsyncEnvPool<ReacherEnv>;

}  // namespace parallel_pool::mujoco

#endif  // PARALLEL_POOL_MUJOCO_REACHER_H_
