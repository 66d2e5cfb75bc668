// Walking a line pixel by pixel, shared by the canvas's lines (SDL_gfx's
// anti-aliased ones, pygame.draw's plain, thick and anti-aliased ones):
//   - LineAxes: a line walked along its major axis (the one it advances on
//     at every step) and its minor axis, mapped back to the surface, so that
//     one walk serves lines steeper and flatter than 45 degrees;
//   - BresenhamWalk: the integer walk pygame.draw takes between two pixels.
#ifndef PARALLEL_POOL_IMAGE_LINE_WALK_H_
#define PARALLEL_POOL_IMAGE_LINE_WALK_H_

#include <cstdint>
#include <cstdlib>
#include <utility>

namespace parallel_pool::image {

// Which surface axis is a walk's major axis.
struct LineAxes {
  bool major_is_y;

  // Surface x and y of the point at (major, minor).
  template <typename T>
  std::pair<T, T> ToSurface(T major, T minor) const {
    return major_is_y ? std::pair<T, T>{minor, major} : std::pair<T, T>{major, minor};
  }
  // (major, minor) of the surface point (x, y); the same swap undoes itself.
  template <typename T>
  std::pair<T, T> FromSurface(T x, T y) const {
    return ToSurface(x, y);
  }
};

// The pixels of pygame.draw's one-pixel line from (x0, y0) to (x1, y1),
// both ends included: Bresenham's walk with a single error term, started
// at half the major extent (negative when y is the major axis), stepping x
// while the error is above -dx and y while it is below dy. Every pixel
// steps the major axis, so the walk has max(dx, dy) + 1 pixels.
class BresenhamWalk {
 public:
  // The extents are pygame's int differences, wrapped as its C wraps them
  // (a line longer than 2^31 is beyond what pygame draws either).
  BresenhamWalk(int x0, int y0, int x1, int y1)
      : x_(x0),
        y_(y0),
        end_x_(x1),
        end_y_(y1),
        dx_(std::abs(WrappedDifference(x1, x0))),
        dy_(std::abs(WrappedDifference(y1, y0))),
        step_x_(x0 < x1 ? 1 : -1),
        step_y_(y0 < y1 ? 1 : -1),
        error_((dx_ > dy_ ? dx_ : -dy_) / 2) {}

  int x() const { return x_; }
  int y() const { return y_; }

  // visit(x, y) for each pixel, from the start to the end.
  template <typename Visit>
  void ForEach(Visit&& visit) {
    while (true) {
      visit(x_, y_);
      if (x_ == end_x_ && y_ == end_y_) return;
      Step();
    }
  }

 private:
  static int WrappedDifference(int a, int b) {
    return static_cast<int>(static_cast<std::int64_t>(a) - b);
  }

  void Step() {
    const int before = error_;
    if (before > -dx_) {
      error_ -= dy_;
      x_ += step_x_;
    }
    if (before < dy_) {
      error_ += dx_;
      y_ += step_y_;
    }
  }

  int x_, y_;
  int end_x_, end_y_;
  int dx_, dy_;
  int step_x_, step_y_;
  int error_;
};

}  // namespace parallel_pool::image

#endif  // PARALLEL_POOL_IMAGE_LINE_WALK_H_
