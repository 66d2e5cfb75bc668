// BipedalWalkerEnv: gymnasium's BipedalWalker-v3 and BipedalWalkerHardcore-v3
// (bipedal_walker_sim.h).
//
// Config: gymnasium's hardcore (stumps, pits and stairs in the terrain).
// Observation "obs": float32 [24] = hull angle, angular velocity, x and y
//   velocity, then per leg the hip angle and speed, the knee angle (+1) and
//   speed and the lower leg's ground contact, then the 10 lidar fractions; as
//   gymnasium's, in its units.
// Action "action": float32 [4], the hip and knee torques of each leg in
//   [-1, 1]: the motor speed's sign and, by its magnitude, its torque.
// Seeds: env i of a pool made with seed=s runs gymnasium's episodes after
//   reset(seed=s+i), bit for bit; later episodes those of its reset().
// render(): gymnasium's 600 x 400 rgb_array frame (bipedal_walker_frame.h);
//   the lidar ray it shows goes round with the renders of the env since its
//   reset, as gymnasium's does with its render() calls.
#ifndef PARALLEL_POOL_BOX2D_BIPEDAL_WALKER_H_
#define PARALLEL_POOL_BOX2D_BIPEDAL_WALKER_H_

#include <cstdint>
#include <numbers>
#include <stdexcept>
#include <vector>

#include "parallel_pool/box2d/bipedal_walker_frame.h"
#include "parallel_pool/box2d/bipedal_walker_sim.h"
#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/core/env.h"
#include "parallel_pool/core/render.h"
#include "parallel_pool/image/canvas.h"
#include "parallel_pool/numpy_exact/numpy_generator.h"

namespace parallel_pool::box2d {

class BipedalWalkerEnvFns {
 public:
  static auto DefaultConfig() {
    return MakeDict("reward_threshold"_.Bind(300.0), "hardcore"_.Bind(false));
  }

  template <typename Config>
  static auto StateSpec(const Config& /*conf*/) {
    constexpr auto kPi = static_cast<float>(std::numbers::pi);
    std::vector<float> high{kPi, 5, 5, 5, kPi, 5, kPi, 5, 5, kPi, 5, kPi, 5, 5};
    std::vector<float> low{-kPi, -5, -5, -5, -kPi, -5, -kPi, -5, -0.0F, -kPi, -5, -kPi, -5, -0.0F};
    high.resize(24, 1.0F);  // the lidar fractions
    low.resize(24, -1.0F);
    return MakeDict("obs"_.Bind(Spec<float>({24}, low, high)));
  }

  template <typename Config>
  static auto ActionSpec(const Config& /*conf*/) {
    return MakeDict("action"_.Bind(Spec<float>({-1, 4}, {-1.0F, 1.0F})));
  }
};

using BipedalWalkerEnvSpec = EnvSpec<BipedalWalkerEnvFns>;

class BipedalWalkerEnv : public Env<BipedalWalkerEnvSpec> {
 public:
  BipedalWalkerEnv(const Spec& spec, int env_id)
      : Env(spec, env_id), sim_(spec.config["hardcore"_]) {}

  static RenderRequest CheckRender(const Spec& /*spec*/, RenderRequest request) {
    return image::CheckFixedFrame(request, 400, 600, "BipedalWalker");
  }

  // gymnasium's render() in rgb_array mode.
  void Render(const RenderRequest& /*request*/, std::uint8_t* rgb) {
    // gymnasium's OrderEnforcing refuses it too (ResetNeeded).
    if (!sim_.started()) {
      throw std::runtime_error(
          "render(): BipedalWalker has nothing to draw before its first reset()");
    }
    lidar_render_ = (lidar_render_ + 1) % 100;
    // The surface is scratch, repainted where it is seen: one per thread.
    static thread_local BipedalWalkerFrame frame;
    frame.Draw(sim_, lidar_render_, rgb);
  }

 protected:
  void Reset() override {
    lidar_render_ = 0;
    Write(sim_.Reset(np_random_));
  }

  void Step(const Action& action) override {
    const float* a = action["action"_].Data<float>();
    Write(sim_.Step({a[0], a[1], a[2], a[3]}));
  }

  // gymnasium's reset(seed=...): a new np_random from the seed.
  void Reseed() override { np_random_ = numpy_exact::NumpyGenerator(seed()); }

  bool IsTerminated() override { return terminated_; }

 private:
  void Write(const WalkerStep& step) {
    terminated_ = step.terminated;
    WriteSimStep(step, Allocate());
  }

  numpy_exact::NumpyGenerator np_random_{seed()};
  BipedalWalkerSim sim_;
  bool terminated_ = false;
  int lidar_render_ = 0;  // gymnasium's self.lidar_render: render() calls since the reset
};

using BipedalWalkerEnvPool = AsyncEnvPool<BipedalWalkerEnv>;

}  // namespace parallel_pool::box2d

#endif  // PARALLEL_POOL_BOX2D_BIPEDAL_WALKER_H_
