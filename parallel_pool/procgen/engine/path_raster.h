// Qt 5.9.7's aliased rasterisation of what is not a rectangle, for the
// painter (painter.cc): a cubic flattened as QBezier::addToPolygon flattens
// it (QOutlineMapper's threshold), a closed polygon filled as QScanConverter
// fills it (vertices in 26.6 fixed point, pixels whose centre is inside,
// odd-even), and one-pixel lines as QCosmeticStroker draws them (26.6
// truncation, 16.16 stepping, dropout control between the segments of a
// contour; or antialiased). procgen draws these for jumper's compass.
#ifndef PARALLEL_POOL_PROCGEN_ENGINE_PATH_RASTER_H_
#define PARALLEL_POOL_PROCGEN_ENGINE_PATH_RASTER_H_

#include <climits>
#include <functional>
#include <vector>

#include "parallel_pool/procgen/engine/transform.h"

namespace parallel_pool::procgen {

// Covers `len` pixels of row y from x on (the caller clips and blends).
using SpanSink = std::function<void(int x, int y, int len)>;
// Covers pixel (x, y) by coverage / 255 (inside the device; the caller blends).
using PixelSink = std::function<void(int x, int y, int coverage)>;

// The cubic p1..p4 as line segments: their end points after p1, appended to
// `out`.
void FlattenCubic(const PointD& p1, const PointD& p2, const PointD& p3, const PointD& p4,
                  double threshold, std::vector<PointD>& out);

// QOutlineMapper's polygon of a closed path of cubics: `start`, then each
// cubic's (control 1, control 2, end) flattened at a quarter pixel.
std::vector<PointD> FlattenedOutline(const PointD& start, const std::vector<PointD>& cubics);

// Fills the closed polygon `points` (the last point equal to the first) on a
// width x height device.
void FillPolygon(const std::vector<PointD>& points, int width, int height, const SpanSink& span);

// QCosmeticStroker for an opaque pen of width 0 or 1 on a width x height
// device: one pixel per step along the major axis.
class CosmeticStroker {
 public:
  CosmeticStroker(int width, int height, SpanSink plot);
  // Antialiased (QPainter::Antialiasing on): each segment as Qt's
  // drawLineAA draws it, two pixels across per step, weighted by the
  // line's 16.16 position, the ends by their 26.6 fraction.
  static CosmeticStroker Antialiased(int width, int height, PixelSink plot);

  // QPainter::drawLine: one line with square caps.
  void DrawLine(const PointD& a, const PointD& b);
  // QPainter's stroke of a closed contour of cubics: `start`, then each
  // cubic's (control 1, control 2, end), the last ending at `start`.
  void DrawClosedCubics(const PointD& start, const std::vector<PointD>& cubics);

 private:
  enum Direction { kTopToBottom = 1, kBottomToTop = 2, kLeftToRight = 4, kRightToLeft = 8 };
  static constexpr int kVerticalMask = 3;
  static constexpr int kHorizontalMask = 12;
  static constexpr int kCapBegin = 1;
  static constexpr int kCapEnd = 2;
  struct Pixel {
    int x = INT_MIN, y = INT_MIN;
  };

  // A line in 26.6 fixed point (truncated) along its major axis a (y when
  // mostly vertical), run forwards (from a1 to a2, `swapped` if that reversed
  // it), with the 16.16 step of the minor axis b per step of a and b's start.
  struct Segment {
    bool vertical = false;
    bool swapped = false;
    int a1 = 0, a2 = 0, inc = 0, b = 0;
    Pixel At(int major, int minor) const {
      return vertical ? Pixel{minor, major} : Pixel{major, minor};
    }
  };

  bool ClipLine(double& x1, double& y1, double& x2, double& y2);
  // The set-up CalculateLastPoint and StrokeLine share; false for a line
  // clipped away or without length along its major axis.
  bool SetUp(double x1, double y1, double x2, double y2, Segment& s);
  void CalculateLastPoint(double x1, double y1, double x2, double y2);
  void RenderCubic(const PointD& p1, const PointD& p2, const PointD& p3, const PointD& p4);
  void RenderCubicSubdivision(PointD* points, int level);
  void StrokeLine(double x1, double y1, double x2, double y2, int caps);
  void StrokeLineAntialiased(double x1, double y1, double x2, double y2, int caps);

  int width_;
  int height_;
  SpanSink plot_;
  PixelSink plot_aa_;
  double xmin_, xmax_, ymin_, ymax_;
  Pixel last_pixel_;
  int last_dir_ = kLeftToRight;
  bool last_axis_aligned_ = false;
};

}  // namespace parallel_pool::procgen

#endif  // PARALLEL_POOL_PROCGEN_ENGINE_PATH_RASTER_H_
