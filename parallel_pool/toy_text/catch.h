// CatchEnv: bsuite's Catch, as EnvPool's Catch-v0.
//
// A ball starts in a uniformly random column of the top row of a
// height x width board and falls one row per step; the paddle starts in the
// middle column of the bottom row. The episode terminates when the ball
// reaches the bottom row: reward +1 if the paddle is under it, else -1
// (0 on every other step).
// Draws: the ball's column as np_random.integers(width), gymnasium's analogue
// of bsuite's RandomState.randint(width).
//
// Observation "obs": float32 [height, width], 1 at the ball and at the paddle
//   (a single 1 when they coincide), 0 elsewhere.
// Action "action": int in [0, 2]: 0 moves the paddle left, 1 keeps it,
//   2 moves it right (clamped to the board).
#ifndef PARALLEL_POOL_TOY_TEXT_CATCH_H_
#define PARALLEL_POOL_TOY_TEXT_CATCH_H_

#include <algorithm>
#include <cstddef>
#include <stdexcept>

#include "parallel_pool/core/async_env_pool.h"
#include "parallel_pool/core/env.h"
#include "parallel_pool/numpy_exact/numpy_generator.h"

namespace parallel_pool::toy_text {

class CatchEnvFns {
 public:
  static auto DefaultConfig() { return MakeDict("height"_.Bind(10), "width"_.Bind(5)); }

  template <typename Config>
  static void Validate(const Config& conf) {
    // The ball needs at least one row to fall through before the paddle row.
    RequireConfig(conf["height"_] >= 2, "height: Catch needs height >= 2");
    RequireConfig(conf["width"_] >= 1, "width: Catch needs width >= 1");
  }

  template <typename Config>
  static auto StateSpec(const Config& conf) {
    return MakeDict("obs"_.Bind(Spec<float>({conf["height"_], conf["width"_]}, {0.0F, 1.0F})));
  }

  template <typename Config>
  static auto ActionSpec(const Config& /*conf*/) {
    return MakeDict("action"_.Bind(Spec<int>({-1}, {0, 2})));
  }
};

using CatchEnvSpec = EnvSpec<CatchEnvFns>;

class CatchEnv : public Env<CatchEnvSpec> {
 public:
  CatchEnv(const Spec& spec, int env_id)
      : Env(spec, env_id), height_(spec.config["height"_]), width_(spec.config["width"_]) {}

 protected:
  void Reset() override {
    ball_x_ = static_cast<int>(np_random_.Integers(0, width_));
    ball_y_ = 0;
    paddle_x_ = width_ / 2;
    WriteState(0.0);
  }

  void Step(const Action& action) override {
    int dx = action["action"_].Get<int>() - 1;
    paddle_x_ = std::clamp(paddle_x_ + dx, 0, width_ - 1);
    ++ball_y_;
    double reward = 0.0;
    if (IsTerminated()) reward = paddle_x_ == ball_x_ ? 1.0 : -1.0;
    WriteState(reward);
  }

  // gymnasium's reset(seed=...): a new np_random from the seed.
  void Reseed() override { np_random_ = numpy_exact::NumpyGenerator(seed()); }

  bool IsTerminated() override { return ball_y_ == height_ - 1; }

 private:
  void WriteState(double reward) {
    State& state = Allocate();
    // Batch buffers are reused between steps, so the board is cleared first.
    state["obs"_] = 0.0F;
    float* board = state["obs"_].Data<float>();
    // In size_t: height x width may exceed an int (a board the pool could allocate).
    const auto at = [&](int y, int x) {
      return static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) +
             static_cast<std::size_t>(x);
    };
    board[at(ball_y_, ball_x_)] = 1.0F;
    board[at(height_ - 1, paddle_x_)] = 1.0F;
    state["reward"_] = reward;
  }

  int height_;
  int width_;
  int ball_x_ = 0;
  int ball_y_ = 0;
  int paddle_x_ = 0;
  // gymnasium's self.np_random, seeded as reset(seed=seed()) seeds it.
  numpy_exact::NumpyGenerator np_random_{seed()};
};

using CatchEnvPool = AsyncEnvPool<CatchEnv>;

}  // namespace parallel_pool::toy_text

#endif  // PARALLEL_POOL_TOY_TEXT_CATCH_H_
