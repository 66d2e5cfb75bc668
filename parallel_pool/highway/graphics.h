// highway-env 1.12.1's EnvViewer frame (envs/common/graphics.py,
// road/graphics.py, vehicle/graphics.py) as pygame-ce 2.5.8 draws it: a grey
// ground, every lane's lines (white, pygame.draw.line), the road objects,
// then the vehicles, each a rectangle drawn on its own transparent surface,
// turned with pygame.transform.rotate and blitted centred on its pixel.
// The window's centre follows the agent: its world position sits at
// centering_position (fractions of the frame), `scaling` pixels a metre.
#ifndef PARALLEL_POOL_HIGHWAY_GRAPHICS_H_
#define PARALLEL_POOL_HIGHWAY_GRAPHICS_H_

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <numbers>
#include <typeinfo>
#include <vector>

#include "parallel_pool/highway/numerics.h"
#include "parallel_pool/highway/road/road.h"
#include "parallel_pool/highway/vehicle/controlled_vehicle.h"
#include "parallel_pool/highway/vehicle/dynamics.h"
#include "parallel_pool/highway/vehicle/idm_vehicle.h"
#include "parallel_pool/highway/vehicle/vehicle.h"
#include "parallel_pool/image/canvas.h"
#include "parallel_pool/image/pygame_draw.h"
#include "parallel_pool/image/pygame_surface.h"

namespace parallel_pool::highway {

// The viewer's settings (screen_width, screen_height, scaling,
// centering_position).
struct ViewConfig {
  int width = 600;
  int height = 150;
  double scaling = 5.5;
  double centering_x = 0.3;
  double centering_y = 0.5;
};

namespace graphics_internal {

using image::AlphaSurface;
using image::Rgb;
using image::Rgba;

inline constexpr Rgb kGrey{100, 100, 100};
inline constexpr Rgb kWhite{255, 255, 255};
inline constexpr Rgba kRed{255, 100, 100, 255};
inline constexpr Rgba kGreen{50, 200, 0, 255};
inline constexpr Rgba kBlue{100, 200, 255, 255};
inline constexpr Rgba kYellow{200, 200, 0, 255};
inline constexpr Rgba kBlack{60, 60, 60, 255};
inline constexpr double kStripeSpacing = 4.33;
inline constexpr double kStripeLength = 3.0;
inline constexpr double kStripeWidth = 0.3;

// Python's float floor division a // b.
inline double PyFloorDiv(double a, double b) {
  double mod = std::fmod(a, b);
  double div = (a - mod) / b;
  if (mod != 0.0) {
    if ((b < 0) != (mod < 0)) div -= 1.0;
  }
  if (div != 0.0) {
    double floored = std::floor(div);
    if (div - floored > 0.5) floored += 1.0;
    return floored;
  }
  return std::copysign(0.0, a / b);
}

// int(x) of a Python float, kept to what pygame takes (C ints).
inline long long PyInt(double x) {
  if (!(x > -9.2e18 && x < 9.2e18)) return x > 0 ? LLONG_MAX : LLONG_MIN;
  return static_cast<long long>(x);
}

// The WorldSurface: pixel conversions about the window's origin.
class World {
 public:
  World(const ViewConfig& view, Vec2 centre) : view_(view) {
    // position - [cx * W / scaling, cy * H / scaling]
    origin_ = {centre.x - view.centering_x * view.width / view.scaling,
               centre.y - view.centering_y * view.height / view.scaling};
  }
  const ViewConfig& view() const { return view_; }
  Vec2 origin() const { return origin_; }
  long long Pix(double length) const { return PyInt(length * view_.scaling); }
  int PixInt(double length) const {
    return static_cast<int>(std::clamp<long long>(Pix(length), INT_MIN, INT_MAX));
  }
  image::Point Pos2Pix(Vec2 p) const {
    return {static_cast<double>(Pix(p.x - origin_.x)), static_cast<double>(Pix(p.y - origin_.y))};
  }
  bool IsVisible(Vec2 p, int margin = 50) const {
    const long long x = Pix(p.x - origin_.x);
    const long long y = Pix(p.y - origin_.y);
    return -margin < x && x < view_.width + margin && -margin < y && y < view_.height + margin;
  }

 private:
  ViewConfig view_;
  Vec2 origin_;
};

// LaneGraphics.draw_stripes: the stripes longer than half a stripe's length,
// their ends clipped to the lane.
inline void DrawStripes(image::Canvas* canvas, const World& world, const Lane& lane,
                        const std::vector<double>& starts, const std::vector<double>& ends,
                        const std::vector<double>& lats) {
  const int width = std::max(world.PixInt(kStripeWidth), 1);
  for (std::size_t k = 0; k < starts.size(); ++k) {
    const double s = std::min(std::max(starts[k], 0.0), lane.length);
    const double e = std::min(std::max(ends[k], 0.0), lane.length);
    if (std::abs(s - e) > 0.5 * kStripeLength) {
      image::pygame_draw::Line(canvas, world.Pos2Pix(lane.Position(s, lats[k])),
                               world.Pos2Pix(lane.Position(e, lats[k])), kWhite, width);
    }
  }
}

// LaneGraphics.display: each side's line by its type, around the stretch of
// lane in view.
inline void DrawLane(image::Canvas* canvas, const World& world, const Lane& lane) {
  const ViewConfig& view = world.view();
  const int stripes =
      static_cast<int>(PyInt(2 * (view.height + view.width) / (kStripeSpacing * view.scaling)));
  const double s_origin = lane.LocalCoordinates(world.origin()).longitudinal;
  const double s0 =
      (PyFloorDiv(std::trunc(s_origin), kStripeSpacing) - static_cast<double>(stripes / 2)) *
      kStripeSpacing;
  for (int side = 0; side < 2; ++side) {
    const LineType type = lane.line_types[side];
    std::vector<double> starts, ends, lats;
    if (type == LineType::kStriped || type == LineType::kContinuous) {
      const double extent = type == LineType::kStriped ? kStripeLength : kStripeSpacing;
      for (int k = 0; k < stripes; ++k) {
        const double start = s0 + static_cast<double>(k) * kStripeSpacing;
        starts.push_back(start);
        ends.push_back(start + extent);
      }
    } else if (type == LineType::kContinuousLine) {
      starts.push_back(s0 + 0.0);
      ends.push_back(s0 + static_cast<double>(stripes) * kStripeSpacing + kStripeLength);
    } else {
      continue;
    }
    for (double s : starts) lats.push_back((side - 0.5) * lane.WidthAt(s));
    DrawStripes(canvas, world, lane, starts, ends, lats);
  }
}

// blit_rotate: `image` turned by `angle` degrees about its centre, its
// centre put at `pos`.
template <typename Target>
void BlitRotate(Target* target, const AlphaSurface& image, image::Point pos, double angle) {
  const double w = image.width();
  const double h = image.height();
  const double radians = angle * (std::numbers::pi / 180.);
  const image::Point box[4] = {{0, 0}, {w, 0}, {w, -h}, {0, -h}};
  double min_x = 0, min_y = 0, max_y = 0;
  for (int i = 0; i < 4; ++i) {
    const image::Point r = image::RotateRad(box[i], radians);
    if (i == 0 || r.x < min_x) min_x = r.x;
    if (i == 0 || r.y < min_y) min_y = r.y;
    if (i == 0 || r.y > max_y) max_y = r.y;
  }
  const double ox = w / 2;
  const double oy = h / 2;
  const image::Point pivot{ox, -oy};
  const image::Point turned = image::RotateRad(pivot, radians);
  const double move_x = turned.x - pivot.x;
  const double move_y = turned.y - pivot.y;
  const double origin_x = pos.x - ox + min_x - move_x;
  const double origin_y = pos.y - oy - max_y + move_y;
  const AlphaSurface rotated = image::Rotate(image, static_cast<float>(angle));
  image::Blit(target, rotated, image::BlitCoordinate(origin_x), image::BlitCoordinate(origin_y));
}

// np.rad2deg(-heading), the heading snapped to 0 within 2 degrees.
inline double DisplayAngle(double heading) {
  const double h = std::abs(heading) > 2 * std::numbers::pi / 180 ? heading : 0.0;
  return -h * (180.0 / std::numbers::pi);
}

inline Rgba Lighten(Rgba c) {
  auto up = [](std::uint8_t v) {
    return static_cast<std::uint8_t>(std::min(static_cast<int>(v / 0.68), 255));
  };
  return {up(c.r), up(c.g), up(c.b), c.a};
}

inline void DrawRect(AlphaSurface* s, const World& world, double x, double y, double w, double h,
                     Rgba c, int width = 0) {
  image::DrawRect(s, world.PixInt(x), world.PixInt(y), world.PixInt(w), world.PixInt(h), c, width);
}

// VehicleGraphics.display.
inline void DrawVehicle(image::Canvas* canvas, const World& world, const Vehicle& v) {
  if (!world.IsVisible(v.position)) return;
  constexpr double kTireLength = 1, kTireWidth = 0.3;
  constexpr double kHeadlightLength = 0.72, kHeadlightWidth = 0.6;
  const double length = v.length + 2 * kTireLength;
  const int side = world.PixInt(length);
  AlphaSurface body(side, side);
  Rgba color = kYellow;
  if (v.color) {
    color = {(*v.color)[0], (*v.color)[1], (*v.color)[2], 255};
  } else if (v.crashed) {
    color = kRed;
  } else if (dynamic_cast<const IDMVehicle*>(&v) != nullptr) {
    color = kBlue;
  } else if (dynamic_cast<const MDPVehicle*>(&v) != nullptr) {
    color = kGreen;
  }
  DrawRect(&body, world, kTireLength, length / 2 - v.width / 2, v.length, v.width, color);
  const double light_x = kTireLength + v.length - kHeadlightLength;
  DrawRect(&body, world, light_x, length / 2 - (1.4 * v.width) / 3, kHeadlightLength,
           kHeadlightWidth, Lighten(color));
  DrawRect(&body, world, light_x, length / 2 + (0.6 * v.width) / 5, kHeadlightLength,
           kHeadlightWidth, Lighten(color));
  DrawRect(&body, world, kTireLength, length / 2 - v.width / 2, v.length, v.width, kBlack, 1);
  // Tires: on kinematic and dynamical bicycles only (not the controlled
  // vehicles).
  if (typeid(v) == typeid(Vehicle) || typeid(v) == typeid(BicycleVehicle)) {
    const double near = world.Pix(length / 2 - v.width / 2);
    const double far = world.Pix(length / 2 + v.width / 2);
    const double back = world.Pix(kTireLength);
    const double front = world.Pix(length - kTireLength);
    const image::Point positions[4] = {{back, near}, {back, far}, {front, near}, {front, far}};
    const double angles[4] = {0.0, 0.0, v.action.steering, v.action.steering};
    for (int i = 0; i < 4; ++i) {
      const int tire_side = world.PixInt(kTireLength);
      AlphaSurface tire(tire_side, tire_side);
      DrawRect(&tire, world, 0, kTireLength / 2 - kTireWidth / 2, kTireLength, kTireWidth, kBlack);
      BlitRotate(&body, tire, positions[i], -angles[i] * (180.0 / std::numbers::pi));
    }
  }
  BlitRotate(canvas, body, world.Pos2Pix(v.position), DisplayAngle(v.heading));
}

// RoadObjectGraphics.display.
inline void DrawObject(image::Canvas* canvas, const World& world, const RoadObject& o) {
  const int side = world.PixInt(o.length);
  AlphaSurface surface(side, side);
  Rgba color = kYellow;
  if (o.kind == RoadObject::Kind::kObstacle) {
    color = o.crashed ? kRed : kYellow;
  } else if (o.kind == RoadObject::Kind::kLandmark) {
    color = o.hit ? kGreen : kBlue;
  }
  DrawRect(&surface, world, 0, o.length / 2 - o.width / 2, o.length, o.width, color);
  DrawRect(&surface, world, 0, o.length / 2 - o.width / 2, o.length, o.width, kBlack, 1);
  BlitRotate(canvas, surface, world.Pos2Pix(o.position), DisplayAngle(o.heading));
}

}  // namespace graphics_internal

// EnvViewer.display() centred on `centre`, into `canvas` (resized to the
// view).
inline void DrawFrame(const Road& road, const ViewConfig& view, Vec2 centre,
                      image::Canvas* canvas) {
  if (canvas->width() != view.width || canvas->height() != view.height) {
    canvas->Resize(view.width, view.height);
  }
  const graphics_internal::World world(view, centre);
  canvas->Fill(graphics_internal::kGrey);
  road.network.ForEachLane([&](const LaneIndex&, const Lane& lane) {
    graphics_internal::DrawLane(canvas, world, lane);
  });
  for (const auto& o : road.objects) graphics_internal::DrawObject(canvas, world, *o);
  for (const auto& v : road.vehicles) {
    graphics_internal::DrawVehicle(canvas, world, static_cast<const Vehicle&>(*v));
  }
}

// The frame as rows of RGB (H x W x 3), as EnvViewer.get_image() returns it.
inline void CopyFrame(const image::Canvas& canvas, std::uint8_t* rgb) {
  std::memcpy(rgb, canvas.pixels().data(), canvas.pixels().size());
}

}  // namespace parallel_pool::highway

#endif  // PARALLEL_POOL_HIGHWAY_GRAPHICS_H_
