#include "parallel_pool/procgen/engine/painter.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <utility>
#include <vector>

#include "parallel_pool/procgen/engine/path_raster.h"
#include "parallel_pool/procgen/engine/qt_blend.h"
#include "parallel_pool/procgen/engine/qt_round.h"

namespace parallel_pool::procgen {

void Painter::Translate(double dx, double dy) { procgen::Translate(state_.transform, dx, dy); }

void Painter::Rotate(double degrees) {
  // QTransform::rotate: exact values for multiples of 90 degrees, else sin
  // and cos of the angle in radians.
  double sina = 0;
  double cosa = 0;
  if (degrees == 90. || degrees == -270.) {
    sina = 1;
  } else if (degrees == 270. || degrees == -90.) {
    sina = -1;
  } else if (degrees == 180.) {
    cosa = -1;
  } else {
    const double b = 0.017453292519943295769 * degrees;  // pi / 180
    sina = std::sin(b);
    cosa = std::cos(b);
  }
  Transform& m = state_.transform;
  const double tm11 = cosa * m.m11 + sina * m.m21;
  const double tm12 = cosa * m.m12 + sina * m.m22;
  const double tm21 = -sina * m.m11 + cosa * m.m21;
  const double tm22 = -sina * m.m12 + cosa * m.m22;
  m.m11 = tm11;
  m.m12 = tm12;
  m.m21 = tm21;
  m.m22 = tm22;
}

void Painter::FillRectArgb(const RectF& rect, std::uint32_t argb) {
  if (Classify(state_.transform) != TransformType::kTranslate) {
    throw std::logic_error("Painter::FillRect: only translated rectangles are supported");
  }
  if (smooth_) {
    SmoothFillRect(rect, argb);
    return;
  }
  // Aliased: the edges rounded to whole pixels (Qt's toNormalizedFillRect).
  const double x = rect.x + state_.transform.dx;
  const double y = rect.y + state_.transform.dy;
  int x1 = QRound(x);
  int y1 = QRound(y);
  int x2 = QRound(x + rect.w);
  int y2 = QRound(y + rect.h);
  if (x2 < x1) std::swap(x1, x2);
  if (y2 < y1) std::swap(y1, y2);
  x1 = std::max(x1, 0);
  y1 = std::max(y1, 0);
  x2 = std::min(x2, target_.width());
  y2 = std::min(y2, target_.height());
  const std::uint32_t color = SolidColor(argb, IntOpacity(state_.opacity));
  if (color >> 24 == 0 || x1 >= x2 || y1 >= y2) return;
  if (color < 0xff000000U && target_.format() == PixelFormat::kArgb32) {
    // Checked before anything is drawn.
    for (int yy = y1; yy < y2; ++yy) {
      const std::uint32_t* row = target_.Row(yy);
      if (!std::all_of(row + x1, row + x2, [](std::uint32_t p) { return p >= 0xff000000U; })) {
        throw std::logic_error(
            "Painter::FillRect: a translucent colour on a transparent ARGB32 pixel");
      }
    }
  }
  for (int yy = y1; yy < y2; ++yy) BlendCoverage(x1, yy, x2 - x1, color, 255);
}

namespace {

// Qt's nearest-neighbour scaled drawing (qt_scale_image_32bit) of `src`
// into the device rect whose corners are (left, top) and (right, bottom)
// (right < left, bottom < top for a flip): the edges rounded, each covered
// pixel's centre mapped back to a texel by a 16.16 fixed-point step.
void ScaleImage(Image& target, const Image& src, double left, double top, double right,
                double bottom, const Blender& blender) {
  // QRectF(topLeft, bottomRight): width = right - left, and Qt's right()
  // is left + width again, which may differ from `right` in the last bit.
  const double width = right - left;
  const double height = bottom - top;
  right = left + width;
  bottom = top + height;
  const int iw = src.width();
  const int ih = src.height();
  const double sx = width / iw;
  const double sy = height / ih;
  const int ix = static_cast<int>(65536.0 / sx);
  const int iy = static_cast<int>(65536.0 / sy);
  int tx1 = QRound(left);
  int tx2 = QRound(right);
  int ty1 = QRound(top);
  int ty2 = QRound(bottom);
  if (tx2 < tx1) std::swap(tx1, tx2);
  if (ty2 < ty1) std::swap(ty1, ty2);
  tx1 = std::max(tx1, 0);
  if (tx2 >= target.width()) tx2 = target.width();
  if (tx1 >= tx2) return;
  ty1 = std::max(ty1, 0);
  if (ty2 >= target.height()) ty2 = target.height();
  if (ty1 >= ty2) return;
  int w = tx2 - tx1;
  int h = ty2 - ty1;
  std::uint32_t basex;
  std::uint32_t srcy;
  if (sx < 0) {
    const int dstx = static_cast<int>(std::floor((tx1 + 0.5 - right) * ix)) + 1;
    basex = static_cast<std::uint32_t>(iw * 65536.0) + static_cast<std::uint32_t>(dstx);
  } else {
    basex = static_cast<std::uint32_t>(static_cast<int>(std::ceil((tx1 + 0.5 - left) * ix)) - 1);
  }
  if (sy < 0) {
    const int dsty = static_cast<int>(std::floor((ty1 + 0.5 - bottom) * iy)) + 1;
    srcy = static_cast<std::uint32_t>(ih * 65536.0) + static_cast<std::uint32_t>(dsty);
  } else {
    srcy = static_cast<std::uint32_t>(static_cast<int>(std::ceil((ty1 + 0.5 - top) * iy)) - 1);
  }
  const auto uix = static_cast<std::uint32_t>(ix);
  const auto uiy = static_cast<std::uint32_t>(iy);
  // Qt's bounds fix-ups, in its order: a flipped start on the image's edge
  // steps back (the destination does not move), and a last column or row
  // whose texel would fall outside the image is dropped.
  if ((srcy >> 16) >= static_cast<std::uint32_t>(ih) && iy < 0) {
    srcy += uiy;
    --h;
  }
  if ((basex >> 16) >= static_cast<std::uint32_t>(iw) && ix < 0) {
    basex += uix;
    --w;
  }
  if (((srcy + uiy * static_cast<std::uint32_t>(h - 1)) >> 16) >= static_cast<std::uint32_t>(ih))
    --h;
  if (((basex + uix * static_cast<std::uint32_t>(w - 1)) >> 16) >= static_cast<std::uint32_t>(iw))
    --w;
  blender.WithWrite([&](auto write) {
    for (int j = 0; j < h; ++j) {
      std::uint32_t* row = target.Row(ty1 + j) + tx1;
      const std::uint32_t* texels =
          src.Row(static_cast<int>((srcy + uiy * static_cast<std::uint32_t>(j)) >> 16));
      std::uint32_t srcx = basex;
      for (int k = 0; k < w; ++k, srcx += uix) write(&row[k], texels[srcx >> 16]);
    }
  });
}

struct Vertex {
  double x, y, u, v;
};

// Qt's qt_transform_image for a rotated sprite: the quad rasterised as up
// to three trapezoids (pixel centres between the edges), each pixel sampled
// by nearest neighbour through a 16.16 affine map.
class RotatedImage {
 public:
  RotatedImage(Image& target, const Image& src, const Transform& m, const RectF& r,
               const Blender& blender)
      : target_(target), src_(src), blender_(blender) {
    auto map = [&m](double x, double y, double u, double v) {
      return Vertex{m.m11 * x + m.m21 * y + m.dx, m.m12 * x + m.m22 * y + m.dy, u, v};
    };
    const double right = r.x + r.w;
    const double bottom = r.y + r.h;
    const double iw = src.width();
    const double ih = src.height();
    Vertex v[4] = {map(r.x, r.y, 0, 0), map(right, r.y, iw, 0), map(right, bottom, iw, ih),
                   map(r.x, bottom, 0, ih)};
    int first = 0;
    for (int i = 1; i < 4; ++i) {
      if (v[i].y < v[first].y) first = i;
    }
    for (int i = 0; i < 4; ++i) v_[i] = v[(first + i) % 4];
    if ((v_[1].x - v_[0].x) * (v_[3].y - v_[0].y) - (v_[3].x - v_[0].x) * (v_[1].y - v_[0].y) > 0) {
      std::swap(v_[1], v_[3]);
    }
    const Vertex a{v_[1].x - v_[0].x, v_[1].y - v_[0].y, v_[1].u - v_[0].u, v_[1].v - v_[0].v};
    const Vertex b{v_[2].x - v_[0].x, v_[2].y - v_[0].y, v_[2].u - v_[0].u, v_[2].v - v_[0].v};
    const double det = a.x * b.y - a.y * b.x;
    valid_ = det != 0;
    if (!valid_) return;
    const double inv = 1.0 / det;
    const double m11 = (a.u * b.y - a.y * b.u) * inv;
    const double m12 = (a.x * b.u - a.u * b.x) * inv;
    const double m21 = (a.v * b.y - a.y * b.v) * inv;
    const double m22 = (a.x * b.v - a.v * b.x) * inv;
    const double mdx = v_[0].u - m11 * v_[0].x - m12 * v_[0].y;
    const double mdy = v_[0].v - m21 * v_[0].x - m22 * v_[0].y;
    dudx_ = static_cast<int>(m11 * 65536);
    dvdx_ = static_cast<int>(m21 * 65536);
    dudy_ = static_cast<int>(m12 * 65536);
    dvdy_ = static_cast<int>(m22 * 65536);
    u0_ = static_cast<int>(std::ceil((0.5 * m11 + 0.5 * m12 + mdx) * 65536)) - 1;
    v0_ = static_cast<int>(std::ceil((0.5 * m21 + 0.5 * m22 + mdy) * 65536)) - 1;
  }

  void Draw() {
    if (!valid_) return;
    const Vertex* v = v_;
    if (v[1].y < v[3].y) {
      Trapezoid(v[0], v[1], v[0], v[3], v[0].y, v[1].y);
      Trapezoid(v[1], v[2], v[0], v[3], v[1].y, v[3].y);
      Trapezoid(v[1], v[2], v[3], v[2], v[3].y, v[2].y);
    } else {
      Trapezoid(v[0], v[1], v[0], v[3], v[0].y, v[3].y);
      Trapezoid(v[0], v[1], v[3], v[2], v[3].y, v[1].y);
      Trapezoid(v[1], v[2], v[3], v[2], v[1].y, v[2].y);
    }
  }

 private:
  void Trapezoid(const Vertex& lt, const Vertex& lb, const Vertex& rt, const Vertex& rb,
                 double y_top, double y_bottom) {
    const int from_y = std::max(QRound(y_top), 0);
    const int to_y = std::min(QRound(y_bottom), target_.height());
    if (from_y >= to_y) return;
    const double ls = (lb.x - lt.x) / (lb.y - lt.y);
    const double rs = (rb.x - rt.x) / (rb.y - rt.y);
    const int dxl = static_cast<int>(ls * 65536);
    const int dxr = static_cast<int>(rs * 65536);
    int xl = static_cast<int>((lt.x + ((0.5 + from_y) - lt.y) * ls + 0.5) * 65536);
    int xr = static_cast<int>((rt.x + ((0.5 + from_y) - rt.y) * rs + 0.5) * 65536);
    const int iw = src_.width();
    const int ih = src_.height();
    blender_.WithWrite([&](auto write) {
      for (int y = from_y; y < to_y; ++y, xl += dxl, xr += dxr) {
        const int x0 = std::max(xl >> 16, 0);
        const int x1 = std::min(xr >> 16, target_.width());
        std::uint32_t* row = target_.Row(y);
        for (int x = x0; x < x1; ++x) {
          const int u = x * dudx_ + y * dudy_ + u0_;
          const int v = x * dvdx_ + y * dvdy_ + v0_;
          const int tx = std::clamp(u >> 16, 0, iw - 1);
          const int ty = std::clamp(v >> 16, 0, ih - 1);
          write(&row[x], src_.Row(ty)[tx]);
        }
      }
    });
  }

  Image& target_;
  const Image& src_;
  const Blender& blender_;
  Vertex v_[4];
  bool valid_ = false;
  int dudx_ = 0, dvdx_ = 0, dudy_ = 0, dvdy_ = 0, u0_ = 0, v0_ = 0;
};

}  // namespace

void Painter::DrawImage(const RectF& dst, const Image& src) {
  if (dst.w <= 0 || dst.h <= 0 || src.width() == 0 || src.height() == 0) return;
  const Transform& m = state_.transform;
  const Blender blender(src.opaque(), OpacityAlpha(IntOpacity(state_.opacity)));
  const TransformType type = Classify(m);
  // An unscaled, translated image is blitted in both modes (Qt's raster
  // engine takes its untransformed path whatever the hints).
  const bool blit =
      type == TransformType::kTranslate && dst.w == src.width() && dst.h == src.height();
  // Qt's fast scaling and rotating functions take RGB32 and premultiplied
  // images, without smooth pixmap transforms; anything else goes through its
  // texture path.
  if (!blit && (smooth_ || src.format() == PixelFormat::kArgb32)) {
    DrawTexture(dst, src);
    return;
  }
  if (type == TransformType::kRotate) {
    RotatedImage(target_, src, m, dst, blender).Draw();
    return;
  }
  if (type == TransformType::kScale) {
    // Mapped corners (a flip for negative factors), as QTransform maps a scale.
    ScaleImage(target_, src, m.m11 * dst.x + m.dx, m.m22 * dst.y + m.dy,
               m.m11 * (dst.x + dst.w) + m.dx, m.m22 * (dst.y + dst.h) + m.dy, blender);
    return;
  }
  if (blit) {
    // Unscaled: a blit at the rounded position (an ARGB32 image's pixels
    // premultiplied as Qt fetches them).
    const int x0 = QRound(dst.x + m.dx);
    const int y0 = QRound(dst.y + m.dy);
    blender.WithWrite([&](auto write) {
      for (int j = std::max(0, -y0); j < src.height() && y0 + j < target_.height(); ++j) {
        std::uint32_t* row = target_.Row(y0 + j);
        const std::uint32_t* texels = src.Row(j);
        for (int i = std::max(0, -x0); i < src.width() && x0 + i < target_.width(); ++i) {
          write(&row[x0 + i], FetchedPixel(src, texels[i]));
        }
      }
    });
    return;
  }
  ScaleImage(target_, src, dst.x + m.dx, dst.y + m.dy, (dst.x + dst.w) + m.dx,
             (dst.y + dst.h) + m.dy, blender);
}
}  // namespace parallel_pool::procgen

namespace parallel_pool::procgen {

std::uint32_t Painter::Premultiplied(std::uint32_t argb) const {
  return SolidColor(argb, IntOpacity(state_.opacity));
}

void Painter::Span(int x, int y, int len, std::uint32_t color) {
  if (y < 0 || y >= target_.height() || len <= 0) return;
  const int x1 = std::max(x, 0);
  const int x2 = std::min(x + len, target_.width());
  if (x1 < x2) BlendCoverage(x1, y, x2 - x1, color, 255);
}

void Painter::BlendCoverage(int x, int y, int len, std::uint32_t color, int coverage) {
  // blend_color_argb and the cosmetic stroker's drawPixelARGB32 alike: the
  // colour scaled by the coverage, source-over.
  const std::uint32_t c =
      coverage == 255 ? color : ByteMul(color, static_cast<std::uint32_t>(coverage));
  std::uint32_t* row = target_.Row(y) + x;
  if (c >= 0xff000000U) {
    // comp_func_solid_SourceOver's opaque case: a fill.
    std::fill(row, row + len, c);
    return;
  }
  const std::uint32_t keep = 255 - (c >> 24);
  for (int k = 0; k < len; ++k) row[k] = c + ByteMul(row[k], keep);
}

std::vector<PointD> EllipseCubics(const RectF& rect, PointD& start) {
  // A sweep of -360 degrees.
  constexpr double kKappa = 0.5522847498;
  const double w2 = rect.w / 2;
  const double h2 = rect.h / 2;
  const double w2k = w2 * kKappa;
  const double h2k = h2 * kKappa;
  const double x0 = rect.x;
  const double y0 = rect.y;
  start = PointD{x0 + rect.w, y0 + h2};
  return {
      {x0 + rect.w, y0 + h2 + h2k}, {x0 + w2 + w2k, y0 + rect.h}, {x0 + w2, y0 + rect.h},
      {x0 + w2 - w2k, y0 + rect.h}, {x0, y0 + h2 + h2k},          {x0, y0 + h2},
      {x0, y0 + h2 - h2k},          {x0 + w2 - w2k, y0},          {x0 + w2, y0},
      {x0 + w2 + w2k, y0},          {x0 + rect.w, y0 + h2 - h2k}, {x0 + rect.w, y0 + h2},
  };
}

void Painter::DrawEllipse(int x, int y, int w, int h, const std::uint32_t* brush,
                          const std::uint32_t* pen) {
  if (w <= 0 || h <= 0) return;
  if (smooth_) {
    // QPainter::drawEllipse(QRect) is drawEllipse(QRectF) in the paint engine.
    SmoothDrawEllipse(RectF{static_cast<double>(x), static_cast<double>(y), static_cast<double>(w),
                            static_cast<double>(h)},
                      brush, pen);
    return;
  }
  // Qt's drawEllipse_midpoint_i: the first quadrant's outline runs, mirrored
  // into four, the fill between the left and right runs drawn first.
  const double a = w / 2.0;
  const double b = h / 2.0;
  const int midx = x + (w + 1) / 2;
  const int midy = y + (h + 1) / 2;
  auto emit = [&](int px, int py, int len) {
    if (len == 0) return;
    const int right_x = px + midx;
    const int top_y = midy - py;
    const int left_x = midx + (midx - right_x) - (len - 1) - (w & 1);
    const int left_len = std::min(len, right_x - left_x);
    const int bottom_y = midy + (midy - top_y) - (h & 1);
    if (brush != nullptr && left_x + left_len < right_x) {
      const int f0x = left_x + left_len - 1;
      const int f0len = std::max(0, right_x - f0x);
      Span(f0x, top_y, f0len, *brush);
      if (top_y < bottom_y) Span(f0x, bottom_y, f0len, *brush);
    }
    if (pen != nullptr) {
      Span(left_x, top_y, left_len, *pen);
      Span(right_x, top_y, len, *pen);
      if (top_y < bottom_y) {
        Span(left_x, bottom_y, left_len, *pen);
        Span(right_x, bottom_y, len, *pen);
      }
    }
  };
  double d = b * b - a * a * b + 0.25 * a * a;
  int px = 0;
  int py = (h + 1) / 2;
  int startx = 0;
  while (a * a * (2 * py - 1) > 2 * b * b * (px + 1)) {  // region 1
    if (d < 0) {
      d += b * b * (2 * px + 3);
      ++px;
    } else {
      d += b * b * (2 * px + 3) + a * a * (-2 * py + 2);
      emit(startx, py, px - startx + 1);
      ++px;
      startx = px;
      --py;
    }
  }
  emit(startx, py, px - startx + 1);
  d = b * b * (px + 0.5) * (px + 0.5) + a * a * ((py - 1) * (py - 1) - b * b);  // region 2
  while (py > (h & 1)) {
    if (d < 0) {
      d += b * b * (2 * px + 2) + a * a * (-2 * py + 3);
      ++px;
    } else {
      d += a * a * (-2 * py + 3);
    }
    --py;
    emit(px, py, 1);
  }
}

void Painter::DrawEllipse(const RectF& rect, const std::uint32_t* brush, const std::uint32_t* pen) {
  if (!(rect.w > 0) || !(rect.h > 0)) return;
  if (smooth_) {
    SmoothDrawEllipse(rect, brush, pen);
    return;
  }
  // QRasterPaintEngine::drawEllipse: the midpoint algorithm when the rect,
  // truncated to whole pixels, still equals itself (QRectF's fuzzy ==).
  const int x = static_cast<int>(rect.x);
  const int y = static_cast<int>(rect.y);
  const int w = static_cast<int>(rect.x + rect.w) - x;
  const int h = static_cast<int>(rect.y + rect.h) - y;
  if (FuzzyCompare(x, rect.x) && FuzzyCompare(y, rect.y) && FuzzyCompare(w, rect.w) &&
      FuzzyCompare(h, rect.h)) {
    DrawEllipse(x, y, w, h, brush, pen);
    return;
  }
  PointD start;
  const std::vector<PointD> cubics = EllipseCubics(rect, start);
  if (brush != nullptr) {
    const std::uint32_t color = *brush;
    FillPolygon(FlattenedOutline(start, cubics), target_.width(), target_.height(),
                [&](int sx, int sy, int len) { Span(sx, sy, len, color); });
  }
  if (pen != nullptr) {
    const std::uint32_t color = *pen;
    CosmeticStroker stroker(target_.width(), target_.height(),
                            [&](int px, int py, int len) { Span(px, py, len, color); });
    stroker.DrawClosedCubics(start, cubics);
  }
}

void Painter::DrawLine(int x1, int y1, int x2, int y2, std::uint32_t color, int pen_width) {
  if (smooth_) {
    SmoothDrawLine(x1, y1, x2, y2, color, pen_width);
    return;
  }
  if (pen_width > 1) {
    throw std::logic_error("Painter::DrawLine: wide pens are drawn antialiased only");
  }
  CosmeticStroker stroker(target_.width(), target_.height(),
                          [&](int px, int py, int len) { Span(px, py, len, color); });
  stroker.DrawLine({static_cast<double>(x1), static_cast<double>(y1)},
                   {static_cast<double>(x2), static_cast<double>(y2)});
}

}  // namespace parallel_pool::procgen
