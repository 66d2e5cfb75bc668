// Rendering a MuJoCo env with MuJoCo's own offscreen renderer (mjv_/mjr_ in
// libmujoco, the very calls gymnasium's and dm_control's renderers make),
// from the pool's worker threads.
//
// A GL context belongs to one thread, and so do MuJoCo's render contexts
// (mjrContext: a model's meshes, textures and heightfields uploaded, and the
// offscreen framebuffer). So each worker thread that renders has its own
// ThreadRenderer (made on its first render, freed when the thread ends, on
// that thread): one GL context, and per model one mjrContext and one scene,
// shared by every env of that model the thread renders. Envs keep only
// their camera.
#ifndef PARALLEL_POOL_MUJOCO_ENGINE_MUJOCO_RENDER_H_
#define PARALLEL_POOL_MUJOCO_ENGINE_MUJOCO_RENDER_H_

#include <mujoco/mujoco.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "parallel_pool/core/env_spec.h"
#include "parallel_pool/core/render.h"
#include "parallel_pool/mujoco_engine/gl_context.h"

namespace parallel_pool::mujoco_engine {

// The largest frame side CheckMujocoRender accepts (a GL implementation's
// renderbuffer limit is at least this on any current driver).
inline constexpr int kMaxRenderSide = 8192;

// The size and camera checks every MuJoCo family shares: a size of 0 takes
// the default, a camera is -1 (the family's free camera) or one of the
// model's cameras.
inline RenderRequest CheckMujocoRender(RenderRequest request, int default_height, int default_width,
                                       const mjModel& m) {
  auto side = [](int value, const char* key) {
    RequireConfig(value >= 0 && value <= kMaxRenderSide,
                  std::string(key) + ": expected 0 (the default) or a size in [1, " +
                      std::to_string(kMaxRenderSide) + "], got " + std::to_string(value));
  };
  side(request.height, "render_height");
  side(request.width, "render_width");
  RequireConfig(request.camera_id >= -1 && request.camera_id < m.ncam,
                "render_camera_id: expected -1 (the free camera) or one of the model's " +
                    std::to_string(m.ncam) + " cameras, got " + std::to_string(request.camera_id));
  if (request.height == 0) request.height = default_height;
  if (request.width == 0) request.width = default_width;
  return request;
}

// What one render call needs from an env.
struct RenderScene {
  // The model that has the env's assets (meshes, textures): the shared model
  // a private copy was made from, so its envs share one mjrContext.
  std::shared_ptr<const mjModel> assets;
  // The model and data to draw (a private copy's own geometry and colours).
  const mjModel* model;
  mjData* data;
  mjvCamera* camera;
  // mjv_makeScene's maxgeom for this family.
  int max_geom;
  // The visualisation options (MuJoCo's defaults where null).
  const mjvOption* option;
  // Called with the thread's mjrContext before drawing (to upload what the
  // env changed, such as a heightfield); may be empty.
  std::function<void(mjrContext*)> before_draw;
};

class ThreadRenderer {
 public:
  // This thread's renderer, made on first use.
  static ThreadRenderer& ForThisThread() {
    thread_local ThreadRenderer renderer;
    return renderer;
  }

  // Draws `scene` at height x width into rgb (top row first).
  void Render(const RenderScene& scene, int height, int width, std::uint8_t* rgb) {
    if (gl_ == nullptr) gl_ = std::make_unique<GlContext>();
    gl_->MakeCurrent();
    Assets& assets = AssetsOf(scene.assets, scene.max_geom);
    if (width > assets.context.offWidth || height > assets.context.offHeight) {
      mjr_resizeOffscreen(std::max(width, assets.context.offWidth),
                          std::max(height, assets.context.offHeight), &assets.context);
      mjr_setBuffer(mjFB_OFFSCREEN, &assets.context);
    }
    if (scene.before_draw) scene.before_draw(&assets.context);
    mjv_updateScene(scene.model, scene.data, scene.option ? scene.option : &option_, &perturb_,
                    scene.camera, mjCAT_ALL, &assets.scene);
    const mjrRect viewport{0, 0, width, height};
    mjr_render(viewport, &assets.scene, &assets.context);
    const std::size_t row = static_cast<std::size_t>(width) * 3;
    bottom_up_.resize(row * height);
    mjr_readPixels(bottom_up_.data(), nullptr, viewport, &assets.context);
    for (int r = 0; r < height; ++r) {
      std::memcpy(rgb + r * row, bottom_up_.data() + (height - 1 - r) * row, row);
    }
  }

  ~ThreadRenderer() {
    if (gl_ == nullptr) return;
    gl_->MakeCurrent();
    for (auto& [key, assets] : assets_) Free(&assets);
  }
  ThreadRenderer(const ThreadRenderer&) = delete;
  ThreadRenderer& operator=(const ThreadRenderer&) = delete;

 private:
  ThreadRenderer() {
    mjv_defaultOption(&option_);
    mjv_defaultPerturb(&perturb_);
  }

  struct Assets {
    std::weak_ptr<const mjModel> model;  // expired: the address may be a new model's
    mjrContext context;
    mjvScene scene;
  };

  static void Free(Assets* assets) {
    mjr_freeContext(&assets->context);
    mjv_freeScene(&assets->scene);
  }

  // The render context and scene of `model`'s assets on this thread, made
  // (and stale ones freed) on first use.
  Assets& AssetsOf(const std::shared_ptr<const mjModel>& model, int max_geom) {
    auto it = assets_.find(model.get());
    if (it != assets_.end() && !it->second.model.expired()) return it->second;
    for (auto stale = assets_.begin(); stale != assets_.end();) {
      if (stale->second.model.expired()) {
        Free(&stale->second);
        stale = assets_.erase(stale);
      } else {
        ++stale;
      }
    }
    Assets& assets = assets_[model.get()];
    assets.model = model;
    mjr_defaultContext(&assets.context);
    mjv_defaultScene(&assets.scene);
    {
      // mjr_makeContext loads MuJoCo's OpenGL functions (process-wide state)
      // the first time: one thread at a time.
      static std::mutex make_context;
      std::lock_guard<std::mutex> lock(make_context);
      mjr_makeContext(model.get(), &assets.context, mjFONTSCALE_150);
    }
    mjr_setBuffer(mjFB_OFFSCREEN, &assets.context);
    mjv_makeScene(model.get(), &assets.scene, max_geom);
    return assets;
  }

  std::unique_ptr<GlContext> gl_;
  mjvOption option_;
  mjvPerturb perturb_;
  std::map<const mjModel*, Assets> assets_;
  std::vector<std::uint8_t> bottom_up_;
};

}  // namespace parallel_pool::mujoco_engine

#endif  // PARALLEL_POOL_MUJOCO_ENGINE_MUJOCO_RENDER_H_
