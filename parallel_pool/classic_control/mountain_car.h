// MountainCarEnv: gymnasium's MountainCar-v0 (Moore's mountain car, discrete
// actions).
//
// An underpowered car sits in a valley of height sin(3x); each step it
// accelerates left, not at all, or right. Velocity is clipped to
// [-0.07, 0.07] and position to [-1.2, 0.6] (hitting the left wall stops the
// car). The episode terminates when position >= 0.5 and velocity >=
// goal_velocity. Reward -1 every step.
// Reset, observation, render() and info: mountain_car_base.h.
// Action "action": int in [0, 2]: accelerate left, don't, accelerate right.
#ifndef PARALLEL_POOL_CLASSIC_CONTROL_MOUNTAIN_CAR_H_
#define PARALLEL_POOL_CLASSIC_CONTROL_MOUNTAIN_CAR_H_

#include <algorithm>
#include <cmath>

#include "parallel_pool/classic_control/mountain_car_base.h"
#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/core/env.h"

namespace parallel_pool::classic_control {

inline constexpr double kMountainCarGoalPosition = 0.5;
inline constexpr double kMountainCarForce = 0.001;
inline constexpr double kMountainCarGravity = 0.0025;

class MountainCarEnvFns : public MountainCarFns {
 public:
  static auto DefaultConfig() { return MountainCarConfig(-110.0); }

  template <typename Config>
  static auto ActionSpec(const Config& /*conf*/) {
    return MakeDict("action"_.Bind(Spec<int>({-1}, {0, 2})));
  }
};

using MountainCarEnvSpec = EnvSpec<MountainCarEnvFns>;

class MountainCarEnv : public MountainCarEnvBase<MountainCarEnvSpec> {
 public:
  MountainCarEnv(const Spec& spec, int env_id)
      : MountainCarEnvBase(spec, env_id, kMountainCarGoalPosition) {}

 protected:
  void Reset() override {
    ResetCar();
    WriteState(0.0);
  }

  void Step(const Action& action) override {
    int a = action["action"_].Get<int>();
    // gymnasium's operation order: v += (a - 1) * force + cos(3 p) * (-gravity).
    velocity_ += (a - 1) * kMountainCarForce + std::cos(3 * position_) * (-kMountainCarGravity);
    velocity_ = std::clamp(velocity_, -kMountainCarMaxSpeed, kMountainCarMaxSpeed);
    position_ += velocity_;
    position_ = std::clamp(position_, kMountainCarMinPosition, kMountainCarMaxPosition);
    // The left wall is inelastic.
    if (position_ == kMountainCarMinPosition && velocity_ < 0) velocity_ = 0.0;
    WriteState(-1.0);
  }

  bool IsTerminated() override {
    return position_ >= kMountainCarGoalPosition && velocity_ >= goal_velocity_;
  }
};

using MountainCarEnvPool = AsyncEnvPool<MountainCarEnv>;

}  // namespace parallel_pool::classic_control

#endif  // PARALLEL_POOL_CLASSIC_CONTROL_MOUNTAIN_CAR_H_
