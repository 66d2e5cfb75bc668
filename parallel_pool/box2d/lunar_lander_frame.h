// LunarLanderFrame: gymnasium's LunarLander.render() in rgb_array mode, pixel
// for pixel, from a LunarLanderSim.
//
// gymnasium draws a 600 x 400 pygame surface, y up, then flips it:
//   - white, then the sky above the terrain in black, one quad per terrain
//     chunk (pygame.draw.polygon, then pygame.gfxdraw.aapolygon);
//   - the engines' particles (circles, pygame.draw.circle, coloured by their
//     remaining life), then the lander and its two legs (pygame.draw.polygon
//     and gfxdraw.aapolygon in the fill colour, pygame.draw.aalines closed in
//     the outline colour), the oldest particle first;
//   - after each of those bodies, again, the two helipad flags (a white
//     pole, pygame.draw.line, and a yellow pennant, pygame.draw.polygon and
//     gfxdraw.aapolygon): anti-aliased edges blend with what is under them,
//     so a flag drawn n times is not one drawn once, and the bodies drawn
//     after a flag cover it; both are kept as gymnasium has them.
// The bodies' points: body_points.h.
#ifndef PARALLEL_POOL_BOX2D_LUNAR_LANDER_FRAME_H_
#define PARALLEL_POOL_BOX2D_LUNAR_LANDER_FRAME_H_

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "Box2D/Box2D.h"
#include "parallel_pool/box2d/body_points.h"
#include "parallel_pool/box2d/lunar_lander_sim.h"
#include "parallel_pool/image/canvas.h"
#include "parallel_pool/image/pygame_draw.h"

namespace parallel_pool::box2d {

class LunarLanderFrame {
 public:
  static constexpr int kWidth = static_cast<int>(kLanderViewportW);
  static constexpr int kHeight = static_cast<int>(kLanderViewportH);

  LunarLanderFrame() : canvas_(kWidth, kHeight) {}

  // Draws `sim` into rgb (kHeight x kWidth x 3, top row first). The
  // particles' lives are as render() leaves them (LunarLanderSim::AgeParticles
  // first, as gymnasium's render() ages them before it draws).
  void Draw(const LunarLanderSim& sim, std::uint8_t* rgb) {
    namespace draw = image::pygame_draw;
    constexpr image::Rgb kBlack{0, 0, 0};
    canvas_.Fill({255, 255, 255});
    const std::vector<double>& xs = sim.chunk_x();
    const std::vector<double>& ys = sim.smooth_y();
    constexpr double kTop = kLanderViewportH / kLanderScale;
    for (std::size_t i = 0; i + 1 < xs.size(); ++i) {
      path_ = {{xs[i] * kLanderScale, ys[i] * kLanderScale},
               {xs[i + 1] * kLanderScale, ys[i + 1] * kLanderScale},
               {xs[i + 1] * kLanderScale, kTop * kLanderScale},
               {xs[i] * kLanderScale, kTop * kLanderScale}};
      draw::Polygon(&canvas_, path_, kBlack);
      canvas_.AaPolygon(path_, kBlack);
    }
    for (const LanderParticle& p : sim.particles()) {
      DrawParticle(p);
      DrawFlags(sim);
    }
    constexpr image::Rgb kFill{128, 102, 230};
    constexpr image::Rgb kOutline{77, 77, 128};
    DrawPolygonBody(sim.lander(), kFill, kOutline);
    DrawFlags(sim);
    for (const b2Body* leg : sim.legs()) {
      DrawPolygonBody(leg, kFill, kOutline);
      DrawFlags(sim);
    }
    canvas_.CopyFlipped(rgb);
  }

 private:
  // int(max(0.2, 0.15 + ttl) * 255) for red, int(max(0.2, 0.5 * ttl) * 255)
  // for green and blue: bright yellow-white fading to a dim grey.
  static image::Rgb ParticleColor(double ttl) {
    const auto channel = [](double v) { return static_cast<std::uint8_t>(std::max(0.2, v) * 255); };
    const std::uint8_t gb = channel(0.5 * ttl);
    return {channel(0.15 + ttl), gb, gb};
  }

  // gymnasium draws a particle twice, in its color1 and its color2, which
  // are the same colour: an opaque fill drawn again changes nothing.
  void DrawParticle(const LanderParticle& p) {
    const b2Fixture* fixture = p.body->GetFixtureList();
    const auto* circle = static_cast<const b2CircleShape*>(fixture->GetShape());
    const image::Point center = ScaledPoint(p.body->GetTransform(), circle->m_p, kLanderScale);
    const double radius = static_cast<double>(circle->m_radius) * kLanderScale;
    image::pygame_draw::Circle(&canvas_, center, radius, ParticleColor(p.ttl));
  }

  void DrawPolygonBody(const b2Body* body, image::Rgb fill, image::Rgb outline) {
    PolygonPoints(body, kLanderScale, &path_);
    image::pygame_draw::Polygon(&canvas_, path_, fill);
    canvas_.AaPolygon(path_, fill);
    image::pygame_draw::AaLines(&canvas_, path_, outline, /*closed=*/true);
  }

  void DrawFlags(const LunarLanderSim& sim) {
    constexpr image::Rgb kPennant{204, 204, 0};
    for (const double helipad_x : {sim.helipad_x1(), sim.helipad_x2()}) {
      const double x = helipad_x * kLanderScale;
      const double flagy1 = sim.helipad_y() * kLanderScale;
      const double flagy2 = flagy1 + 50;
      image::pygame_draw::Line(&canvas_, {x, flagy1}, {x, flagy2}, {255, 255, 255});
      pennant_ = {{x, flagy2}, {x, flagy2 - 10}, {x + 25, flagy2 - 5}};
      image::pygame_draw::Polygon(&canvas_, pennant_, kPennant);
      canvas_.AaPolygon(pennant_, kPennant);
    }
  }

  image::Canvas canvas_;
  std::vector<image::Point> path_;
  std::vector<image::Point> pennant_;
};

}  // namespace parallel_pool::box2d

#endif  // PARALLEL_POOL_BOX2D_LUNAR_LANDER_FRAME_H_
