// CartPoleEnv: gymnasium's CartPole (Barto, Sutton & Anderson's cart-pole),
// as CartPole-v0 and CartPole-v1.
//
// A pole is hinged on a cart moving along a frictionless track; each step
// pushes the cart left or right with a fixed force (explicit Euler, 0.02 s).
// The episode terminates when the pole leans more than 12 degrees or the cart
// leaves [-2.4, 2.4]. Reward +1 every step, the terminating one included
// (with sutton_barto_reward: 0 each step, -1 on termination).
// Reset: all four state variables uniform in [-0.05, 0.05], drawn as
//   gymnasium draws them: np_random.uniform(-0.05, 0.05, size=(4,)).
//
// Observation "obs": float32 [4] = cart position, cart velocity, pole angle,
//   pole angular velocity; bounds +-[4.8, inf, 0.418, inf].
// Action "action": int in [0, 1]: 0 pushes left, 1 pushes right.
// render(): gymnasium's 600 x 400 frame (canvas.h).
// Info "info:state" (only with lockstep_info=True): float64 [4], the exact
//   state behind the float32 obs (lets a lockstep test put gymnasium's env in
//   the same state bit for bit). Off by default: gymnasium has no such info.
#ifndef PARALLEL_POOL_CLASSIC_CONTROL_CARTPOLE_H_
#define PARALLEL_POOL_CLASSIC_CONTROL_CARTPOLE_H_

#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/core/env.h"
#include "parallel_pool/image/canvas.h"
#include "parallel_pool/numpy_exact/numpy_generator.h"

namespace parallel_pool::classic_control {

// Physics, as gymnasium defines it (derived values computed the same way, so
// they round the same).
inline constexpr double kCartPoleGravity = 9.8;
inline constexpr double kCartPoleMassCart = 1.0;
inline constexpr double kCartPoleMassPole = 0.1;
inline constexpr double kCartPoleTotalMass = kCartPoleMassPole + kCartPoleMassCart;
inline constexpr double kCartPoleHalfLength = 0.5;  // half the pole's length
inline constexpr double kCartPolePoleMassLength = kCartPoleMassPole * kCartPoleHalfLength;
inline constexpr double kCartPoleForceMag = 10.0;
inline constexpr double kCartPoleTau = 0.02;  // seconds per step
inline constexpr double kCartPoleThetaThreshold = 12 * 2 * std::numbers::pi / 360;
inline constexpr double kCartPoleXThreshold = 2.4;
inline constexpr double kCartPoleResetBound = 0.05;

class CartPoleEnvFns {
 public:
  static auto DefaultConfig() {
    return MakeDict("reward_threshold"_.Bind(475.0), "sutton_barto_reward"_.Bind(false),
                    "lockstep_info"_.Bind(false));
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    constexpr float kInf = std::numeric_limits<float>::infinity();
    std::vector<float> high{static_cast<float>(kCartPoleXThreshold * 2), kInf,
                            static_cast<float>(kCartPoleThetaThreshold * 2), kInf};
    std::vector<float> low{-high[0], -kInf, -high[2], -kInf};
    return MakeDict("obs"_.Bind(Spec<float>({4}, low, high)),
                    "info:state"_.Bind(Spec<double>({4}).OnlyIf(conf["lockstep_info"_])));
  }

  template <typename Config>
  static auto ActionSpec(const Config& /*conf*/) {
    return MakeDict("action"_.Bind(Spec<int>({-1}, {0, 1})));
  }
};

using CartPoleEnvSpec = EnvSpec<CartPoleEnvFns>;

class CartPoleEnv : public Env<CartPoleEnvSpec> {
 public:
  CartPoleEnv(const Spec& spec, int env_id)
      : Env(spec, env_id), sutton_barto_reward_(spec.config["sutton_barto_reward"_]) {}

  static RenderRequest CheckRender(const Spec&, RenderRequest request) {
    return image::CheckFixedFrame(request, 400, 600, "CartPole");
  }

  // gymnasium's CartPoleEnv.render(), drawn as pygame draws it (canvas.h).
  void Render(const RenderRequest&, std::uint8_t* rgb) const {
    constexpr double kScale = 600 / (kCartPoleXThreshold * 2);
    constexpr double kPoleWidth = 10.0;
    constexpr double kPoleLength = kScale * (2 * kCartPoleHalfLength);
    constexpr double kCartWidth = 50.0;
    constexpr double kCartHeight = 30.0;
    constexpr double kAxleOffset = kCartHeight / 4.0;
    constexpr double kCartY = 100;  // the top of the cart
    const double cart_x = x_ * kScale + 600 / 2.0;
    image::Canvas canvas(600, 400);
    canvas.Fill({255, 255, 255});
    double l = -kCartWidth / 2;
    double r = kCartWidth / 2;
    double t = kCartHeight / 2;
    double b = -kCartHeight / 2;
    std::vector<image::Point> cart;
    for (image::Point c :
         {image::Point{l, b}, image::Point{l, t}, image::Point{r, t}, image::Point{r, b}}) {
      cart.push_back({c.x + cart_x, c.y + kCartY});
    }
    canvas.AaPolygon(cart, {0, 0, 0});
    canvas.FilledPolygon(cart, {0, 0, 0});
    l = -kPoleWidth / 2;
    r = kPoleWidth / 2;
    t = kPoleLength - kPoleWidth / 2;
    b = -kPoleWidth / 2;
    std::vector<image::Point> pole;
    for (image::Point c :
         {image::Point{l, b}, image::Point{l, t}, image::Point{r, t}, image::Point{r, b}}) {
      c = image::RotateRad(c, -theta_);
      pole.push_back({c.x + cart_x, c.y + kCartY + kAxleOffset});
    }
    canvas.AaPolygon(pole, {202, 152, 101});
    canvas.FilledPolygon(pole, {202, 152, 101});
    const int axle_x = static_cast<int>(cart_x);
    const int axle_y = static_cast<int>(kCartY + kAxleOffset);
    const int radius = static_cast<int>(kPoleWidth / 2);
    canvas.AaCircle(axle_x, axle_y, radius, {129, 132, 203});
    canvas.FilledCircle(axle_x, axle_y, radius, {129, 132, 203});
    canvas.HLine(0, 600, static_cast<int>(kCartY), {0, 0, 0});
    canvas.CopyFlipped(rgb);
  }

 protected:
  void Reset() override {
    const std::vector<double> s = np_random_.Uniform(-kCartPoleResetBound, kCartPoleResetBound, 4);
    x_ = s[0];
    x_dot_ = s[1];
    theta_ = s[2];
    theta_dot_ = s[3];
    WriteState(0.0);
  }

  void Step(const Action& action) override {
    double force = action["action"_].Get<int>() == 1 ? kCartPoleForceMag : -kCartPoleForceMag;
    double costheta = std::cos(theta_);
    double sintheta = std::sin(theta_);
    // The equations of motion, in gymnasium's operation order.
    double temp = (force + kCartPolePoleMassLength * (theta_dot_ * theta_dot_) * sintheta) /
                  kCartPoleTotalMass;
    double thetaacc =
        (kCartPoleGravity * sintheta - costheta * temp) /
        (kCartPoleHalfLength *
         (4.0 / 3.0 - kCartPoleMassPole * (costheta * costheta) / kCartPoleTotalMass));
    double xacc = temp - kCartPolePoleMassLength * thetaacc * costheta / kCartPoleTotalMass;
    x_ = x_ + kCartPoleTau * x_dot_;
    x_dot_ = x_dot_ + kCartPoleTau * xacc;
    theta_ = theta_ + kCartPoleTau * theta_dot_;
    theta_dot_ = theta_dot_ + kCartPoleTau * thetaacc;
    bool terminated = IsTerminated();
    double reward = 1.0;
    if (sutton_barto_reward_) reward = terminated ? -1.0 : 0.0;
    WriteState(reward);
  }

  // gymnasium's reset(seed=...): a new np_random from the seed.
  void Reseed() override { np_random_ = numpy_exact::NumpyGenerator(seed()); }

  bool IsTerminated() override {
    return x_ < -kCartPoleXThreshold || x_ > kCartPoleXThreshold ||
           theta_ < -kCartPoleThetaThreshold || theta_ > kCartPoleThetaThreshold;
  }

 private:
  void WriteState(double reward) {
    State& state = Allocate();
    const double s[4] = {x_, x_dot_, theta_, theta_dot_};
    state["obs"_].Assign(s, 4);  // rounds to float32, as np.array(state, np.float32)
    if (lockstep_info_) state["info:state"_].Assign(s, 4);
    state["reward"_] = reward;
  }

  const bool sutton_barto_reward_;
  const bool lockstep_info_ = spec_.config["lockstep_info"_];
  // gymnasium's self.np_random, seeded as reset(seed=seed()) seeds it.
  numpy_exact::NumpyGenerator np_random_{seed()};
  double x_ = 0.0;
  double x_dot_ = 0.0;
  double theta_ = 0.0;
  double theta_dot_ = 0.0;
};

using CartPoleEnvPool = AsyncEnvPool<CartPoleEnv>;

}  // namespace parallel_pool::classic_control

#endif  // PARALLEL_POOL_CLASSIC_CONTROL_CARTPOLE_H_
