// dm_control's cartpole domain (suite/cartpole.py): a cart on a rail with
// one or more poles chained on hinges above it.
//
// Tasks (swing-up: the poles start hanging down; sparse: indicator reward):
//   balance, balance_sparse          one pole, starting near upright
//   swingup, swingup_sparse          one pole
//   two_poles, three_poles           2 or 3 poles, swing-up, smooth reward;
//                                    dm_control builds their model in code
//                                    (registration.py passes it as model_xml)
// Smooth reward = mean over poles of (zz + 1) / 2
//   * (4 + tolerance(ctrl, margin=1, value_at_margin=0, 'quadratic')) / 5
//   * (1 + min over poles of tolerance(angular velocity, margin=5)) / 2
//   * (1 + tolerance(cart position, margin=2)) / 2.
// Sparse reward = 1 while the cart is within +-0.25 and every pole's zz is
//   within [0.995, 1], else 0.
// Observation: position = the cart's position, then each pole's (zz, xz)
//   (1 + 2 poles), velocity = qvel (1 + poles).
// Episode start: swing-up: slider = 0.01 randn, hinge_1 = pi + 0.01 randn,
//   the other hinges 0.1 randn each; balance: slider = uniform(-0.1, 0.1),
//   the hinges uniform(-0.034, 0.034) each; then qvel = 0.01 randn each.
// Control timestep 0.01 s (n_sub_steps 1, RK4); 1000 steps.
#ifndef PARALLEL_POOL_DM_CONTROL_CARTPOLE_H_
#define PARALLEL_POOL_DM_CONTROL_CARTPOLE_H_

#include <algorithm>
#include <string>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/dm_control/dm_control_env.h"
#include "parallel_pool/dm_rewards/tolerance.h"

namespace parallel_pool::dm_control {

struct CartpoleTask {
  bool swing_up;
  bool sparse;
  int num_poles;
};

inline CartpoleTask CartpoleTaskOf(const std::string& task) {
  if (task == "balance") return {false, false, 1};
  if (task == "balance_sparse") return {false, true, 1};
  if (task == "swingup") return {true, false, 1};
  if (task == "swingup_sparse") return {true, true, 1};
  if (task == "two_poles") return {true, false, 2};
  if (task == "three_poles") return {true, false, 3};
  throw std::invalid_argument(
      "task_name: cartpole has the tasks 'balance', 'balance_sparse', 'swingup', "
      "'swingup_sparse', 'two_poles' and 'three_poles', not '" +
      task + "'");
}

inline constexpr double kCartpoleCartBound = 0.25;
inline constexpr double kCartpoleMinAngleCosine = 0.995;

class CartpoleEnvFns : public SuiteEnvFns {
 public:
  static auto DefaultConfig() { return SuiteConfig("balance", "cartpole.xml", 1); }

  template <typename Config>
  static void Validate(const Config& conf) {
    const CartpoleTask task = CartpoleTaskOf(conf["task_name"_]);
    ModelPtr model = ValidateSuiteConfig(conf);
    // One slider, then one hinge per pole.
    RequireConfig(model->nv - 1 == task.num_poles,
                  "model_xml: cartpole " + std::string(conf["task_name"_]) +
                      " needs a model with " + std::to_string(task.num_poles) +
                      " poles (dm_control's " + "cartpole.get_model_and_assets(num_poles)), not " +
                      std::to_string(model->nv - 1));
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    ModelPtr model = SuiteModelOf(conf);
    const int num_poles = model->nv - 1;
    return MakeDict("obs:position"_.Bind(ObsSpec(1 + 2 * num_poles)),
                    "obs:velocity"_.Bind(ObsSpec(model->nv)));
  }
};

using CartpoleEnvSpec = SuiteEnvSpec<CartpoleEnvFns>;

class CartpoleEnv : public DmcEnv<CartpoleEnvSpec> {
 public:
  CartpoleEnv(const Spec& spec, int env_id)
      : DmcEnv(spec, env_id),
        task_(CartpoleTaskOf(task_name())),
        num_poles_(m_.nv - 1),
        slider_qpos_(names_.QposAddr("slider")),
        hinge_1_qpos_(names_.QposAddr("hinge_1")),
        scratch_(num_poles_) {}

 protected:
  void InitializeEpisode() override {
    if (task_.swing_up) {
      d_->qpos[slider_qpos_] = 0.01 * random_.StandardNormal();
      d_->qpos[hinge_1_qpos_] = mjPI + 0.01 * random_.StandardNormal();
      for (int i = 2; i < m_.nq; ++i) d_->qpos[i] = 0.1 * random_.StandardNormal();
    } else {
      d_->qpos[slider_qpos_] = random_.Uniform(-0.1, 0.1);
      for (int i = 1; i < m_.nq; ++i) d_->qpos[i] = random_.Uniform(-0.034, 0.034);
    }
    for (int i = 0; i < m_.nv; ++i) d_->qvel[i] = 0.01 * random_.StandardNormal();
  }

  void WriteObservation(const State& state) override {
    double* position = state["obs:position"_].Data<double>();
    *position++ = CartPosition();
    for (int pole = 0; pole < num_poles_; ++pole) {
      *position++ = PoleZz(pole);
      *position++ = d_->xmat[9 * (2 + pole) + 2];  // xz
    }
    state["obs:velocity"_].Assign(d_->qvel, m_.nv);
  }

  double Reward() override {
    if (task_.sparse) {
      double angle_in_bounds = 1.0;
      for (int pole = 0; pole < num_poles_; ++pole) {
        angle_in_bounds *= dm_rewards::Tolerance(PoleZz(pole), kCartpoleMinAngleCosine, 1);
      }
      return dm_rewards::Tolerance(CartPosition(), -kCartpoleCartBound, kCartpoleCartBound) *
             angle_in_bounds;
    }
    // upright.mean(): each pole's (zz + 1) / 2, summed as NumPy does.
    for (int pole = 0; pole < num_poles_; ++pole) scratch_[pole] = (PoleZz(pole) + 1) / 2;
    const double upright = numpy_exact::NumpySum(scratch_.data(), num_poles_) / num_poles_;
    const double centered = (1 + dm_rewards::Tolerance(CartPosition(), 0, 0, 2)) / 2;
    const double small_control =
        (4 + dm_rewards::TolerancePerElement(d_->ctrl[0], 0, 0, 1, dm_rewards::Sigmoid::kQuadratic,
                                             0)) /
        5;
    // tolerance(qvel[1:], margin=5).min()
    double slowest = 1.0;
    for (int pole = 0; pole < num_poles_; ++pole) {
      const double value = dm_rewards::TolerancePerElement(d_->qvel[1 + pole], 0, 0, 5);
      slowest = pole == 0 ? value : std::min(slowest, value);
    }
    const double small_velocity = (1 + slowest) / 2;
    return upright * small_control * small_velocity * centered;
  }

 private:
  double CartPosition() const { return d_->qpos[slider_qpos_]; }
  // The zz of pole `pole` (bodies 2, 3, ...: after the world and the cart).
  double PoleZz(int pole) const { return d_->xmat[9 * (2 + pole) + 8]; }

  const CartpoleTask task_;
  const int num_poles_;
  const int slider_qpos_;
  const int hinge_1_qpos_;
  std::vector<double> scratch_;
};

using CartpoleEnvPool = AsyncEnvPool<CartpoleEnv>;

}  // namespace parallel_pool::dm_control

#endif  // PARALLEL_POOL_DM_CONTROL_CARTPOLE_H_
