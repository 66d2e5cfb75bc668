// PointMazeEnv: gymnasium-robotics' PointMaze-v3 (envs/maze/point_maze.py
// on maze_v4.MazeEnv, the agent envs/maze/point.py): a force-actuated ball
// (assets/point/point.xml, two slide joints) that must reach a goal in a
// maze of 1 m cells.
//
// Observation (a Dict): "observation" float64 [4] = qpos x, y, qvel x, y;
//   "achieved_goal" [2] = qpos x, y; "desired_goal" [2] = the goal.
// Action "action": float32 [2] in [-1, 1], clipped to it.
// Step: qvel clipped to [-5, 5], then ctrl = action, mj_step (frame_skip 1,
//   dt 0.01).
// Reward: sparse 1 within 0.45 of the goal, else 0; dense exp(-distance).
// Terminated: within 0.45 of the goal, unless continuing_task (the default).
// Info: success (within 0.45 of the goal).
// Render: the free camera at distance 12.5 for maps of more than 8 rows,
//   else 8.8, looking at the median of the geoms.
#ifndef PARALLEL_POOL_ROBOTICS_POINT_MAZE_H_
#define PARALLEL_POOL_ROBOTICS_POINT_MAZE_H_

#include <algorithm>
#include <string>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/robotics/maze_env.h"

namespace parallel_pool::robotics {

// The ball's speed limit per axis (point.py's _clip_velocity).
inline constexpr double kPointMaxSpeed = 5.0;

class PointMazeEnvFns {
 public:
  static auto DefaultConfig() {
    return ConcatDict(MazeConfig(), MakeDict("xml_file"_.Bind(std::string("point/point.xml")),
                                             "frame_skip"_.Bind(1), "maze_size_scaling"_.Bind(1.0),
                                             "maze_height"_.Bind(0.4)));
  }

  template <typename Config>
  static mujoco_engine::ModelPtr Model(const Config& conf) {
    return MazeModelOf(conf);
  }

  template <typename Config>
  static void Validate(const Config& conf) {
    ValidateMazeConfig(conf);
    RequireConfig(Model(conf)->nq == 2 && Model(conf)->nv == 2 && Model(conf)->nu == 2,
                  "xml_file: the point's model has two slide joints and two motors");
  }

  template <typename Config>
  static auto StateSpec(const Config& /*conf*/) {
    return GoalStateSpec(4, 2, "info:success"_.Bind(Spec<bool>({})));
  }

  template <typename Config>
  static auto ActionSpec(const Config& conf) {
    return mujoco::MujocoActionSpec(*Model(conf));
  }
};

using PointMazeEnvSpec = EnvSpec<PointMazeEnvFns>;

class PointMazeEnv : public MazeEnv<PointMazeEnvSpec> {
 public:
  PointMazeEnv(const Spec& spec, int env_id) : MazeEnv(spec, env_id, /*uses_cfrc=*/false) {
    camera_config_ = GymCamera{.distance = task_.maze().length() > 8 ? 12.5 : 8.8};
  }

 protected:
  void Reset() override {
    ResetEpisode();
    terminated_ = false;
    Write(0.0, Achieved(), task_.goal());
  }

  void Step(const Action& action) override {
    const mujoco::ActionT* raw = ActionOf(action);
    mujoco::ActionT clipped[2];
    for (int i = 0; i < 2; ++i) clipped[i] = std::min(std::max(raw[i], -1.0F), 1.0F);
    // _clip_velocity: set_state(qpos, clip(qvel)), whose mj_forward is left
    // out: mj_step begins with the same forward pass from the same qpos, qvel
    // and warm start (a forward writes qacc_warmstart only where there are no
    // constraints, and then mj_step's own forward writes the same value), so
    // every value it computes is recomputed, equal, before it is used.
    for (int i = 0; i < m_.nv; ++i) {
      d_->qvel[i] = mujoco::Clip(d_->qvel[i], -kPointMaxSpeed, kPointMaxSpeed);
    }
    DoSimulation(clipped);
    const Xy achieved = Achieved();
    const GoalStep goal = StepGoal(achieved);
    terminated_ = goal.terminated;
    Write(goal.reward, achieved, goal.desired);
    UpdateGoal(achieved);
  }

  bool IsTerminated() override { return terminated_; }

 private:
  void Write(double reward, const Xy& achieved, const Xy& desired) {
    State& state = Allocate();
    state["reward"_] = reward;
    mujoco::ObsWriter obs(state["obs:observation"_].Data<double>(), 4);
    obs.Copy(d_->qpos, 2);
    obs.Copy(d_->qvel, 2);
    obs.Done();
    WriteGoals(state, achieved, desired);
    state["info:success"_] = task_.Success(achieved);
  }

  bool terminated_ = false;
};

using PointMazeEnvPool = AsyncEnvPool<PointMazeEnv>;

}  // namespace parallel_pool::robotics

#endif  // PARALLEL_POOL_ROBOTICS_POINT_MAZE_H_
