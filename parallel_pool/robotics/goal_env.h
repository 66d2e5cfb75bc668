// What gymnasium-robotics' goal-conditioned envs (its GoalEnv: the mazes,
// Fetch, ...) share: the Dict observation of the agent's own observation and
// the achieved and desired goals, and the reward_type keyword.
#ifndef PARALLEL_POOL_ROBOTICS_GOAL_ENV_H_
#define PARALLEL_POOL_ROBOTICS_GOAL_ENV_H_

#include <stdexcept>
#include <string>

#include "parallel_pool/core/env_spec.h"
#include "parallel_pool/mujoco_engine/gym_env.h"

namespace parallel_pool::robotics {

// The observation: "observation" of `size` values, "achieved_goal" and
// "desired_goal" of `goal_size` each (all float64, unbounded); then the
// env's info fields.
template <typename... Infos>
auto GoalStateSpec(int size, int goal_size, Infos... infos) {
  return MakeDict("obs:observation"_.Bind(mujoco::Unbounded(size)),
                  "obs:achieved_goal"_.Bind(mujoco::Unbounded(goal_size)),
                  "obs:desired_goal"_.Bind(mujoco::Unbounded(goal_size)), infos...);
}

// The reference's reward_type keyword, checked: true for "dense".
inline bool IsDense(const std::string& reward_type) {
  if (reward_type != "dense" && reward_type != "sparse") {
    throw std::invalid_argument("reward_type: expected 'sparse' or 'dense', got '" + reward_type +
                                "'");
  }
  return reward_type == "dense";
}

}  // namespace parallel_pool::robotics

#endif  // PARALLEL_POOL_ROBOTICS_GOAL_ENV_H_
