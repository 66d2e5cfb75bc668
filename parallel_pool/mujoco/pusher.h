// PusherEnv: gymnasium's Pusher-v4 (pusher.xml) and -v5 (pusher_v5.xml); a
// 7-joint arm pushing a cylinder to a goal on a table.
//
// Observation "obs": float64 [23] = qpos[:7], qvel[:7], and the frame
//   positions of the bodies tips_arm, object and goal.
// Action "action": float32 [7] in [-2, 2].
// Reward: reward_dist + reward_ctrl + reward_near, where
//   reward_near = -|object - tips_arm| * reward_near_weight,
//   reward_dist = -|object - goal| * reward_dist_weight,
//   reward_ctrl = -sum(action^2) * reward_control_weight;
//   v5 measures after the step; v4 before it, and reports reward_ctrl and
//   reward_near in info without their weights, as gymnasium's v4.
// Never terminates (truncated at 100 steps).
// Reset: qpos = init with the cylinder at (U(-0.3, 0), U(-0.2, 0.2)), drawn
//   again until more than 0.17 from the goal at (0, 0); qvel = U(-0.005,
//   0.005), 0 for the cylinder and the goal.
// Info: reward_dist, reward_ctrl, reward_near; qpos0/qvel0.
//
// gymnasium 1.4 refuses to build Pusher-v4 under MuJoCo >= 3 (its model
// behaves differently there, gymnasium issue 950); this one runs the v4
// model and reward on the pinned MuJoCo (3.17.0), as EnvPool runs it on MuJoCo 3.
#ifndef PARALLEL_POOL_MUJOCO_PUSHER_H_
#define PARALLEL_POOL_MUJOCO_PUSHER_H_

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/mujoco_engine/gym_env.h"
#include "parallel_pool/numpy_exact/numpy_math.h"

namespace parallel_pool::mujoco {

class PusherEnvFns : public GymTaskFns {
 public:
  // gymnasium's DEFAULT_CAMERA_CONFIG (v4 and v5), for render().
  static GymCamera DefaultCamera(int /*version*/) { return GymCamera{.distance = 4.0}; }

  static auto DefaultConfig() {
    return MakeDict("version"_.Bind(5), "lockstep_info"_.Bind(false), "reward_threshold"_.Bind(0.0),
                    "xml_file"_.Bind(std::string("pusher_v5.xml")), "frame_skip"_.Bind(5),
                    "reward_near_weight"_.Bind(0.5), "reward_dist_weight"_.Bind(1.0),
                    "reward_control_weight"_.Bind(0.1));
  }

  template <typename Config>
  static void Validate(const Config& conf) {
    ValidateGymConfig(conf);
    mujoco_engine::ModelPtr model = ModelOf(conf);
    RequireConfig(model->nq >= 7 && model->nv >= 7, "xml_file: the model needs 7 arm joints");
    for (const char* body : {"tips_arm", "object", "goal"}) BodyId(*model, body);
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    mujoco_engine::ModelPtr model = ModelOf(conf);
    return GymStateSpec(conf, *model, 23, "info:reward_dist"_.Bind(Spec<double>({})),
                        "info:reward_ctrl"_.Bind(Spec<double>({})),
                        "info:reward_near"_.Bind(OnlyInVersion(5, conf, Spec<double>({}))));
  }
};

using PusherEnvSpec = EnvSpec<PusherEnvFns>;

class PusherEnv : public MujocoGymEnv<PusherEnvSpec> {
 public:
  PusherEnv(const Spec& spec, int env_id)
      : MujocoGymEnv(spec, env_id, /*uses_cfrc=*/false),
        near_weight_(spec.config["reward_near_weight"_]),
        dist_weight_(spec.config["reward_dist_weight"_]),
        control_weight_(spec.config["reward_control_weight"_]),
        tips_arm_(BodyId(m_, "tips_arm")),
        object_(BodyId(m_, "object")),
        goal_(BodyId(m_, "goal")) {}

 protected:
  void Reset() override {
    ResetData();
    std::vector<double> qpos = init_qpos_;
    const double goal[2] = {0.0, 0.0};
    double cylinder[2];
    while (true) {  // gymnasium draws until the cylinder is far enough from the goal
      cylinder[0] = Uniform(-0.3, 0.0);
      cylinder[1] = Uniform(-0.2, 0.2);
      const double offset[2] = {cylinder[0] - goal[0], cylinder[1] - goal[1]};
      if (numpy_exact::NumpyNorm(offset, 2) > 0.17) break;  // np.linalg.norm, BLAS-rounded
    }
    std::size_t nq = qpos.size();
    qpos[nq - 4] = cylinder[0];
    qpos[nq - 3] = cylinder[1];
    qpos[nq - 2] = goal[0];
    qpos[nq - 1] = goal[1];
    std::vector<double> qvel = UniformAround(init_qvel_, -0.005, 0.005);
    std::fill(qvel.end() - 4, qvel.end(), 0.0);
    SetState(qpos, qvel);
    Write(0.0, Rewards{});
  }

  void Step(const Action& action) override {
    const ActionT* a = ActionOf(action);
    Rewards rewards;
    if (v4()) {
      // Measured before the step; the weights apply to the total only.
      double near = -Distance(object_, tips_arm_);
      double dist = -Distance(object_, goal_);
      // reward_ctrl = -np.square(a).sum() is float32, and so is the
      // weight's product with it (0.1 * reward_ctrl); adding it to the
      // float64 terms widens it.
      const float ctrl = -SumOfSquares(a);
      const float weighted_ctrl = F32Weight(control_weight_) * ctrl;
      rewards.total = dist * dist_weight_ + weighted_ctrl + near_weight_ * near;
      rewards.dist = dist;
      rewards.ctrl = ctrl;
      rewards.near = near;
      DoSimulation(a);
    } else {
      DoSimulation(a);
      rewards.near = -Distance(object_, tips_arm_) * near_weight_;
      rewards.dist = -Distance(object_, goal_) * dist_weight_;
      // float32, as gymnasium's -np.square(action).sum() * weight.
      rewards.ctrl = -SumOfSquares(a) * F32Weight(control_weight_);
      rewards.total = rewards.dist + rewards.ctrl + rewards.near;
    }
    Write(rewards.total, rewards);
  }

  bool IsTerminated() override { return false; }

 private:
  struct Rewards {
    double total = 0.0;
    double dist = 0.0;
    double ctrl = 0.0;
    double near = 0.0;
  };

  // np.linalg.norm(xpos[a] - xpos[b]).
  double Distance(int a, int b) const {
    double v[3];
    for (int k = 0; k < 3; ++k) v[k] = d_->xpos[3 * a + k] - d_->xpos[3 * b + k];
    return numpy_exact::NumpyNorm(v, 3);
  }

  void Write(double reward, const Rewards& rewards) {
    State state = AllocateWithReward(reward);
    ObsWriter obs = ObsOf(state);
    obs.Copy(d_->qpos, 7);
    obs.Copy(d_->qvel, 7);
    obs.Copy(d_->xpos + 3 * tips_arm_, 3);
    obs.Copy(d_->xpos + 3 * object_, 3);
    obs.Copy(d_->xpos + 3 * goal_, 3);
    obs.Done();
    state["info:reward_dist"_] = rewards.dist;
    state["info:reward_ctrl"_] = rewards.ctrl;
    state["info:reward_near"_] = rewards.near;
  }

  const double near_weight_;
  const double dist_weight_;
  const double control_weight_;
  const int tips_arm_;
  const int object_;
  const int goal_;
};

using PusherEnvPool = AsyncEnvPool<PusherEnv>;

}  // namespace parallel_pool::mujoco

#endif  // PARALLEL_POOL_MUJOCO_PUSHER_H_
