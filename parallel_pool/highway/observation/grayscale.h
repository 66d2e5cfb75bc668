// highway-env's GrayscaleObservation (envs/common/observation.py): the
// viewer's frame drawn at the observation's own size (and scaling), each
// pixel's red, green and blue weighted into one byte (np.dot with the
// weights, clipped to [0, 255], truncated), stacked with the previous
// frames: [stack_size, width, height], the newest last, zeros before the
// episode's first frames.
#ifndef PARALLEL_POOL_HIGHWAY_OBSERVATION_GRAYSCALE_H_
#define PARALLEL_POOL_HIGHWAY_OBSERVATION_GRAYSCALE_H_

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "parallel_pool/highway/graphics.h"
#include "parallel_pool/highway/observation/observer.h"
#include "parallel_pool/highway/simulation.h"
#include "parallel_pool/image/canvas.h"
#include "parallel_pool/numpy_exact/numpy_ddot.h"

namespace parallel_pool::highway {

struct GrayscaleConfig {
  ViewConfig view;
  int stack_size = 4;
  std::array<double, 3> weights = {0.2989, 0.5870, 0.1140};
};

class GrayscaleObserver : public Observer {
 public:
  explicit GrayscaleObserver(GrayscaleConfig config)
      : config_(config),
        frame_size_(static_cast<std::size_t>(config.view.width) *
                    static_cast<std::size_t>(config.view.height)),
        stack_(frame_size_ * static_cast<std::size_t>(config.stack_size), 0),
        canvas_(config.view.width, config.view.height) {}

  void Reset() override { std::fill(stack_.begin(), stack_.end(), 0); }

  void ObserveImage(Simulation& sim, std::uint8_t* out) override {
    // np.roll(obs, -1, axis=0): the oldest frame out, the new one last.
    std::copy(stack_.begin() + static_cast<std::ptrdiff_t>(frame_size_), stack_.end(),
              stack_.begin());
    DrawFrame(*sim.road, config_.view, sim.vehicle()->position, &canvas_);
    const int width = config_.view.width;
    const int height = config_.view.height;
    const std::vector<std::uint8_t>& rgb = canvas_.pixels();
    std::uint8_t* newest = stack_.data() + frame_size_ * (config_.stack_size - 1);
    for (int y = 0; y < height; ++y) {
      for (int x = 0; x < width; ++x) {
        const std::uint8_t* p = &rgb[3 * (static_cast<std::size_t>(y) * width + x)];
        const double channels[3] = {static_cast<double>(p[0]), static_cast<double>(p[1]),
                                    static_cast<double>(p[2])};
        const double gray = numpy_exact::NumpyDdot(channels, config_.weights.data(), 3);
        // [width, height]: x major.
        newest[static_cast<std::size_t>(x) * height + y] =
            static_cast<std::uint8_t>(std::min(std::max(gray, 0.0), 255.0));
      }
    }
    std::copy(stack_.begin(), stack_.end(), out);
  }

 private:
  GrayscaleConfig config_;
  std::size_t frame_size_;
  std::vector<std::uint8_t> stack_;
  image::Canvas canvas_;
};

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_OBSERVATION_GRAYSCALE_H_
