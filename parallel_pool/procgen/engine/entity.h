// Entity: a moving object of a procgen game (the agent, fish, enemies,
// bullets), an axis-aligned box centred at (x, y) with half-sizes (rx, ry)
// in world units, y up. Step() is the passive motion every entity has;
// the game moves "smart" entities itself, with collisions.
#ifndef PARALLEL_POOL_PROCGEN_ENGINE_ENTITY_H_
#define PARALLEL_POOL_PROCGEN_ENGINE_ENTITY_H_

#include <cmath>

#include "parallel_pool/procgen/engine/object_ids.h"

namespace parallel_pool::procgen {

struct Entity {
  Entity(float x_, float y_, float vx_, float vy_, float rx_, float ry_, int type_)
      : x(x_), y(y_), vx(vx_), vy(vy_), rx(rx_), ry(ry_), type(type_), image_type(type_) {
    if (type == kExplosion) {
      grow_rate = 1.4F;
      expire_time = 4;
    } else if (type == kTrail) {
      grow_rate = 1.05F;
      alpha_decay = 0.8F;
    }
  }

  void Step() {
    if (!smart_step) {
      x += vx;
      y += vy;
    }
    rotation += vrot;
    vx *= friction;
    vy *= friction;
    life_time += 1;
    if (expire_time > 0 && life_time > expire_time) will_erase = true;
    if (type == kExplosion && image_type < kExplosion5) ++image_type;
    rx *= grow_rate;
    ry *= grow_rate;
    alpha = alpha_decay * alpha;
  }

  // Turns the sprite to face (dx, dy), y up.
  void FaceDirection(float dx, float dy, float rotation_offset = 0) {
    if (dx != 0 || dy != 0) rotation = -1 * std::atan2(dy, dx) + rotation_offset;
  }

  float x, y, vx, vy, rx, ry;
  int type;
  int image_type;
  int image_theme = 0;
  int render_z = 0;
  bool will_erase = false;
  bool collides_with_entities = false;
  float collision_margin = 0.0F;
  float rotation = 0.0F;
  float vrot = 0.0F;
  bool is_reflected = false;
  int fire_time = -1;
  int spawn_time = -1;
  int life_time = 0;
  int expire_time = -1;
  bool use_abs_coords = false;
  float friction = 1;
  bool smart_step = false;
  bool avoids_collisions = false;
  bool auto_erase = true;
  float alpha = 1.0F;
  float health = 1;
  float theta = -100;
  float grow_rate = 1.0F;
  float alpha_decay = 1.0F;
  float climber_spawn_x = 0;
};

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_ENGINE_ENTITY_H_
