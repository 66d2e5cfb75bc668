// BipedalWalkerFrame: gymnasium's BipedalWalker.render() in rgb_array mode,
// pixel for pixel, from a BipedalWalkerSim.
//
// gymnasium's surface is as wide as the view and all the ground scrolled
// past, int(600 + max(0, scroll) * SCALE) pixels (scroll: the hull's x less
// 4, in world units), drawn y up; it flips it and returns its last 600
// columns. On it:
//   - the sky, a light blue quad over the view (pygame.draw.polygon);
//   - the clouds near the view, moving at half the view's speed, and the
//     ground's quads under the view (pygame.draw.polygon, then
//     pygame.gfxdraw.aapolygon);
//   - one lidar ray in red (pygame.draw.line): render() counts its calls
//     from the reset, and at the n-th call shows ray n, then for n in
//     10..19 the rays 9 back to 0, and none for n in 20..99 (modulo 100);
//   - every body: each edge of the ground (pygame.draw.aaline, green,
//     alternately two shades; all of them, seen or not), the obstacles, the
//     legs and the hull (pygame.draw.polygon and gfxdraw.aapolygon in the
//     fill colour, then pygame.draw.polygon of width 1 and gfxdraw.aapolygon
//     of the outline closed by its first point repeated, in the outline
//     colour);
//   - the start flag (pygame.draw.aaline, polygon and lines).
// The surface is drawn at its full width, since pygame clips every shape to
// it (a shape crossing the view's left edge is not clipped there); only the
// columns returned are cleared and copied out: each pixel is drawn from its
// own previous value alone, so the others cannot change them.
// Body points: body_points.h.
#ifndef PARALLEL_POOL_BOX2D_BIPEDAL_WALKER_FRAME_H_
#define PARALLEL_POOL_BOX2D_BIPEDAL_WALKER_FRAME_H_

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

#include "Box2D/Box2D.h"
#include "parallel_pool/box2d/bipedal_walker_sim.h"
#include "parallel_pool/box2d/body_points.h"
#include "parallel_pool/image/canvas.h"
#include "parallel_pool/image/pygame_draw.h"

namespace parallel_pool::box2d {

class BipedalWalkerFrame {
 public:
  static constexpr int kWidth = static_cast<int>(kWalkerViewportW);
  static constexpr int kHeight = static_cast<int>(kWalkerViewportH);

  BipedalWalkerFrame() : canvas_(kWidth, kHeight) {}

  // Draws `sim` into rgb (kHeight x kWidth x 3, top row first);
  // `lidar_render` is gymnasium's self.lidar_render once render() has
  // counted this call.
  void Draw(const BipedalWalkerSim& sim, int lidar_render, std::uint8_t* rgb) {
    namespace draw = image::pygame_draw;
    constexpr double kView = kWalkerViewportW / kWalkerScale;
    const double scroll =
        static_cast<double>(sim.hull()->GetPosition().x) - kWalkerViewportW / kWalkerScale / 5;
    // pygame.Surface truncates a float size.
    const int surface_w = draw::ToInt(kWalkerViewportW + std::max(0.0, scroll) * kWalkerScale);
    const int left = surface_w - kWidth;
    canvas_.Resize(surface_w, kHeight);
    for (int y = 0; y < kHeight; ++y) canvas_.HLine(left, surface_w - 1, y, {0, 0, 0});

    const double sky_x = scroll * kWalkerScale;
    path_ = {{sky_x, 0},
             {sky_x + kWalkerViewportW, 0},
             {sky_x + kWalkerViewportW, kWalkerViewportH},
             {sky_x, kWalkerViewportH}};
    draw::Polygon(&canvas_, path_, {215, 215, 255});

    constexpr image::Rgb kWhite{255, 255, 255};
    for (const WalkerCloud& cloud : sim.clouds()) {
      if (cloud.x2 < scroll / 2) continue;
      if (cloud.x1 > scroll / 2 + kView) continue;
      path_.clear();
      for (const auto& p : cloud.poly) {
        path_.push_back({p[0] * kWalkerScale + scroll * kWalkerScale / 2, p[1] * kWalkerScale});
      }
      draw::Polygon(&canvas_, path_, kWhite);
      canvas_.AaPolygon(path_, kWhite);
    }

    constexpr image::Rgb kGround{102, 153, 76};
    const std::vector<double>& xs = sim.terrain_x();
    const std::vector<double>& ys = sim.terrain_y();
    for (std::size_t i = 0; i + 1 < xs.size(); ++i) {
      if (xs[i + 1] < scroll) continue;
      if (xs[i] > scroll + kView) continue;
      path_ = {{xs[i] * kWalkerScale, ys[i] * kWalkerScale},
               {xs[i + 1] * kWalkerScale, ys[i + 1] * kWalkerScale},
               {xs[i + 1] * kWalkerScale, 0.0},
               {xs[i] * kWalkerScale, 0.0}};
      draw::Polygon(&canvas_, path_, kGround);
      canvas_.AaPolygon(path_, kGround);
    }

    if (lidar_render < 2 * kLidarRays) {
      const int ray = lidar_render < kLidarRays ? lidar_render : 2 * kLidarRays - 1 - lidar_render;
      const LidarRay& lidar = sim.lidar()[ray];
      draw::Line(&canvas_, {lidar.p1[0] * kWalkerScale, lidar.p1[1] * kWalkerScale},
                 {lidar.p2[0] * kWalkerScale, lidar.p2[1] * kWalkerScale}, {255, 0, 0});
    }

    const std::vector<b2Body*>& terrain = sim.terrain();
    for (std::size_t k = 0; k < terrain.size(); ++k) {
      const b2Shape* shape = terrain[k]->GetFixtureList()->GetShape();
      if (shape->GetType() == b2Shape::e_edge) {
        // The edges come first, the last made first: this is edge
        // kTerrainLength - 2 - k, coloured by its parity.
        const bool even = (kTerrainLength - 2 - static_cast<int>(k)) % 2 == 0;
        const auto* edge = static_cast<const b2EdgeShape*>(shape);
        const b2Transform& xf = terrain[k]->GetTransform();
        draw::AaLine(&canvas_, ScaledPoint(xf, edge->m_vertex1, kWalkerScale),
                     ScaledPoint(xf, edge->m_vertex2, kWalkerScale),
                     {76, static_cast<std::uint8_t>(even ? 255 : 204), 76});
      } else {
        DrawPolygonBody(terrain[k], kWhite, {153, 153, 153});
      }
    }
    for (int k = 0; k < 4; ++k) {
      const int i = k < 2 ? -1 : +1;  // gymnasium's leg side
      const auto shade = [i](int c) { return static_cast<std::uint8_t>(c - i * 25); };
      DrawPolygonBody(sim.legs()[k], {shade(153), shade(76), shade(127)},
                      {shade(102), shade(51), shade(76)});
    }
    DrawPolygonBody(sim.hull(), {127, 51, 229}, {76, 76, 127});

    const double flagy1 = kTerrainHeight * kWalkerScale;
    const double flagy2 = flagy1 + 50;
    const double x = kTerrainStep * 3 * kWalkerScale;
    draw::AaLine(&canvas_, {x, flagy1}, {x, flagy2}, {0, 0, 0});
    path_ = {{x, flagy2}, {x, flagy2 - 10}, {x + 25, flagy2 - 5}};
    draw::Polygon(&canvas_, path_, {230, 51, 0});
    path_.push_back(path_[0]);
    draw::Lines(&canvas_, path_, {0, 0, 0}, /*closed=*/false);

    // Flipped, and the last kWidth columns.
    const std::size_t row = 3 * static_cast<std::size_t>(kWidth);
    const std::uint8_t* pixels = canvas_.pixels().data();
    for (int y = 0; y < kHeight; ++y) {
      const std::size_t from = 3 * (static_cast<std::size_t>(kHeight - 1 - y) * surface_w + left);
      std::memcpy(rgb + row * y, pixels + from, row);
    }
  }

 private:
  void DrawPolygonBody(const b2Body* body, image::Rgb fill, image::Rgb outline) {
    PolygonPoints(body, kWalkerScale, &path_);
    image::pygame_draw::Polygon(&canvas_, path_, fill);
    canvas_.AaPolygon(path_, fill);
    path_.push_back(path_[0]);
    image::pygame_draw::Polygon(&canvas_, path_, outline, /*width=*/1);
    canvas_.AaPolygon(path_, outline);
  }

  image::Canvas canvas_;
  std::vector<image::Point> path_;
};

}  // namespace parallel_pool::box2d

#endif  // PARALLEL_POOL_BOX2D_BIPEDAL_WALKER_FRAME_H_
