// One env's own model over a shared one. MuJoCo only reads a model while it
// simulates and draws, and a few references write a few of their model's
// arrays per episode or per frame (where a body or a site sits, a colour:
// Adroit's resets, the Shadow Hand's renders). Such an env runs on a copy of
// the shared mjModel struct whose arrays of that kind are the env's own;
// every other array (meshes, textures: megabytes) stays the shared model's,
// which the view keeps alive.
#ifndef PARALLEL_POOL_MUJOCO_ENGINE_MODEL_VIEW_H_
#define PARALLEL_POOL_MUJOCO_ENGINE_MODEL_VIEW_H_

#include <mujoco/mujoco.h>

#include <memory>
#include <vector>

#include "parallel_pool/mujoco_engine/mujoco_model.h"

namespace parallel_pool::mujoco_engine {

// `shared` with its own body_pos, body_quat, site_pos, site_rgba and
// geom_rgba (copies of the shared values to start with).
inline ModelPtr ModelWithOwnPlacements(const ModelPtr& shared) {
  struct View {
    mjModel model;
    std::vector<mjtNum> body_pos;
    std::vector<mjtNum> body_quat;
    std::vector<mjtNum> site_pos;
    std::vector<float> site_rgba;
    std::vector<float> geom_rgba;
    ModelPtr shared;
  };
  auto view = std::make_shared<View>();
  const mjModel& m = *shared;
  view->model = m;
  view->body_pos.assign(m.body_pos, m.body_pos + 3 * m.nbody);
  view->body_quat.assign(m.body_quat, m.body_quat + 4 * m.nbody);
  view->site_pos.assign(m.site_pos, m.site_pos + 3 * m.nsite);
  view->site_rgba.assign(m.site_rgba, m.site_rgba + 4 * m.nsite);
  view->geom_rgba.assign(m.geom_rgba, m.geom_rgba + 4 * m.ngeom);
  view->model.body_pos = view->body_pos.data();
  view->model.body_quat = view->body_quat.data();
  view->model.site_pos = view->site_pos.data();
  view->model.site_rgba = view->site_rgba.data();
  view->model.geom_rgba = view->geom_rgba.data();
  view->shared = shared;
  return ModelPtr(view, &view->model);
}

// The writable model of an env that runs on ModelWithOwnPlacements' view:
// only its own arrays may be written through it.
inline mjModel& OwnedView(const mjModel& view) { return const_cast<mjModel&>(view); }

}  // namespace parallel_pool::mujoco_engine

#endif  // PARALLEL_POOL_MUJOCO_ENGINE_MODEL_VIEW_H_
