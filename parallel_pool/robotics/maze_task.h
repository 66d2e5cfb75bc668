// The goal-reaching task every maze env shares (gymnasium-robotics'
// MazeEnv, envs/maze/maze_v4.py): where the goal and the start are drawn,
// the reward, success and termination. Draws come from the env's np_random
// (NumPy's PCG64 Generator), in the reference's order:
//   reset: goal = goals[integers(0, n)] + noise; then start = goal, redrawn
//          as resets[integers(0, m)] while within 0.5 * scaling of the goal
//          (np.linalg.norm); then start + noise.
//   noise: x += uniform(-r, r) * scaling, then y likewise, r =
//          position_noise_range.
// The first maze (envs/maze/maze.py, which AntMaze-v3 runs; `legacy`)
// differs: a start need only be 0.5 from the goal whatever the scaling, there
// is no reset_target, and a continuing task draws a new goal (once, no loop)
// in compute_terminated whenever the agent is at the goal, before the reward.
// Distances round as NumPy's: np.linalg.norm(v, axis=-1) (the reward) is
// sqrt(x*x + y*y); np.linalg.norm(v) (success, termination, the start's
// check) is sqrt of BLAS ddot (numpy_math.h's NumpyNorm).
#ifndef PARALLEL_POOL_ROBOTICS_MAZE_TASK_H_
#define PARALLEL_POOL_ROBOTICS_MAZE_TASK_H_

#include <cmath>
#include <cstdint>

#include "parallel_pool/numpy_exact/numpy_generator.h"
#include "parallel_pool/numpy_exact/numpy_math.h"
#include "parallel_pool/numpy_exact/numpy_ufunc.h"
#include "parallel_pool/robotics/maze_map.h"

namespace parallel_pool::robotics {

// Within this distance of the goal counts as reaching it (the reference's 0.45).
inline constexpr double kGoalRadius = 0.45;

// np.linalg.norm(a - b) (no axis: BLAS's rounding).
inline double Distance(const Xy& a, const Xy& b) {
  const double d[2] = {a[0] - b[0], a[1] - b[1]};
  return numpy_exact::NumpyNorm(d, 2);
}

// np.linalg.norm(a - b, axis=-1): a sum of squares, no BLAS.
inline double RewardDistance(const Xy& a, const Xy& b) {
  const double d[2] = {a[0] - b[0], a[1] - b[1]};
  return std::sqrt(numpy_exact::NumpySumOfSquares(d, 2));
}

// compute_reward for reward_type "dense" (exp(-distance)) or "sparse" (1
// within the goal radius, else 0).
inline double MazeReward(bool dense, const Xy& achieved, const Xy& desired) {
  const double distance = RewardDistance(achieved, desired);
  return dense ? numpy_exact::NumpyExp(-distance) : (distance <= kGoalRadius ? 1.0 : 0.0);
}

class MazeTask {
 public:
  MazeTask(const MazeMap& maze, double position_noise_range, bool continuing_task,
           bool reset_target, bool legacy)
      : maze_(maze),
        noise_(position_noise_range),
        continuing_task_(continuing_task),
        reset_target_(reset_target),
        legacy_(legacy) {}

  const MazeMap& maze() const { return maze_; }

  // A reset's draws: the goal, then the start (both with noise).
  void Reset(numpy_exact::NumpyGenerator* np_random) {
    goal_ = WithNoise(DrawGoal(np_random), np_random);
    Xy start = goal_;
    const double away = legacy_ ? 0.5 : 0.5 * maze_.scaling();
    while (Distance(start, goal_) <= away) {
      start = maze_.resets()[Index(np_random, maze_.resets().size())];
    }
    start_ = WithNoise(start, np_random);
  }

  const Xy& goal() const { return goal_; }
  const Xy& start() const { return start_; }

  bool Success(const Xy& achieved) const { return Distance(achieved, goal_) <= kGoalRadius; }

  // compute_terminated: reaching the goal ends the episode unless the task
  // is continuing.
  bool Terminated(const Xy& achieved) const { return !continuing_task_ && Success(achieved); }

  // The first maze's compute_terminated: as Terminated, but a continuing
  // task at the goal draws a new one (if there is more than one).
  bool LegacyTerminated(const Xy& achieved, numpy_exact::NumpyGenerator* np_random) {
    if (!continuing_task_) return Success(achieved);
    if (Success(achieved) && maze_.goals().size() > 1) {
      goal_ = WithNoise(DrawGoal(np_random), np_random);
    }
    return false;
  }

  // update_goal: a continuing task with reset_target draws a new goal (away
  // from the agent) once the agent reaches it, if there is more than one.
  void UpdateGoal(const Xy& achieved, numpy_exact::NumpyGenerator* np_random) {
    if (!(continuing_task_ && reset_target_ && Success(achieved) && maze_.goals().size() > 1)) {
      return;
    }
    while (Success(achieved)) goal_ = WithNoise(DrawGoal(np_random), np_random);
  }

 private:
  static std::size_t Index(numpy_exact::NumpyGenerator* np_random, std::size_t n) {
    return static_cast<std::size_t>(np_random->Integers(0, static_cast<std::int64_t>(n)));
  }

  Xy DrawGoal(numpy_exact::NumpyGenerator* np_random) const {
    return maze_.goals()[Index(np_random, maze_.goals().size())];
  }

  Xy WithNoise(Xy xy, numpy_exact::NumpyGenerator* np_random) const {
    const double noise_x = np_random->Uniform(-noise_, noise_) * maze_.scaling();
    const double noise_y = np_random->Uniform(-noise_, noise_) * maze_.scaling();
    xy[0] += noise_x;
    xy[1] += noise_y;
    return xy;
  }

  MazeMap maze_;
  double noise_;
  bool continuing_task_;
  bool reset_target_;
  bool legacy_;
  Xy goal_{0.0, 0.0};
  Xy start_{0.0, 0.0};
};

}  // namespace parallel_pool::robotics

#endif  // PARALLEL_POOL_ROBOTICS_MAZE_TASK_H_
