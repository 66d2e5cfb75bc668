// MountainCarEnv: gymnasium's MountainCar-v0 (Moore's mountain car, discrete
// actions).
//
// An underpowered car sits in a valley of height sin(3x); each step it
// accelerates left, not at all, or right. Velocity is clipped to
// [-0.07, 0.07] and position to [-1.2, 0.6] (hitting the left wall stops the
// car). The episode terminates when position >= 0.5 and velocity >=
// goal_velocity. Reward -1 every step.
// Reset: position uniform in [-0.6, -0.4] (gymnasium's
//   np_random.uniform(low=-0.6, high=-0.4)), velocity 0.
//
// Observation "obs": float32 [2] = position, velocity; bounds
//   [-1.2, -0.07] .. [0.6, 0.07].
// Action "action": int in [0, 2]: accelerate left, don't, accelerate right.
// render(): gymnasium's 600 x 400 frame (canvas.h; the track's anti-aliasing
//   approximated).
// Info "info:state" (only with lockstep_info=True): float64 [2], the exact state behind the float32
// obs.
#ifndef PARALLEL_POOL_CLASSIC_CONTROL_MOUNTAIN_CAR_H_
#define PARALLEL_POOL_CLASSIC_CONTROL_MOUNTAIN_CAR_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/core/env.h"
#include "parallel_pool/image/canvas.h"
#include "parallel_pool/numpy_exact/numpy_generator.h"

namespace parallel_pool::classic_control {

// Shared with MountainCarContinuous.
inline constexpr double kMountainCarMinPosition = -1.2;
inline constexpr double kMountainCarMaxPosition = 0.6;
inline constexpr double kMountainCarMaxSpeed = 0.07;
inline constexpr double kMountainCarResetLow = -0.6;
inline constexpr double kMountainCarResetHigh = -0.4;

inline constexpr double kMountainCarGoalPosition = 0.5;
inline constexpr double kMountainCarForce = 0.001;
inline constexpr double kMountainCarGravity = 0.0025;

class MountainCarEnvFns {
 public:
  static auto DefaultConfig() {
    return MakeDict("reward_threshold"_.Bind(-110.0), "goal_velocity"_.Bind(0.0),
                    "lockstep_info"_.Bind(false));
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    std::vector<float> low{static_cast<float>(kMountainCarMinPosition),
                           static_cast<float>(-kMountainCarMaxSpeed)};
    std::vector<float> high{static_cast<float>(kMountainCarMaxPosition),
                            static_cast<float>(kMountainCarMaxSpeed)};
    return MakeDict("obs"_.Bind(Spec<float>({2}, low, high)),
                    "info:state"_.Bind(Spec<double>({2}).OnlyIf(conf["lockstep_info"_])));
  }

  template <typename Config>
  static auto ActionSpec(const Config& /*conf*/) {
    return MakeDict("action"_.Bind(Spec<int>({-1}, {0, 2})));
  }
};

using MountainCarEnvSpec = EnvSpec<MountainCarEnvFns>;

// gymnasium's MountainCarEnv.render() (and the continuous one's, whose goal
// is elsewhere) for a car at `position`, as pygame draws it (canvas.h), but
// for the track: pygame.draw.aalines' own anti-aliasing is approximated.
inline void RenderMountainCar(double position, double goal, std::uint8_t* rgb) {
  constexpr int kWidth = 600;
  constexpr int kHeight = 400;
  constexpr double kScale = kWidth / (kMountainCarMaxPosition - kMountainCarMinPosition);
  constexpr double kCarWidth = 40;
  constexpr double kCarHeight = 20;
  constexpr double kClearance = 10;
  auto height = [](double x) { return std::sin(3 * x) * .45 + .55; };
  image::Canvas canvas(kWidth, kHeight);
  canvas.Fill({255, 255, 255});
  image::Point previous{};
  for (int i = 0; i < 100; ++i) {  // np.linspace(min, max, 100)
    const double x =
        kMountainCarMinPosition + i * ((kMountainCarMaxPosition - kMountainCarMinPosition) / 99);
    const image::Point p{(x - kMountainCarMinPosition) * kScale, height(x) * kScale};
    if (i > 0) canvas.AaLineF(previous, p, {0, 0, 0});
    previous = p;
  }
  const double angle = std::cos(3 * position);
  const double car_x = (position - kMountainCarMinPosition) * kScale;
  const double car_y = kClearance + height(position) * kScale;
  std::vector<image::Point> car;
  for (image::Point c : {image::Point{-kCarWidth / 2, 0}, image::Point{-kCarWidth / 2, kCarHeight},
                         image::Point{kCarWidth / 2, kCarHeight}, image::Point{kCarWidth / 2, 0}}) {
    c = image::RotateRad(c, angle);
    car.push_back({c.x + car_x, c.y + car_y});
  }
  canvas.AaPolygon(car, {0, 0, 0});
  canvas.FilledPolygon(car, {0, 0, 0});
  for (image::Point c : {image::Point{kCarWidth / 4, 0}, image::Point{-kCarWidth / 4, 0}}) {
    c = image::RotateRad(c, angle);
    const int x = static_cast<int>(c.x + car_x);
    const int y = static_cast<int>(c.y + car_y);
    const int radius = static_cast<int>(kCarHeight / 2.5);
    canvas.AaCircle(x, y, radius, {128, 128, 128});
    canvas.FilledCircle(x, y, radius, {128, 128, 128});
  }
  const int flag_x = static_cast<int>((goal - kMountainCarMinPosition) * kScale);
  const int flag_y1 = static_cast<int>(height(goal) * kScale);
  const int flag_y2 = flag_y1 + 50;
  canvas.VLine(flag_x, flag_y1, flag_y2, {0, 0, 0});
  const std::vector<image::Point> flag{
      image::Point{static_cast<double>(flag_x), static_cast<double>(flag_y2)},
      image::Point{static_cast<double>(flag_x), flag_y2 - 10.0},
      image::Point{flag_x + 25.0, flag_y2 - 5.0}};
  canvas.AaPolygon(flag, {204, 204, 0});
  canvas.FilledPolygon(flag, {204, 204, 0});
  canvas.CopyFlipped(rgb);
}

inline RenderRequest CheckMountainCarRender(RenderRequest request) {
  return image::CheckFixedFrame(request, 400, 600, "MountainCar");
}

class MountainCarEnv : public Env<MountainCarEnvSpec> {
 public:
  MountainCarEnv(const Spec& spec, int env_id)
      : Env(spec, env_id), goal_velocity_(spec.config["goal_velocity"_]) {}

  static RenderRequest CheckRender(const Spec&, RenderRequest request) {
    return CheckMountainCarRender(request);
  }
  void Render(const RenderRequest&, std::uint8_t* rgb) const {
    RenderMountainCar(position_, kMountainCarGoalPosition, rgb);
  }

 protected:
  void Reset() override {
    position_ = np_random_.Uniform(kMountainCarResetLow, kMountainCarResetHigh);
    velocity_ = 0.0;
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

  // gymnasium's reset(seed=...): a new np_random from the seed.
  void Reseed() override { np_random_ = numpy_exact::NumpyGenerator(seed()); }

  bool IsTerminated() override {
    return position_ >= kMountainCarGoalPosition && velocity_ >= goal_velocity_;
  }

 private:
  void WriteState(double reward) {
    State state = Allocate();
    const double s[2] = {position_, velocity_};
    state["obs"_].Assign(s, 2);
    if (lockstep_info_) state["info:state"_].Assign(s, 2);
    state["reward"_] = reward;
  }

  const double goal_velocity_;
  const bool lockstep_info_ = spec_.config["lockstep_info"_];
  double position_ = 0.0;
  double velocity_ = 0.0;
  // gymnasium's self.np_random, seeded as reset(seed=seed()) seeds it.
  numpy_exact::NumpyGenerator np_random_{seed()};
};

using MountainCarEnvPool = AsyncEnvPool<MountainCarEnv>;

}  // namespace parallel_pool::classic_control

#endif  // PARALLEL_POOL_CLASSIC_CONTROL_MOUNTAIN_CAR_H_
