// AdroitHammerEnv: gymnasium-robotics' AdroitHandHammer-v1 and
// AdroitHandHammerSparse-v1 (envs/adroit_hand/adroit_hammer.py,
// adroit_hammer.xml): the hand must pick up a hammer and drive a nail into
// a board. The common mechanics are adroit_env.h's.
//
// Reset: the nail board (body "nail_board") is placed at height
//   z ~ U(0.1, 0.25).
// Observation "obs": float64 [46] = qpos[:-6] (the hand's joints and the
//   hammer's), qvel[-6:] clipped to [-1, 1], the palm (site S_grasp), the
//   hammer (body Object: xpos, then its xquat as rotations.quat2euler's
//   Euler angles), the nail (site S_target), and the nail's touch sensor
//   (S_nail) clipped to [-1, 1].
// Reward (g: |nail - nail_goal|): sparse 10 when g < 0.01, else -0.1; dense
//   0.1 |palm - hammer| (a bonus, as in 1.4.2) - |head - nail| - 10 g
//   - 0.01 |qvel|, + 2 when the hammer and its head (site tool) are both
//   above z 0.04, + 25 when g < 0.02, + 75 when g < 0.01.
// Info: success (g < 0.01).
// Render: distance 2.0, azimuth 45.
//
// |qvel| is a norm of 33 values, which NumPy's OpenBLAS ddot accumulates in
// its kernel's own lanes (numpy_ddot.h, probed at import).
#ifndef PARALLEL_POOL_ROBOTICS_ADROIT_HAMMER_H_
#define PARALLEL_POOL_ROBOTICS_ADROIT_HAMMER_H_

#include <cmath>
#include <limits>
#include <string>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/numpy_exact/numpy_ddot.h"
#include "parallel_pool/numpy_exact/numpy_math.h"
#include "parallel_pool/numpy_exact/numpy_ufunc.h"
#include "parallel_pool/robotics/adroit_env.h"

namespace parallel_pool::robotics {

// gymnasium-robotics' rotations.quat2euler (mat2euler(quat2mat(q))) of one
// quaternion (w, x, y, z), operation for operation; NumPy's own arctan2.
inline void Quat2Euler(const double* q, double* euler) {
  constexpr double kEps = std::numeric_limits<double>::epsilon();
  const double w = q[0];
  const double x = q[1];
  const double y = q[2];
  const double z = q[3];
  // np.sum(quat * quat, axis=-1): a plain loop from 0 for 4 values.
  double nq = 0.0;
  for (int i = 0; i < 4; ++i) nq += q[i] * q[i];
  double m[3][3] = {{1.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, {0.0, 0.0, 1.0}};
  if (nq > kEps) {
    const double s = 2.0 / nq;
    const double big_x = x * s;
    const double big_y = y * s;
    const double big_z = z * s;
    const double w_x = w * big_x;
    const double w_y = w * big_y;
    const double w_z = w * big_z;
    const double x_x = x * big_x;
    const double x_y = x * big_y;
    const double x_z = x * big_z;
    const double y_y = y * big_y;
    const double y_z = y * big_z;
    const double z_z = z * big_z;
    m[0][0] = 1.0 - (y_y + z_z);
    m[0][1] = x_y - w_z;
    m[0][2] = x_z + w_y;
    m[1][0] = x_y + w_z;
    m[1][1] = 1.0 - (x_x + z_z);
    m[1][2] = y_z - w_x;
    m[2][0] = x_z - w_y;
    m[2][1] = y_z + w_x;
    m[2][2] = 1.0 - (x_x + y_y);
  }
  const double cy = std::sqrt(m[2][2] * m[2][2] + m[1][2] * m[1][2]);
  const bool regular = cy > 4.0 * kEps;
  euler[2] = regular ? -numpy_exact::NumpyArctan2(m[0][1], m[0][0])
                     : -numpy_exact::NumpyArctan2(-m[1][0], m[1][1]);
  euler[1] = -numpy_exact::NumpyArctan2(-m[0][2], cy);
  euler[0] = regular ? -numpy_exact::NumpyArctan2(m[1][2], m[2][2]) : 0.0;
}

class AdroitHammerEnvFns {
 public:
  static auto DefaultConfig() { return AdroitConfig("adroit_hand/adroit_hammer.xml"); }

  template <typename Config>
  static void Validate(const Config& conf) {
    const ModelPtr model = ValidateAdroitConfig(conf);
    const mjModel& m = *model;
    RequireConfig(m.nq >= 6 && m.nv >= 6, "xml_file: the hammer's model needs at least 6 dofs");
    AdroitSite(m, "S_target");
    AdroitSite(m, "S_grasp");
    AdroitBody(m, "Object");
    AdroitSite(m, "tool");
    AdroitSite(m, "nail_goal");
    AdroitBody(m, "nail_board");
    NailSensor(m);
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    return AdroitStateSpec(AdroitModelOf(conf)->nq + 13);
  }

  template <typename Config>
  static auto ActionSpec(const Config& conf) {
    return AdroitActionSpec(conf);
  }

  // The reference reads sensordata at the sensor's id (its address while
  // every sensor before it has one value).
  static int NailSensor(const mjModel& m) {
    const int id = AdroitId(m, mjOBJ_SENSOR, "sensor", "S_nail");
    RequireConfig(id < m.nsensordata, "xml_file: S_nail's id is not a sensordata address");
    return id;
  }
};

using AdroitHammerEnvSpec = EnvSpec<AdroitHammerEnvFns>;

class AdroitHammerEnv : public AdroitEnv<AdroitHammerEnvSpec> {
 public:
  AdroitHammerEnv(const Spec& spec, int env_id)
      : AdroitEnv(spec, env_id, mujoco::GymCamera{.distance = 2.0, .azimuth = 45.0}),
        nail_(AdroitSite(m_, "S_target")),
        grasp_(AdroitSite(m_, "S_grasp")),
        hammer_(AdroitBody(m_, "Object")),
        head_(AdroitSite(m_, "tool")),
        goal_(AdroitSite(m_, "nail_goal")),
        board_(AdroitBody(m_, "nail_board")),
        nail_sensor_(AdroitHammerEnvFns::NailSensor(m_)) {}

 protected:
  void ResetModel() override { model().body_pos[3 * board_ + 2] = Uniform(0.1, 0.25); }

  void Observe(mujoco::ObsWriter* obs) override {
    obs->Copy(d_->qpos, m_.nq - 6);
    obs->CopyClipped(d_->qvel + m_.nv - 6, 6, -1.0, 1.0);
    obs->Copy(site_xpos(grasp_), 3);
    obs->Copy(xpos(hammer_), 3);
    double euler[3];
    Quat2Euler(d_->xquat + 4 * hammer_, euler);
    obs->Copy(euler, 3);
    obs->Copy(site_xpos(nail_), 3);
    obs->Put(mujoco::Clip(d_->sensordata[nail_sensor_], -1.0, 1.0));
  }

  AdroitOutcome Outcome() override {
    const double* hammer = xpos(hammer_);
    const double* palm = site_xpos(grasp_);
    const double* head = site_xpos(head_);
    const double* nail = site_xpos(nail_);
    const double* goal = site_xpos(goal_);
    const double g = Distance(nail, goal);
    const bool success = g < 0.01;
    if (!dense_) return {success ? 10.0 : -0.1, success};
    double reward = 0.1 * Distance(palm, hammer);
    reward -= Distance(head, nail);
    reward -= 10 * Distance(nail, goal);
    reward -= 1e-2 * numpy_exact::NumpyDdotNorm(d_->qvel, m_.nv);
    if (hammer[2] > 0.04 && head[2] > 0.04) reward += 2;
    if (g < 0.020) reward += 25;
    if (g < 0.010) reward += 75;
    return {reward, success};
  }

 private:
  const int nail_;
  const int grasp_;
  const int hammer_;
  const int head_;
  const int goal_;
  const int board_;
  const int nail_sensor_;
};

using AdroitHammerEnvPool = AsyncEnvPool<AdroitHammerEnv>;

}  // namespace parallel_pool::robotics

#endif  // PARALLEL_POOL_ROBOTICS_ADROIT_HAMMER_H_
