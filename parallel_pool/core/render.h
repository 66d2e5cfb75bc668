// Rendering: what an env class that renders provides, and the frame sizes a
// pool's Render works out (render_mode="rgb_array", docs/rendering.md). The
// work a Render hands the worker threads is core/render_job.h's.
//
// An env class renders if it has
//   static RenderRequest CheckRender(const Spec& spec, RenderRequest request);
//       the frame the env will draw for `request`: the request with its zeros
//       (height, width) replaced by the family's defaults, or the family's
//       one frame size where it draws one size only (the pool then resizes
//       the frames to the size asked, ResizedFrames); or
//       std::invalid_argument naming render_width / render_height /
//       render_camera_id if no env of `spec` can render it;
//   void Render(const RenderRequest& request, std::uint8_t* rgb);
//       writes the env's current state as height x width x 3 uint8 RGB,
//       top row first.
// A pool of such envs gets Render(env_ids, request); a pool of other envs
// compiles none of it, so it pays nothing for rendering.
//
// A family whose Reset/Step use a resource bound to one thread (an OpenGL
// context, for pixel observations) says so in its EnvFns (WorkerThreadsOnly,
// env_spec.h).
#ifndef PARALLEL_POOL_CORE_RENDER_H_
#define PARALLEL_POOL_CORE_RENDER_H_

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "parallel_pool/core/array.h"
#include "parallel_pool/image/resize.h"

namespace parallel_pool {

// One render: the frame size (0 = the family's default) and the camera (-1 =
// the family's default view).
struct RenderRequest {
  int height = 0;
  int width = 0;
  int camera_id = -1;
};

template <typename EnvT>
concept RenderableEnv = requires(EnvT& env, const typename EnvT::Spec& spec,
                                 const RenderRequest& request, std::uint8_t* rgb) {
  { EnvT::CheckRender(spec, request) } -> std::same_as<RenderRequest>;
  env.Render(request, rgb);
};

// The frame an env of `spec` draws for `request` (EnvT::CheckRender), after
// the checks every family shares: a size below 0 is an error, not the default.
template <typename EnvT>
RenderRequest DrawnFrame(const typename EnvT::Spec& spec, const RenderRequest& request) {
  RenderRequest drawn = EnvT::CheckRender(spec, request);
  if (request.height < 0 || request.width < 0) {
    throw std::invalid_argument(
        "render_height, render_width: expected sizes >= 0 (0: the family's), got " +
        std::to_string(request.height) + " x " + std::to_string(request.width));
  }
  return drawn;
}

// The frames drawn for `drawn` (n, height, width, 3), at the size the caller
// asked in `asked` (its zeros: the drawn size). A family that draws one size
// (gymnasium's canvases, the Atari and ViZDoom screens, minigrid's grid)
// returns it from CheckRender whatever was asked; the frames are then
// resized here as cv2.resize(frame, (width, height),
// interpolation=cv2.INTER_AREA) resizes them, byte for byte
// (image/resize.h), as EnvPool hands frames of any size.
inline Array ResizedFrames(Array frames, const RenderRequest& asked, const RenderRequest& drawn) {
  const int height = asked.height > 0 ? asked.height : drawn.height;
  const int width = asked.width > 0 ? asked.width : drawn.width;
  if (height == drawn.height && width == drawn.width) return frames;
  const std::size_t n = frames.shape()[0];
  Array out(DType::kUInt8,
            Shape{n, static_cast<std::size_t>(height), static_cast<std::size_t>(width), 3});
  image::Resizer resizer(drawn.height, drawn.width, height, width, 3, /*inter_area=*/true);
  for (std::size_t i = 0; i < n; ++i) {
    resizer.Resize(reinterpret_cast<const std::uint8_t*>(frames.raw() + i * frames.row_bytes()),
                   reinterpret_cast<std::uint8_t*>(out.raw() + i * out.row_bytes()));
  }
  return out;
}

}  // namespace parallel_pool

#endif  // PARALLEL_POOL_CORE_RENDER_H_
