// QTransform's affine part and the fuzzy tests with which Qt classifies it
// (a painter takes a different path for a translation, a scale and a
// rotation).
#ifndef PARALLEL_POOL_PROCGEN_ENGINE_TRANSFORM_H_
#define PARALLEL_POOL_PROCGEN_ENGINE_TRANSFORM_H_

#include <algorithm>
#include <cmath>

namespace parallel_pool::procgen {

// A point in qreal coordinates (QPointF).
struct PointD {
  double x = 0, y = 0;
};

// x' = m11 x + m21 y + dx, y' = m12 x + m22 y + dy (QTransform's affine part).
struct Transform {
  double m11 = 1, m12 = 0, m21 = 0, m22 = 1, dx = 0, dy = 0;
};

inline bool FuzzyIsNull(double d) { return std::fabs(d) <= 1e-12; }

// qFuzzyCompare, as QRectF's == compares its coordinates.
inline bool FuzzyCompare(double a, double b) {
  return std::fabs(a - b) * 1000000000000. <= std::min(std::fabs(a), std::fabs(b));
}

// Qt's transform types as QTransform::type() tells them (fuzzy tests).
enum class TransformType { kTranslate, kScale, kRotate };

inline TransformType Classify(const Transform& m) {
  if (!FuzzyIsNull(m.m12) || !FuzzyIsNull(m.m21)) return TransformType::kRotate;
  if (!FuzzyIsNull(m.m11 - 1) || !FuzzyIsNull(m.m22 - 1)) return TransformType::kScale;
  return TransformType::kTranslate;
}

// QTransform::translate, by the transform's type as Qt computes it (an
// identity within Qt's fuzz takes the offset as it is).
inline void Translate(Transform& m, double dx, double dy) {
  if (dx == 0 && dy == 0) return;
  switch (Classify(m)) {
    case TransformType::kTranslate:
      if (FuzzyIsNull(m.dx) && FuzzyIsNull(m.dy)) {
        m.dx = dx;
        m.dy = dy;
      } else {
        m.dx += dx;
        m.dy += dy;
      }
      return;
    case TransformType::kScale:
      m.dx += dx * m.m11;
      m.dy += dy * m.m22;
      return;
    case TransformType::kRotate:
      break;
  }
  m.dx += dx * m.m11 + dy * m.m21;
  m.dy += dy * m.m22 + dx * m.m12;
}

// QTransform::scale, by the transform's type as Qt computes it (a
// translation takes the factors as they are).
inline void Scale(Transform& m, double sx, double sy) {
  if (sx == 1 && sy == 1) return;
  switch (Classify(m)) {
    case TransformType::kTranslate:
      m.m11 = sx;
      m.m22 = sy;
      return;
    case TransformType::kRotate:
      m.m12 *= sx;
      m.m21 *= sy;
      break;
    case TransformType::kScale:
      break;
  }
  m.m11 *= sx;
  m.m22 *= sy;
}

// QTransform::map of a point, by the transform's type as Qt computes it.
inline PointD Map(const Transform& m, double x, double y) {
  switch (Classify(m)) {
    case TransformType::kTranslate:
      return PointD{x + m.dx, y + m.dy};
    case TransformType::kScale:
      return PointD{m.m11 * x + m.dx, m.m22 * y + m.dy};
    case TransformType::kRotate:
      break;
  }
  return PointD{m.m11 * x + m.m21 * y + m.dx, m.m12 * x + m.m22 * y + m.dy};
}

// qt_scaleForTransform's answer: whether the transform scales x and y alike
// (no shear), which decides how drawImage rasterises its rectangle.
inline bool NoShear(const Transform& m) {
  const TransformType type = Classify(m);
  if (type == TransformType::kTranslate) return true;
  if (type == TransformType::kScale) return FuzzyCompare(std::fabs(m.m11), std::fabs(m.m22));
  const double x_scale = m.m11 * m.m11 + m.m21 * m.m21;
  const double y_scale = m.m12 * m.m12 + m.m22 * m.m22;
  return FuzzyCompare(x_scale, y_scale);
}

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_ENGINE_TRANSFORM_H_
