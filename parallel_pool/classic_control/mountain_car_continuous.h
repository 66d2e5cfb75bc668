// MountainCarContinuousEnv: gymnasium's MountainCarContinuous-v0.
//
// The mountain car with a continuous force in [-1, 1] (out-of-range actions
// are clipped for the physics, as gymnasium does; the energy penalty uses the
// raw action). The episode terminates when position >= 0.45 and velocity >=
// goal_velocity. Reward: 100 on reaching the goal, minus 0.1 * action^2 every
// step.
// Reset, observation, render() and info: mountain_car_base.h (info:state is
//   float64 after a reset, float32 values after a step, as in gymnasium).
// Action "action": float32 [1], the force.
//
// Precision. gymnasium stores this env's state as a float32 array after each
// step (but float64 after reset), and under NumPy 2 (NEP 50) a float32 scalar
// combined with a Python float stays float32. So most steps mix float32 and
// float64 arithmetic in a data-dependent way: a clipped force or velocity
// becomes a Python float (float64), an unclipped one stays float32.
// Step() follows that type by type so its results are bit-identical.
#ifndef PARALLEL_POOL_CLASSIC_CONTROL_MOUNTAIN_CAR_CONTINUOUS_H_
#define PARALLEL_POOL_CLASSIC_CONTROL_MOUNTAIN_CAR_CONTINUOUS_H_

#include <cmath>

#include "parallel_pool/classic_control/mountain_car_base.h"
#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/core/env.h"
#include "parallel_pool/numpy_exact/python_float.h"

namespace parallel_pool::classic_control {

inline constexpr float kMountainCarContinuousMinAction = -1.0F;
inline constexpr float kMountainCarContinuousMaxAction = 1.0F;
// Was 0.5 in the discrete env; 0.45 in Arnaud de Broissia's version.
inline constexpr double kMountainCarContinuousGoalPosition = 0.45;
inline constexpr double kMountainCarContinuousPower = 0.0015;
inline constexpr double kMountainCarContinuousGravity = 0.0025;
inline constexpr double kMountainCarContinuousGoalReward = 100.0;
inline constexpr double kMountainCarContinuousActionCost = 0.1;

class MountainCarContinuousEnvFns : public MountainCarFns {
 public:
  static auto DefaultConfig() { return MountainCarConfig(90.0); }

  template <typename Config>
  static auto ActionSpec(const Config& /*conf*/) {
    return MakeDict("action"_.Bind(
        Spec<float>({-1, 1}, {kMountainCarContinuousMinAction, kMountainCarContinuousMaxAction})));
  }
};

using MountainCarContinuousEnvSpec = EnvSpec<MountainCarContinuousEnvFns>;

class MountainCarContinuousEnv : public MountainCarEnvBase<MountainCarContinuousEnvSpec> {
 public:
  MountainCarContinuousEnv(const Spec& spec, int env_id)
      : MountainCarEnvBase(spec, env_id, kMountainCarContinuousGoalPosition) {}

 protected:
  void Reset() override {
    ResetCar();
    state_is_float32_ = false;
    terminated_ = false;
    WriteState(0.0);
  }

  void Step(const Action& action) override {
    const float a = action["action"_].Data<float>()[0];
    // The state's NumPy type this step: float32, or float64 right after reset.
    const bool f32 = state_is_float32_;

    // force = min(max(a, -1.0), 1.0) keeps the float32 `a` unless it clips,
    // and then is the Python float bound.
    const bool force_is_f32 =
        !(kMountainCarContinuousMinAction > a) && !(kMountainCarContinuousMaxAction < a);
    const double force = force_is_f32 ? a
                         : a < kMountainCarContinuousMinAction
                             ? double{kMountainCarContinuousMinAction}
                             : double{kMountainCarContinuousMaxAction};

    // velocity += force * power - 0.0025 * math.cos(3 * position)
    const double three_p =
        f32 ? static_cast<double>(3.0F * static_cast<float>(position_)) : 3 * position_;
    const double gravity_term = kMountainCarContinuousGravity * std::cos(three_p);
    double acceleration;
    if (force_is_f32) {
      float push = a * static_cast<float>(kMountainCarContinuousPower);
      acceleration = push - static_cast<float>(gravity_term);  // float32 op Python float
    } else {
      acceleration = force * kMountainCarContinuousPower - gravity_term;
    }
    double velocity =
        f32 ? static_cast<double>(static_cast<float>(velocity_) + static_cast<float>(acceleration))
            : velocity_ + acceleration;

    // A clipped value becomes a Python float; comparisons of a float32 with
    // a Python float happen in float32.
    bool velocity_is_py = false;
    if (Greater(velocity, f32, kMountainCarMaxSpeed)) {
      velocity = kMountainCarMaxSpeed;
      velocity_is_py = true;
    }
    if (Less(velocity, f32 && !velocity_is_py, -kMountainCarMaxSpeed)) {
      velocity = -kMountainCarMaxSpeed;
      velocity_is_py = true;
    }

    double position =
        f32 ? static_cast<double>(static_cast<float>(position_) + static_cast<float>(velocity))
            : position_ + velocity;
    bool position_is_py = false;
    if (Greater(position, f32, kMountainCarMaxPosition)) {
      position = kMountainCarMaxPosition;
      position_is_py = true;
    }
    if (Less(position, f32 && !position_is_py, kMountainCarMinPosition)) {
      position = kMountainCarMinPosition;
      position_is_py = true;
    }
    const bool position_f32 = f32 && !position_is_py;
    // The left wall is inelastic.
    if (Equal(position, position_f32, kMountainCarMinPosition) && velocity < 0) {
      velocity = 0.0;
      velocity_is_py = true;
    }

    const bool velocity_f32 = f32 && !velocity_is_py;
    terminated_ = GreaterEqual(position, position_f32, kMountainCarContinuousGoalPosition) &&
                  GreaterEqual(velocity, velocity_f32, goal_velocity_);
    double reward = terminated_ ? kMountainCarContinuousGoalReward : 0.0;
    reward -= numpy_exact::PyPow(a, 2) * kMountainCarContinuousActionCost;

    // self.state = np.array([position, velocity], dtype=np.float32)
    position_ = static_cast<float>(position);
    velocity_ = static_cast<float>(velocity);
    state_is_float32_ = true;
    WriteState(reward);
  }

  bool IsTerminated() override { return terminated_; }

 private:
  // `x op y` with y a Python float: in float32 when x is a float32.
  static bool Greater(double x, bool x_f32, double y) {
    return x_f32 ? static_cast<float>(x) > static_cast<float>(y) : x > y;
  }
  static bool Less(double x, bool x_f32, double y) {
    return x_f32 ? static_cast<float>(x) < static_cast<float>(y) : x < y;
  }
  static bool Equal(double x, bool x_f32, double y) {
    return x_f32 ? static_cast<float>(x) == static_cast<float>(y) : x == y;
  }
  static bool GreaterEqual(double x, bool x_f32, double y) {
    return x_f32 ? static_cast<float>(x) >= static_cast<float>(y) : x >= y;
  }

  bool state_is_float32_ = false;
  bool terminated_ = false;
};

using MountainCarContinuousEnvPool = AsyncEnvPool<MountainCarContinuousEnv>;

}  // namespace parallel_pool::classic_control

#endif  // PARALLEL_POOL_CLASSIC_CONTROL_MOUNTAIN_CAR_CONTINUOUS_H_
