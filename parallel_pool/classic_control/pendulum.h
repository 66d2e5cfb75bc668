// PendulumEnv: gymnasium's inverted pendulum swing-up, as Pendulum-v1 and the
// old gym id Pendulum-v0.
//
// A frictionless pendulum hangs from a pivot; a torque clipped to [-2, 2] is
// applied each step (0.05 s). The angular velocity is clipped to [-8, 8]. The
// episode never terminates (it is truncated by max_episode_steps).
// Reward: -(theta_normalized^2 + 0.1 * theta_dot^2 + 0.001 * torque^2), on
// the state before the step, theta_normalized in [-pi, pi).
// Reset: theta uniform in [-pi, pi], theta_dot uniform in [-1, 1], drawn as
//   gymnasium draws them: np_random.uniform(low=-[pi, 1], high=[pi, 1]).
//
// version 1 (Pendulum-v1) is gymnasium 1.x's step: the clipped velocity
// advances the angle, and (NumPy 2, NEP 50) the torque terms are float32.
// version 0 (Pendulum-v0) is the old gym v0 step: the angle advances with the
// velocity *before* clipping, gravity is written -3g/2l * sin(theta + pi),
// and (NumPy 1.x promotion) the torque terms are float64. EnvPool 1.2.5 runs
// this old step for both ids (its `version` changes nothing); here only -v0
// does, so that -v1 matches gymnasium. -v0's step matches EnvPool 1.2.5's
// exactly (and its float32 rewards); both versions draw their resets as
// gymnasium's Pendulum-v1 does, not from EnvPool's std::mt19937. The versions
// differ visibly only while the velocity saturates at +-8.
//
// Observation "obs": float32 [3] = cos(theta), sin(theta), theta_dot;
//   bounds +-[1, 1, 8].
// Action "action": float32 [1], the torque; values outside [-2, 2] are
//   clipped, as gymnasium does.
// render(): gymnasium's 500 x 500 frame, less its torque arrow (canvas.h).
// Info "info:state" (only with lockstep_info=True): float64 [2] = theta,
//   theta_dot (the exact state, for lockstep tests; gymnasium has no such info).
#ifndef PARALLEL_POOL_CLASSIC_CONTROL_PENDULUM_H_
#define PARALLEL_POOL_CLASSIC_CONTROL_PENDULUM_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <stdexcept>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/core/env.h"
#include "parallel_pool/image/canvas.h"
#include "parallel_pool/numpy_exact/numpy_generator.h"
#include "parallel_pool/numpy_exact/python_float.h"

namespace parallel_pool::classic_control {

inline constexpr double kPendulumMaxSpeed = 8;
inline constexpr float kPendulumMaxTorque = 2.0F;
inline constexpr double kPendulumDt = 0.05;
inline constexpr double kPendulumMass = 1.0;
inline constexpr double kPendulumLength = 1.0;
inline constexpr double kPendulumResetSpeed = 1.0;

class PendulumEnvFns {
 public:
  static auto DefaultConfig() {
    return MakeDict("version"_.Bind(1), "g"_.Bind(10.0), "lockstep_info"_.Bind(false));
  }

  template <typename Config>
  static void Validate(const Config& conf) {
    RequireConfig(conf["version"_] == 0 || conf["version"_] == 1,
                  "version: Pendulum must be 0 or 1");
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    std::vector<float> high{1.0F, 1.0F, static_cast<float>(kPendulumMaxSpeed)};
    std::vector<float> low{-1.0F, -1.0F, -static_cast<float>(kPendulumMaxSpeed)};
    return MakeDict("obs"_.Bind(Spec<float>({3}, low, high)),
                    "info:state"_.Bind(Spec<double>({2}).OnlyIf(conf["lockstep_info"_])));
  }

  template <typename Config>
  static auto ActionSpec(const Config& /*conf*/) {
    return MakeDict(
        "action"_.Bind(Spec<float>({-1, 1}, {-kPendulumMaxTorque, kPendulumMaxTorque})));
  }
};

using PendulumEnvSpec = EnvSpec<PendulumEnvFns>;

class PendulumEnv : public Env<PendulumEnvSpec> {
 public:
  PendulumEnv(const Spec& spec, int env_id)
      : Env(spec, env_id), version_(spec.config["version"_]), g_(spec.config["g"_]) {}

  static RenderRequest CheckRender(const Spec&, RenderRequest request) {
    return image::CheckFixedFrame(request, 500, 500, "Pendulum");
  }

  // gymnasium's PendulumEnv.render() without the torque arrow (an image
  // pygame scales with smoothscale and blends: not reproduced), drawn as
  // pygame draws the rest (canvas.h).
  void Render(const RenderRequest&, std::uint8_t* rgb) const {
    constexpr int kDim = 500;
    constexpr double kScale = kDim / (2.2 * 2);
    constexpr int kOffset = kDim / 2;
    constexpr double kRodLength = 1 * kScale;
    constexpr double kRodWidth = 0.2 * kScale;
    constexpr image::Rgb kRod{204, 77, 77};
    image::Canvas canvas(kDim, kDim);
    canvas.Fill({255, 255, 255});
    const double angle = th_ + std::numbers::pi / 2;
    std::vector<image::Point> rod;
    for (image::Point c :
         {image::Point{0, -kRodWidth / 2}, image::Point{0, kRodWidth / 2},
          image::Point{kRodLength, kRodWidth / 2}, image::Point{kRodLength, -kRodWidth / 2}}) {
      c = image::RotateRad(c, angle);
      rod.push_back({c.x + kOffset, c.y + kOffset});
    }
    canvas.AaPolygon(rod, kRod);
    canvas.FilledPolygon(rod, kRod);
    const int radius = static_cast<int>(kRodWidth / 2);
    canvas.AaCircle(kOffset, kOffset, radius, kRod);
    canvas.FilledCircle(kOffset, kOffset, radius, kRod);
    const image::Point end = image::RotateRad({kRodLength, 0}, angle);
    const int end_x = static_cast<int>(end.x + kOffset);
    const int end_y = static_cast<int>(end.y + kOffset);
    canvas.AaCircle(end_x, end_y, radius, kRod);
    canvas.FilledCircle(end_x, end_y, radius, kRod);
    const int axle = static_cast<int>(0.05 * kScale);
    canvas.AaCircle(kOffset, kOffset, axle, {0, 0, 0});
    canvas.FilledCircle(kOffset, kOffset, axle, {0, 0, 0});
    canvas.CopyFlipped(rgb);
  }

 protected:
  void Reset() override {
    const std::vector<double> s = np_random_.Uniform({-std::numbers::pi, -kPendulumResetSpeed},
                                                     {std::numbers::pi, kPendulumResetSpeed});
    th_ = s[0];
    thdot_ = s[1];
    WriteState(0.0);
  }

  void Step(const Action& action) override {
    // gymnasium: u = np.clip(u, -max_torque, max_torque)[0], a float32.
    const float u =
        std::clamp(action["action"_].Data<float>()[0], -kPendulumMaxTorque, kPendulumMaxTorque);
    const double gravity_acc = 3 * g_ / (2 * kPendulumLength);
    const double torque_gain = 3.0 / (kPendulumMass * numpy_exact::PyPow(kPendulumLength, 2));
    double costs;
    double newthdot;
    double newth;
    if (version_ == 1) {
      // NumPy 2: a Python float times a float32 scalar stays float32.
      costs = numpy_exact::PyPow(AngleNormalize(th_), 2) + 0.1 * numpy_exact::PyPow(thdot_, 2) +
              static_cast<double>(0.001F * numpy_exact::PyPowF(u, 2));
      const float torque_acc = static_cast<float>(torque_gain) * u;
      newthdot = thdot_ + (gravity_acc * std::sin(th_) + torque_acc) * kPendulumDt;
      newthdot = std::clamp(newthdot, -kPendulumMaxSpeed, kPendulumMaxSpeed);
      newth = th_ + newthdot * kPendulumDt;
    } else {
      // NumPy 1.x (old gym): a float32 scalar with a Python number became
      // float64.
      const double u64 = u;
      costs = numpy_exact::PyPow(AngleNormalize(th_), 2) + 0.1 * numpy_exact::PyPow(thdot_, 2) +
              0.001 * numpy_exact::PyPow(u64, 2);
      newthdot = thdot_ + (-3 * g_ / (2 * kPendulumLength) * std::sin(th_ + std::numbers::pi) +
                           torque_gain * u64) *
                              kPendulumDt;
      newth = th_ + newthdot * kPendulumDt;
      newthdot = std::clamp(newthdot, -kPendulumMaxSpeed, kPendulumMaxSpeed);
    }
    th_ = newth;
    thdot_ = newthdot;
    WriteState(-costs);
  }

  // gymnasium's reset(seed=...): a new np_random from the seed.
  void Reseed() override { np_random_ = numpy_exact::NumpyGenerator(seed()); }

  bool IsTerminated() override { return false; }

 private:
  static double AngleNormalize(double x) {
    return numpy_exact::PyMod(x + std::numbers::pi, 2 * std::numbers::pi) - std::numbers::pi;
  }

  void WriteState(double reward) {
    State& state = Allocate();
    float* obs = state["obs"_].Data<float>();
    obs[0] = static_cast<float>(std::cos(th_));
    obs[1] = static_cast<float>(std::sin(th_));
    obs[2] = static_cast<float>(thdot_);
    if (lockstep_info_) {
      double* s = state["info:state"_].Data<double>();
      s[0] = th_;
      s[1] = thdot_;
    }
    state["reward"_] = reward;
  }

  const int version_;
  const double g_;
  const bool lockstep_info_ = spec_.config["lockstep_info"_];
  double th_ = 0.0;
  double thdot_ = 0.0;
  // gymnasium's self.np_random, seeded as reset(seed=seed()) seeds it.
  numpy_exact::NumpyGenerator np_random_{seed()};
};

using PendulumEnvPool = AsyncEnvPool<PendulumEnv>;

}  // namespace parallel_pool::classic_control

#endif  // PARALLEL_POOL_CLASSIC_CONTROL_PENDULUM_H_
