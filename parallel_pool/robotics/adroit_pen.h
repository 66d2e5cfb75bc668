// AdroitPenEnv: gymnasium-robotics' AdroitHandPen-v1 and
// AdroitHandPenSparse-v1 (envs/adroit_hand/adroit_pen.py, adroit_pen.xml):
// the hand must turn a pen to a target orientation. The common mechanics are
// adroit_env.h's.
//
// Reset: the target's orientation (body "target") is
//   rotations.euler2quat([U(-1, 1), U(-1, 1), 0]) (model.body_quat); then
//   the pen's length |object_top - object_bottom| and the target's
//   |target_top - target_bottom|, kept for the episode.
// Observation "obs": float64 [45] = qpos[:-6] (the hand's joints), the pen
//   (body Object), qvel[-6:] (the pen's), the pen's direction
//   (top - bottom) / length, the target's, the pen - eps_ball (site), and
//   the pen's direction - the target's.
// Reward (g: |pen - eps_ball|, s: the directions' dot product): sparse 10
//   when g < 0.075 and s > 0.95, else -0.1; dense s - g, + 10 when g < 0.075
//   and s > 0.9, + 50 when g < 0.075 and s > 0.95, - 5 when the pen is below
//   z 0.075.
// Info: success (g < 0.075 and s > 0.95).
// Render: distance 1.0, azimuth -45.
//
// s is np.dot of two 3-vectors, NumPy's OpenBLAS ddot (numpy_ddot.h).
#ifndef PARALLEL_POOL_ROBOTICS_ADROIT_PEN_H_
#define PARALLEL_POOL_ROBOTICS_ADROIT_PEN_H_

#include <string>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/numpy_exact/numpy_ddot.h"
#include "parallel_pool/numpy_exact/numpy_ufunc.h"
#include "parallel_pool/robotics/adroit_env.h"

namespace parallel_pool::robotics {

// gymnasium-robotics' rotations.euler2quat of one (x, y, z) triple,
// operation for operation; NumPy's own sin and cos.
inline void Euler2Quat(const double* euler, double* quat) {
  const double ai = euler[2] / 2;
  const double aj = -euler[1] / 2;
  const double ak = euler[0] / 2;
  const double si = numpy_exact::NumpySin(ai);
  const double sj = numpy_exact::NumpySin(aj);
  const double sk = numpy_exact::NumpySin(ak);
  const double ci = numpy_exact::NumpyCos(ai);
  const double cj = numpy_exact::NumpyCos(aj);
  const double ck = numpy_exact::NumpyCos(ak);
  const double cc = ci * ck;
  const double cs = ci * sk;
  const double sc = si * ck;
  const double ss = si * sk;
  quat[0] = cj * cc + sj * ss;
  quat[3] = cj * sc - sj * cs;
  quat[2] = -(cj * ss + sj * cc);
  quat[1] = cj * cs - sj * sc;
}

class AdroitPenEnvFns {
 public:
  static auto DefaultConfig() { return AdroitConfig("adroit_hand/adroit_pen.xml"); }

  template <typename Config>
  static void Validate(const Config& conf) {
    const ModelPtr model = ValidateAdroitConfig(conf);
    const mjModel& m = *model;
    RequireConfig(m.nq >= 6 && m.nv >= 6, "xml_file: the pen's model needs at least 6 dofs");
    AdroitBody(m, "target");
    AdroitSite(m, "S_grasp");
    AdroitBody(m, "Object");
    for (const char* site :
         {"eps_ball", "object_top", "object_bottom", "target_top", "target_bottom"}) {
      AdroitSite(m, site);
    }
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    return AdroitStateSpec(AdroitModelOf(conf)->nq + 15);
  }

  template <typename Config>
  static auto ActionSpec(const Config& conf) {
    return AdroitActionSpec(conf);
  }
};

using AdroitPenEnvSpec = EnvSpec<AdroitPenEnvFns>;

class AdroitPenEnv : public AdroitEnv<AdroitPenEnvSpec> {
 public:
  AdroitPenEnv(const Spec& spec, int env_id)
      : AdroitEnv(spec, env_id, mujoco::GymCamera{.distance = 1.0, .azimuth = -45.0}),
        target_(AdroitBody(m_, "target")),
        pen_(AdroitBody(m_, "Object")),
        eps_ball_(AdroitSite(m_, "eps_ball")),
        pen_top_(AdroitSite(m_, "object_top")),
        pen_bottom_(AdroitSite(m_, "object_bottom")),
        target_top_(AdroitSite(m_, "target_top")),
        target_bottom_(AdroitSite(m_, "target_bottom")) {}

 protected:
  void ResetModel() override {
    double euler[3] = {0.0, 0.0, 0.0};
    euler[0] = Uniform(-1.0, 1.0);
    euler[1] = Uniform(-1.0, 1.0);
    Euler2Quat(euler, model().body_quat + 4 * target_);
  }

  void AfterSetState() override {
    pen_length_ = Distance(site_xpos(pen_top_), site_xpos(pen_bottom_));
    target_length_ = Distance(site_xpos(target_top_), site_xpos(target_bottom_));
  }

  void Observe(mujoco::ObsWriter* obs) override {
    const Directions dirs = Orientations();
    const double* pen = xpos(pen_);
    const double* desired = site_xpos(eps_ball_);
    obs->Copy(d_->qpos, m_.nq - 6);
    obs->Copy(pen, 3);
    obs->Copy(d_->qvel + m_.nv - 6, 6);
    obs->Copy(dirs.pen, 3);
    obs->Copy(dirs.target, 3);
    for (int i = 0; i < 3; ++i) obs->Put(pen[i] - desired[i]);
    for (int i = 0; i < 3; ++i) obs->Put(dirs.pen[i] - dirs.target[i]);
  }

  AdroitOutcome Outcome() override {
    const Directions dirs = Orientations();
    const double* pen = xpos(pen_);
    const double g = Distance(pen, site_xpos(eps_ball_));
    const double s = numpy_exact::NumpyDdot(dirs.pen, dirs.target, 3);
    const bool success = g < 0.075 && s > 0.95;
    if (!dense_) return {success ? 10.0 : -0.1, success};
    double reward = -g + s;
    if (g < 0.075 && s > 0.9) reward += 10;
    if (g < 0.075 && s > 0.95) reward += 50;
    if (pen[2] < 0.075) reward -= 5;
    return {reward, success};
  }

 private:
  // The pen's and the target's directions, (top - bottom) / length.
  struct Directions {
    double pen[3];
    double target[3];
  };
  Directions Orientations() const {
    Directions out;
    for (int i = 0; i < 3; ++i) {
      out.pen[i] = (site_xpos(pen_top_)[i] - site_xpos(pen_bottom_)[i]) / pen_length_;
      out.target[i] = (site_xpos(target_top_)[i] - site_xpos(target_bottom_)[i]) / target_length_;
    }
    return out;
  }

  const int target_;
  const int pen_;
  const int eps_ball_;
  const int pen_top_;
  const int pen_bottom_;
  const int target_top_;
  const int target_bottom_;
  double pen_length_ = 1.0;
  double target_length_ = 1.0;
};

using AdroitPenEnvPool = AsyncEnvPool<AdroitPenEnv>;

}  // namespace parallel_pool::robotics

#endif  // PARALLEL_POOL_ROBOTICS_ADROIT_PEN_H_
