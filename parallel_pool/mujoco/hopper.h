// HopperEnv: gymnasium's Hopper-v4 and -v5 (hopper.xml; a planar one-legged
// hopper).
//
// Observation "obs": float64 [11] = qpos without x (all 6 with
//   exclude_current_positions_from_observation=False), clip(qvel, -10, 10).
// Action "action": float32 [3] in [-1, 1].
// Reward: forward_reward_weight * dx/dt + healthy - ctrl_cost_weight *
//   sum(action^2), where healthy = healthy_reward if healthy (v5), or if
//   healthy or terminate_when_unhealthy (v4's legacy rule).
// Healthy: every element of (qpos[2:], qvel) strictly inside
//   healthy_state_range, z = qpos[1] strictly inside healthy_z_range and
//   angle = qpos[2] strictly inside healthy_angle_range.
// Terminated: unhealthy and terminate_when_unhealthy.
// Reset: qpos = init + U(-s, s), qvel = U(-s, s), s = reset_noise_scale.
// Info: x_position, x_velocity, z_distance_from_origin, reward_forward,
//   reward_ctrl, reward_survive (gymnasium v4 returns only the first two);
//   qpos0/qvel0.
#ifndef PARALLEL_POOL_MUJOCO_HOPPER_H_
#define PARALLEL_POOL_MUJOCO_HOPPER_H_

#include <limits>
#include <string>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/mujoco/planar_walker.h"

namespace parallel_pool::mujoco {

// Observation, reward, termination, reset and info: planar_walker.h.
struct HopperEnvFns : PlanarWalkerFns {
  // gymnasium's DEFAULT_CAMERA_CONFIG (v4 and v5), for render().
  static GymCamera DefaultCamera(int /*version*/) {
    return GymCamera{
        .distance = 3.0, .lookat = std::array<double, 3>{0.0, 0.0, 1.15}, .elevation = -20.0};
  }

  static auto DefaultConfig() {
    return MakeDict(
        "version"_.Bind(5), "lockstep_info"_.Bind(false), "reward_threshold"_.Bind(3800.0),
        "xml_file"_.Bind(std::string("hopper.xml")), "frame_skip"_.Bind(4),
        "forward_reward_weight"_.Bind(1.0), "ctrl_cost_weight"_.Bind(1e-3),
        "healthy_reward"_.Bind(1.0), "terminate_when_unhealthy"_.Bind(true),
        "healthy_state_range"_.Bind(std::vector<double>{-100.0, 100.0}),
        "healthy_z_range"_.Bind(std::vector<double>{0.7, std::numeric_limits<double>::infinity()}),
        "healthy_angle_range"_.Bind(std::vector<double>{-0.2, 0.2}),
        "reset_noise_scale"_.Bind(5e-3), "exclude_current_positions_from_observation"_.Bind(true));
  }
};

using HopperEnvSpec = EnvSpec<HopperEnvFns>;
using HopperEnv = PlanarWalkerEnv<HopperEnvSpec>;
using HopperEnvPool = AsyncEnvPool<HopperEnv>;

}  // namespace parallel_pool::mujoco

#endif  // PARALLEL_POOL_MUJOCO_HOPPER_H_
