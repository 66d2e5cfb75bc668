// AntMazeEnv: gymnasium-robotics' AntMaze (envs/maze/ant_maze_v4.py,
// ant_maze_v5.py, ant_maze_v3.py): gymnasium's Ant (its v4 for AntMaze-v3
// and -v4, its v5 for -v5) in a maze of 4 m cells, 1 m high walls.
//
// The ant runs exactly as the MuJoCo family's Ant of that version
// (mujoco/ant.h's AntBody) on the maze model, started at the maze's start
// with no reset noise (the reference's reset_noise_scale=0, whose draws on
// the ant's own np_random never change a value, so none are made here).
// Observation (a Dict): "observation" = the ant's observation without the
//   root's x, y (v3/v4: 27, v5: 105 with the contact forces);
//   "achieved_goal" = the root's x, y; "desired_goal" = the goal.
// Action "action": float32 [8] in [-1, 1] (unclipped, as the Ant's).
// Reward, terminated: the maze's (maze_task.h); the ant's own are dropped.
// Info: the ant's step info of its version (reward_ctrl in float32 as
//   gymnasium computes it for a float32 action), and success (v4, v5).
// AntMaze-v3 runs the first maze's rules (legacy_maze; maze_task.h).
#ifndef PARALLEL_POOL_ROBOTICS_ANT_MAZE_H_
#define PARALLEL_POOL_ROBOTICS_ANT_MAZE_H_

#include <string>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/mujoco_engine/gym_ant.h"
#include "parallel_pool/robotics/maze_env.h"

namespace parallel_pool::robotics {

class AntMazeEnvFns {
 public:
  // The ant's keys with gymnasium's Ant defaults (xml_file is gymnasium's
  // ant.xml, base_path its assets folder), then the maze's.
  static auto DefaultConfig() {
    return ConcatDict(
        ConcatDict(MazeConfig(),
                   MakeDict("legacy_maze"_.Bind(false), "version"_.Bind(5),
                            "xml_file"_.Bind(std::string("ant.xml")), "frame_skip"_.Bind(5),
                            "maze_size_scaling"_.Bind(4.0), "maze_height"_.Bind(0.5))),
        MakeDict("forward_reward_weight"_.Bind(1.0), "ctrl_cost_weight"_.Bind(0.5),
                 "use_contact_forces"_.Bind(false), "contact_cost_weight"_.Bind(5e-4),
                 "healthy_reward"_.Bind(1.0), "main_body"_.Bind(1),
                 "terminate_when_unhealthy"_.Bind(true),
                 "healthy_z_range"_.Bind(std::vector<double>{0.2, 1.0}),
                 "contact_force_range"_.Bind(std::vector<double>{-1.0, 1.0}),
                 "include_cfrc_ext_in_observation"_.Bind(true)));
  }

  template <typename Config>
  static mujoco_engine::ModelPtr Model(const Config& conf) {
    return MazeModelOf(conf);
  }

  template <typename Config>
  static void Validate(const Config& conf) {
    mujoco::AntEnvFns::Validate(conf);  // the ant's keys, on gymnasium's ant.xml
    ValidateMazeConfig(conf);
  }

  // The ant's observation without the root's x, y.
  template <typename Config>
  static int ObsSize(const Config& conf, const mjModel& m) {
    return m.nq - 2 + m.nv + mujoco::AntEnvFns::ContactForcesSize(conf, m);
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    const Spec<double> value({});
    return GoalStateSpec(ObsSize(conf, *Model(conf)), 2, "info:x_position"_.Bind(value),
                         "info:y_position"_.Bind(value), "info:distance_from_origin"_.Bind(value),
                         "info:x_velocity"_.Bind(value), "info:y_velocity"_.Bind(value),
                         "info:reward_forward"_.Bind(value), "info:reward_ctrl"_.Bind(value),
                         "info:reward_contact"_.Bind(mujoco::OnlyInVersion(5, conf, value)),
                         "info:reward_survive"_.Bind(value),
                         "info:forward_reward"_.Bind(mujoco::OnlyInVersion(4, conf, value)),
                         "info:success"_.Bind(Spec<bool>({}).OnlyIf(!LegacyMaze(conf))));
  }

  template <typename Config>
  static auto ActionSpec(const Config& conf) {
    return mujoco::MujocoActionSpec(*Model(conf));
  }
};

using AntMazeEnvSpec = EnvSpec<AntMazeEnvFns>;

class AntMazeEnv : public mujoco::AntBody<AntMazeEnvSpec, MazeEnv<AntMazeEnvSpec>> {
 public:
  AntMazeEnv(const Spec& spec, int env_id) : AntBody(spec, env_id) {
    camera_config_ = GymCamera{.distance = 4.0};  // gymnasium's Ant's DEFAULT_CAMERA_CONFIG
  }

 protected:
  void Reset() override {
    ResetEpisode();
    terminated_ = false;
    Write(0.0, mujoco::LocomotionInfo::AtReset(*d_), Achieved(), task_.goal());
  }

  void Step(const Action& action) override {
    const AntStep ant = Simulate(ActionOf(action));
    const Xy achieved = Achieved();
    const GoalStep goal = StepGoal(achieved);
    terminated_ = goal.terminated;
    Write(goal.reward, ant.info, achieved, goal.desired);
    UpdateGoal(achieved);
  }

  bool IsTerminated() override { return terminated_; }

 private:
  void Write(double reward, const mujoco::LocomotionInfo& info, const Xy& achieved,
             const Xy& desired) {
    State& state = Allocate();
    state["reward"_] = reward;
    const auto& observation = state["obs:observation"_];
    mujoco::ObsWriter obs(observation.Data<double>(), observation.size());
    obs.Copy(d_->qpos + 2, m_.nq - 2);
    obs.Copy(d_->qvel, m_.nv);
    WriteContactForces(&obs);
    obs.Done();
    WriteGoals(state, achieved, desired);
    WriteInfo(state, info);
    state["info:success"_] = task_.Success(achieved);
  }

  bool terminated_ = false;
};

using AntMazeEnvPool = AsyncEnvPool<AntMazeEnv>;

}  // namespace parallel_pool::robotics

#endif  // PARALLEL_POOL_ROBOTICS_ANT_MAZE_H_
