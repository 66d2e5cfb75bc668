// CarRacingFrame: gymnasium's CarRacing._render, pixel for pixel, from a
// CarRacingSim: the observation (its "state_pixels", 96 x 96) and the
// rgb_array frame (600 x 400, with the skid marks the observation leaves out).
//
// gymnasium draws a 1000 x 800 pygame surface and smoothscales it down:
//   - the playfield, the grass squares near the view and the road tiles and
//     kerbs, with pygame.gfxdraw's aapolygon then filled_polygon (Canvas), the
//     world rotated by the car's angle with Vector2.rotate_rad, zoomed (from
//     0.6 to 16.2 over the first second) and shifted to put the car at
//     (500, 200);
//   - the car: the skid marks (rgb_array only) with pygame.draw.lines, the
//     four wheels, their white tread patch and the hull's four polygons with
//     pygame.draw.polygon;
//   - the surface flipped vertically; then the black dashboard strip, the
//     speed, wheel-spin, steering and yaw-rate bars (pygame.draw.polygon) and
//     the score, the running reward as "%04.0f", as pygame's text renderer
//     draws it (score_font.h, generated from pygame's own renders);
//   - pygame.transform.smoothscale to the output size (SmoothScaler).
// Colours are NumPy arrays in gymnasium; pygame truncates their floats.
#ifndef PARALLEL_POOL_BOX2D_CAR_RACING_FRAME_H_
#define PARALLEL_POOL_BOX2D_CAR_RACING_FRAME_H_

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <numbers>
#include <vector>

#include "Box2D/Box2D.h"
#include "parallel_pool/box2d/car_racing_sim.h"
#include "parallel_pool/box2d/score_font.h"
#include "parallel_pool/image/canvas.h"
#include "parallel_pool/image/pygame_draw.h"
#include "parallel_pool/image/smoothscale.h"

namespace parallel_pool::box2d {

inline constexpr int kWindowW = 1000;
inline constexpr int kWindowH = 800;

class CarRacingFrame {
 public:
  // A frame drawn to out_h x out_w (96 x 96: the observation, without skid
  // marks; 400 x 600: the rgb_array frame, with them).
  CarRacingFrame(int out_h, int out_w, bool draw_particles)
      : canvas_(kWindowW, kWindowH),
        scaler_(kWindowH, kWindowW, out_h, out_w),
        draw_particles_(draw_particles) {}

  // Draws `sim` into out (out_h x out_w x 3, rows top to bottom), with
  // `score` as the reward shown (gymnasium's self.reward when it draws).
  void Draw(const CarRacingSim& sim, double score, std::uint8_t* out) {
    using image::Point;
    const Car& car = sim.car();
    const b2Body* hull = car.hull();
    angle_ = -static_cast<double>(hull->GetAngle());
    // Zoom in over the first second.
    const double t = sim.t();
    zoom_ = 0.1 * kRacingScale * std::max(1 - t, 0.0) + kZoom * kRacingScale * std::min(t, 1.0);
    const double scroll_x = -static_cast<double>(hull->GetPosition().x) * zoom_;
    const double scroll_y = -static_cast<double>(hull->GetPosition().y) * zoom_;
    const Point trans = image::RotateRad({scroll_x, scroll_y}, angle_);
    translation_ = {kWindowW / 2.0 + trans.x, kWindowH / 4.0 + trans.y};

    // gymnasium starts from a black surface; where the playfield covers all
    // of it (once zoomed in, far from the edge) no black pixel is left to see.
    if (!PlayfieldCoversSurface()) canvas_.Fill({0, 0, 0});
    DrawRoad(sim);
    DrawCar(car);
    canvas_.FlipVertically();
    DrawIndicators(car);
    DrawScore(score);
    scaler_.Scale(canvas_.pixels().data(), out, canvas_.rows_reversed());
  }

 private:
  static image::Rgb Truncated(const Colour& c) {
    return {static_cast<std::uint8_t>(c[0]), static_cast<std::uint8_t>(c[1]),
            static_cast<std::uint8_t>(c[2])};
  }

  // A world point on the surface: rotated, zoomed, shifted.
  image::Point ToScreen(double x, double y) const {
    const image::Point p = image::RotateRad({x, y}, angle_);
    return {p.x * zoom_ + translation_.x, p.y * zoom_ + translation_.y};
  }

  // _draw_colored_polygon: skipped when no corner is within the largest
  // shape's diagonal of the surface.
  void ColoredPolygon(const Quad& quad, image::Rgb color, bool clip = true) {
    static constexpr double kMaxShapeDim = std::max({kGrassDim, kTrackWidth, kTrackDetailStep}) *
                                           std::numbers::sqrt2 * kZoom * kRacingScale;
    std::vector<image::Point>& poly = poly_;
    poly.clear();
    bool visible = !clip;
    for (const Corner& c : quad) {
      const image::Point p = ToScreen(c[0], c[1]);
      visible = visible || (-kMaxShapeDim <= p.x && p.x <= kWindowW + kMaxShapeDim &&
                            -kMaxShapeDim <= p.y && p.y <= kWindowH + kMaxShapeDim);
      poly.push_back(p);
    }
    if (!visible) return;
    canvas_.AaPolygon(poly, color);
    canvas_.FilledPolygon(poly, color);
  }

  static constexpr Quad kField{{{kPlayfield, kPlayfield},
                                {kPlayfield, -kPlayfield},
                                {-kPlayfield, -kPlayfield},
                                {-kPlayfield, kPlayfield}}};

  // Whether the playfield's filled polygon paints every pixel: each corner of
  // the surface, 3 pixels out, lies strictly inside it (the polygon's int
  // vertices as SDL_gfx takes them; its spans are within a pixel of the edges).
  bool PlayfieldCoversSurface() const {
    std::array<std::array<std::int64_t, 2>, 4> v;
    for (int k = 0; k < 4; ++k) {
      const image::Point p = ToScreen(kField[k][0], kField[k][1]);
      v[k] = {image::GfxCoordinate(p.x), image::GfxCoordinate(p.y)};
    }
    constexpr std::array<std::array<std::int64_t, 2>, 4> kCorners{
        {{-3, -3}, {kWindowW + 2, -3}, {kWindowW + 2, kWindowH + 2}, {-3, kWindowH + 2}}};
    int sign = 0;
    for (int k = 0; k < 4; ++k) {
      const auto& a = v[k];
      const auto& b = v[(k + 1) % 4];
      for (const auto& c : kCorners) {
        const std::int64_t cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
        const int side = cross > 0 ? 1 : (cross < 0 ? -1 : 0);
        if (side == 0 || (sign != 0 && side != sign)) return false;
        sign = side;
      }
    }
    return true;
  }

  void DrawRoad(const CarRacingSim& sim) {
    ColoredPolygon(kField, Truncated(sim.bg_color()), /*clip=*/false);
    const image::Rgb grass = Truncated(sim.grass_color());
    for (int x = -20; x < 20; x += 2) {
      for (int y = -20; y < 20; y += 2) {
        const double gx = kGrassDim * x;
        const double gy = kGrassDim * y;
        ColoredPolygon({{{gx + kGrassDim, gy + 0},
                         {gx + 0, gy + 0},
                         {gx + 0, gy + kGrassDim},
                         {gx + kGrassDim, gy + kGrassDim}}},
                       grass);
      }
    }
    const Track& track = sim.track();
    std::size_t kerb = 0;
    for (std::size_t i = 0; i < track.tiles.size(); ++i) {
      ColoredPolygon(track.tiles[i], Truncated(sim.tiles()[i]->color));
      if (track.border[i]) {
        const image::Rgb color = i % 2 == 0 ? image::Rgb{255, 255, 255} : image::Rgb{255, 0, 0};
        ColoredPolygon(track.kerbs[kerb++], color);
      }
    }
  }

  // pybox2d's transform * vertex: Box2D's float b2Mul.
  void Path(const b2Transform& xf, const b2Vec2* vertices, int count) {
    poly_.clear();
    for (int k = 0; k < count; ++k) {
      const b2Vec2 v = b2Mul(xf, vertices[k]);
      poly_.push_back(ToScreen(v.x, v.y));
    }
  }

  void DrawCar(const Car& car) {
    if (draw_particles_) {
      for (const Particle& p : car.particles()) {
        poly_.clear();
        for (const b2Vec2& v : p.poly) poly_.push_back(ToScreen(v.x, v.y));
        image::pygame_draw::Lines(&canvas_, poly_,
                                  p.grass ? image::Rgb{102, 102, 0} : image::Rgb{0, 0, 0},
                                  /*closed=*/false, /*width=*/2);
      }
    }
    constexpr image::Rgb kWheelWhite{77, 77, 77};
    for (const Wheel& w : car.wheels()) {
      const b2Transform& xf = w.body->GetTransform();
      const auto* shape = static_cast<const b2PolygonShape*>(w.body->GetFixtureList()->GetShape());
      Path(xf, shape->m_vertices, shape->m_count);
      image::pygame_draw::Polygon(&canvas_, poly_, {0, 0, 0});
      // The tread patch that shows the wheel turning.
      const double a1 = w.phase;
      const double a2 = w.phase + 1.2;  // radians
      const double s1 = std::sin(a1);
      const double s2 = std::sin(a2);
      double c1 = std::cos(a1);
      double c2 = std::cos(a2);
      if (s1 > 0 && s2 > 0) continue;
      if (s1 > 0) c1 = Sign(c1);
      if (s2 > 0) c2 = Sign(c2);
      const std::array<b2Vec2, 4> white{Vec(-kWheelW * kCarSize, +kWheelR * c1 * kCarSize),
                                        Vec(+kWheelW * kCarSize, +kWheelR * c1 * kCarSize),
                                        Vec(+kWheelW * kCarSize, +kWheelR * c2 * kCarSize),
                                        Vec(-kWheelW * kCarSize, +kWheelR * c2 * kCarSize)};
      Path(xf, white.data(), 4);
      image::pygame_draw::Polygon(&canvas_, poly_, kWheelWhite);
    }
    // The hull's fixtures, in creation order (pybox2d lists them so); one colour.
    std::array<const b2Fixture*, 4> fixtures{};
    int n = 0;
    for (const b2Fixture* f = hull_fixtures(car); f != nullptr; f = f->GetNext()) fixtures[n++] = f;
    for (int k = n - 1; k >= 0; --k) {
      const auto* shape = static_cast<const b2PolygonShape*>(fixtures[k]->GetShape());
      Path(car.hull()->GetTransform(), shape->m_vertices, shape->m_count);
      image::pygame_draw::Polygon(&canvas_, poly_, {204, 0, 0});  // int(0.8 * 255)
    }
  }

  static const b2Fixture* hull_fixtures(const Car& car) { return car.hull()->GetFixtureList(); }

  static double Sign(double v) { return v > 0 ? 1.0 : (v < 0 ? -1.0 : 0.0); }

  // _render_indicators, on the flipped surface (y down).
  void DrawIndicators(const Car& car) {
    constexpr double kW = kWindowW;
    constexpr double kH = kWindowH;
    constexpr double s = kW / 40.0;
    constexpr double h = kH / 40.0;
    Polygon({{{kW, kH}, {kW, kH - 5 * h}, {0, kH - 5 * h}, {0, kH}}}, {0, 0, 0});
    const auto vertical = [&](double place, double val) {
      return std::array<image::Point, 4>{{{place * s, kH - (h + h * val)},
                                          {(place + 1) * s, kH - (h + h * val)},
                                          {(place + 1) * s, kH - h},
                                          {(place + 0) * s, kH - h}}};
    };
    const auto horizontal = [&](double place, double val) {
      return std::array<image::Point, 4>{{{(place + 0) * s, kH - 4 * h},
                                          {(place + val) * s, kH - 4 * h},
                                          {(place + val) * s, kH - 2 * h},
                                          {(place + 0) * s, kH - 2 * h}}};
    };
    const auto render_if_min = [&](double value, const std::array<image::Point, 4>& points,
                                   image::Rgb color) {
      if (std::abs(value) > 1e-4) Polygon(points, color);
    };
    const b2Vec2 v = car.hull()->GetLinearVelocity();
    const double true_speed =
        std::sqrt(static_cast<double>(v.x) * v.x + static_cast<double>(v.y) * v.y);
    render_if_min(true_speed, vertical(5, 0.02 * true_speed), {255, 255, 255});
    const auto& wheels = car.wheels();
    // ABS sensors.
    render_if_min(wheels[0].omega, vertical(7, 0.01 * wheels[0].omega), {0, 0, 255});
    render_if_min(wheels[1].omega, vertical(8, 0.01 * wheels[1].omega), {0, 0, 255});
    render_if_min(wheels[2].omega, vertical(9, 0.01 * wheels[2].omega), {51, 0, 255});
    render_if_min(wheels[3].omega, vertical(10, 0.01 * wheels[3].omega), {51, 0, 255});
    const double steer = wheels[0].joint->GetJointAngle();
    render_if_min(steer, horizontal(20, -10.0 * steer), {0, 255, 0});
    const double yaw = car.hull()->GetAngularVelocity();
    render_if_min(yaw, horizontal(30, -0.8 * yaw), {255, 0, 0});
  }

  void Polygon(const std::array<image::Point, 4>& points, image::Rgb color) {
    image::pygame_draw::Polygon(&canvas_, points, color);
  }

  // The score, white on black, centred at (60, 750) as pygame's Rect
  // centres it (the text's size halved in integers).
  void DrawScore(double reward) {
    char text[32];
    std::snprintf(text, sizeof(text), "%04.0f", reward);
    const score_font::Layout* layout = FindLayout(text);
    if (layout == nullptr) return;  // rewards beyond [-999, 1000]: see FindLayout
    const int left = 60 - layout->width / 2;
    const int top = static_cast<int>(kWindowH - kWindowH * 2.5 / 40.0) - score_font::kHeight / 2;
    // The text's own surface is black where no glyph is: a black box.
    for (int y = 0; y < score_font::kHeight; ++y) {
      for (int x = 0; x < layout->width; ++x) canvas_.SetAt(left + x, top + y, {0, 0, 0});
    }
    for (int k = 0; text[k] != '\0'; ++k) {
      const int glyph =
          static_cast<int>(std::strchr(score_font::kChars, text[k]) - score_font::kChars);
      const int width = score_font::kGlyphWidth[glyph];
      const std::uint8_t* pixels = score_font::kGlyphPixels + score_font::kGlyphStart[glyph];
      for (int y = 0; y < score_font::kHeight; ++y) {
        for (int x = 0; x < width; ++x) {
          const int sx = layout->x[k] + x;
          const std::uint8_t g = pixels[y * width + x];
          if (sx < 0 || sx >= layout->width || g == 0) continue;
          const image::Rgb under = canvas_.GetAt(left + sx, top + y);
          if (g > under.r) canvas_.SetAt(left + sx, top + y, {g, g, g});
        }
      }
    }
  }

  // The layout of a score text: "-000" first, then -999 to 1000 in order.
  // gymnasium's rewards stay within [-100, 1000) unless an episode runs for
  // more than 10,000 steps; beyond the table no score is drawn.
  static const score_font::Layout* FindLayout(const char* text) {
    if (std::strcmp(text, "-000") == 0) return &score_font::kLayouts[0];
    const long value = std::strtol(text, nullptr, 10);
    if (value < -999 || value > 1000) return nullptr;
    return &score_font::kLayouts[1 + (value + 999)];
  }

  image::Canvas canvas_;
  image::SmoothScaler scaler_;
  bool draw_particles_;
  double angle_ = 0;
  double zoom_ = 0;
  image::Point translation_{0, 0};
  std::vector<image::Point> poly_;
};

}  // namespace parallel_pool::box2d

#endif  // PARALLEL_POOL_BOX2D_CAR_RACING_FRAME_H_
