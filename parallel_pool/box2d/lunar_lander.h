// LunarLanderEnv: gymnasium's LunarLander-v3 and LunarLanderContinuous-v3
// (lunar_lander_sim.h), and EnvPool's -v2 ids.
//
// Two spec classes, as EnvPool has: the discrete one (action "action": int32,
// 0 noop, 1 left engine, 2 main engine, 3 right engine) and the continuous one
// (action "action": float32 [2], [main, lateral] in [-1, 1]). The `continuous`
// config key picks between them (the registry makes the matching class).
//
// Config: gymnasium's continuous, gravity (in (-12, 0), as gymnasium asserts),
// enable_wind, wind_power, turbulence_power (finite; gymnasium only warns
// outside [0, 20] and [0, 2]); version 3 (gymnasium's observation bounds) or
// 2 (gymnasium 0.29's LunarLander-v2 bounds, the same physics: EnvPool runs one
// env for both ids); rendering, which make() sets from render_mode and no
// user sets (python/render.py): gymnasium's LunarLander throws its engines'
// particles only when it has a render mode, so a pool pays for them only
// when it renders.
// Observation "obs": float32 [8] = x, y, vx, vy, angle, angular velocity
//   (gymnasium's scaled units), left and right leg contact (0 or 1).
// Seeds: env i of a pool made with seed=s runs gymnasium's episodes after
//   reset(seed=s+i), bit for bit; later episodes those of its reset().
// render(): gymnasium's 600 x 400 rgb_array frame (lunar_lander_frame.h);
//   each render of an env ages its particles, as each gymnasium render() does.
#ifndef PARALLEL_POOL_BOX2D_LUNAR_LANDER_H_
#define PARALLEL_POOL_BOX2D_LUNAR_LANDER_H_

#include <cmath>
#include <cstdint>
#include <numbers>
#include <stdexcept>
#include <vector>

#include "parallel_pool/box2d/lunar_lander_frame.h"
#include "parallel_pool/box2d/lunar_lander_sim.h"
#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/core/env.h"
#include "parallel_pool/core/render.h"
#include "parallel_pool/image/canvas.h"
#include "parallel_pool/numpy_exact/numpy_generator.h"

namespace parallel_pool::box2d {

template <bool kContinuous>
class LunarLanderEnvFns {
 public:
  static auto DefaultConfig() {
    return MakeDict("reward_threshold"_.Bind(200.0), "continuous"_.Bind(kContinuous),
                    "gravity"_.Bind(-10.0), "enable_wind"_.Bind(false), "wind_power"_.Bind(15.0),
                    "turbulence_power"_.Bind(1.5), "version"_.Bind(3), "rendering"_.Bind(false));
  }

  template <typename Config>
  static void Validate(const Config& conf) {
    RequireConfig(conf["continuous"_] == kContinuous,
                  kContinuous ? "continuous: this pool's actions are continuous"
                              : "continuous: this pool's actions are discrete");
    const double gravity = conf["gravity"_];
    RequireConfig(-12.0 < gravity && gravity < 0.0,
                  "gravity: must be between -12 and 0 (exclusive), as gymnasium asserts");
    RequireConfig(std::isfinite(static_cast<double>(conf["wind_power"_])),
                  "wind_power: must be a finite number");
    RequireConfig(std::isfinite(static_cast<double>(conf["turbulence_power"_])),
                  "turbulence_power: must be a finite number");
    RequireConfig(conf["version"_] == 2 || conf["version"_] == 3,
                  "version: LunarLander must be 2 or 3");
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    // gymnasium v3's bounds; v2's were x, y +-1.5, velocities +-5, angle
    // +-pi and angular velocity +-5.
    const bool v3 = conf["version"_] == 3;
    const float xy = v3 ? 2.5F : 1.5F;
    const float speed = v3 ? 10.0F : 5.0F;
    const auto angle = static_cast<float>(v3 ? 2 * std::numbers::pi : std::numbers::pi);
    std::vector<float> high{xy, xy, speed, speed, angle, speed, 1.0F, 1.0F};
    std::vector<float> low{-xy, -xy, -speed, -speed, -angle, -speed, -0.0F, -0.0F};
    return MakeDict("obs"_.Bind(Spec<float>({8}, low, high)));
  }

  template <typename Config>
  static auto ActionSpec(const Config& /*conf*/) {
    if constexpr (kContinuous) {
      return MakeDict("action"_.Bind(Spec<float>({-1, 2}, {-1.0F, 1.0F})));
    } else {
      return MakeDict("action"_.Bind(Spec<int>({-1}, {0, 3})));
    }
  }
};

template <bool kContinuous>
using LunarLanderEnvSpec = EnvSpec<LunarLanderEnvFns<kContinuous>>;

template <bool kContinuous>
class LunarLanderEnv : public Env<LunarLanderEnvSpec<kContinuous>> {
 public:
  using Base = Env<LunarLanderEnvSpec<kContinuous>>;
  using typename Base::Action;
  using typename Base::Spec;
  using typename Base::State;

  LunarLanderEnv(const Spec& spec, int env_id) : Base(spec, env_id), sim_(ConfigOf(spec.config)) {}

  static RenderRequest CheckRender(const Spec& /*spec*/, RenderRequest request) {
    return image::CheckFixedFrame(request, 400, 600, "LunarLander");
  }

  // gymnasium's render() in rgb_array mode: the particles age, then the frame.
  void Render(const RenderRequest& /*request*/, std::uint8_t* rgb) {
    // gymnasium's OrderEnforcing refuses it too (ResetNeeded).
    if (!sim_.started()) {
      throw std::runtime_error(
          "render(): LunarLander has nothing to draw before its first reset()");
    }
    sim_.AgeParticles();
    // The surface is scratch, repainted whole each time: one per thread.
    static thread_local LunarLanderFrame frame;
    frame.Draw(sim_, rgb);
  }

 protected:
  void Reset() override { Write(sim_.Reset(np_random_)); }

  void Step(const Action& action) override {
    LanderAction command;
    if constexpr (kContinuous) {
      const float* throttle = action["action"_].template Data<float>();
      command.throttle = {throttle[0], throttle[1]};
    } else {
      command.discrete = action["action"_].template Get<int>();
    }
    Write(sim_.Step(command, np_random_));
  }

  // gymnasium's reset(seed=...): a new np_random from the seed.
  void Reseed() override { np_random_ = numpy_exact::NumpyGenerator(this->seed()); }

  bool IsTerminated() override { return terminated_; }

 private:
  template <typename Config>
  static LunarLanderConfig ConfigOf(const Config& conf) {
    return {conf["continuous"_], conf["gravity"_],          conf["enable_wind"_],
            conf["wind_power"_], conf["turbulence_power"_], conf["rendering"_]};
  }

  void Write(const LanderStep& step) {
    terminated_ = step.terminated;
    WriteSimStep(step, this->Allocate());
  }

  numpy_exact::NumpyGenerator np_random_{this->seed()};
  LunarLanderSim sim_;
  bool terminated_ = false;
};

using LunarLanderDiscreteEnvPool = AsyncEnvPool<LunarLanderEnv<false>>;
using LunarLanderContinuousEnvPool = AsyncEnvPool<LunarLanderEnv<true>>;

}  // namespace parallel_pool::box2d

#endif  // PARALLEL_POOL_BOX2D_LUNAR_LANDER_H_
