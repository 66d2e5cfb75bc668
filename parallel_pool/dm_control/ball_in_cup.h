// dm_control's ball_in_cup domain (suite/ball_in_cup.py): a planar cup,
// moved by two slide actuators, to catch a ball tied to it by a string.
//
// Task "catch": reward = 1 while the ball lies inside the cup's target box
//   (|target - ball| < target half-size - ball radius, in x and in z), else 0.
// Observation: position = qpos (4: cup x, z, ball x, z), velocity = qvel (4).
// Episode start: ball x = uniform(-0.2, 0.2), ball z = uniform(0.2, 0.5),
//   then Physics.after_reset; drawn again while any contact exists.
// Control timestep 0.02 s (n_sub_steps 10); 1000 steps.
#ifndef PARALLEL_POOL_DM_CONTROL_BALL_IN_CUP_H_
#define PARALLEL_POOL_DM_CONTROL_BALL_IN_CUP_H_

#include <cmath>
#include <string>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/dm_control/dm_control_env.h"
#include "parallel_pool/dm_control/position_velocity.h"

namespace parallel_pool::dm_control {

inline constexpr double kBallInCupBallXMin = -0.2;
inline constexpr double kBallInCupBallXMax = 0.2;
inline constexpr double kBallInCupBallZMin = 0.2;
inline constexpr double kBallInCupBallZMax = 0.5;

class BallInCupEnvFns : public SuiteEnvFns {
 public:
  static auto DefaultConfig() { return SuiteConfig("catch", "ball_in_cup.xml", 10); }

  template <typename Config>
  static void Validate(const Config& conf) {
    RequireConfig(conf["task_name"_] == "catch",
                  "task_name: ball_in_cup has the task 'catch', not '" +
                      std::string(conf["task_name"_]) + "'");
    ValidateSuiteConfig(conf);
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    return PositionVelocitySpec(*SuiteModelOf(conf));
  }
};

using BallInCupEnvSpec = SuiteEnvSpec<BallInCupEnvFns>;

class BallInCupEnv : public DmcEnv<BallInCupEnvSpec> {
 public:
  BallInCupEnv(const Spec& spec, int env_id)
      : DmcEnv(spec, env_id),
        ball_x_qpos_(names_.QposAddr("ball_x")),
        ball_z_qpos_(names_.QposAddr("ball_z")),
        target_(names_.Site("target")),
        ball_body_(names_.Body("ball")),
        ball_geom_(names_.Geom("ball")) {}

 protected:
  void InitializeEpisode() override {
    // Drop the ball anywhere it touches nothing.
    do {
      d_->qpos[ball_x_qpos_] = random_.Uniform(kBallInCupBallXMin, kBallInCupBallXMax);
      d_->qpos[ball_z_qpos_] = random_.Uniform(kBallInCupBallZMin, kBallInCupBallZMax);
      AfterReset();
    } while (d_->ncon > 0);
  }

  void WriteObservation(const State& state) override { WritePositionVelocity(m_, *d_, state); }

  double Reward() override {
    const double ball_size = m_.geom_size[3 * ball_geom_];
    // x and z: site_size[target, [0, 2]] against the ball's offset there.
    for (int axis : {0, 2}) {
      const double ball_to_target =
          d_->site_xpos[3 * target_ + axis] - d_->xpos[3 * ball_body_ + axis];
      if (!(std::abs(ball_to_target) < m_.site_size[3 * target_ + axis] - ball_size)) return 0.0;
    }
    return 1.0;
  }

 private:
  const int ball_x_qpos_;
  const int ball_z_qpos_;
  const int target_;
  const int ball_body_;
  const int ball_geom_;
};

using BallInCupEnvPool = AsyncEnvPool<BallInCupEnv>;

}  // namespace parallel_pool::dm_control

#endif  // PARALLEL_POOL_DM_CONTROL_BALL_IN_CUP_H_
