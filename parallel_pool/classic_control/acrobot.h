// AcrobotEnv: gymnasium's Acrobot-v1 (Sutton & Barto's two-link swing-up,
// "book" dynamics).
//
// Two links hang from a fixed joint; a torque of -1, 0 or +1 is applied at
// the joint between them. Each step integrates the equations of motion over
// 0.2 s with one classic Runge-Kutta (rk4) step in float64, then wraps both
// angles into [-pi, pi] and clips the velocities to [-4 pi, 4 pi] and
// [-9 pi, 9 pi]. The episode terminates when the free end rises more than one
// link length above the fixed joint: -cos(theta1) - cos(theta1 + theta2) > 1.
// Reward -1 every step, 0 on the terminating one.
// Reset: all four state variables uniform in [-0.1, 0.1], rounded to float32,
//   as gymnasium draws them: np_random.uniform(-0.1, 0.1, size=(4,)) as float32.
//
// Observation "obs": float32 [6] = cos(theta1), sin(theta1), cos(theta2),
//   sin(theta2), theta1_dot, theta2_dot; bounds +-[1, 1, 1, 1, 4 pi, 9 pi].
// Action "action": int in [0, 2]: torque -1, 0, +1.
// render(): gymnasium's 500 x 500 frame (canvas.h).
// Info "info:state" (only with lockstep_info=True): float64 [4] = theta1,
//   theta2, theta1_dot, theta2_dot, for putting gymnasium's env in the same
//   state. Off by default: gymnasium has no such info.
#ifndef PARALLEL_POOL_CLASSIC_CONTROL_ACROBOT_H_
#define PARALLEL_POOL_CLASSIC_CONTROL_ACROBOT_H_

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/core/env.h"
#include "parallel_pool/image/canvas.h"
#include "parallel_pool/numpy_exact/numpy_generator.h"
#include "parallel_pool/numpy_exact/python_float.h"

namespace parallel_pool::classic_control {

inline constexpr double kAcrobotDt = 0.2;
inline constexpr double kAcrobotLinkLength1 = 1.0;
inline constexpr double kAcrobotLinkLength2 = 1.0;  // drawn only (render)
inline constexpr double kAcrobotLinkMass1 = 1.0;
inline constexpr double kAcrobotLinkMass2 = 1.0;
inline constexpr double kAcrobotLinkComPos1 = 0.5;  // centre of mass of link 1
inline constexpr double kAcrobotLinkComPos2 = 0.5;
inline constexpr double kAcrobotLinkMoi = 1.0;  // moment of inertia, both links
inline constexpr double kAcrobotGravity = 9.8;
inline constexpr double kAcrobotMaxVel1 = 4 * std::numbers::pi;
inline constexpr double kAcrobotMaxVel2 = 9 * std::numbers::pi;
inline constexpr std::array<double, 3> kAcrobotTorques = {-1.0, 0.0, 1.0};
inline constexpr double kAcrobotResetBound = 0.1;

class AcrobotEnvFns {
 public:
  static auto DefaultConfig() {
    return MakeDict("reward_threshold"_.Bind(-100.0), "lockstep_info"_.Bind(false));
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    std::vector<float> high{1.0F,
                            1.0F,
                            1.0F,
                            1.0F,
                            static_cast<float>(kAcrobotMaxVel1),
                            static_cast<float>(kAcrobotMaxVel2)};
    std::vector<float> low(high.size());
    std::transform(high.begin(), high.end(), low.begin(), [](float h) { return -h; });
    return MakeDict("obs"_.Bind(Spec<float>({6}, low, high)),
                    "info:state"_.Bind(Spec<double>({4}).OnlyIf(conf["lockstep_info"_])));
  }

  template <typename Config>
  static auto ActionSpec(const Config& /*conf*/) {
    return MakeDict("action"_.Bind(Spec<int>({-1}, {0, 2})));
  }
};

using AcrobotEnvSpec = EnvSpec<AcrobotEnvFns>;

class AcrobotEnv : public Env<AcrobotEnvSpec> {
 public:
  AcrobotEnv(const Spec& spec, int env_id) : Env(spec, env_id) {}

  static RenderRequest CheckRender(const Spec&, RenderRequest request) {
    return image::CheckFixedFrame(request, 500, 500, "Acrobot");
  }

  // gymnasium's AcrobotEnv.render(), drawn as pygame draws it (canvas.h).
  void Render(const RenderRequest&, std::uint8_t* rgb) const {
    constexpr int kDim = 500;
    constexpr double kBound = kAcrobotLinkLength1 + kAcrobotLinkLength2 + 0.2;
    constexpr double kScale = kDim / (kBound * 2);
    constexpr double kOffset = kDim / 2.0;
    constexpr double pi = std::numbers::pi;
    image::Canvas canvas(kDim, kDim);
    canvas.Fill({255, 255, 255});
    // pygame.draw.line of the goal height: horizontal, ends truncated to ints.
    canvas.HLine(static_cast<int>(-2.2 * kScale + kOffset),
                 static_cast<int>(2.2 * kScale + kOffset), static_cast<int>(1 * kScale + kOffset),
                 {0, 0, 0});
    // The joints (x, y): the origin, then p1 with its coordinates swapped.
    const image::Point joints[2] = {{0, 0},
                                    {kAcrobotLinkLength1 * std::sin(s_[0]) * kScale,
                                     -kAcrobotLinkLength1 * std::cos(s_[0]) * kScale}};
    const double thetas[2] = {s_[0] - pi / 2, s_[0] + s_[1] - pi / 2};
    const double lengths[2] = {kAcrobotLinkLength1 * kScale, kAcrobotLinkLength2 * kScale};
    for (int k = 0; k < 2; ++k) {
      const double x = joints[k].x + kOffset;
      const double y = joints[k].y + kOffset;
      const double l = 0;
      const double r = lengths[k];
      const double t = 0.1 * kScale;
      const double b = -0.1 * kScale;
      std::vector<image::Point> link;
      for (image::Point c :
           {image::Point{l, b}, image::Point{l, t}, image::Point{r, t}, image::Point{r, b}}) {
        c = image::RotateRad(c, thetas[k]);
        link.push_back({c.x + x, c.y + y});
      }
      canvas.AaPolygon(link, {0, 204, 204});
      canvas.FilledPolygon(link, {0, 204, 204});
      const int radius = static_cast<int>(0.1 * kScale);
      canvas.AaCircle(static_cast<int>(x), static_cast<int>(y), radius, {204, 204, 0});
      canvas.FilledCircle(static_cast<int>(x), static_cast<int>(y), radius, {204, 204, 0});
    }
    canvas.CopyFlipped(rgb);
  }

 protected:
  // theta1, theta2, dtheta1, dtheta2, and the torque (constant over a step).
  using Augmented = std::array<double, 5>;

  void Reset() override {
    const std::vector<double> s = np_random_.Uniform(-kAcrobotResetBound, kAcrobotResetBound, 4);
    for (int i = 0; i < 4; ++i) s_[i] = static_cast<float>(s[i]);
    WriteState(0.0);
  }

  void Step(const Action& action) override {
    Augmented y0{s_[0], s_[1], s_[2], s_[3], kAcrobotTorques[action["action"_].Get<int>()]};
    Augmented ns = Rk4(y0);
    s_[0] = Wrap(ns[0], -std::numbers::pi, std::numbers::pi);
    s_[1] = Wrap(ns[1], -std::numbers::pi, std::numbers::pi);
    s_[2] = Bound(ns[2], -kAcrobotMaxVel1, kAcrobotMaxVel1);
    s_[3] = Bound(ns[3], -kAcrobotMaxVel2, kAcrobotMaxVel2);
    WriteState(IsTerminated() ? 0.0 : -1.0);
  }

  // gymnasium's reset(seed=...): a new np_random from the seed.
  void Reseed() override { np_random_ = numpy_exact::NumpyGenerator(seed()); }

  bool IsTerminated() override { return -std::cos(s_[0]) - std::cos(s_[1] + s_[0]) > 1.0; }

 private:
  // The equations of motion, in gymnasium's operation order (`x ** 2` is
  // pow(), which does not always round like x * x).
  static Augmented Dsdt(const Augmented& y) {
    constexpr double m1 = kAcrobotLinkMass1;
    constexpr double m2 = kAcrobotLinkMass2;
    constexpr double l1 = kAcrobotLinkLength1;
    constexpr double lc1 = kAcrobotLinkComPos1;
    constexpr double lc2 = kAcrobotLinkComPos2;
    constexpr double i1 = kAcrobotLinkMoi;
    constexpr double i2 = kAcrobotLinkMoi;
    constexpr double g = kAcrobotGravity;
    constexpr double pi = std::numbers::pi;
    const double theta1 = y[0];
    const double theta2 = y[1];
    const double dtheta1 = y[2];
    const double dtheta2 = y[3];
    const double a = y[4];
    const double d1 = m1 * numpy_exact::PyPow(lc1, 2) +
                      m2 * (numpy_exact::PyPow(l1, 2) + numpy_exact::PyPow(lc2, 2) +
                            2 * l1 * lc2 * std::cos(theta2)) +
                      i1 + i2;
    const double d2 = m2 * (numpy_exact::PyPow(lc2, 2) + l1 * lc2 * std::cos(theta2)) + i2;
    const double phi2 = m2 * lc2 * g * std::cos(theta1 + theta2 - pi / 2.0);
    const double phi1 = -m2 * l1 * lc2 * numpy_exact::PyPow(dtheta2, 2) * std::sin(theta2) -
                        2 * m2 * l1 * lc2 * dtheta2 * dtheta1 * std::sin(theta2) +
                        (m1 * lc1 + m2 * l1) * g * std::cos(theta1 - pi / 2) + phi2;
    const double ddtheta2 =
        (a + d2 / d1 * phi1 - m2 * l1 * lc2 * numpy_exact::PyPow(dtheta1, 2) * std::sin(theta2) -
         phi2) /
        (m2 * numpy_exact::PyPow(lc2, 2) + i2 - numpy_exact::PyPow(d2, 2) / d1);
    const double ddtheta1 = -(d2 * ddtheta2 + phi1) / d1;
    return {dtheta1, dtheta2, ddtheta1, ddtheta2, 0.0};
  }

  // One rk4 step over [0, dt], as gymnasium's rk4(derivs, y0, [0, dt]).
  static Augmented Rk4(const Augmented& y0) {
    const double dt = kAcrobotDt - 0;
    const double dt2 = dt / 2.0;
    auto shifted = [&y0](double h, const Augmented& k) {
      Augmented y;
      for (std::size_t i = 0; i < y.size(); ++i) y[i] = y0[i] + h * k[i];
      return y;
    };
    const Augmented k1 = Dsdt(y0);
    const Augmented k2 = Dsdt(shifted(dt2, k1));
    const Augmented k3 = Dsdt(shifted(dt2, k2));
    const Augmented k4 = Dsdt(shifted(dt, k3));
    Augmented out;
    for (std::size_t i = 0; i < out.size(); ++i) {
      out[i] = y0[i] + dt / 6.0 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
    }
    return out;
  }

  // Shifts x by whole turns into [m, M].
  static double Wrap(double x, double m, double big_m) {
    const double diff = big_m - m;
    while (x > big_m) x = x - diff;
    while (x < m) x = x + diff;
    return x;
  }

  // Python's min(max(x, m), M).
  static double Bound(double x, double m, double big_m) {
    double lower = m > x ? m : x;
    return big_m < lower ? big_m : lower;
  }

  void WriteState(double reward) {
    State& state = Allocate();
    float* obs = state["obs"_].Data<float>();
    obs[0] = static_cast<float>(std::cos(s_[0]));
    obs[1] = static_cast<float>(std::sin(s_[0]));
    obs[2] = static_cast<float>(std::cos(s_[1]));
    obs[3] = static_cast<float>(std::sin(s_[1]));
    obs[4] = static_cast<float>(s_[2]);
    obs[5] = static_cast<float>(s_[3]);
    if (lockstep_info_) state["info:state"_].Assign(s_.data(), s_.size());
    state["reward"_] = reward;
  }

  std::array<double, 4> s_{};
  const bool lockstep_info_ = spec_.config["lockstep_info"_];
  // gymnasium's self.np_random, seeded as reset(seed=seed()) seeds it. (The
  // torque noise it draws in step() is off in Acrobot-v1: torque_noise_max 0.)
  numpy_exact::NumpyGenerator np_random_{seed()};
};

using AcrobotEnvPool = AsyncEnvPool<AcrobotEnv>;

}  // namespace parallel_pool::classic_control

#endif  // PARALLEL_POOL_CLASSIC_CONTROL_ACROBOT_H_
