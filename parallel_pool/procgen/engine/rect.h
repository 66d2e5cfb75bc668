// RectF: a rectangle in Qt's qreal (double) coordinates, as QRectF keeps it
// (its corner and its size), procgen's adjust_rect of one, and QRectF's
// normalized().
#ifndef PARALLEL_POOL_PROCGEN_ENGINE_RECT_H_
#define PARALLEL_POOL_PROCGEN_ENGINE_RECT_H_

namespace parallel_pool::procgen {

struct RectF {
  double x = 0, y = 0, w = 0, h = 0;
};

// procgen's adjust_rect: the part (ax, ay, aw, ah) of `base`, in fractions
// of its size.
inline RectF AdjustRect(const RectF& base, double ax, double ay, double aw, double ah) {
  return RectF{base.x + base.w * ax, base.y + base.h * ay, base.w * aw, base.h * ah};
}

// QRectF::normalized: a negative width or height turned positive, the
// corner moved to keep the same rectangle.
inline RectF Normalized(RectF r) {
  if (r.w < 0) {
    r.x += r.w;
    r.w = -r.w;
  }
  if (r.h < 0) {
    r.y += r.h;
    r.h = -r.h;
  }
  return r;
}

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_ENGINE_RECT_H_
