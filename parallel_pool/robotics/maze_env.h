// What the maze envs (PointMaze, AntMaze) share on top of the MuJoCo
// family's MujocoGymEnv: the maze's config keys and checks, the model of the
// agent in its maze, the goal-conditioned observation and the goal marker's
// place in renders.
#ifndef PARALLEL_POOL_ROBOTICS_MAZE_ENV_H_
#define PARALLEL_POOL_ROBOTICS_MAZE_ENV_H_

#include <cmath>
#include <string>
#include <vector>

#include "parallel_pool/core/env_spec.h"
#include "parallel_pool/mujoco_engine/gym_env.h"
#include "parallel_pool/robotics/goal_env.h"
#include "parallel_pool/robotics/maze_map.h"
#include "parallel_pool/robotics/maze_model.h"
#include "parallel_pool/robotics/maze_task.h"

namespace parallel_pool::robotics {

using mujoco::GymCamera;

// The keys every maze env has, with gymnasium-robotics' MazeEnv defaults;
// the env adds its agent's (xml_file, frame_skip, maze_size_scaling,
// maze_height, ...). maze_map: MazeMap's text (registration.py also takes
// the reference's list of lists). An env that may run the first maze's
// rules (maze_task.h; AntMaze-v3) adds legacy_maze.
inline auto MazeConfig() {
  return MakeDict("maze_map"_.Bind(std::string("11111/10001/11101/10001/11111")),
                  "reward_type"_.Bind(std::string("sparse")), "continuing_task"_.Bind(true),
                  "reset_target"_.Bind(false), "position_noise_range"_.Bind(0.25));
}

template <typename Config>
bool LegacyMaze(const Config& conf) {
  return mujoco::ConfigOr(conf, "legacy_maze"_, false);
}

template <typename Config>
MazeMap MazeOf(const Config& conf) {
  return MazeMap(conf["maze_map"_], conf["maze_size_scaling"_], LegacyMaze(conf));
}

// The agent's model file with the maze around it (maze_model.h).
template <typename Config>
mujoco_engine::ModelPtr MazeModelOf(const Config& conf) {
  return LoadMazeModel(mujoco_engine::ModelPath(conf["base_path"_], conf["xml_file"_]),
                       MazeOf(conf), conf["maze_height"_]);
}

template <typename Config>
void ValidateMazeConfig(const Config& conf) {
  RequireConfig(conf["frame_skip"_] >= 1, "frame_skip: must be >= 1");
  IsDense(conf["reward_type"_]);
  RequireConfig(std::isfinite(double{conf["position_noise_range"_]}),
                "position_noise_range: must be finite");
  RequireConfig(conf["maze_height"_] > 0.0, "maze_height: must be > 0");
  RequireConfig(!(LegacyMaze(conf) && conf["reset_target"_]),
                "reset_target: the first maze (legacy_maze, AntMaze-v3) has no such keyword");
  MazeModelOf(conf);
}

// A maze env: MujocoGymEnv with the maze task beside it.
template <typename EnvSpecT>
class MazeEnv : public mujoco::MujocoGymEnv<EnvSpecT> {
 public:
  using Base = mujoco::MujocoGymEnv<EnvSpecT>;
  using typename Base::Spec;

  MazeEnv(const Spec& spec, int env_id, bool uses_cfrc)
      : Base(spec, env_id, uses_cfrc),
        task_(MazeOf(spec.config), spec.config["position_noise_range"_],
              spec.config["continuing_task"_], spec.config["reset_target"_],
              LegacyMaze(spec.config)),
        dense_(IsDense(spec.config["reward_type"_])),
        legacy_(LegacyMaze(spec.config)),
        marker_height_(double{spec.config["maze_height"_]} / 2 * task_.maze().scaling()),
        target_site_(mj_name2id(&this->m_, mjOBJ_SITE, "target")) {}

  // The frame: the goal marker is the model's "target" site, which the
  // reference moves (model.site_pos) at each new goal; sites on the world
  // body sit where site_pos says once the kinematics ran, so it is put in
  // this env's data where the reference's last kinematics put it.
  void Render(const RenderRequest& request, std::uint8_t* rgb) {
    double* xpos = this->d_->site_xpos + 3 * target_site_;
    xpos[0] = marker_[0];
    xpos[1] = marker_[1];
    xpos[2] = marker_height_;
    Base::Render(request, rgb);
  }

 protected:
  // A maze reset: mj_resetData, the reset's draws (goal, start), and the
  // agent at the start with its initial velocity (set_state: mj_forward);
  // the marker goes to the goal.
  void ResetEpisode() {
    this->ResetData();
    task_.Reset(&this->np_random());
    marker_ = task_.goal();
    std::vector<double> qpos = this->init_qpos_;
    qpos[0] = task_.start()[0];
    qpos[1] = task_.start()[1];
    this->SetState(qpos, this->init_qvel_);
  }

  // The agent's x, y: qpos[0:2], the achieved goal.
  Xy Achieved() const { return {this->d_->qpos[0], this->d_->qpos[1]}; }

  // A step's goal bookkeeping once the agent moved to `achieved`, in the
  // reference's order: terminated, then the reward, then update_goal (the
  // first maze draws its new goal in terminated, before the reward). The
  // observation's desired goal is the one before any change; the marker
  // stays where this step's kinematics saw it.
  struct GoalStep {
    Xy desired;
    double reward;
    bool terminated;
  };
  GoalStep StepGoal(const Xy& achieved) {
    GoalStep out{task_.goal(), 0.0, false};
    marker_ = task_.goal();
    out.terminated =
        legacy_ ? task_.LegacyTerminated(achieved, &this->np_random()) : task_.Terminated(achieved);
    out.reward = MazeReward(dense_, achieved, task_.goal());
    return out;
  }

  // update_goal (the second maze's), after the step's state is written.
  void UpdateGoal(const Xy& achieved) {
    if (!legacy_) task_.UpdateGoal(achieved, &this->np_random());
  }

  // The observation's goals: achieved (the agent's x, y) and desired.
  template <typename State>
  static void WriteGoals(const State& state, const Xy& achieved, const Xy& desired) {
    state["obs:achieved_goal"_].Assign(achieved.data(), 2);
    state["obs:desired_goal"_].Assign(desired.data(), 2);
  }

  MazeTask task_;
  const bool dense_;
  const bool legacy_;

 private:
  const double marker_height_;
  const int target_site_;
  Xy marker_{0.0, 0.0};
};

}  // namespace parallel_pool::robotics

#endif  // PARALLEL_POOL_ROBOTICS_MAZE_ENV_H_
