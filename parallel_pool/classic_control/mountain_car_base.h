// What gymnasium's two mountain cars (MountainCar-v0, MountainCarContinuous-v0)
// share: the track and its bounds, the config keys, the observation, the reset
// draw, the frame and the car's state. Each env adds its action, its physics
// (Step) and its goal.
//
// Reset: position uniform in [-0.6, -0.4] (gymnasium's
//   np_random.uniform(low=-0.6, high=-0.4)), velocity 0.
// Observation "obs": float32 [2] = position, velocity; bounds
//   [-1.2, -0.07] .. [0.6, 0.07].
// render(): gymnasium's 600 x 400 frame (canvas.h; the track's anti-aliasing
//   approximated), the flag at the env's goal.
// Info "info:state" (only with lockstep_info=True): float64 [2], the exact
//   state behind the float32 obs.
#ifndef PARALLEL_POOL_CLASSIC_CONTROL_MOUNTAIN_CAR_BASE_H_
#define PARALLEL_POOL_CLASSIC_CONTROL_MOUNTAIN_CAR_BASE_H_

#include <cmath>
#include <cstdint>
#include <vector>

#include "parallel_pool/core/env.h"
#include "parallel_pool/image/canvas.h"
#include "parallel_pool/numpy_exact/numpy_generator.h"

namespace parallel_pool::classic_control {

// The config keys of both; only the reward threshold differs.
inline auto MountainCarConfig(double reward_threshold) {
  return MakeDict("reward_threshold"_.Bind(reward_threshold), "goal_velocity"_.Bind(0.0),
                  "lockstep_info"_.Bind(false));
}

// gymnasium's min_position, max_position and max_speed.
inline constexpr double kMountainCarMinPosition = -1.2;
inline constexpr double kMountainCarMaxPosition = 0.6;
inline constexpr double kMountainCarMaxSpeed = 0.07;

// The state declaration of both; an env adds DefaultConfig (MountainCarConfig)
// and its ActionSpec.
struct MountainCarFns {
  template <typename Config>
  static auto StateSpec(const Config& conf) {
    std::vector<float> low{static_cast<float>(kMountainCarMinPosition),
                           static_cast<float>(-kMountainCarMaxSpeed)};
    std::vector<float> high{static_cast<float>(kMountainCarMaxPosition),
                            static_cast<float>(kMountainCarMaxSpeed)};
    return MakeDict("obs"_.Bind(Spec<float>({2}, low, high)),
                    "info:state"_.Bind(Spec<double>({2}).OnlyIf(conf["lockstep_info"_])));
  }
};

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

// The car of either env: its state, drawn and reset alike, and written as
// the same observation. The state is double; the continuous env keeps
// float32 values in it after a step, as gymnasium does.
template <typename EnvSpecT>
class MountainCarEnvBase : public Env<EnvSpecT> {
 public:
  using typename Env<EnvSpecT>::Spec;

  static RenderRequest CheckRender(const Spec&, RenderRequest request) {
    return image::CheckFixedFrame(request, 400, 600, "MountainCar");
  }
  void Render(const RenderRequest&, std::uint8_t* rgb) const {
    RenderMountainCar(position_, goal_position_, rgb);
  }

 protected:
  // `goal_position`: where the env's episode ends (and its flag stands).
  MountainCarEnvBase(const Spec& spec, int env_id, double goal_position)
      : Env<EnvSpecT>(spec, env_id),
        goal_position_(goal_position),
        goal_velocity_(spec.config["goal_velocity"_]),
        lockstep_info_(spec.config["lockstep_info"_]) {}

  // gymnasium's reset() of both: position = np_random.uniform(low=-0.6,
  // high=-0.4), velocity 0.
  void ResetCar() {
    position_ = np_random_.Uniform(kResetLow, kResetHigh);
    velocity_ = 0.0;
  }

  // gymnasium's reset(seed=...): a new np_random from the seed.
  void Reseed() override { np_random_ = numpy_exact::NumpyGenerator(this->seed()); }

  void WriteState(double reward) {
    typename Env<EnvSpecT>::State& state = this->Allocate();
    const double s[2] = {position_, velocity_};
    state["obs"_].Assign(s, 2);
    if (lockstep_info_) state["info:state"_].Assign(s, 2);
    state["reward"_] = reward;
  }

  const double goal_position_;
  const double goal_velocity_;
  double position_ = 0.0;
  double velocity_ = 0.0;

 private:
  static constexpr double kResetLow = -0.6;
  static constexpr double kResetHigh = -0.4;

  const bool lockstep_info_;
  // gymnasium's self.np_random, seeded as reset(seed=seed()) seeds it.
  numpy_exact::NumpyGenerator np_random_{this->seed()};
};

}  // namespace parallel_pool::classic_control

#endif  // PARALLEL_POOL_CLASSIC_CONTROL_MOUNTAIN_CAR_BASE_H_
