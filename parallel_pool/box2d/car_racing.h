// CarRacingEnv: gymnasium's CarRacing-v3 (car_racing_sim.h, drawn by
// car_racing_frame.h), and EnvPool's CarRacing-v2.
//
// Two spec classes, as LunarLander has: the continuous one (action "action":
// float32 [3] = steer in [-1, 1], gas and brake in [0, 1], passed on
// unclipped as gymnasium passes them) and the discrete one (action "action":
// int32, 0 noop, 1 steer right, 2 steer left, 3 gas, 4 brake). The
// `continuous` config key picks between them (the registry makes the
// matching class).
//
// Config: gymnasium's continuous, domain_randomize (road, background and
// grass colours drawn at every reset), lap_complete_percent (the share of
// tiles after which crossing the start ends the lap).
// Observation "obs": uint8 [96, 96, 3], the top-down view gymnasium's
//   state_pixels draws: the same pixels.
// Reward: -0.1 a step, +1000/N for each of the N tiles first touched by a
//   wheel; -100 and the end when the car leaves the playfield.
// Terminated: every tile visited, or a lap completed, or off the playfield.
// render(): gymnasium's 600 x 400 rgb_array frame, with the skid marks.
// Seeds: env i of a pool made with seed=s runs gymnasium's episodes after
//   reset(seed=s+i); later episodes those of its reset().
#ifndef PARALLEL_POOL_BOX2D_CAR_RACING_H_
#define PARALLEL_POOL_BOX2D_CAR_RACING_H_

#include <cmath>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <vector>

#include "parallel_pool/box2d/car_racing_frame.h"
#include "parallel_pool/box2d/car_racing_sim.h"
#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/core/env.h"
#include "parallel_pool/core/render.h"
#include "parallel_pool/image/canvas.h"
#include "parallel_pool/numpy_exact/numpy_generator.h"

namespace parallel_pool::box2d {

template <bool kContinuous>
class CarRacingEnvFns {
 public:
  static auto DefaultConfig() {
    return MakeDict("reward_threshold"_.Bind(900.0), "continuous"_.Bind(kContinuous),
                    "domain_randomize"_.Bind(false), "lap_complete_percent"_.Bind(0.95));
  }

  template <typename Config>
  static void Validate(const Config& conf) {
    RequireConfig(conf["continuous"_] == kContinuous,
                  kContinuous ? "continuous: this pool's actions are continuous"
                              : "continuous: this pool's actions are discrete");
    const double percent = conf["lap_complete_percent"_];
    RequireConfig(std::isfinite(percent),
                  "lap_complete_percent: must be a finite number (a share of the track's tiles)");
  }

  template <typename Config>
  static auto StateSpec(const Config& /*conf*/) {
    return MakeDict("obs"_.Bind(Spec<std::uint8_t>({96, 96, 3}, {0, 255})));
  }

  template <typename Config>
  static auto ActionSpec(const Config& /*conf*/) {
    if constexpr (kContinuous) {
      return MakeDict("action"_.Bind(
          Spec<float>({-1, 3}, std::vector<float>{-1, 0, 0}, std::vector<float>{1, 1, 1})));
    } else {
      return MakeDict("action"_.Bind(Spec<int>({-1}, {0, 4})));
    }
  }
};

template <bool kContinuous>
using CarRacingEnvSpec = EnvSpec<CarRacingEnvFns<kContinuous>>;

template <bool kContinuous>
class CarRacingEnv : public Env<CarRacingEnvSpec<kContinuous>> {
 public:
  using Base = Env<CarRacingEnvSpec<kContinuous>>;
  using typename Base::Action;
  using typename Base::Spec;
  using typename Base::State;

  CarRacingEnv(const Spec& spec, int env_id)
      : Base(spec, env_id),
        sim_({spec.config["domain_randomize"_], spec.config["lap_complete_percent"_]}) {}

  static RenderRequest CheckRender(const Spec& /*spec*/, RenderRequest request) {
    return image::CheckFixedFrame(request, 400, 600, "CarRacing");
  }

  // gymnasium's render() in rgb_array mode.
  void Render(const RenderRequest& /*request*/, std::uint8_t* rgb) {
    // gymnasium's OrderEnforcing refuses it too (ResetNeeded).
    if (!sim_.started()) {
      throw std::runtime_error("render(): CarRacing has nothing to draw before its first reset()");
    }
    static thread_local CarRacingFrame video(400, 600, /*draw_particles=*/true);
    video.Draw(sim_, sim_.reward(), rgb);
  }

 protected:
  void Reset() override {
    sim_.Reset(np_random_);
    Write({});
  }

  void Step(const Action& action) override {
    CarAction command;
    if constexpr (kContinuous) {
      const float* a = action["action"_].template Data<float>();
      command = {a[0], a[1], a[2]};
    } else {
      // gymnasium: steer(-0.6 * (a == 1) + 0.6 * (a == 2)), which the
      // continuous path reaches as steer(-action[0]).
      const int a = action["action"_].template Get<int>();
      command.steer = -(-0.6 * (a == 1) + 0.6 * (a == 2));
      command.gas = 0.2 * (a == 3);
      command.brake = 0.8 * (a == 4);
    }
    Write(sim_.Step(command));
  }

  // gymnasium's reset(seed=...): a new np_random from the seed.
  void Reseed() override { np_random_ = numpy_exact::NumpyGenerator(this->seed()); }

  bool IsTerminated() override { return terminated_; }

 private:
  void Write(const RacingStep& step) {
    terminated_ = step.terminated;
    State& state = this->Allocate();
    // A frame's 1000 x 800 surface is scratch, repainted whole each time:
    // one per thread, not per env, keeps the pool's memory traffic in cache
    // (32 envs with a surface each ran 25% slower than 8).
    static thread_local CarRacingFrame observation(96, 96, /*draw_particles=*/false);
    // step() draws its observation before taking the step's -0.1 off.
    observation.Draw(sim_, sim_.shown_reward(), state["obs"_].template Data<std::uint8_t>());
    state["reward"_] = step.reward;
  }

  numpy_exact::NumpyGenerator np_random_{this->seed()};
  CarRacingSim sim_;
  bool terminated_ = false;
};

using CarRacingContinuousEnvPool = AsyncEnvPool<CarRacingEnv<true>>;
using CarRacingDiscreteEnvPool = AsyncEnvPool<CarRacingEnv<false>>;

}  // namespace parallel_pool::box2d

#endif  // PARALLEL_POOL_BOX2D_CAR_RACING_H_
